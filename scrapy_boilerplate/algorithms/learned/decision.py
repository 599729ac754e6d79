"""Which of a page's blocks are main text, from their probabilities: the choice the page's figures favour.

The shingle F1 is that of the precision and the recall averaged over pages:
what raises it is, on every page, the most of its precision plus a weight of
its recall (about the square of the mean precision over the mean recall; the
F0.5 or F2 of ``favor`` move it by their beta squared). With each block's
probability ``p`` of being main text and its characters ``c``, the blocks kept
``S`` hold an expected ``sum(p * c)`` characters of main text out of their
``sum(c)`` (the expected precision) and out of the page's ``sum(p * c)``
over all blocks (the expected recall). Characters, not words: Chinese,
Japanese and Thai write no spaces, and a paragraph of theirs would count as
one word, as much as a link of the menu. Taking the blocks in order of
probability, the rule keeps the first ones that make the most of expected
precision plus ``recall_weight`` times expected recall (each probability read
less sure of either side: :data:`LOG_ODDS_SCALE`): a threshold of the
page's own, higher on a page whose main text is sure, lower where it is
scattered over doubtful blocks. The weight is the model's for ``favor`` and
for the page's group (:mod:`.kind`): a page of another kind than an article,
and a documentation page, weigh their recall more.

Blocks under :data:`LEAST_PROBABILITY` take no part: their labels go
together (a comment thread, a shop's policies in its footer: all main text
or none, as a corpus labels it), where the expected recall counts them as
independent, so that thousands of words at 0.15 outweighed a short article
at 0.9 and the page kept them all.

A page whose expected main text is under :data:`LEAST_EXPECTED_CHARS` keeps
nothing; a product page's reviews take no part (:func:`without_reviews`); the
heading right above the first kept block is kept (:func:`with_headline`); the
short links and the list items between two kept blocks are kept (:func:`with_items_between`).

Of a section kept twice, the second copy goes (:func:`without_copies`).
"""

from __future__ import annotations

from collections.abc import Sequence

#: The probability (as the choice reads it: :data:`LOG_ODDS_SCALE`; the model's 0.12) under which a
#: block is neither kept nor counted in the page's expected main text (cross-validated, seeds 15 and
#: 7, read unscaled: 0.2 raised the trainset's shingle F1 by 0.002 to 0.003, its product pages' by
#: 0.015 to 0.02, and moved the devset's and the classic corpus's by 0.001 at most; 0.15 about the
#: same).
LEAST_PROBABILITY = 0.2

#: The choice reads each probability with its log-odds scaled by this, less sure of either side
#: (0.9 reads as 0.82, 0.1 as 0.18, 0.5 as itself): the model's probabilities fit the labelled
#: blocks, but a page's expected main text and precision, summed over its blocks, come out
#: closer to what its reference holds read so. Cross-validated by site with seeds 15, 7 and 3
#: against 1.0 (the weights chosen again): the mean F1 of the three corpora +0.0019, +0.0013 and
#: +0.0006, the trainset's shingle F1 +0.002 to +0.004, the devset's snippet F1 +0.0018, +0.0009
#: and -0.0002; 0.6 and 0.8 about the same.
LOG_ODDS_SCALE = 0.7

#: A page whose expected main text is under this many characters keeps nothing: a shell that
#: scripts fill, whose main text is not in the page (the trainset gives 16 pages an empty main
#: text), where keeping a stray line of furniture scores 0 against an empty reference.
LEAST_EXPECTED_CHARS = 20

#: A repeated run of kept blocks goes when its texts hold this many characters at least.
COPY_CHARS = 30
#: With ``repeats_out``, a kept block of this many characters or more whose text an earlier kept block
#: has goes.
REPEAT_CHARS = 100


