# The types of markup.pyx, which type checkers do not read.
from collections.abc import Callable

from lxml import etree

from ..html.page import Page
from .placement import Piece

CODE_TAGS: frozenset[str]

def write_markup(piece: Piece, written: Callable[[etree._Element], bool], text_part: Callable[[int, int], str],
                 image_part: Callable[[int, int, etree._Element], str],
                 element_part: Callable[[etree._Element, int, int, str, list[str]], None]) -> str: ...
def markup_written(inline: tuple[etree._Element, ...], image: etree._Element | None,
                   written: Callable[[etree._Element], bool]) -> list[etree._Element]: ...
def link_target(reference: str | None, page: Page | None) -> str | None: ...
def image_alt(text: str, start: int, end: int, image: etree._Element) -> str: ...
def set_apart(text: str, start: int, end: int, image: str) -> str: ...
