"""The learned classifier's options: its probability threshold, and jusText's stoplist."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import OptionError
from ...model.options import check_number
from ..justext.options import AUTO, JustextOptions

#: The threshold cross-validation chose when the shipped model was trained
#: (``benchmarks/train.py`` prints it; a test holds it to the shipped trees').
DEFAULT_THRESHOLD = 0.4


@dataclass(frozen=True)
class LearnedOptions(JustextOptions):
    """``threshold``: the probability of being main text from which a block is good, between 0
    and 1; the default is the one cross-validation chose when the model was trained. Higher
    gives cleaner text and less of it.

    The other options are jusText's, whose blocks and classes the model scores. The model
    was trained with jusText's defaults: other thresholds change its features, and usually
    make it worse. ``stoplist="auto"`` (the default) picks a stoplist per page.
    """

    algorithm: ClassVar[str] = "learned"

    #: The probability from which a block is main text (higher: cleaner text, and less of it).
    threshold: float = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("threshold", self.threshold)
        if self.threshold > 1:
            raise OptionError("threshold", self.threshold, "must be at most 1")


__all__ = ["AUTO", "DEFAULT_THRESHOLD", "LearnedOptions"]
