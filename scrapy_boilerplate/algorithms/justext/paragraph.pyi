# The types of paragraph.pyx, which type checkers do not read.
from lxml import etree

from ...html.nodes import Starts

class Paragraph:
    """A run of text between two paragraph boundaries, before classification."""

    @property
    def element(self) -> etree._Element: ...
    @property
    def xpath(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def chars_in_links(self) -> int: ...
    @property
    def heading(self) -> bool: ...
    @property
    def in_select(self) -> bool: ...
    @property
    def image_only(self) -> bool: ...

def starts(paragraphs: list[Paragraph]) -> Starts:
    """The elements ``paragraphs`` start in, in order, each made when it is read."""
