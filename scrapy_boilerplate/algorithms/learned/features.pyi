# The types of features.pyx, which type checkers do not read.
from array import array
from collections.abc import Iterator, Sequence, Set
from typing import Literal, NamedTuple, overload

from ..justext.blocks import JustextBlock
from ..justext.paragraph import Paragraph

PREFILTER_CHARS: int
PREFILTER_LINK_DENSITY: float
WORD_GROUPS: dict[str, tuple[str, ...]]
ANCESTOR_TAGS: tuple[str, ...]
START_TAGS: tuple[str, ...]
CONTAINER_LEVELS: tuple[int, ...]
NEIGHBOURS: tuple[int, ...]
PROSE_CHARS: int
PROSE_LINK_DENSITY: float
LINKED: float
WINDOWS: tuple[int, ...]
REPEAT_LEVELS: tuple[int, ...]

def prefiltered(block: JustextBlock) -> bool: ...
def rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str],
         ) -> list[list[float] | None]: ...
@overload
def iter_rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str], *,
              shared: Literal[False] = ...) -> Iterator[list[float] | None]: ...
@overload
def iter_rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str], *,
              shared: Literal[True]) -> Iterator[array[float] | None]: ...

HELD_AT_MOST: int

class PageRows:
    def __init__(self, paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str]) -> None: ...
    @overload
    def iterate(self, *, shared: Literal[False] = ..., sums: RowSums | None = ..., hold: bool = ...,
                ) -> Iterator[list[float] | None]: ...
    @overload
    def iterate(self, *, shared: Literal[True], sums: RowSums | None = ..., hold: bool = ...,
                ) -> Iterator[array[float] | None]: ...

class Part(NamedTuple):
    name: str
    columns: tuple[str, ...]

BASICS: tuple[str, ...]
LAYOUT: tuple[Part, ...]
FEATURES: int
ANY_COMMENT: int
ANY_REVIEW: int
STARTS_IN_LI: int

def names() -> list[str]: ...
SUMMED: tuple[str, ...]

class RowSums:
    blocks: int
    scored: int
    headings: int
    reviews: int
    chars: float
    def add(self, row: Sequence[float] | None) -> None: ...
    def columns(self) -> list[float]: ...
