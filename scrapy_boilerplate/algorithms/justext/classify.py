"""jusText's classification of paragraphs (Pomikálek, 2011, ch. 4), as the reference does it.

1. Context-free: each paragraph alone, from its length, link density and
   stop-word density, becomes ``good``, ``bad``, ``short`` or ``near-good``.
2. Headings (only with ``early_headings``, see below): a short heading followed
   by a good paragraph within ``max_heading_distance`` characters becomes near-good.
3. Context-sensitive: a short paragraph takes the class of its nearest good
   or bad neighbours; between a good and a bad one, it is good only when a
   near-good paragraph lies on the bad side before the bad one. A near-good
   paragraph is bad only between two bad ones. The document's edges count as bad.
4. Headings again: a heading made bad by its context, but not bad on its own,
   becomes good if a good paragraph follows within ``max_heading_distance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .options import JustextOptions

GOOD, BAD, SHORT, NEAR_GOOD = "good", "bad", "short", "near-good"
_COPYRIGHT = ("\xa9", "&copy")


class Paragraph(Protocol):
    """What the context-sensitive steps read and write: a :class:`JustextBlock`."""

    label: str
    cf_label: str
    heading: bool
    chars: int


def classify_context_free(text: str, link_density: float, stopword_density: float,
                          in_select: bool, p: JustextOptions) -> str:
    """Step 1: the class of a paragraph on its own."""
    if link_density > p.max_link_density:
        return BAD
    if _COPYRIGHT[0] in text or _COPYRIGHT[1] in text:
        return BAD
    if in_select:
        return BAD
    if len(text) < p.length_low:
        return BAD if link_density > 0 else SHORT
    if stopword_density >= p.stopwords_high:
        return GOOD if len(text) > p.length_high else NEAR_GOOD
    if stopword_density >= p.stopwords_low:
        return NEAR_GOOD
    return BAD


def classify_in_context(paragraphs: Sequence[Paragraph], p: JustextOptions) -> None:
    """Steps 2 to 4: turn every ``label`` into ``good`` or ``bad``, starting from ``cf_label``."""
    # Step 2, short headings shortly before good text. justext 3.0.2 looks
    # ahead before the following paragraphs have a class, so there this step
    # never changes anything; ``early_headings`` restores it.
    if p.early_headings:
        for i, paragraph in enumerate(paragraphs):
            if paragraph.heading and paragraph.label == SHORT:
                if _good_follows(paragraphs, i, p.max_heading_distance):
                    paragraph.label = NEAR_GOOD

    # Step 3a: short paragraphs, all decided on the classes before this step,
    # from the nearest good or bad paragraph on either side and the nearest
    # one of any class but short. One pass forward notes what lies before each
    # short paragraph; one pass back decides it from what lies after.
    labels = [paragraph.label for paragraph in paragraphs]
    before = {}
    prev_good_bad = prev_any = BAD
    for i, label in enumerate(labels):
        if label == SHORT:
            before[i] = prev_good_bad, prev_any
        else:
            prev_any = label
            if label != NEAR_GOOD:
                prev_good_bad = label
    # The same backward pass notes, for each near-good paragraph, the nearest
    # good or bad one after it once step 3a is done, which step 3b needs.
    next_good_bad = next_any = next_decided = BAD
    near_good_next = {}
    for i in reversed(range(len(labels))):
        label = labels[i]
        if label == SHORT:
            prev_good_bad, prev_any = before[i]
            if prev_good_bad == next_good_bad:
                label = prev_good_bad
            elif (prev_good_bad == BAD and prev_any == NEAR_GOOD) or (
                next_good_bad == BAD and next_any == NEAR_GOOD
            ):
                label = GOOD
            else:
                label = BAD
            labels[i] = paragraphs[i].label = next_decided = label
        elif label == NEAR_GOOD:
            next_any = label
            near_good_next[i] = next_decided
        else:
            next_good_bad = next_any = next_decided = label

    # Step 3b: near-good paragraphs, in order, each seeing its predecessors' new labels.
    if near_good_next:
        prev_label = BAD
        for i, label in enumerate(labels):
            if label == NEAR_GOOD:
                label = BAD if prev_label == near_good_next[i] == BAD else GOOD
                paragraphs[i].label = label
            prev_label = label

    # Step 4: headings that context made bad, before good text.
    for i, paragraph in enumerate(paragraphs):
        if paragraph.heading and paragraph.label == BAD and paragraph.cf_label != BAD:
            if _good_follows(paragraphs, i, p.max_heading_distance):
                paragraph.label = GOOD


def _good_follows(paragraphs: Sequence[Paragraph], i: int, max_heading_distance: int) -> bool:
    """A good paragraph follows paragraph ``i`` with at most ``max_heading_distance`` characters between."""
    distance = 0
    for j in range(i + 1, len(paragraphs)):
        if distance > max_heading_distance:
            return False
        if paragraphs[j].label == GOOD:
            return True
        distance += paragraphs[j].chars
    return False
