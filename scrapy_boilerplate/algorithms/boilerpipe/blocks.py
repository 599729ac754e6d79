"""The block type boilerpipe returns."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Block
from ...model.text import shown


@dataclass(slots=True)
class BoilerpipeBlock(Block):
    """A boilerpipe block: ``label`` is ``"good"`` for content, ``labels`` the filters' labels
    (``TITLE``, ``MIGHT_BE_CONTENT``, ``INDICATES_END_OF_TEXT``), ``text_density`` words per
    line wrapped at 80 characters, ``offset_start``/``offset_end`` the first and last of the
    page's original blocks fused into this one."""

    labels: list[str]
    text_density: float
    words_in_links: int
    offset_start: int
    offset_end: int

    def lines(self) -> list[str]:
        """One line per original block fused into this one (their texts are joined by line breaks)."""
        return [shown(line) for line in self.text.split("\n")]