def kept(probabilities: Sequence[float], chars: Sequence[int], texts: Sequence[str], scored: Sequence[bool],
         headings: Sequence[bool], list_items: Sequence[bool], *, threshold: float = 0.0, recall_weight: float = 0.0,
         comments: tuple[Sequence[bool], Sequence[str]] | None = None, repeats_out: bool = False) -> list[bool]:
    """Whether each block of a page is kept, from its blocks' ``probabilities``, ``chars``, ``texts``,
    whether each is a heading and whether it starts in a list item: the choice as the run-time
    makes it and the trainer scores it.

    The blocks at or above ``threshold`` when it is set, else those :func:`choose` keeps with
    ``recall_weight`` and the heading above them (:func:`with_headline`); with ``comments``
    (whether each block is in a comment section, and its jusText context-free class),
    :func:`with_comments`; with ``repeats_out`` (a gated page: :mod:`.gate`), :func:`without_repeats`;
    then the runs between two kept blocks of blocks not ``scored`` (prefiltered) and of list items
    at :data:`LEAST_PROBABILITY` or more (:func:`with_items_between`); less the second copy of a
    section (:func:`without_copies`).
    """
    if threshold:
        chosen = [probability >= threshold for probability in probabilities]
    else:
        chosen = with_headline(choose(probabilities, chars, recall_weight), probabilities, headings)
    if comments is not None:
        chosen = with_comments(chosen, *comments)
    if repeats_out:
        chosen = without_repeats(chosen, texts)
    items = [not is_scored or (in_list_item and _counted(probability) > 0.0)
             for probability, is_scored, in_list_item in zip(probabilities, scored, list_items)]
    chosen = with_items_between([keep and is_scored for keep, is_scored in zip(chosen, scored)], items)
    return without_copies(chosen, texts)


def choose(probabilities: Sequence[float], chars: Sequence[int], recall_weight: float) -> list[bool]:
    """Whether each block is kept, from its ``probabilities`` of being main text and its ``chars``
    (a block of none counts as one)."""
    sizes = [max(1, count) for count in chars]
    counted = [_counted(probability) for probability in probabilities]
    expected = sum(p * size for p, size in zip(counted, sizes))
    kept = [False] * len(sizes)
    if expected < LEAST_EXPECTED_CHARS:
        return kept
    order = sorted(range(len(sizes)), key=counted.__getitem__, reverse=True)
    best, best_count, found, taken = 0.0, 0, 0.0, 0
    for count, i in enumerate(order, 1):
        found += counted[i] * sizes[i]
        taken += sizes[i]
        value = found / taken + recall_weight * found / expected
        if value > best:
            best, best_count = value, count
    for i in order[:best_count]:
        kept[i] = True
    return kept


def _counted(probability: float) -> float:
    """``probability`` as the choice reads it (:func:`_softened`), or 0 under :data:`LEAST_PROBABILITY`."""
    read = _softened(probability)
    return read if read >= LEAST_PROBABILITY else 0.0


def _softened(probability: float) -> float:
    """``probability`` with its log-odds scaled by :data:`LOG_ODDS_SCALE`."""
    if probability <= 0.0 or probability >= 1.0:
        return probability
    return 1.0 / (1.0 + ((1.0 - probability) / probability) ** LOG_ODDS_SCALE)


#: The least probability of the heading above the first kept block that keeps it (the choice's
#: reading, :data:`LOG_ODDS_SCALE`, leaves 0.5 as it is).
HEADLINE_PROBABILITY = 0.5


def with_headline(kept: Sequence[bool], probabilities: Sequence[float], headings: Sequence[bool]) -> list[bool]:
    """``kept`` and the heading right above the first kept block, if its probability is
    :data:`HEADLINE_PROBABILITY` or more: the headline above the text it heads.

    The choice weighs blocks by their characters, so that a short headline likely to be main text
    can weigh less than what it costs in precision beside a long sure article (an ``<h1>`` of 14
    characters at 0.67 above 1,500 at 0.99), and the Markdown would lose its title. Cross-validated
    by site with seeds 15, 7 and 3: the classic corpus's shingle F1 +0.0009, +0.0009 and +0.0006,
    the devset's snippet F1 -0.0002, -0.0001 and -0.0003, the trainset's +0.0001 at most.
    """
    result = list(kept)
    first = next((i for i, keep in enumerate(kept) if keep), 0)
    if first and headings[first - 1] and probabilities[first - 1] >= HEADLINE_PROBABILITY:
        result[first - 1] = True
    return result


#: The share of a page's blocks above which the words of reviews name its wrapper, not a section
#: (on the trainset's product pages, a section of reviews holds at most a quarter of the blocks).
REVIEWS_AT_MOST = 0.5


