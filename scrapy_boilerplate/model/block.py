"""A block of a page: its text, where it starts and whether it is main text."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .text import shown

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
        (the line breaks of the page's source too) made one space, without format hints (soft
        hyphens: see ``model.text.FORMAT_HINTS``)."""
        return [shown(self.text)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` of the block's fields."""
        return {name: getattr(self, name) for name in field_names(type(self))}


def field_names(block_type: type[Block]) -> tuple[str, ...]:
    """The names of the fields of ``block_type``, looked up once per type."""
    # dataclasses.asdict deep-copies every value; blocks hold plain values only.
    names = _FIELD_NAMES.get(block_type)
    if names is None:
        names = _FIELD_NAMES[block_type] = tuple(f.name for f in dataclasses.fields(block_type))
    return names


_FIELD_NAMES: dict[type[Block], tuple[str, ...]] = {}
