"""The block type html-declutter returns."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Block


@dataclass(slots=True)
class DeclutterBlock(Block):
    """A run of the page's text and the decision it follows.

    ``decision`` is ``"pruned"`` (prune deleted it), ``"removed"`` (its block
    scored below zero), ``"kept"`` or ``"blessed"``; ``label`` is ``"good"``
    for the last two. ``tag`` and ``score`` are those of the element that
    decided: the innermost pruned, scored or blessed element holding the text,
    else the page's root (``score`` is ``None`` when nothing was scored).
    """

    decision: str
    score: float | None
    tag: str
