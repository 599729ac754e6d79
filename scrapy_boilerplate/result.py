"""What an extraction returns: the page's blocks, its main text and its language."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

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
        """The main text: the good blocks, one per line."""
        return "\n".join(block.text for block in self.blocks if block.is_good and block.text)

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
