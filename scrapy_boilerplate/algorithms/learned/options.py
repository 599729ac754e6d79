"""The learned classifier's options: the side it favors or a fixed probability threshold, and jusText's stoplist."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import OptionError
from ...model.options import check_number
from ..justext.options import AUTO, JustextOptions
from .model import load

#: What ``favor`` takes.
FAVORS = ("balance", "precision", "recall")


@dataclass(frozen=True)
class LearnedOptions(JustextOptions):
    """``favor``: each page keeps the blocks that make the most of its expected precision and
    recall (``learned/decision.py``), weighed as cross-validation chose for the side: ``"balance"``
    (the default, the best F1), ``"precision"`` (cleaner text, less of it) or ``"recall"``
    (more of the main text, more boilerplate with it).

    ``threshold``: instead, a fixed probability of being main text from which every block is
    good, above 0 and at most 1 (0, the default: none, ``favor`` decides). Give one or the other.

    ``comments``: keep the comments under an article as main text too (off by default).

    The other options are jusText's, whose blocks and classes the model scores. The model
    was trained with jusText's defaults but ``spaces``, on here (the space between inline
    elements kept: code and inline markup keep their words apart), ``ruby_text``, off here
    (the readings of ruby annotations dropped: Japanese without its furigana),
    ``unclosed_buttons``, on here (a ``<button>`` that swallowed the page's ``<main>`` walked
    through, not deleted with it), and ``spaces_between_elements``, on here (the text of an
    element that starts after another ends starts a word: cells of a grid, an API's name and
    type): other values change its features, and usually make it worse. ``stoplist="auto"``
    (the default) picks a stoplist per page.
    """

    algorithm: ClassVar[str] = "learned"

    #: A fixed probability from which a block is main text (higher: cleaner text, and less of it);
    #: 0: none, each page chooses as ``favor`` says.
    threshold: float = 0.0
    #: The side each page's choice favors: ``"balance"``, ``"precision"`` or ``"recall"``.
    favor: str = "balance"
    #: Keep the comments under the main text too: the prose blocks (jusText's context-free class good
    #: or near-good) in an element whose class, id, role or itemprop names comments, replies or a
    #: discussion, after the first block kept. Off: the corpora count comments as boilerplate.
    comments: bool = False
    #: Pages of more of jusText's blocks are skipped (``PageTooComplex``),
    #: as soon as jusText has made them: the model scores every block, at some 6x jusText's cost per
    #: block (a page of a million ``<div>`` s: 38 s); the corpora's largest page has 6,212 (0: no limit).
    max_blocks: int = 200_000
    #: jusText's ``spaces``, on: the model was trained on blocks whose inline elements keep their spaces.
    spaces: bool = True
    #: jusText's ``ruby_text``, off: the model was trained on blocks without the readings of ruby annotations.
    ruby_text: bool = False
    #: jusText's ``unclosed_buttons``, on: the model was trained on pages whose button left open by the
    #: parser is walked through rather than deleted with the page it swallowed.
    unclosed_buttons: bool = True
    #: jusText's ``spaces_between_elements``, on: the model was trained on blocks where the text of
    #: one element after the end of another starts a word ("id string", not "idstring").
    spaces_between_elements: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("threshold", self.threshold)
        check_number("max_blocks", self.max_blocks, integer=True)
        if self.threshold > 1:
            raise OptionError("threshold", self.threshold, "must be at most 1")
        if self.favor not in FAVORS:
            raise OptionError("favor", self.favor, f"expected one of {', '.join(FAVORS)}")
        if self.favor != "balance" and self.threshold:
            raise OptionError("favor", self.favor, "give either favor or threshold, not both")

    @property
    def recall_weights(self) -> tuple[float, ...]:
        """The weights of the expected recall in each page's choice (see ``decision.py``) that
        cross-validation chose for ``favor`` when the shipped model was trained, one for each group
        of ``kind.RECALL_GROUPS``: a page that says it is an article or says nothing, a page that
        says it is of another kind, a documentation page, a page the gate opens for (``gate``); the
        best mean F1 (balance), F0.5 (precision) and F2 (recall) of the corpora, out of fold. The
        model carries them, as they belong to its probabilities."""
        return load().recall_weights[self.favor]


__all__ = ["AUTO", "FAVORS", "LearnedOptions"]