def without_reviews(probabilities: Sequence[float], in_reviews: Sequence[bool]) -> list[float]:
    """The ``probabilities`` of a product page's blocks, those in elements named for reviews made 0.

    A shop's product page holds its customers' reviews, often more text than its description: the
    corpora leave them out of its main text (on the trainset's pages that say they are products,
    17,459 characters of them kept against 638 that were main text), but a review article's text
    is its main text, and the model alone does not tell one from the other. Made 0 before the
    page's choice, they add nothing to its expected main text either. Where the reviews' words mark
    most of the page's blocks, they name its wrapper (a theme's ``single-product-reviews-01`` on the
    ``body``), not a section, and nothing is left out.
    """
    if sum(in_reviews) > REVIEWS_AT_MOST * len(in_reviews):
        return list(probabilities)
    return [0.0 if in_review else p for p, in_review in zip(probabilities, in_reviews)]


def with_items_between(kept: Sequence[bool], items: Sequence[bool]) -> list[bool]:
    """``kept`` and the runs of ``items`` between two kept blocks.

    The items are the blocks never scored (short and mostly links: ``features.prefiltered``) and
    the list items the page's choice counts. Most are a menu's, but between two blocks of the main
    text they are the cross-references of a manual (a Django setting's name above its
    explanation), the items of a list of links that the text around introduces (a wiki's index) or
    of a list of short lines (the patches a report lists under "Many patches were sent:"), which
    the corpora count as main text.
    """
    result = list(kept)
    last = None
    for i, keep in enumerate(kept):
        if keep:
            if last is not None and i > last + 1 and all(items[last + 1:i]):
                for j in range(last + 1, i):
                    result[j] = True
            last = i
    return result


#: jusText's context-free classes of prose: what ``comments=True`` adds of a comment section.
PROSE_CLASSES = frozenset({"good", "near-good"})


def with_comments(kept: Sequence[bool], in_comments: Sequence[bool], cf_labels: Sequence[str]) -> list[bool]:
    """``kept`` and the prose blocks in comment sections after the first kept block (``comments=True``).

    Comments come after what they comment; a user's name, a date or a "Reply" link is not prose.
    """
    first = next((i for i, keep in enumerate(kept) if keep), len(kept))
    return [keep or (i > first and in_comment and cf_label in PROSE_CLASSES)
            for i, (keep, in_comment, cf_label) in enumerate(zip(kept, in_comments, cf_labels))]


def without_repeats(kept: Sequence[bool], texts: Sequence[str]) -> list[bool]:
    """``kept`` less each block of :data:`REPEAT_CHARS` or more whose text an earlier kept block has.

    A listing's card or a product's blurb shown again (a carousel, a "recently viewed" row) is
    one text in the main text of the trainset's pages of other kinds; on articles a repeated
    paragraph is kept (:func:`without_copies` alone), as the older corpora keep it.
    """
    seen: set[str] = set()
    result = list(kept)
    for i, keep in enumerate(kept):
        if keep:
            if texts[i] in seen and len(texts[i]) >= REPEAT_CHARS:
                result[i] = False
            seen.add(texts[i])
    return result


def without_copies(kept: Sequence[bool], texts: Sequence[str]) -> list[bool]:
    """``kept`` less the second copy of a section: a run of kept blocks, of two texts or more,
    that repeats in order the kept blocks from where its first text was first kept.

    Pages hold their article twice (for another screen, a print view), forums quote whole posts;
    the main text holds it once, and both copies score alike. A text repeated alone (each
    review's "Pros", a filler paragraph) stays.
    """
    result = list(kept)
    order = [i for i, keep in enumerate(kept) if keep]
    first: dict[str, int] = {}
    for position, i in enumerate(order):
        first.setdefault(texts[i], position)
    position = 0
    while position < len(order):
        start, length = first[texts[order[position]]], 0
        while (start + length < position and position + length < len(order)
               and texts[order[start + length]] == texts[order[position + length]]):
            length += 1
        run = order[position:position + length]
        if len({texts[i] for i in run}) > 1 and sum(len(texts[i]) for i in run) >= COPY_CHARS:
            for i in run:
                result[i] = False
        position += length or 1
    return result
