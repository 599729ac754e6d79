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

Compiled: the steps run over a C array of the paragraphs' classes, headings and lengths, and each
block is made once, with its final class, when they are done.
"""

import sys

from cpython.mem cimport PyMem_Free, PyMem_Malloc

from .paragraph cimport Paragraph

GOOD, BAD, SHORT, NEAR_GOOD = "good", "bad", "short", "near-good"

# The classes in C, numbered as in ``_LABELS``.
cdef enum:
    C_GOOD, C_BAD, C_SHORT, C_NEAR_GOOD
cdef tuple _LABELS = (GOOD, BAD, SHORT, NEAR_GOOD)
cdef dict _NUMBERS = {GOOD: C_GOOD, BAD: C_BAD, SHORT: C_SHORT, NEAR_GOOD: C_NEAR_GOOD}


cdef struct Thresholds:
    double max_link_density, stopwords_low, stopwords_high
    Py_ssize_t length_low, length_high


# What the context-sensitive steps read and write of a paragraph.
cdef struct Record:
    int label
    int cf_label
    bint heading
    Py_ssize_t chars


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


cdef int _context_free(str text, double link_density, double stopword_density, bint in_select,
                       Thresholds* p) except -1:
    """Step 1: the class of a paragraph on its own."""
    if link_density > p.max_link_density:
        return C_BAD
    if "\xa9" in text or "&copy" in text:
        return C_BAD
    if in_select:
        return C_BAD
    if len(text) < p.length_low:
        return C_BAD if link_density > 0 else C_SHORT
    if stopword_density >= p.stopwords_high:
        return C_GOOD if len(text) > p.length_high else C_NEAR_GOOD
    if stopword_density >= p.stopwords_low:
        return C_NEAR_GOOD
    return C_BAD


def classify_paragraphs(list paragraphs, list word_counts, list stopword_counts, options, block_type,
                        bint headings, bint headlines):
    """Steps 1 to 4 for ``paragraphs`` (jusText's, with its count of words and of stop words in
    ``word_counts`` and ``stopword_counts``): a block for each, made as ``block_type``, ``label`` its
    final class and ``cf_label`` its class on its own. ``headings``: a paragraph in a heading makes a
    heading block; ``headlines``: a paragraph starting in an ``h1`` is good, whatever its context."""
    cdef Thresholds thresholds = _thresholds(options)
    cdef Py_ssize_t count = len(paragraphs), i, words
    cdef Paragraph paragraph
    cdef list blocks = []
    cdef object stopword_density
    cdef double link_density
    cdef Record* records = <Record*>PyMem_Malloc(max(count, 1) * sizeof(Record))
    if records is NULL:
        raise MemoryError()
    try:
        for i in range(count):
            paragraph = paragraphs[i]
            records[i].chars = len(paragraph.text)
            records[i].heading = headings and paragraph.heading
            if paragraph.image_only:
                records[i].cf_label = C_BAD
            else:
                words = word_counts[i]
                records[i].cf_label = _context_free(
                    paragraph.text, <double>paragraph.chars_in_links / records[i].chars,
                    <double>stopword_counts[i] / words if words else 0, paragraph.in_select, &thresholds)
            records[i].label = records[i].cf_label
        _in_context(records, count, options)
        if headlines:
            # A paragraph starting in an h1 is a heading: that test is the cheap one.
            for i in range(count):
                paragraph = paragraphs[i]
                if paragraph.heading and paragraph.element.tag == "h1":
                    records[i].label = C_GOOD
        for i in range(count):
            paragraph, words = paragraphs[i], word_counts[i]
            if words:
                stopword_density = stopword_counts[i] / words
            else:  # 0, as the reference has it: an int, not 0.0
                stopword_density = 0
            blocks.append(block_type(paragraph.text, _LABELS[records[i].label], paragraph.xpath, records[i].chars,
                                     words, <double>paragraph.chars_in_links / records[i].chars,
                                     _LABELS[records[i].cf_label], records[i].heading, stopword_density))
    finally:
        PyMem_Free(records)
    return blocks


def classify_in_context(paragraphs, p):
    """Steps 2 to 4: turn every ``label`` of ``paragraphs`` (blocks: see ``classify.pyi``) into ``good``
    or ``bad``, starting from ``cf_label``; ``p``: the options."""
    cdef Py_ssize_t count = len(paragraphs), i
    cdef Record* records = <Record*>PyMem_Malloc(max(count, 1) * sizeof(Record))
    if records is NULL:
        raise MemoryError()
    try:
        for i, paragraph in enumerate(paragraphs):
            records[i].label, records[i].cf_label = _NUMBERS[paragraph.label], _NUMBERS[paragraph.cf_label]
            records[i].heading, records[i].chars = paragraph.heading, paragraph.chars
        _in_context(records, count, p)
        for i, paragraph in enumerate(paragraphs):
            paragraph.label = _LABELS[records[i].label]
    finally:
        PyMem_Free(records)


cdef int _in_context(Record* paragraphs, Py_ssize_t count, p) except -1:
    """Steps 2 to 4 over ``paragraphs``' labels, ``p`` the options."""
    cdef Py_ssize_t max_heading_distance = min(p.max_heading_distance, sys.maxsize), i
    cdef int label, prev_good_bad, prev_any, next_good_bad, next_any, next_decided, prev_label
    cdef bint near_good = False
    # Step 2, short headings shortly before good text. justext 3.0.2 looks
    # ahead before the following paragraphs have a class, so there this step
    # never changes anything; ``early_headings`` restores it.
    if p.early_headings:
        for i in range(count):
            if paragraphs[i].heading and paragraphs[i].label == C_SHORT:
                if _good_follows(paragraphs, count, i, max_heading_distance):
                    paragraphs[i].label = C_NEAR_GOOD

    # Step 3a: short paragraphs, all decided on the classes before this step,
    # from the nearest good or bad paragraph on either side and the nearest
    # one of any class but short. One pass forward notes what lies before each
    # short paragraph; one pass back decides it from what lies after.
    cdef int* before_good_bad = <int*>PyMem_Malloc(max(count, 1) * sizeof(int))
    cdef int* before_any = <int*>PyMem_Malloc(max(count, 1) * sizeof(int))
    cdef int* after_near_good = <int*>PyMem_Malloc(max(count, 1) * sizeof(int))
    try:
        if before_good_bad is NULL or before_any is NULL or after_near_good is NULL:
            raise MemoryError()
        prev_good_bad = prev_any = C_BAD
        for i in range(count):
            label = paragraphs[i].label
            if label == C_SHORT:
                before_good_bad[i], before_any[i] = prev_good_bad, prev_any
            else:
                prev_any = label
                if label != C_NEAR_GOOD:
                    prev_good_bad = label
        # The same backward pass notes, for each near-good paragraph, the nearest
        # good or bad one after it once step 3a is done, which step 3b needs.
        next_good_bad = next_any = next_decided = C_BAD
        for i in reversed(range(count)):
            label = paragraphs[i].label
            if label == C_SHORT:
                prev_good_bad, prev_any = before_good_bad[i], before_any[i]
                if prev_good_bad == next_good_bad:
                    label = prev_good_bad
                elif (prev_good_bad == C_BAD and prev_any == C_NEAR_GOOD) or (
                    next_good_bad == C_BAD and next_any == C_NEAR_GOOD
                ):
                    label = C_GOOD
                else:
                    label = C_BAD
                paragraphs[i].label = next_decided = label
            elif label == C_NEAR_GOOD:
                next_any = label
                after_near_good[i] = next_decided
                near_good = True
            else:
                next_good_bad = next_any = next_decided = label

        # Step 3b: near-good paragraphs, in order, each seeing its predecessors' new labels.
        if near_good:
            prev_label = C_BAD
            for i in range(count):
                label = paragraphs[i].label
                if label == C_NEAR_GOOD:
                    label = C_BAD if prev_label == after_near_good[i] == C_BAD else C_GOOD
                    paragraphs[i].label = label
                prev_label = label
    finally:
        PyMem_Free(before_good_bad)
        PyMem_Free(before_any)
        PyMem_Free(after_near_good)

    # Step 4: headings that context made bad, before good text.
    for i in range(count):
        if paragraphs[i].heading and paragraphs[i].label == C_BAD and paragraphs[i].cf_label != C_BAD:
            if _good_follows(paragraphs, count, i, max_heading_distance):
                paragraphs[i].label = C_GOOD
    return 0


cdef bint _good_follows(Record* paragraphs, Py_ssize_t count, Py_ssize_t i, Py_ssize_t max_heading_distance) noexcept:
    """A good paragraph follows paragraph ``i`` with at most ``max_heading_distance`` characters between."""
    cdef Py_ssize_t distance = 0, j
    for j in range(i + 1, count):
        if distance > max_heading_distance:
            return False
        if paragraphs[j].label == C_GOOD:
            return True
        distance += paragraphs[j].chars
    return False
