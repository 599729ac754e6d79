# cython: language_level=3
"""Segmentation of a parsed page into boilerpipe's text blocks, compiled: a walk over libxml2's nodes.

boilerpipe splits the text at every element that is not inline: inline
elements (``b``, ``span``, ``font``...) join their text to the surrounding
text, links do too but are counted, and scripts, styles and the like are
skipped. This module walks the caller's lxml tree once (no recursion, no copy,
no change to the tree) through lxml's C API, as jusText's segmentation does
(:mod:`scrapy_boilerplate.html.nodes`), and measures each block as boilerpipe
does: words are runs of letters, digits and ``"'.,!@-:;$?()/`` holding at
least one letter or digit.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.characters cimport is_alnum
from ...html.nodes cimport Open, Place, Walker, add_text, element_from
from ...html.utf8 cimport Buffer, add, blank, collapsed, decoded, release
from .document cimport WRAP_WIDTH, TextBlock, TextDocument, new_block

from collections.abc import Iterator
from typing import cast

from lxml import etree

from ...html.page import LOOKED_FOR_TAGS, note_skipped

cetree.import_lxml__etree()

cdef enum:
    INLINE, SPACING, LINK, BOUNDARY, SKIPPED, TAIL_ONLY

#: What each element does to the text around it; every other element is a block boundary.
TAG_ACTIONS: dict[str, int] = {
    **dict.fromkeys(("b", "code", "em", "font", "i", "span", "strike", "strong", "sub", "sup", "tt", "u", "var"),
                    INLINE),
    **dict.fromkeys(("abbr", "acronym"), SPACING),
    "a": LINK,
    # Skipped with their content, but still block boundaries. boilerpipe reads
    # only the body: the head's title is the document's title.
    **dict.fromkeys(("applet", "embed", "head", "noscript", "object", "option", "script", "style"), SKIPPED),
}


# --- Words: runs of letters, digits and the joining characters holding a letter or a digit
# (``\w`` is a letter, a digit or "_" to Python's regular expressions, as it is here).

cdef inline bint _joining(Py_UCS4 character) noexcept:
    """A word character that is no letter or digit."""
    return character in u"_\"'.,!@-:;$?()/"


cdef inline bint _word_character(Py_UCS4 character) noexcept:
    return is_alnum(character) or _joining(character)


cpdef list find_words(str text):
    """boilerpipe's words of ``text``."""
    cdef Py_ssize_t length = len(text), end = 0
    cdef Py_ssize_t start = _next_word(text, length, &end)
    words = []
    while start >= 0:
        words.append(text[start:end])
        start = _next_word(text, length, &end)
    return words


cdef Py_ssize_t _next_word(str text, Py_ssize_t length, Py_ssize_t* end) noexcept:
    """Where the next of boilerpipe's words of ``text`` from ``end[0]`` on starts (-1: none left),
    ``end[0]`` moved to its end: a run of word characters holding a letter or digit."""
    cdef Py_ssize_t i = end[0], start
    cdef bint lettered
    # Read as CPython holds the text (its characters' width and array), not through str indexing.
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_UCS4 character
    while i < length:
        if not _word_character(PyUnicode_READ(kind, data, i)):
            i += 1
            continue
        start, lettered = i, False
        while i < length:
            character = PyUnicode_READ(kind, data, i)
            if not _word_character(character):
                break
            lettered = lettered or is_alnum(character)
            i += 1
        if lettered:
            end[0] = i
            return start
    end[0] = i
    return -1


cpdef Py_ssize_t count_words(str text):
    """``len(find_words(text))``, without making the words."""
    cdef Py_ssize_t count = 0
    cdef bint in_run = False, lettered = False
    cdef Py_UCS4 character
    for character in text:
        if is_alnum(character):
            in_run = lettered = True
        elif _joining(character):
            in_run = True
        elif in_run:
            count += lettered
            in_run = lettered = False
    return count + lettered


cdef bint _has_token(str text):
    """Whether ``text`` holds a word character (a token, if not a word: "|" and "»" hold none)."""
    cdef Py_UCS4 character
    for character in text:
        if _word_character(character):
            return True
    return False


