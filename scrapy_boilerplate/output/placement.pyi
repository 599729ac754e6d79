# The types of placement.pyx, which type checkers do not read.
from collections.abc import Sequence

from lxml import etree

from ..html.page import Page
from ..model import Block

INLINE_TAGS: frozenset[str]
MARKUP_TAGS: frozenset[str]
STRUCTURE_TAGS: frozenset[str]

Shape = bool | Sequence[tuple[int, bool]]

class Run:
    start: int
    end: int
    inline: tuple[etree._Element, ...]
    def __init__(self, start: int, end: int, inline: tuple[etree._Element, ...]) -> None: ...

class Piece:
    element: etree._Element | None
    structure: tuple[etree._Element, ...]
    text: str
    runs: list[Run]
    def __init__(self, element: etree._Element | None, structure: tuple[etree._Element, ...], text: str,
                 runs: list[Run]) -> None: ...

def held(elements: Sequence[etree._Element | None], shapes: Sequence[Shape]) -> tuple[bytes, Sequence[Shape]]: ...
def pieces(blocks: Sequence[Block], page: Page | None,
           starts: tuple[Sequence[str], bytes, Sequence[Shape]] | None = None, *,
           images: bool = True) -> list[Piece]: ...
def structure_of(element: etree._Element | None, known: dict[etree._Element | None, tuple[etree._Element, ...]],
                 ) -> tuple[etree._Element, ...]: ...
def element_piece(element: etree._Element, structure: tuple[etree._Element, ...]) -> Piece: ...
