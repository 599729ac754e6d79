# The types of segment.pyx, which type checkers do not read.
from lxml import etree

from .paragraph import Paragraph

def normalized_length(text: str) -> int: ...
def collapse_whitespace(text: str) -> str: ...
def segment(root: etree._Element, *, images: bool = False, spaces: bool = False, ruby_text: bool = True,
            unclosed_buttons: bool = False, spaces_between_elements: bool = False,
            noted: list[etree._Element] | None = None) -> list[Paragraph]: ...