cdef int _wrap(str text, Py_ssize_t* words, Py_ssize_t* wrapped_words, Py_ssize_t* wrapped_lines) except -1:
    """Count the words of ``text`` (long: more than :data:`LINE_WIDTH` characters) into ``words``, and
    the words and number of the full lines of its words, one space apart, wrapped at
    :data:`LINE_WIDTH`, leaving out the last line (0 and 0 for one line), into the others: from the
    words' lengths, without making the words or the line."""
    cdef Py_ssize_t length = len(text), count = 0, end = 0, start
    cdef Py_ssize_t* lengths = <Py_ssize_t*>PyMem_Malloc((length // 2 + 1) * sizeof(Py_ssize_t))
    if lengths is NULL:
        raise MemoryError()
    start = _next_word(text, length, &end)
    while start >= 0:
        lengths[count] = end - start
        count += 1
        start = _next_word(text, length, &end)
    words[0] = count
    _wrap_lengths(lengths, count, wrapped_words, wrapped_lines)
    PyMem_Free(lengths)
    return 0


cdef void _wrap_lengths(Py_ssize_t* lengths, Py_ssize_t count, Py_ssize_t* wrapped_words,
                        Py_ssize_t* wrapped_lines) noexcept:
    # Each full line is the longest run of words that fits, or a single longer word; as boilerpipe
    # does, an empty line is counted before a too long first word, and a too long last word is the
    # last line. ``first``: the first word of the line, at ``start`` in the line of all the words.
    cdef Py_ssize_t total = count - 1 if count else 0, start = 0, first = 0, last, end, space, i
    for i in range(count):
        total += lengths[i]
    wrapped_words[0] = wrapped_lines[0] = 0
    while total - start > WRAP_WIDTH:
        # the last space at most WRAP_WIDTH characters on, after the word ``last``
        last, space, end = -1, start + lengths[first], -1
        i = first
        while i < count - 1 and space <= start + WRAP_WIDTH:
            last, end = i, space
            i += 1
            space += 1 + lengths[i]
        if last < 0:  # a word longer than a line: its own line
            if not start:
                wrapped_lines[0] += 1
            if first == count - 1:
                break
            last, end = first, start + lengths[first]
        wrapped_lines[0] += 1
        wrapped_words[0] += last - first + 1
        start, first = end + 1, last + 1


cdef TextBlock _measure(str text, Py_ssize_t words_in_links, Py_ssize_t offset):
    """The block of ``text``, its whitespace collapsed, at ``offset`` among the page's blocks
    (``None`` if it holds no token, such as "|" or "»")."""
    cdef Py_ssize_t words, wrapped_words = 0, wrapped_lines = 0
    if len(text) <= WRAP_WIDTH:  # words and the separators between them fit on one line
        words = count_words(text)
    else:
        _wrap(text, &words, &wrapped_words, &wrapped_lines)
    if not words and not _has_token(text):
        return None
    return new_block(text, words, words_in_links, wrapped_words, wrapped_lines, offset)


# --- The walk.

#: The most bytes of a text buffer kept for the next text.
cdef Py_ssize_t _KEPT_BYTES = 1 << 20


cdef class _Walk(Walker):
    """The blocks found and the one being filled."""

    cdef list blocks
    cdef int* actions  # by tag number
    cdef Py_ssize_t known, size
    cdef list noted
    # The current block's raw text from its first text on, libxml2's UTF-8, with a " " wherever
    # boilerpipe separates words (around links, abbreviations), and how many pieces it was made
    # of. Whitespace is collapsed once per block; as no word holds whitespace, the words of the
    # joined pieces are those of the pieces. ``piece``: a text being read.
    cdef Buffer text, piece
    cdef Py_ssize_t pieces
    # Whether the block has had text; where its first text lies (its place for the XPath, made when
    # the block is found) and the element holding it.
    cdef bint started
    cdef Place block_place
    cdef xmlNode* block_start
    # The words of the links it closed so far, where the open link's text starts in ``text``
    # (-1 outside links), and how many links are open.
    cdef Py_ssize_t words_in_links, link_start, link_depth

    def __cinit__(self, cetree._Element root, list noted):
        self.blocks = []
        self.size, self.known = 64, 0
        self.actions = <int*>PyMem_Malloc(self.size * sizeof(int))
        if self.actions is NULL:
            raise MemoryError()
        self.noted = noted
        self.text, self.piece, self.pieces = Buffer(NULL, 0, 0), Buffer(NULL, 0, 0), 0
        self.started = False
        self.block_place, self.block_start = Place(NULL, 0, 0), NULL
        self.words_in_links, self.link_start, self.link_depth = 0, -1, 0

    def __dealloc__(self):
        PyMem_Free(self.actions)
        PyMem_Free(self.block_place.steps)
        release(&self.text)
        release(&self.piece)

    cdef int action(self, Py_ssize_t number) except -1:
        """What the elements of tag ``number`` do."""
        while number >= self.known:  # the names are numbered in the order they are met
            if self.known == self.size:
                grown = <int*>PyMem_Realloc(self.actions, 2 * self.size * sizeof(int))
                if grown is NULL:
                    raise MemoryError()
                self.actions, self.size = grown, 2 * self.size
            self.actions[self.known] = TAG_ACTIONS.get(self.names.texts[self.known], BOUNDARY)
            self.known += 1
        return self.actions[number]

    cdef int end_block(self) except -1:
        if self.link_start >= 0:  # the open link's text so far belongs to this block
            self.words_in_links += count_words(decoded(&self.text, self.link_start))
            self.link_start = 0
        collapsed(&self.text, 0, False)
        cdef TextBlock block = _measure(decoded(&self.text, 0), self.words_in_links, len(self.blocks))
        if block is not None:
            block.xpath = self.xpath(&self.block_place)
            block.node, block.document = self.block_start, self.document
            block.one_text_node = self.pieces == 1
            self.blocks.append(block)
        self.started = False
        if self.text.size > _KEPT_BYTES:  # a huge block's buffer goes with it
            release(&self.text)
        self.text.length = self.pieces = 0
        self.words_in_links = 0
        return 0

    cdef int add_piece(self, const char* text, Py_ssize_t length) except -1:
        add(&self.text, text, length)
        self.pieces += 1
        return 0

    cdef int add_read(self, xmlNode* holder, Py_ssize_t number, Py_ssize_t index) except -1:
        """The text in ``piece``, of ``holder``: the first of a block unless it is blank (``number``
        and ``index``: its tag's number and its index among its siblings of that tag, -1 for a
        tail, held by the innermost open element)."""
        if not self.piece.length:
            return 0
        if not self.started:
            if blank(&self.piece):
                self.piece.length = 0
                return 0
            self.started = True
            self.place(&self.block_place, number, index)
            self.block_start = holder
        self.add_piece(self.piece.data, self.piece.length)
        if self.piece.size > _KEPT_BYTES:
            release(&self.piece)
        self.piece.length = 0
        return 0

    cdef xmlNode* start(self, xmlNode* node) except? NULL:
        cdef int action
        cdef Py_ssize_t number, index
        cdef xmlNode* child
        if node.type == tree.XML_COMMENT_NODE or node.type == tree.XML_PI_NODE:
            self.end(node, TAIL_ONLY)
            return NULL
        number = self.names.number(node)
        action = self.action(number)
        index = self.counts.add(number)
        if action == SKIPPED:
            if self.started:
                self.end_block()
            if self.noted is not None:  # what the walk skips too
                note_skipped(self.noted, self.element(node))
            self.end(node, SKIPPED)
            return NULL
        if action == BOUNDARY:
            if self.started:
                self.end_block()
            if self.noted is not None and node.type == tree.XML_ELEMENT_NODE and self.names.texts[number] in LOOKED_FOR_TAGS:
                self.noted.append(self.element(node))  # boundaries all, a base in the head aside
        elif action == LINK:
            self.link_depth += 1
            if self.link_depth == 1:
                if self.started:
                    self.add_piece(" ", 1)
                self.link_start = self.text.length
        elif action == SPACING and self.started:
            self.add_piece(" ", 1)
        if node.type == tree.XML_ELEMENT_NODE:
            add_text(&self.piece, node.children)
        else:  # an entity: its text is its reference ("&name;"), which lxml makes
            reference = (<str>self.element(node).text).encode("utf-8")
            add(&self.piece, reference, len(reference))
        self.add_read(node, number, index)
        # An entity's children are the entity's own nodes, not the page's: lxml counts none.
        child = element_from(node.children) if node.type == tree.XML_ELEMENT_NODE else NULL
        if child is NULL:
            self.end(node, action)
            return NULL
        self.open(node, action, 0, 0, number, index)
        return child

    cdef xmlNode* close(self) except NULL:
        cdef Open ending = self.pop()
        self.end(ending.node, ending.kind)
        return ending.node

    cdef int end(self, xmlNode* node, int action) except -1:
        """The end of ``node`` (skipped ones, comments and processing instructions end where they
        start); ``path`` is its parent's."""
        if action == BOUNDARY:
            if self.started:
                self.end_block()
        elif action == LINK:
            self.link_depth -= 1
            if self.link_depth == 0:
                if self.started:
                    self.words_in_links += count_words(decoded(&self.text, self.link_start))
                    self.add_piece(" ", 1)
                self.link_start = -1
        elif action == SPACING and self.started:
            self.add_piece(" ", 1)
        if node is not self.top:  # its tail is held by the parent, open until its children end
            add_text(&self.piece, node.next)
            self.add_read(self.open_elements[self.depth - 1].node, -1, 0)
        return 0


def segment(root: etree._Element, noted: list | None = None) -> TextDocument:
    """The text blocks of the tree under ``root``, and the page's title. With ``noted``, the walk
    adds to it the page's elements that the renderers look for (see :attr:`.Page.noted`),
    sparing them a walk."""
    if not isinstance(root.tag, str):
        raise TypeError(f"segment() walks the tree under an element, not under {root!r}")
    cdef _Walk walk = _Walk(root, noted)
    walk.walk()
    if walk.started:
        walk.end_block()
    return TextDocument(walk.blocks, title=page_title(root))


def page_title(root: etree._Element) -> str | None:
    """The whitespace-normalized text of the page's ``<head><title>``, if any."""
    title = root.getroottree().getroot().find("head/title")
    if title is None:
        return None
    text = " ".join("".join(cast("Iterator[str]", title.itertext())).split())  # an HTML tree's texts are str
    return text or None
