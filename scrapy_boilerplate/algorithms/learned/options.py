"""The learned classifier's options: its probability threshold or the side it favors, and jusText's stoplist."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import OptionError
from ...model.options import check_number
from ..justext.options import AUTO, JustextOptions

#: The threshold cross-validation chose when the shipped model was trained
#: (``benchmarks/train.py`` prints it; a test holds it to the shipped trees').
DEFAULT_THRESHOLD = 0.45
#: The thresholds it chose for the other sides ``favor`` takes: the best mean F0.5 (precision)
#: and F2 (recall) of the corpora, out of fold (a test holds them to the shipped trees').
FAVOR_THRESHOLDS = {"precision": 0.8, "recall": 0.225}
#: What ``favor`` takes.
FAVORS = ("balance", "precision", "recall")


@dataclass(frozen=True)
class LearnedOptions(JustextOptions):
    """``threshold``: the probability of being main text from which a block is good, between 0
    and 1; the default is the one cross-validation chose when the model was trained. Higher
    gives cleaner text and less of it.

    ``favor``: ``"precision"`` (cleaner text, less of it) or ``"recall"`` (more of the main
    text, more boilerplate with it) take the thresholds cross-validation chose for those sides;
    ``"balance"`` (the default) takes ``threshold``. Give one or the other.

    The other options are jusText's, whose blocks and classes the model scores. The model
    was trained with jusText's defaults: other thresholds change its features, and usually
    make it worse. ``stoplist="auto"`` (the default) picks a stoplist per page.
    """

    algorithm: ClassVar[str] = "learned"

    #: The probability from which a block is main text (higher: cleaner text, and less of it).
    threshold: float = DEFAULT_THRESHOLD
    #: ``"precision"`` or ``"recall"``: the threshold cross-validation chose for that side; ``"balance"``: ``threshold``.
    favor: str = "balance"

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("threshold", self.threshold)
        if self.threshold > 1:
            raise OptionError("threshold", self.threshold, "must be at most 1")
        if self.favor not in FAVORS:
            raise OptionError("favor", self.favor, f"expected one of {', '.join(FAVORS)}")
        if self.favor != "balance" and self.threshold != DEFAULT_THRESHOLD:
            raise OptionError("favor", self.favor, "give either favor or threshold, not both")

    @property
    def cutoff(self) -> float:
        """The probability from which a block is good: ``threshold``, or the one ``favor`` takes."""
        return FAVOR_THRESHOLDS.get(self.favor, self.threshold)


__all__ = ["AUTO", "DEFAULT_THRESHOLD", "FAVORS", "FAVOR_THRESHOLDS", "LearnedOptions"]
