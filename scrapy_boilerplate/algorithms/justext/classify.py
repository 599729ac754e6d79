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
from dataclasses import dataclass
from typing import Protocol

GOOD, BAD, SHORT, NEAR_GOOD = "good", "bad", "short", "near-good"
_COPYRIGHT = ("\xa9", "&copy")


class Thresholds(Protocol):
    length_low: int
    length_high: int
    stopwords_low: float
    stopwords_high: float
    max_link_density: float
    max_heading_distance: int
    no_headings: bool
    early_headings: bool


@dataclass(slots=True)
class Classified:
    """A paragraph's measures and classes; ``cf_class`` is the context-free one."""

    text: str
    chars: int
    words: int
    chars_in_links: int
    link_density: float
    stopword_density: float
    heading: bool
    in_select: bool
    cf_class: str = ""
    class_type: str = ""


def classify_context_free(paragraph: Classified, p: Thresholds) -> str:
    """Step 1: the class of a paragraph on its own."""
    if paragraph.link_density > p.max_link_density:
        return BAD
    if _COPYRIGHT[0] in paragraph.text or _COPYRIGHT[1] in paragraph.text:
        return BAD
    if paragraph.in_select:
        return BAD
    if paragraph.chars < p.length_low:
        return BAD if paragraph.chars_in_links > 0 else SHORT
    if paragraph.stopword_density >= p.stopwords_high:
        return GOOD if paragraph.chars > p.length_high else NEAR_GOOD
    if paragraph.stopword_density >= p.stopwords_low:
        return NEAR_GOOD
    return BAD


def classify(paragraphs: Sequence[Classified], p: Thresholds) -> None:
    """Set ``cf_class`` and the final ``class_type`` of every paragraph."""
    for paragraph in paragraphs:
        if p.no_headings:
            paragraph.heading = False
        paragraph.cf_class = paragraph.class_type = classify_context_free(paragraph, p)

    # Step 2: short headings shortly before good text.
    # justext 3.0.2 looks ahead before the following paragraphs have a class,
    # so there this step never changes anything; ``early_headings`` restores it.
    if p.early_headings:
        for i, paragraph in enumerate(paragraphs):
            if paragraph.heading and paragraph.class_type == SHORT:
                if _good_follows(paragraphs, i, p.max_heading_distance):
                    paragraph.class_type = NEAR_GOOD

    # Step 3a: short paragraphs, all decided on the classes before this step.
    prev_good_bad = _nearest_before(paragraphs, (GOOD, BAD))
    next_good_bad = _nearest_after(paragraphs, (GOOD, BAD))
    prev_any = _nearest_before(paragraphs, (GOOD, BAD, NEAR_GOOD))
    next_any = _nearest_after(paragraphs, (GOOD, BAD, NEAR_GOOD))
    new_classes = {}
    for i, paragraph in enumerate(paragraphs):
        if paragraph.class_type != SHORT:
            continue
        prev_class, next_class = prev_good_bad[i], next_good_bad[i]
        if prev_class == next_class:
            new_classes[i] = prev_class
        elif (prev_class == BAD and prev_any[i] == NEAR_GOOD) or (
            next_class == BAD and next_any[i] == NEAR_GOOD
        ):
            new_classes[i] = GOOD
        else:
            new_classes[i] = BAD
    for i, new_class in new_classes.items():
        paragraphs[i].class_type = new_class

    # Step 3b: near-good paragraphs, in order, each seeing its predecessors' new classes.
    next_good_bad = _nearest_after(paragraphs, (GOOD, BAD))
    prev_class = BAD
    for i, paragraph in enumerate(paragraphs):
        if paragraph.class_type == NEAR_GOOD:
            paragraph.class_type = BAD if prev_class == next_good_bad[i] == BAD else GOOD
        prev_class = paragraph.class_type

    # Step 4: headings that context made bad, before good text.
    for i, paragraph in enumerate(paragraphs):
        if paragraph.heading and paragraph.class_type == BAD and paragraph.cf_class != BAD:
            if _good_follows(paragraphs, i, p.max_heading_distance):
                paragraph.class_type = GOOD


def _good_follows(paragraphs: Sequence[Classified], i: int, max_heading_distance: int) -> bool:
    """A good paragraph follows paragraph ``i`` with at most ``max_heading_distance`` characters between."""
    distance = 0
    for j in range(i + 1, len(paragraphs)):
        if distance > max_heading_distance:
            return False
        if paragraphs[j].class_type == GOOD:
            return True
        distance += paragraphs[j].chars
    return False


def _nearest_before(paragraphs: Sequence[Classified], classes: tuple[str, ...]) -> list[str]:
    """For each paragraph, the class of the nearest earlier one in ``classes`` (``bad`` at the edge)."""
    nearest, last = [], BAD
    for paragraph in paragraphs:
        nearest.append(last)
        if paragraph.class_type in classes:
            last = paragraph.class_type
    return nearest


def _nearest_after(paragraphs: Sequence[Classified], classes: tuple[str, ...]) -> list[str]:
    """For each paragraph, the class of the nearest later one in ``classes`` (``bad`` at the edge)."""
    nearest, last = [], BAD
    for paragraph in reversed(paragraphs):
        nearest.append(last)
        if paragraph.class_type in classes:
            last = paragraph.class_type
    nearest.reverse()
    return nearest
