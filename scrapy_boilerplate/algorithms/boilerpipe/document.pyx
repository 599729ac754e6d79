# cython: language_level=3
"""boilerpipe's text document, compiled: a title and a sequence of text blocks the filters label and fuse.

The blocks' counts and densities are C fields, which the filters (:mod:`.filters`) read and
write without a Python call per block; the segmentation (:mod:`.segment`) makes the blocks.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize

from ...html.nodes cimport starts_at

from ...model import BAD, GOOD, Labelled
from .blocks import BoilerpipeBlock

cetree.import_lxml__etree()

#: Width at which the paper wraps a block's text into lines to measure its text density.
LINE_WIDTH = WRAP_WIDTH
#: Text density from which a block's words count as full text (not navigation or teasers).
MIN_FULLTEXT_DENSITY = FULLTEXT_DENSITY


cdef class TextBlock:
    """A run of text between two block-level boundaries, or a fusion of adjacent runs.

    ``offset_start`` and ``offset_end`` are the positions, among the page's
    blocks before any fusion, of the first and last run it holds.
    ``words_in_wrapped_lines`` and ``wrapped_lines`` count the words and lines
    of the text wrapped at :data:`LINE_WIDTH`, leaving out the last, partial
    line (unless it is the only one), as boilerpipe does. ``xpath`` is that of
    the element holding the block's first text, in the parsed page, and
    ``start`` that element, made when it is read: the block keeps its node and
    document, as jusText's paragraphs do, so ``start`` is read while the page
    is unchanged. ``one_text_node`` tells whether the text is all that of one
    text node, held by ``start`` (its text, or a child's tail). For a block fused
    from several, ``line_starts`` holds one pair per line of its text: the
    address of the node of the element the line starts in
    (:func:`~scrapy_boilerplate.html.nodes.address`, 0 for none), and whether
    the line is all the text of one text node held by it. ``text_density`` is
    the words per wrapped line, ``link_density`` the share of the words that lie
    inside links.
    """

    def __init__(self, str text, Py_ssize_t words, Py_ssize_t words_in_links, Py_ssize_t words_in_wrapped_lines,
                 Py_ssize_t wrapped_lines, Py_ssize_t offset_start, Py_ssize_t offset_end, str xpath="",
                 start=None, bint one_text_node=False, list line_starts=None, bint is_content=False,
                 labels=None):
        self.text, self.words, self.words_in_links = text, words, words_in_links
        self.words_in_wrapped_lines, self.wrapped_lines = words_in_wrapped_lines, wrapped_lines
        self.offset_start, self.offset_end = offset_start, offset_end
        self.xpath, self.start, self.one_text_node, self.line_starts = xpath, start, one_text_node, line_starts
        self.is_content = is_content
        self.labels = set() if labels is None else set(labels)
        self.measure()

    def __repr__(self):
        return (f"TextBlock({self.text!r}, words={self.words}, offsets=({self.offset_start}, {self.offset_end}), "
                f"is_content={self.is_content}, labels={self.labels!r})")

    @property
    def start(self):
        return None if self.node is NULL else cetree.elementFactory(self.document, self.node)

    @start.setter
    def start(self, element):
        if element is None:
            self.node, self.document = NULL, None
        else:
            self.node, self.document = (<cetree._Element?>element)._c_node, (<cetree._Element>element)._doc

    cdef int measure(self) except -1:
        if self.words_in_wrapped_lines == 0:
            self.words_in_wrapped_lines = self.words
            self.wrapped_lines = 1
        self.text_density = <double>self.words_in_wrapped_lines / self.wrapped_lines
        self.link_density = <double>self.words_in_links / self.words if self.words else 0.0
        return 0

    cdef Py_ssize_t fulltext_words_of(self) noexcept:
        return self.words if self.text_density >= FULLTEXT_DENSITY else 0

    @property
    def fulltext_words(self):
        """The words of a block dense enough to be running text; 0 for any other block."""
        return self.fulltext_words_of()

    def set_content(self, bint is_content):
        """Mark the block as content or not; ``True`` if that changed it."""
        changed = self.is_content != is_content
        self.is_content = is_content
        return changed

    def absorb(self, TextBlock following not None):
        """Absorb the counts, labels and content flag of the block ``following`` this one;
        :func:`fuse` joins the texts."""
        self.absorb_counts(following)

    cdef int absorb_counts(self, TextBlock following) except -1:
        self.words += following.words
        self.words_in_links += following.words_in_links
        self.words_in_wrapped_lines += following.words_in_wrapped_lines
        self.wrapped_lines += following.wrapped_lines
        self.offset_start = min(self.offset_start, following.offset_start)
        self.offset_end = max(self.offset_end, following.offset_end)
        self.is_content |= following.is_content
        if following.labels:
            self.labels |= following.labels
        if self.line_starts is None:
            self.line_starts = [(<size_t>self.node, self.one_text_node)]
        if following.line_starts:
            self.line_starts += following.line_starts
        else:
            self.line_starts.append((<size_t>following.node, following.one_text_node))
        self.one_text_node = False
        return self.measure()


cdef TextBlock new_block(str text, Py_ssize_t words, Py_ssize_t words_in_links, Py_ssize_t words_in_wrapped_lines,
                         Py_ssize_t wrapped_lines, Py_ssize_t offset):
    """A block of the segmentation, at ``offset`` among the page's blocks (``TextBlock(...)`` without
    its call's arguments parsed: a page makes hundreds)."""
    cdef TextBlock block = TextBlock.__new__(TextBlock)
    block.text, block.words, block.words_in_links = text, words, words_in_links
    block.words_in_wrapped_lines, block.wrapped_lines = words_in_wrapped_lines, wrapped_lines
    block.offset_start = block.offset_end = offset
    block.xpath = ""
    block.labels = set()
    block.measure()
    return block


cdef inline bint _joins(TextBlock run, TextBlock block, object joins, int rule, Py_ssize_t max_distance) except -1:
    if rule == JOINS_CALLED:
        return bool(joins(run, block))
    if rule == JOINS_SAME_DENSITY:
        return run.text_density == block.text_density
    return (block.is_content and block.offset_start - run.offset_end - 1 <= max_distance
            and (run.is_content or rule == JOINS_NEAR))


cdef list fuse_blocks(list blocks, Py_ssize_t start, object joins, int rule, Py_ssize_t max_distance):
    """``blocks``, each block from ``start`` on that joins the run before it (by ``rule``) merged into it.

    Each block joining a run is absorbed into it (:meth:`TextBlock.absorb`), in
    turn, and each run's texts are joined, one per line, once at its end (joining
    them one by one copies the run's text every time: quadratic in a long run),
    so ``joins`` must not read the run's text. The block at ``start`` joins none.
    """
    cdef list kept = blocks[:start]
    cdef list texts = None  # those of the run kept[-1] starts, once a block joined it
    cdef TextBlock run = None, block
    cdef Py_ssize_t i
    for i in range(start, len(blocks)):
        block = <TextBlock?>blocks[i]
        if run is not None and _joins(run, block, joins, rule, max_distance):
            if texts is None:
                texts = [run.text]
            texts.append(block.text)
            run.absorb_counts(block)
            continue
        if texts is not None:
            run.text = "\n".join(texts)
            texts = None
        kept.append(block)
        run = block
    if texts is not None:
        run.text = "\n".join(texts)
    return kept


def fuse(list blocks not None, joins):
    """``blocks``, each block for which ``joins(run, block)`` holds merged into the run before it
    (see :meth:`TextBlock.absorb`); ``joins`` must not read the run's text."""
    return fuse_blocks(blocks, 0, joins, JOINS_CALLED, 0)


cdef class TextDocument:
    """A page as boilerpipe's filters see it.

    ``blocks`` is what the filters work on; ``removed`` keeps, for the output,
    the blocks a filter took out of it (such as :class:`BoilerplateBlockFilter`).
    """

    def __init__(self, list blocks not None, title=None, list removed=None):
        self.blocks, self.title = blocks, title
        self.removed = [] if removed is None else removed

    def __repr__(self):
        return f"TextDocument({len(self.blocks)} blocks, title={self.title!r}, {len(self.removed)} removed)"


def _offset_start(TextBlock block):
    return block.offset_start


def to_labelled(TextDocument document not None, list noted=None):
    """The document's blocks, including those a filter removed, in page order; with what the
    segmentation ``noted`` (see :func:`.segment`)."""
    cdef list blocks = document.blocks
    cdef TextBlock block
    if document.removed:
        blocks = sorted(blocks + document.removed, key=_offset_start)
    cdef Py_ssize_t count = len(blocks), i
    cdef list result = [None] * count, lines = [None] * count
    cdef bytes nodes = PyBytes_FromStringAndSize(NULL, count * <Py_ssize_t>sizeof(size_t))
    cdef xmlNode** starts = <xmlNode**>PyBytes_AS_STRING(nodes)
    cdef cetree._Document page = None  # the parsed page's, which the starts keep alive
    for i in range(count):
        block = <TextBlock?>blocks[i]
        # Positional arguments, in field order: with keywords, building a page's
        # thousands of blocks takes three times as long.
        result[i] = BoilerpipeBlock(
            block.text, GOOD if block.is_content else BAD, block.xpath, len(block.text), block.words,
            block.link_density, sorted(block.labels) if block.labels else [], block.text_density,
            block.words_in_links, block.offset_start, block.offset_end,
        )
        starts[i] = block.node
        if block.document is not None:
            page = block.document
        lines[i] = block.line_starts or block.one_text_node
    return Labelled(result, starts_at(page, nodes), lines, noted=noted)
