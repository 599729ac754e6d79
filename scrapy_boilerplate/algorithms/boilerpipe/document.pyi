# The types of document.pyx, which type checkers do not read.
from collections.abc import Callable

from lxml import etree

from ...model import Labelled

LINE_WIDTH: int
MIN_FULLTEXT_DENSITY: int

class TextBlock:
    text: str
    words: int
    words_in_links: int
    words_in_wrapped_lines: int
    wrapped_lines: int
    offset_start: int
    offset_end: int
    xpath: str
    start: etree._Element | None
    one_text_node: bool
    line_starts: list[tuple[int, bool]] | None
    is_content: bool
    labels: set[str]
    @property
    def text_density(self) -> float: ...
    @property
    def link_density(self) -> float: ...
    def __init__(self, text: str, words: int, words_in_links: int, words_in_wrapped_lines: int, wrapped_lines: int,
                 offset_start: int, offset_end: int, xpath: str = "", start: etree._Element | None = None,
                 one_text_node: bool = False, line_starts: list[tuple[int, bool]] | None = None,
                 is_content: bool = False, labels: set[str] | None = None) -> None: ...
    @property
    def fulltext_words(self) -> int: ...
    def set_content(self, is_content: bool) -> bool: ...
    def absorb(self, following: TextBlock) -> None: ...

class TextDocument:
    blocks: list[TextBlock]
    title: str | None
    removed: list[TextBlock]
    def __init__(self, blocks: list[TextBlock], title: str | None = None,
                 removed: list[TextBlock] | None = None) -> None: ...

def fuse(blocks: list[TextBlock], joins: Callable[[TextBlock, TextBlock], bool]) -> list[TextBlock]: ...
def to_labelled(document: TextDocument, noted: list[etree._Element] | None = None) -> Labelled: ...
