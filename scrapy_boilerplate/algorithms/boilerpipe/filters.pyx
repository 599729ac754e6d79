# cython: language_level=3
"""boilerpipe's filters, compiled: each one step over a :class:`.TextDocument` that labels, classifies or fuses its blocks.

Every filter has ``process(document) -> bool``, true when it changed the
document, and a :class:`Pipeline` runs several in order; extractors are
pipelines (see :mod:`.extractors`), and any sequence of filters, or objects
with that method, makes one. The decision trees are the ones Kohlschütter et
al. (WSDM 2010) learned with C4.8 on news pages. The filters read the blocks'
C fields (:class:`.TextBlock`) in C loops.
"""

from cpython.unicode cimport Py_UNICODE_ISDECIMAL

from .document cimport (
    JOINS_NEAR,
    JOINS_NEAR_CONTENT,
    JOINS_SAME_DENSITY,
    TextBlock,
    TextDocument,
    fuse_blocks,
    new_block,
)

import re

from .labels import INDICATES_END_OF_TEXT, MIGHT_BE_CONTENT, TITLE


cdef class Pipeline:
    """Filters applied one after the other; changed if any of them changed the document."""

    cdef readonly tuple filters

    def __init__(self, *filters):
        self.filters = filters

    def __repr__(self):
        return f"Pipeline({', '.join(map(repr, self.filters))})"

    def process(self, document):
        """Apply the filters to ``document`` in place; ``True`` if any changed anything."""
        changed = False
        for step in self.filters:
            changed |= step.process(document)
        return changed


cdef class TerminatingBlocksFinder:
    """Label as :data:`INDICATES_END_OF_TEXT` the short blocks that usually follow an article.

    A block of fewer than ``max_words`` words and at least ``min_chars``
    characters qualifies when its lower-cased text starts with one of
    ``prefixes``, holds one of ``phrases``, or is a number followed by a space
    and one of ``counted`` ("12 comments").
    """

    cdef readonly tuple prefixes, phrases, counted
    cdef readonly Py_ssize_t max_words, min_chars

    def __init__(self, prefixes, phrases, counted, Py_ssize_t max_words=15, Py_ssize_t min_chars=8):
        self.prefixes, self.phrases, self.counted = tuple(prefixes), tuple(phrases), tuple(counted)
        self.max_words, self.min_chars = max_words, min_chars

    def __repr__(self):
        return (f"TerminatingBlocksFinder(prefixes={self.prefixes!r}, phrases={self.phrases!r}, "
                f"counted={self.counted!r}, max_words={self.max_words}, min_chars={self.min_chars})")

    def process(self, TextDocument document not None):
        cdef TextBlock block
        cdef bint changed = False
        for block in document.blocks:
            if block.words < self.max_words and len(block.text) >= self.min_chars:
                text = block.text.lower()
                if text.startswith(self.prefixes) or self._holds_phrase(text) or self._counts(text):
                    block.labels.add(INDICATES_END_OF_TEXT)
                    changed = True
        return changed

    # What boilerpy3's regular expressions find, a fifth of the extractor's time as expressions: one of
    # the phrases anywhere (the search of their alternation), or at the start decimal digits (``\\d+``),
    # a space and one of the counted words.
    cdef bint _holds_phrase(self, str text):
        for phrase in self.phrases:
            if phrase in text:
                return True
        return False

    cdef bint _counts(self, str text):
        cdef Py_ssize_t digits = 0, length = len(text)
        while digits < length and Py_UNICODE_ISDECIMAL(text[digits]):
            digits += 1
        return (digits > 0 and digits < length and text[digits] == u" "
                and text.startswith(self.counted, digits + 1))


#: How a page title is cut into parts, from the narrowest to the widest set of separators.
TITLE_SEPARATORS = tuple(re.compile(pattern) for pattern in (
    r" *[|:] *", r" *[|:()] *", r" *[|:()\-] *", r" *[|,:()\-] *",
))
_WORD_CHARS = re.compile(r"\w+")


cdef class DocumentTitleMatchClassifier:
    """Label as :data:`TITLE` the blocks equal (ignoring case) to the page title or its longest part.

    ``title`` is fixed, or ``None`` to take each document's own title.
    """

    cdef readonly object title

    def __init__(self, title=None):
        self.title = title

    def __repr__(self):
        return f"DocumentTitleMatchClassifier(title={self.title!r})"

    def process(self, TextDocument document not None):
        cdef TextBlock block
        cdef bint changed = False
        cdef Py_ssize_t longest
        titles = potential_titles(self.title if self.title is not None else document.title)
        if not titles:
            return False
        # Lower-casing never shortens a text: longer blocks need no lower-casing.
        longest = max(map(len, titles))
        for block in document.blocks:
            if len(block.text) <= longest and block.text.lower() in titles:
                block.labels.add(TITLE)
                changed = True
        return changed


