"""What an extraction returns: the page's blocks, its main text and its language."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

from .whitespace import collapse

GOOD = "good"
BAD = "bad"


@dataclass(slots=True)
class Block:
    """One text block of a page, as an algorithm segmented and labelled it.

    ``label`` is ``"good"`` for main text and ``"bad"`` for boilerplate;
    ``xpath`` locates the element the block starts in, in the parsed page.
    """

    text: str
    label: str
    xpath: str
    chars: int
    words: int
    link_density: float

    @property
    def is_good(self) -> bool:
        return self.label == GOOD

    def lines(self) -> list[str]:
        """The block's text as :attr:`Extraction.text` shows it: one line, each run of whitespace
        (the line breaks of the page's source too) made one space."""
        return [collapse(self.text)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` of the block's fields."""
        return {name: getattr(self, name) for name in _field_names(type(self))}


@functools.cache
def _field_names(block_type: type[Block]) -> tuple[str, ...]:
    # dataclasses.asdict deep-copies every value; blocks hold plain values only.
    return tuple(f.name for f in dataclasses.fields(block_type))


@dataclass(slots=True)
class Extraction:
    """The result of :func:`scrapy_boilerplate.extract`.

    ``blocks`` holds every block in document order, ``language`` the stoplist
    the classifier used (``None`` when it used none), ``html`` the cleaned
    page for algorithms that produce one.
    """

    blocks: list[Block] = field(default_factory=list)
    language: str | None = None
    algorithm: str = "justext"
    html: str | None = None

    @property
    def text(self) -> str:
        """The main text: the good blocks, one per line (see :meth:`Block.lines`)."""
        return "\n".join(filter(None, (line for block in self.blocks if block.is_good for line in block.lines())))

    def __repr__(self) -> str:
        # One line, whatever the page: a crawl's log and print() show it whole.
        good = sum(block.is_good for block in self.blocks)
        text = self.text
        return (f"<Extraction {self.algorithm} language={self.language!r} blocks={len(self.blocks)} good={good} "
                f"text={text[:60]!r}{'...' if len(text) > 60 else ''}>")

    def __reduce__(self) -> tuple:
        # Pickled (to and from worker processes) as one row of values per
        # block: a page's blocks are all of one type, whose field names
        # need not travel with each of them.
        block_type = type(self.blocks[0]) if self.blocks else Block
        rows = [tuple(getattr(block, name) for name in _field_names(block_type)) for block in self.blocks]
        return (_from_rows, (block_type, rows, self.language, self.algorithm, self.html))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` (only ``str``, numbers, ``bool``, ``None``, lists, dicts)."""
        result = {
            "algorithm": self.algorithm,
            "language": self.language,
            "text": self.text,
            "blocks": [block.to_dict() for block in self.blocks],
        }
        if self.html is not None:
            result["html"] = self.html
        return result


def _from_rows(block_type: type[Block], rows: list[tuple], language: str | None, algorithm: str,
               html: str | None) -> Extraction:
    return Extraction([block_type(*row) for row in rows], language, algorithm, html)
