# cython: language_level=3
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

Compiled (C over the paragraphs' fields): a page's paragraphs are classified in one loop with
no Python call per paragraph but the block's own construction.
"""

import sys

GOOD, BAD, SHORT, NEAR_GOOD = "good", "bad", "short", "near-good"


cdef struct Thresholds:
    double max_link_density, stopwords_low, stopwords_high
    Py_ssize_t length_low, length_high


cdef double _bound(value) except? -1:
    """A threshold as a C double: a number too large for one is larger than any density."""
    try:
        return float(value)
    except OverflowError:
        return float("inf")


cdef Thresholds _thresholds(options) except *:
    cdef Thresholds thresholds
    thresholds.max_link_density = _bound(options.max_link_density)
    thresholds.stopwords_low = _bound(options.stopwords_low)
    thresholds.stopwords_high = _bound(options.stopwords_high)
    # No text is as long as sys.maxsize characters: the comparisons come out the same.
    thresholds.length_low = min(options.length_low, sys.maxsize)
    thresholds.length_high = min(options.length_high, sys.maxsize)
    return thresholds


cdef str _context_free(str text, double link_density, double stopword_density, bint in_select,
                       Thresholds* p):
    """Step 1: the class of a paragraph on its own."""
    if link_density > p.max_link_density:
        return BAD
    if "\xa9" in text or "&copy" in text:
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


def classify_context_free(list paragraphs, list word_counts, list stopword_counts, options, block_type,
                          bint headings):
    """Step 1 for each of ``paragraphs`` (jusText's, with its count of words and of stop words in
    ``word_counts`` and ``stopword_counts``): its block, made as ``block_type``, ``label`` and
    ``cf_label`` its class on its own; ``headings``: a paragraph in a heading makes a heading block."""
    cdef Thresholds thresholds = _thresholds(options)
    cdef list blocks = []
    cdef str text, label
    cdef object stopword_density
    cdef Py_ssize_t length, count, stop, i
    cdef double link_density
    for i in range(len(paragraphs)):
        paragraph, count, stop = paragraphs[i], word_counts[i], stopword_counts[i]
        text = paragraph.text
        length = len(text)
        link_density = <double>paragraph.chars_in_links / length
        if count:
            stopword_density = stop / count
        else:  # 0, as the reference has it: an int, not 0.0
            stopword_density = 0
        if paragraph.image_only:
            label = BAD
        else:
            label = _context_free(text, link_density, stopword_density, paragraph.in_select, &thresholds)
        blocks.append(block_type(text, label, paragraph.xpath, length, count, link_density, label,
                                 headings and paragraph.heading, stopword_density))
    return blocks


def classify_in_context(paragraphs, p):
    """Steps 2 to 4: turn every ``label`` of ``paragraphs`` (blocks: see ``classify.pyi``) into ``good``
    or ``bad``, starting from ``cf_label``; ``p``: the options."""
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


cdef bint _good_follows(paragraphs, Py_ssize_t i, max_heading_distance) except -1:
    """A good paragraph follows paragraph ``i`` with at most ``max_heading_distance`` characters between."""
    distance = 0
    for j in range(i + 1, len(paragraphs)):
        if distance > max_heading_distance:
            return False
        if paragraphs[j].label == GOOD:
            return True
        distance += paragraphs[j].chars
    return False
