"""The block type the learned classifier returns."""

from __future__ import annotations

from dataclasses import dataclass

from ..justext.blocks import JustextBlock


@dataclass(slots=True)
class LearnedBlock(JustextBlock):
    """A jusText block (``cf_label`` and ``justext_label`` are jusText's classes) with the
    model's ``probability`` that it is main text; ``label`` is good from the threshold on."""

    justext_label: str = ""
    probability: float = 0.0