def potential_titles(title):
    """The lower-cased title and, for each set of separators, its longest part (not a ".com" one)."""
    title = " ".join(title.split()) if title else ""
    if not title:
        return frozenset()
    titles = {title.lower()}
    for separators in TITLE_SEPARATORS:
        parts = separators.split(title)
        if len(parts) == 1:
            continue
        longest, longest_words = "", 0
        for part in parts:
            if ".com" in part:
                continue
            words = len(_WORD_CHARS.findall(part))
            # boilerpipe's test: more words, or else more characters
            if words > longest_words or len(part) > len(longest):
                longest, longest_words = part, words
        if longest.strip():
            titles.add(longest.strip().lower())
    return frozenset(titles)


def is_content_by_num_words(TextBlock previous not None, TextBlock current not None, TextBlock following not None):
    """The paper's decision tree on link density and number of words (NumWordsRulesClassifier)."""
    return _by_num_words(previous, current, following)


def is_content_by_density(TextBlock previous not None, TextBlock current not None, TextBlock following not None):
    """The paper's decision tree on link density and text density (DensityRulesClassifier)."""
    return _by_density(previous, current, following)


cdef inline bint _by_num_words(TextBlock previous, TextBlock current, TextBlock following) noexcept:
    if current.link_density > 0.333333:
        return False
    if previous.link_density <= 0.555556:
        if current.words > 16 or following.words > 15:
            return True
        return previous.words > 4
    return current.words > 40 or following.words > 17


cdef inline bint _by_density(TextBlock previous, TextBlock current, TextBlock following) noexcept:
    if current.link_density > 0.333333:
        return False
    if previous.link_density <= 0.555556:
        if current.text_density > 9:
            return following.text_density != 0
        if following.text_density > 10:
            return True
        return previous.text_density > 4
    return following.text_density > 11


cdef bint _classify_in_context(TextDocument document, bint by_density) except -1:
    """Mark each block content or not by one of the trees on it and its neighbours, an empty block
    beyond either edge."""
    cdef list blocks = document.blocks
    cdef Py_ssize_t count = len(blocks), i
    cdef TextBlock edge = new_block("", 0, 0, 0, 0, -1)
    cdef TextBlock previous = edge, block, following
    cdef bint content, changed = False
    for i in range(count):
        block = <TextBlock?>blocks[i]
        following = <TextBlock?>blocks[i + 1] if i + 1 < count else edge
        if by_density:
            content = _by_density(previous, block, following)
        else:
            content = _by_num_words(previous, block, following)
        if block.is_content != content:
            block.is_content = content
            changed = True
        previous = block
    return changed


cdef class NumWordsRulesClassifier:
    """Mark each block content or not by :func:`is_content_by_num_words` on it and its neighbours."""

    def __repr__(self):
        return "NumWordsRulesClassifier()"

    def process(self, TextDocument document not None):
        return _classify_in_context(document, False)


cdef class DensityRulesClassifier:
    """Mark each block content or not by :func:`is_content_by_density` on it and its neighbours."""

    def __repr__(self):
        return "DensityRulesClassifier()"

    def process(self, TextDocument document not None):
        return _classify_in_context(document, True)


cdef class IgnoreBlocksAfterContentFilter:
    """Make boilerplate every block from the first end-of-text marker on, once ``min_words``
    full-text words of content precede it (so that a "Comments" link in a header does not count)."""

    cdef readonly Py_ssize_t min_words

    def __init__(self, Py_ssize_t min_words=60):
        self.min_words = min_words

    def __repr__(self):
        return f"IgnoreBlocksAfterContentFilter(min_words={self.min_words})"

    def process(self, TextDocument document not None):
        cdef TextBlock block
        cdef Py_ssize_t words = 0
        cdef bint ended = False, changed = False
        for block in document.blocks:
            if block.is_content:
                words += block.fulltext_words_of()
            if not ended and words >= self.min_words and INDICATES_END_OF_TEXT in block.labels:
                ended = True
            if ended and block.is_content:
                block.is_content = False
                changed = True
        return changed


