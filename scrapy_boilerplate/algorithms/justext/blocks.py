"""The block type jusText returns."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Block


@dataclass(slots=True)
class JustextBlock(Block):
    """A jusText block: ``label`` is the final class, ``cf_label`` the context-free one
    (``"good"``, ``"bad"``, ``"short"`` or ``"near-good"``), ``heading`` whether it lies in
    an ``h1``-``h6``, ``stopword_density`` the share of its words in the stoplist."""

    cf_label: str
    heading: bool
    stopword_density: float