cdef class BlockProximityFusion:
    """Fuse each content block into the block before it when at most ``max_distance`` blocks
    of the original page lie between them; with ``content_only`` both must be content."""

    cdef readonly Py_ssize_t max_distance
    cdef readonly bint content_only

    def __init__(self, Py_ssize_t max_distance=1, bint content_only=False):
        self.max_distance, self.content_only = max_distance, content_only

    def __repr__(self):
        return f"BlockProximityFusion(max_distance={self.max_distance}, content_only={self.content_only})"

    def process(self, TextDocument document not None):
        cdef list blocks = document.blocks
        cdef Py_ssize_t start = 0, count = len(blocks)
        if count < 2:
            return False
        if self.content_only:
            while start < count and not (<TextBlock?>blocks[start]).is_content:
                start += 1
            if start == count:
                return False
        kept = fuse_blocks(blocks, start, None, JOINS_NEAR_CONTENT if self.content_only else JOINS_NEAR,
                           self.max_distance)
        if len(kept) == count:
            return False
        document.blocks = kept
        return True


cdef class BoilerplateBlockFilter:
    """Take the blocks that are not content out of the document (into ``document.removed``)."""

    def __repr__(self):
        return "BoilerplateBlockFilter()"

    def process(self, TextDocument document not None):
        cdef TextBlock block
        cdef list kept = [], removed = []
        for block in document.blocks:
            (kept if block.is_content else removed).append(block)
        if not removed:
            return False
        document.removed += removed
        document.blocks = kept
        return True


cdef class KeepLargestBlockFilter:
    """Keep as content only the content block with the most words (the first of equals); mark
    every other block boilerplate and :data:`MIGHT_BE_CONTENT`. With ``fulltext``, count only
    the words of blocks dense enough to be running text (:attr:`.TextBlock.fulltext_words`)."""

    cdef readonly bint fulltext

    def __init__(self, bint fulltext=False):
        self.fulltext = fulltext

    def __repr__(self):
        return f"{type(self).__name__}(fulltext={self.fulltext})"

    def process(self, TextDocument document not None):
        cdef list blocks = document.blocks
        cdef TextBlock block, largest = None
        cdef Py_ssize_t size, largest_size = 0
        if len(blocks) < 2:
            return False
        for block in blocks:
            if block.is_content:
                size = block.fulltext_words_of() if self.fulltext else block.words
                if largest is None or size > largest_size:
                    largest, largest_size = block, size
        if largest is None:
            return False
        for block in blocks:
            if block is not largest:
                block.is_content = False
                block.labels.add(MIGHT_BE_CONTENT)
        return True


cdef class KeepLargestFulltextBlockFilter(KeepLargestBlockFilter):
    """:class:`KeepLargestBlockFilter` counting full-text words, as the paper's ArticleExtractor does."""

    def __init__(self, bint fulltext=True):
        self.fulltext = fulltext


cdef class ExpandTitleToContentFilter:
    """Make content the :data:`MIGHT_BE_CONTENT` blocks from the last title block before
    the content up to the first content block (nothing if that block is itself a title)."""

    def __repr__(self):
        return "ExpandTitleToContentFilter()"

    def process(self, TextDocument document not None):
        cdef list blocks = document.blocks
        cdef Py_ssize_t count = len(blocks), content_start = 0, title = -1, i
        cdef TextBlock block
        cdef bint changed = False
        while content_start < count and not (<TextBlock?>blocks[content_start]).is_content:
            content_start += 1
        if content_start == count:
            return False
        for i in range(content_start + 1):
            if TITLE in (<TextBlock?>blocks[i]).labels:
                title = i
        if title < 0 or title == content_start:
            return False
        for i in range(title, content_start):
            block = <TextBlock?>blocks[i]
            if MIGHT_BE_CONTENT in block.labels and not block.is_content:
                block.is_content = True
                changed = True
        return changed


cdef class SimpleBlockFusionProcessor:
    """Fuse adjacent blocks of equal text density (the fused block's density is re-measured)."""

    def __repr__(self):
        return "SimpleBlockFusionProcessor()"

    def process(self, TextDocument document not None):
        cdef list blocks = document.blocks
        if len(blocks) < 2:
            return False
        kept = fuse_blocks(blocks, 0, None, JOINS_SAME_DENSITY, 0)
        if len(kept) == len(blocks):
            return False
        document.blocks = kept
        return True
