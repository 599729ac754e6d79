# cython: language_level=3
"""Where the good blocks' text lies in the page, and what structure holds it: the input of the renderers.

Every algorithm gives each block its text and the XPath of the element it
starts in; none of them is asked for more. From that element a walk in
document order finds the block's text in the page's text nodes, ignoring
whitespace (algorithms differ in how they join and collapse it), and cuts it
into runs, each held by one text node. A run's element says everything the
renderers need: the nearest element that is not inline (a paragraph, a list
item, a table cell...) groups runs into :class:`Piece` objects, that
element's ancestors give the structure (headings, lists, quotes, code, tables)
and the inline elements between them and the text the markup (links,
emphasis, inline code, images). A block whose text comes right after the
previous one's, as good blocks' often does, is found by walking on, without
looking its XPath up; so are the images between the two, which go with the
second. Renderings without images leave out the images whose alt text is not
the block's (they would write nothing, or empty cells and items), and place a
block that is all the text of the element it starts in there, without a walk; so
is a block whose algorithm tells that its text is all that of one text node
held by that element (its text or a child's tail). A block the algorithm joined
from several (boilerpipe's fusions) is placed line by line, each line from the
element the algorithm tells it starts in.

A block whose text the walk cannot find in the page (an algorithm's own
additions, text it skipped coinciding with its own) becomes one piece without
inline markup in the element it starts in: the renderers always write every
word of every good block, in order. Without the page (an unpickled
:class:`~scrapy_boilerplate.Extraction`), each block is placed in a skeleton
rebuilt from the XPaths alone: the same structure, no inline markup.

The walks follow libxml2's node pointers through lxml's public C API (as
``html/nodes.pyx`` does), tell tags by their names in C and compare each text
node's UTF-8, decoded into code points, with the block's text: they make Python
objects only of the elements that hold the block's runs. A text node lxml
cannot decode (a caller's XML tree holding an encoded surrogate) is no text, as
``.text`` raising would make it.

One module for one idea, the blocks' text found in the page's text nodes: its
length is the cases of that search (runs, lines, skeletons, whole elements).
Writing a piece's markup is :mod:`.markup`'s; placing the images and tables no
block holds, :mod:`.inserts`'.
"""

from cpython.bytes cimport PyBytes_AS_STRING
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdlib cimport bsearch, qsort
from cpython.unicode cimport Py_UNICODE_ISSPACE, PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ
from libc.string cimport strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from ..html.nodes cimport element_from, is_element, text_node
from ..html.utf8 cimport well_formed

import re
from collections.abc import Callable, Sequence

from lxml import etree

from ..html.nodes import addresses
from ..html.walk import unknown_ancestors
from ..html.xpath import resolver
from ..model import GOOD

cetree.import_lxml__etree()

cdef extern from "Python.h":
    str PyUnicode_FromKindAndData(int kind, const void* buffer, Py_ssize_t size)
    Py_UCS4* PyUnicode_AsUCS4Copy(object text) except NULL
    int PyUnicode_4BYTE_KIND

#: Elements that do not end a run of text: their text continues the text around them.
INLINE_TAGS = frozenset({
    "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "cite", "code", "data", "del", "dfn", "em",
    "font", "i", "img", "ins", "kbd", "label", "mark", "nobr", "q", "s", "samp", "small", "span", "strike",
    "strong", "sub", "sup", "time", "tt", "u", "var", "wbr", "br",
})
#: Inline elements the renderers write as markup; the others are only their text.
MARKUP_TAGS = frozenset({"a", "b", "strong", "i", "em", "code", "kbd", "samp", "tt", "img"})
#: Elements whose position in the page's structure the renderers write.
STRUCTURE_TAGS = frozenset({
    "blockquote", "ul", "ol", "menu", "li", "dl", "dt", "dd", "table", "tr", "th", "td", "pre",
    "h1", "h2", "h3", "h4", "h5", "h6",
})
#: Elements whose text no algorithm counts as the page's text.
_NOT_TEXT_TAGS = frozenset({"script", "style", "template", "head"})
#: How many characters of text nodes that are not the block's the walk passes before it gives up.
cdef Py_ssize_t _MAX_SKIPPED = 20_000

#: What an algorithm tells of a block's text, beside the element it starts in: ``True`` when the
#: text is all that of one text node held by that element (its own text or a child's tail),
#: ``False`` when it does not tell, and for a block it joined from several, one per line of the
#: text (``"\n"`` between them), the address of the node of the element the line starts in (as
#: :func:`~scrapy_boilerplate.html.nodes.address` gives it; 0 for none) and whether the same holds of it.
Shape = bool | Sequence[tuple[int, bool]]


# --- Tags, told in C: what each of the names above is, in a table hashed by the name's bytes.

cdef enum:
    INLINE = 1
    MARKUP = 2
    STRUCTURE = 4
    NOT_TEXT = 8
    IMAGE = 16
    BREAK = 32
    NOT_ELEMENT = 64  # a comment, a processing instruction or an entity: a tag that is not a str

cdef struct Name:
    const char* name
    int kinds

cdef enum:
    _SLOTS = 256  # of the table: a power of two, four times the names
cdef Name _NAMES[_SLOTS]
#: The names' bytes, which the table points into.
_NAME_BYTES = []


cdef inline unsigned int _slot(const char* name) noexcept nogil:
    cdef unsigned int hashed = 5381
    while name[0]:
        hashed = (hashed * 33) ^ <unsigned char>name[0]
        name += 1
    return hashed & (_SLOTS - 1)


cdef void _add_name(str name, int kinds):
    encoded = name.encode()
    _NAME_BYTES.append(encoded)
    cdef const char* address = encoded
    cdef unsigned int slot = _slot(address)
    while _NAMES[slot].name is not NULL and strcmp(_NAMES[slot].name, address) != 0:
        slot = (slot + 1) & (_SLOTS - 1)
    _NAMES[slot].name = address
    _NAMES[slot].kinds |= kinds


for _name in INLINE_TAGS:
    _add_name(_name, INLINE | (IMAGE if _name == "img" else 0) | (BREAK if _name == "br" else 0))
for _name in MARKUP_TAGS:
    _add_name(_name, MARKUP)
for _name in STRUCTURE_TAGS:
    _add_name(_name, STRUCTURE)
for _name in _NOT_TEXT_TAGS:
    _add_name(_name, NOT_TEXT)


cdef inline int kinds_of(xmlNode* node) noexcept nogil:
    """What ``node``'s tag is among the names above (``0``: none of them)."""
    if node.type != tree.XML_ELEMENT_NODE:
        return NOT_ELEMENT
    if node.ns is not NULL:  # "{namespace}name": none of them
        return 0
    cdef const char* name = <const char*>node.name
    cdef unsigned int slot = _slot(name)
    while _NAMES[slot].name is not NULL:
        if strcmp(_NAMES[slot].name, name) == 0:
            return _NAMES[slot].kinds
        slot = (slot + 1) & (_SLOTS - 1)
    return 0


cdef inline xmlNode* _node(element):
    return (<cetree._Element>element)._c_node


cdef inline object _parent(cetree._Element element):
    """``element.getparent()``, read in C: the node above it when lxml counts it as an element."""
    cdef xmlNode* parent = element._c_node.parent
    if parent is NULL or not is_element(parent):
        return None
    return cetree.elementFactory(element._doc, parent)


# --- Text nodes' text, decoded into code points as lxml's ``.text`` and ``.tail`` read it.

cdef class Chars:
    """A text decoded into code points, in a buffer kept from one text to the next."""

    cdef Py_UCS4* data
    cdef Py_ssize_t length
    cdef Py_ssize_t capacity

    def __dealloc__(self):
        PyMem_Free(self.data)

    cdef int reserve(self, Py_ssize_t size) except -1:
        cdef Py_ssize_t capacity = max(size, 2 * self.capacity, 256)
        cdef Py_UCS4* data = <Py_UCS4*>PyMem_Realloc(self.data, capacity * sizeof(Py_UCS4))
        if data is NULL:
            raise MemoryError()
        self.data, self.capacity = data, capacity
        return 0

    cdef int read(self, xmlNode* node) except -1:
        """The text of the text nodes from ``node`` on, until another node (lxml's ``_collectText``):
        ``1`` when it is valid UTF-8 (decoded into :attr:`data`), ``0`` when it is not."""
        self.length = 0
        node = text_node(node)
        while node is not NULL:
            if node.content is not NULL and not self.add(<const unsigned char*>node.content):
                return 0
            node = text_node(node.next)
        return 1

    cdef bint add(self, const unsigned char* text) except -1:
        """Append ``text``, decoded as Python's strict UTF-8 decoder does; ``False`` if it is not UTF-8."""
        cdef Py_ssize_t size = 0
        while text[size]:
            size += 1
        if self.length + size > self.capacity:
            self.reserve(self.length + size)
        cdef Py_UCS4* out = self.data + self.length
        cdef Py_ssize_t i = 0, length, j
        cdef unsigned int byte, point
        while i < size:
            byte = text[i]
            if byte < 0x80:
                out[0] = byte
                out += 1
                i += 1
                continue
            length = well_formed(text, i, size)
            if not length:
                return False
            point = byte & (0x7F >> length)  # the lead byte's bits of the code point
            for j in range(i + 1, i + length):
                point = (point << 6) | (text[j] & 0x3F)
            i += length
            out[0] = <Py_UCS4>point
            out += 1
        self.length = out - self.data
        return True

    cdef bint blank(self) noexcept:
        """Whether the text is whitespace alone (``str.isspace``: not when empty)."""
        cdef Py_ssize_t i
        for i in range(self.length):
            if not Py_UNICODE_ISSPACE(self.data[i]):
                return False
        return self.length > 0

    cdef str text(self):
        return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, self.data, self.length)


# --- The walk through the page's text nodes.

cdef enum:
    NO_MORE = 0
    TEXT = 1  # text, in ``chars``
    AN_IMAGE = 2
    A_BREAK = 3


cdef class TextNodes:
    """The page's text nodes in document order, each with the element holding it (whitespace alone
    left out), an image as one without text: those of a subtree (its root's tail aside) and, when
    climbing, after it to the end of the page through the tails and siblings of its ancestors.
    With ``breaks`` (a subtree alone), each line break too, and whitespace alone."""

    cdef xmlNode* top  # the subtree walked, NULL once it is
    cdef xmlNode* node
    cdef bint entering  # at the start of ``node`` (else at its end)
    cdef bint broke  # ``node``'s line break told
    cdef bint breaks
    cdef bint climbing
    cdef xmlNode* holder
    cdef xmlNode* first  # the first of the text nodes told last
    cdef Chars chars

    def __cinit__(self):
        self.chars = Chars()

    cdef void start(self, xmlNode* start, bint inside, bint climbing, bint breaks) noexcept:
        """Walk from the start of ``start`` (its end, unless ``inside``); on to the end of the page
        when ``climbing``, else only through ``start``."""
        self.node, self.entering, self.broke = start, True, False
        self.top = start if inside else NULL
        self.climbing, self.breaks = climbing, breaks

    cdef void stop(self) noexcept:
        self.top = NULL
        self.climbing = False

    cdef bint readable(self, xmlNode* first) except -1:
        """Whether the text nodes from ``first`` on hold text to tell (decoded into ``chars``)."""
        if not self.chars.read(first) or not self.chars.length:
            return False
        return self.breaks or not self.chars.blank()

    cdef int next(self) except -1:
        """The next text node (:data:`TEXT`, its text in ``chars``), image or line break, its
        :attr:`holder` set; :data:`NO_MORE` at the end."""
        cdef xmlNode* node
        cdef xmlNode* following
        cdef int kinds
        cdef bint found
        while True:
            node = self.node
            if self.top is not NULL:
                if self.entering:
                    kinds = kinds_of(node)
                    if kinds & NOT_ELEMENT:  # no text of its own: its tail next
                        self.entering = False
                        continue
                    if self.breaks and kinds & BREAK and not self.broke:
                        self.broke, self.holder = True, node
                        return A_BREAK
                    self.broke = False
                    if kinds & IMAGE:
                        self.entering, self.holder = False, node
                        return AN_IMAGE
                    if kinds & NOT_TEXT:
                        self.entering = False
                        continue
                    found = self.readable(node.children)
                    following = element_from(node.children)
                    if following is NULL:
                        self.entering = False
                    else:
                        self.node = following
                    if found:
                        self.holder, self.first = node, node.children
                        return TEXT
                    continue
                if node is self.top:  # the end of the subtree
                    self.top = NULL
                    if not self.climbing:
                        return NO_MORE
                    continue
                found = self.readable(node.next)
                following = element_from(node.next)
                if following is NULL:
                    self.node = node.parent
                else:
                    self.node, self.entering = following, True
                if found:
                    self.holder, self.first = node.parent, node.next
                    return TEXT
                continue
            if not self.climbing:
                return NO_MORE
            # The tail of ``node``, then its following siblings, then those of its ancestors (the
            # page's root, a tail of nothing, has none that any algorithm reads).
            if node.parent is NULL or not is_element(node.parent):
                self.climbing = False
                return NO_MORE
            found = self.readable(node.next)
            following = element_from(node.next)
            if following is NULL:
                self.node = node.parent
            else:
                self.node = following
                if following.type == tree.XML_ELEMENT_NODE:
                    self.top, self.entering, self.broke = following, True, False
            if found:
                self.holder, self.first = node.parent, node.next
                return TEXT


# --- The pieces.

cdef class Run:
    """``text[start:end]`` of a piece, held by one text node (or an image's ``alt``, or an image
    without text when ``start == end``), inside the markup elements ``inline``, outermost first."""

    def __init__(self, Py_ssize_t start, Py_ssize_t end, tuple inline):
        self.start, self.end, self.inline = start, end, inline


cdef inline Run _run(Py_ssize_t start, Py_ssize_t end, tuple inline):
    """A new :class:`Run`, made without a call through Python (a page has one for each text node placed)."""
    cdef Run run = Run.__new__(Run)
    run.start, run.end, run.inline = start, end, inline
    return run


cdef class Piece:
    """Text of one good block inside one element that is not inline (``element``; ``None`` when the
    block's XPath selects nothing in the page).

    ``structure`` holds the element's ancestors (itself included) that are in
    :data:`STRUCTURE_TAGS`, outermost first; ``runs`` index ``text``, the block's text.
    """

    def __init__(self, element, tuple structure, str text, list runs):
        self.element, self.structure, self.text, self.runs = element, structure, text, runs


cdef inline Piece _piece(element, tuple structure, str text, list runs):
    """A new :class:`Piece`, made as :func:`_run` makes a run."""
    cdef Piece piece = Piece.__new__(Piece)
    piece.element, piece.structure, piece.text, piece.runs = element, structure, text, runs
    return piece


def pieces(blocks, page, starts=None, *, bint images=True):
    """The pieces of the good blocks of ``blocks``, in document order.

    ``starts``, when the algorithm gave them, holds the blocks' XPaths as it
    made them and what :func:`held` keeps of the element each selects and of
    each block's :data:`Shape` (empty if the algorithm does not tell): a block
    whose XPath is still that, and whose elements are still in the page, is
    placed without looking it up. Without ``images``, the images whose alt text
    is not the block's are left out (they would write nothing).
    """
    xpaths = elements = shapes = ()
    cdef list numbers = [number for number, block in enumerate(blocks) if block.label == GOOD and block.text]
    cdef set lost = set()
    cdef Walk walk
    if page is None:
        walk = Walk(_skeleton([blocks[number] for number in numbers]))
    else:
        walk = Walk(resolver(page.root))
        if starts is not None:
            xpaths, addresses, shapes = starts
            elements, shapes = _found(page.root, addresses, shapes, numbers, lost)
    # For each element holding text: its piece's element, its markup elements and its structure.
    cdef dict placements = {}
    cdef dict structures = {None: ()}
    cdef list result = []
    cdef Py_ssize_t placed = -2  # the number of the block placed last
    cdef Py_ssize_t number, line_start, line_end, begin, end
    cdef str text, line
    cdef bint known, follows, one_text_node
    cdef Piece current
    cdef Run last
    cdef tuple inline, structure, placement
    cdef list runs
    for number in numbers:
        block = blocks[number]
        text = block.text
        known = number < len(xpaths) and xpaths[number] == block.xpath and number not in lost
        shape = shapes[number] if known and shapes else False
        # A block joined from several is placed line by line, each from its own start (with
        # images, as one: the walk finds the images between its lines, which go with the first).
        lines = None
        if not images and not isinstance(shape, bool):
            lines = _lines(text, shape)
        if lines is None:
            lines = [(0, len(text), elements[number] if known else None, shape is True)]
        follows = number == placed + 1  # right after the block placed last
        current = None
        for line_start, line_end, start, one_text_node in lines:
            line = text if line_end - line_start == len(text) else text[line_start:line_end]
            # Most lines are all the text of one text node of the element they start in, as the
            # algorithm tells or, in a leaf, as its text reads: placed there without a walk (but
            # with images: the walk on from the text before finds those between the two, its own).
            if not images and start is not None and (
                    one_text_node or (not cetree.hasChild(_node(start)) and walk.holds_exactly(start, line))):
                walk.placed_in(start, line, follows)
                if current is None and not kinds_of(_node(start)) & INLINE:  # most: a paragraph, an item...
                    structure = structures.get(start)
                    if structure is None:
                        structure = structure_of(start, structures)
                    current = _piece(start, structure, text, [_run(line_start, line_end, ())])
                    result.append(current)
                    follows = True
                    continue
                runs = [(0, len(line), start)]
            else:
                runs = walk.find(line, start, None if known else block.xpath, follows, images)
            follows = True
            for begin, end, holder in runs:
                begin += line_start
                end += line_start
                placement = placements.get(holder)
                if placement is None:
                    if holder is None or not kinds_of(_node(holder)) & INLINE:  # most: a paragraph, an item...
                        element, inline = holder, ()
                    else:
                        element, inline = _placement(holder)
                    placement = placements[holder] = (element, inline, structure_of(element, structures))
                element, inline, structure = placement
                # A new piece where the text moves to another element, unless the block's text
                # runs on without a space there (an algorithm that ignores that element's edges).
                if current is None or (current.element is not element
                                       and (begin == 0 or Py_UNICODE_ISSPACE(text[begin - 1]))):
                    current = _piece(element, structure, text, [_run(begin, end, inline)])
                    result.append(current)
                    continue
                last = current.runs[-1]
                # Text without markup after text without markup: one run (the renderers write both
                # alike), unless an "&" ends the first, which the Markdown writer tells an entity by
                # what follows it in its run.
                if inline or last.inline or text[last.end - 1] == "&":
                    current.runs.append(_run(begin, end, inline))
                else:
                    last.end = end
        placed = number
    return result


# --- Where the blocks start, kept without an object per element.

def held(elements, shapes):
    """What a renderer keeps of the elements where an algorithm's blocks start and of their
    :data:`Shape`: each element's node by its address (0 for none), all in one ``bytes``, and the
    shapes, each block's lines as a tuple of their own (the algorithm's may change). Element
    objects kept with an extraction would be watched by the cycle collector as long as it lives
    (a crawl's response, some 180 a page); :func:`pieces` finds the nodes again by one walk
    through the page, which finds only those still in it."""
    return addresses(elements), [shape if isinstance(shape, bool) else tuple(shape) for shape in shapes]


cdef int _compare(const void* left, const void* right) noexcept nogil:
    cdef size_t a = (<const size_t*>left)[0], b = (<const size_t*>right)[0]
    return (a > b) - (a < b)


cdef tuple _found(root, bytes addresses, list shapes, list numbers, set lost):
    """The elements and shapes :func:`held` kept of the blocks ``numbers``, their nodes found again
    under ``root`` (the others' ``None`` and ``False``): a node no longer there (the page changed
    since) is none, and its block's number goes into ``lost``."""
    cdef const size_t* at = <const size_t*>PyBytes_AS_STRING(addresses)
    cdef Py_ssize_t count = len(addresses) // <Py_ssize_t>sizeof(size_t), wanted = 0, distinct = 0, number
    numbers = [number for number in numbers if number < count]
    cdef list joined = [shapes[number] for number in numbers if number < len(shapes)
                        and not isinstance(shapes[number], bool)]
    cdef size_t* sought = <size_t*>PyMem_Malloc(
        (len(numbers) + sum(len(shape) for shape in joined) + 1) * sizeof(size_t))
    if sought is NULL:
        raise MemoryError()
    cdef dict found = {}
    cdef xmlNode* top = _node(root)
    cdef xmlNode* node = top
    cdef size_t address
    try:
        for number in numbers:
            if at[number]:
                sought[wanted] = at[number]
                wanted += 1
        for shape in joined:
            for address, _ in shape:
                if address:
                    sought[wanted] = address
                    wanted += 1
        qsort(sought, wanted, sizeof(size_t), _compare)
        for number in range(wanted):  # a start may open several blocks
            if number == 0 or sought[number] != sought[distinct - 1]:
                sought[distinct] = sought[number]
                distinct += 1
        document = (<cetree._Element>root)._doc
        # Until every node is found: the last good block's start often lies mid-page.
        while node is not NULL and len(found) < distinct:
            address = <size_t>node
            if bsearch(&address, sought, distinct, sizeof(size_t), _compare) is not NULL:
                found[address] = cetree.elementFactory(document, node)
            node = _next_in(node, top)
    finally:
        PyMem_Free(sought)
    cdef list elements = [None] * count
    cdef list shapes_found = [False] * len(shapes)
    for number in numbers:
        if at[number]:
            element = found.get(at[number])
            if element is None:
                lost.add(number)
            elements[number] = element
        if number < len(shapes):
            shape = shapes[number]
            if not isinstance(shape, bool):
                lines = []
                for address, one_text_node in shape:
                    element = found.get(address) if address else None
                    if address and element is None:
                        lost.add(number)
                    lines.append((element, one_text_node))
                shape = tuple(lines)
            shapes_found[number] = shape
    return elements, shapes_found


cdef list _lines(str text, shape):
    """Where each line of ``text`` lies in it, with what ``shape`` tells of it; ``None`` when the
    text's lines are not the shape's."""
    if text.count("\n") + 1 != len(shape):
        return None
    lines = []
    cdef Py_ssize_t start = 0, end
    for element, one_text_node in shape:
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        lines.append((start, end, element, one_text_node))
        start = end + 1
    return lines


cdef class Walk:
    """Where texts lie in the page, looked for one after another in document order."""

    #: The element of an XPath.
    cdef object resolve
    #: The text nodes after the last text placed (when ``following``): the next text, when it
    #: comes right after (as good blocks often do), is found there without looking its element
    #: up. Only when no other block lies between: a bad block's text, which does, could be taken for it.
    cdef TextNodes nodes
    cdef bint following
    cdef cetree._Document document  # that of the element the walk started from
    #: The addresses of the text nodes placed blocks took: each a block's alone, as the blocks come in
    #: document order (a block searched from its element would otherwise find an earlier one's
    #: text there, the same words, before its own).
    cdef set taken

    def __cinit__(self, resolve):
        self.resolve = resolve
        self.nodes = TextNodes()
        self.following = False
        self.taken = set()

    cdef int take_all(self, start) except -1:
        """Note that the text nodes of ``start`` (its tail aside) are a placed block's."""
        cdef xmlNode* element = _node(start)
        cdef xmlNode* node = element.children
        while node is not NULL:
            if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
                self.taken.add(<size_t>node)
            node = _after(node, element)
        return 0

    cdef void walk_from(self, start, bint inside):
        self.document = (<cetree._Element>start)._doc
        self.nodes.start(_node(start), inside, True, False)
        self.following = True

    cdef int placed_in(self, start, str text, bint follows) except -1:
        """Note that ``text``, placed last, is all that of one text node held by ``start``."""
        if not cetree.hasChild(_node(start)):
            self.take_all(start)
            self.walk_from(start, False)
        elif follows and self.following:
            # Its text node lies among ``start``'s children's: the walk on passes it.
            if self.find_in(text, True, False) is None:
                self.following = False
        else:
            self.following = False
        return 0

    cdef list find(self, str text, start, xpath, bint follows, bint images):
        """Where ``text`` lies: (start, end, holder) of each text node holding some of it (see
        :meth:`find_in`); after the last text placed when it ``follows`` it, else from ``start``
        (the element ``xpath`` selects, when given): if not found, all of it in that element."""
        cdef list runs
        if follows and self.following:
            runs = self.find_in(text, True, images)
            if runs is not None:
                return runs
        if xpath is not None:
            start = self.resolve(xpath)
        self.following = False
        if start is None:
            return [(0, len(text), None)]
        if self.holds_exactly(start, text):  # most texts: a paragraph's and nothing else
            self.take_all(start)
            self.walk_from(start, False)
            return [(0, len(text), start)]
        self.walk_from(start, True)
        runs = self.find_in(text, False, images)
        if runs is None:  # not found: all of it in the element it starts in
            self.following = False
            return [(0, len(text), start)]
        return runs

    cdef bint holds_exactly(self, start, str text) except -1:
        """Whether ``text`` is all the text of ``start``, which holds neither markup nor any element
        that is not inline."""
        cdef Chars whole = self.nodes.chars
        cdef xmlNode* element = _node(start)
        cdef xmlNode* node
        if not cetree.hasChild(element):
            if not whole.read(element.children):
                start.text  # raises lxml's UnicodeDecodeError
        else:
            node = element_from(element.children)
            while node is not NULL:  # its descendants, in document order
                if not kinds_of(node) & INLINE or kinds_of(node) & MARKUP:
                    return False
                node = _next_in(node, element)
            whole.length = 0
            if not _all_text(whole, element):
                "".join(start.itertext())  # raises lxml's UnicodeDecodeError
        return _same_words(whole, text)

    cdef list find_in(self, str text, bint strict, bint images):
        """Where ``text`` lies in the text nodes the walk goes on to: (start, end, holder) of each
        node that holds some of it (an image without text in the block at its place, with
        ``images``); ``None`` if it is not found there, or with ``strict`` if any node before its
        end (whitespace aside) is not part of it."""
        cdef list runs = []
        cdef list took = []  # the text nodes of the runs
        cdef list waiting = []  # images seen before the first run
        cdef Py_ssize_t position = 0, begin, end
        cdef Py_ssize_t length = len(text)
        cdef Py_ssize_t skipped = 0
        cdef TextNodes nodes = self.nodes
        cdef int found
        while True:
            found = nodes.next()
            if found == NO_MORE:
                return None
            begin = position
            while begin < length and Py_UNICODE_ISSPACE(text[begin]):
                begin += 1
            if found == AN_IMAGE:
                # Its alt text may be part of the block, but not when walking on from the block
                # before, where an image's alt text often repeats a heading after it.
                holder = cetree.elementFactory(self.document, nodes.holder)
                end = -1
                if not strict:
                    alt = holder.get("alt")
                    if alt and not alt.isspace():
                        end = _match_str(text, begin, alt)
                if end < 0:
                    if images:
                        (runs if runs else waiting).append((position, position, holder))
                    continue
            else:
                if <size_t>nodes.first in self.taken:
                    end = -1
                else:
                    end = _match(text, begin, nodes.chars.data, nodes.chars.length)
                if end < 0:
                    skipped += nodes.chars.length
                    if strict or skipped > _MAX_SKIPPED:
                        return None
                    waiting.clear()
                    continue
                holder = cetree.elementFactory(self.document, nodes.holder)
                took.append(<size_t>nodes.first)
            if not runs and waiting:
                runs.extend(waiting)
            runs.append((begin, end, holder))
            position = end
            if position == length:  # block texts are stripped
                self.taken.update(took)
                return runs


cdef inline xmlNode* _next_in(xmlNode* node, xmlNode* top) noexcept nogil:
    """The node after ``node`` inside ``top`` in document order, among those lxml counts as
    children (``NULL`` past the last)."""
    cdef xmlNode* following = element_from(node.children) if node.type == tree.XML_ELEMENT_NODE else NULL
    if following is not NULL:
        return following
    while node is not top:
        following = element_from(node.next)
        if following is not NULL:
            return following
        node = node.parent
    return NULL


cdef bint _all_text(Chars whole, xmlNode* element) except -1:
    """Decode into ``whole`` all the text of ``element``'s text nodes, in document order (its tail
    aside: ``"".join(element.itertext())`` of an element holding elements alone); ``False`` if any
    is not UTF-8."""
    cdef xmlNode* node = element.children
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            if node.content is not NULL and not whole.add(<const unsigned char*>node.content):
                return False
        node = _after(node, element)
    return True


cdef inline xmlNode* _after(xmlNode* node, xmlNode* top) noexcept nogil:
    """The node after ``node`` inside ``top`` in document order, text nodes included (``NULL`` past
    the last)."""
    if node.children is not NULL and node.type == tree.XML_ELEMENT_NODE:
        return node.children
    while node.next is NULL and node.parent is not top:
        node = node.parent
    return node.next


cdef bint _same_words(Chars whole, str text) except -1:
    """Whether ``text`` is ``whole``, or its words are ``whole``'s between the same first and last
    characters (``text`` is stripped; ``whole`` may hold the source's line breaks and indentation)."""
    cdef Py_UCS4* chars = whole.data
    cdef Py_ssize_t length = whole.length, size = len(text), i, j, first, last
    cdef int kind = PyUnicode_KIND(text)  # read in place, as _match reads it
    cdef void* data = PyUnicode_DATA(text)
    if length == size:
        for i in range(size):
            if chars[i] != PyUnicode_READ(kind, data, i):
                break
        else:
            return True
    first, last = 0, length
    while first < last and Py_UNICODE_ISSPACE(chars[first]):
        first += 1
    while last > first and Py_UNICODE_ISSPACE(chars[last - 1]):
        last -= 1
    if first == last:  # no words: only the empty text equals its stripped form
        return size == 0
    if size == 0:
        raise IndexError("string index out of range")  # an empty text has no first character
    if chars[first] != PyUnicode_READ(kind, data, 0) or chars[last - 1] != PyUnicode_READ(kind, data, size - 1):
        return False
    # The same words, one for one: whitespace runs may differ.
    i, j = first, 0
    while True:
        while i < last and Py_UNICODE_ISSPACE(chars[i]):
            i += 1
        while j < size and Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, j)):
            j += 1
        if i == last or j == size:
            return i == last and j == size
        while i < last and not Py_UNICODE_ISSPACE(chars[i]):
            if j == size or PyUnicode_READ(kind, data, j) != chars[i]:  # chars[i] is not whitespace
                return False
            i += 1
            j += 1
        if j < size and not Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, j)):
            return False


cdef Py_ssize_t _match(str text, Py_ssize_t position, Py_UCS4* chars, Py_ssize_t size) except -2:
    """Where the words of ``chars`` (``size`` code points) end in ``text`` if they start at ``position``
    (not whitespace), whitespace aside: each word in turn after any whitespace, a word ending where
    it may (the algorithm joined words the page's elements part); ``-1`` if they do not."""
    cdef Py_ssize_t length = len(text), i = 0
    cdef int kind = PyUnicode_KIND(text)  # read in place: a block's text is compared with every node passed
    cdef void* data = PyUnicode_DATA(text)
    while True:
        while i < size and Py_UNICODE_ISSPACE(chars[i]):
            i += 1
        if i == size:
            return position
        while position < length and Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, position)):
            position += 1
        while i < size and not Py_UNICODE_ISSPACE(chars[i]):
            if position == length or PyUnicode_READ(kind, data, position) != chars[i]:
                return -1
            i += 1
            position += 1


cdef Py_ssize_t _match_str(str text, Py_ssize_t position, str piece) except -2:
    """:func:`_match` for a ``str`` (an image's alt text)."""
    cdef Py_UCS4* chars = PyUnicode_AsUCS4Copy(piece)
    try:
        return _match(text, position, chars, len(piece))
    finally:
        PyMem_Free(chars)


cdef tuple _placement(holder):
    """The nearest element holding ``holder`` (itself included) that is not inline, and the markup
    elements from there down to ``holder``, outermost first."""
    inline = []
    element = holder
    cdef int kinds = kinds_of(_node(element))
    while kinds & INLINE:
        if kinds & MARKUP:
            inline.append(element)
        parent = _parent(element)
        if parent is None:
            break
        element = parent
        kinds = kinds_of(_node(element))
    inline.reverse()
    return element, tuple(inline)


cpdef tuple structure_of(element, dict known):
    """The ancestors of ``element`` (itself included) in :data:`STRUCTURE_TAGS`, outermost first.

    ``known`` holds those of the elements met before: the blocks of a page
    share most of their ancestors, so most elements climb one step.
    """
    structure = known.get(element)
    if structure is not None:
        return structure
    assert element is not None  # known[None] is ()
    node = _parent(element)
    above = known.get(node)
    if above is not None:  # most elements: the next child of a parent met before
        structure = known[element] = (*above, element) if kinds_of(_node(element)) & STRUCTURE else above
        return structure
    missing, nearest = unknown_ancestors(element, known)
    structure = known[nearest]
    for node in reversed(missing):
        if kinds_of(_node(node)) & STRUCTURE:
            structure = (*structure, node)
        known[node] = structure
    return structure


def _skeleton(blocks):
    """A resolver over a tree rebuilt from the blocks' XPaths, each block's text in its element."""
    elements = {}
    for block in blocks:
        element = elements.get(block.xpath)
        if element is None:
            element = _skeleton_element(block.xpath, elements)
        if element is None:
            continue
        text = _XML_REFUSED.sub("\ufffd", block.text)
        if len(element) or element.text:
            # A second block in the element: after everything it holds so far.
            marker = etree.SubElement(element, "wbr")
            marker.tail = text
        else:
            element.text = text
    return elements.get


#: Characters a parsed page's text can hold (the HTML parser lets ``&#7;`` through) but lxml
#: refuses to set: in a skeleton they become U+FFFD, which keeps the words where they were.
_XML_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _skeleton_element(str path, dict elements):
    parent = None
    prefix = ""
    for name in path.split("/")[1:]:
        prefix = f"{prefix}/{name}"
        element = elements.get(prefix)
        if element is None:
            tag = name.partition("[")[0]
            try:
                element = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
            except ValueError:  # not a valid element name
                return None
            elements[prefix] = element
        parent = element
    return parent


#: Elements that are not inline and hold only text when they have no children (not a line break,
#: an image or a script): the elements written whole.
_TEXT_LEAF_TAGS = frozenset({"td", "th", "caption", "figcaption"})


def element_piece(element, tuple structure):
    """All the text of ``element`` as one piece in ``structure``, with its inline markup: a table
    cell written whole, good or not. The texts of the elements inside that are not inline, and
    those a ``<br>`` separates, are joined with a space."""
    cdef TextNodes nodes = TextNodes()
    cdef cetree._Document document = (<cetree._Element>element)._doc
    cdef list parts = []
    cdef list runs = []
    cdef Py_ssize_t length = 0, start
    cdef bint apart = False  # a line break since the last text
    cdef int found
    if not cetree.hasChild(_node(element)) and element.tag in _TEXT_LEAF_TAGS:  # most cells: their text alone
        own = nodes.chars.text() if nodes.chars.read(_node(element).children) else ""
        stripped = own.strip()
        if not stripped:
            return _piece(element, structure, "", [])
        start = own.index(stripped[0])
        return _piece(element, structure, own, [_run(start, start + len(stripped), ())])
    previous = None
    nodes.start(_node(element), True, False, True)
    while True:
        found = nodes.next()
        if found == NO_MORE:
            break
        if found == A_BREAK or (found == TEXT and nodes.chars.blank()):
            apart = True
            continue
        owner, inline = _placement(cetree.elementFactory(document, nodes.holder))
        if (apart or (previous is not None and owner is not previous)) and parts and not parts[-1][-1:].isspace():
            parts.append(" ")
            length += 1
        previous, apart = owner, False
        if found == AN_IMAGE:
            runs.append(_run(length, length, inline))
            continue
        text = nodes.chars.text()
        stripped = text.strip()
        start = length + text.index(stripped[0]) if stripped else length
        parts.append(text)
        length += len(text)
        if stripped:
            runs.append(_run(start, start + len(stripped), inline))
    return _piece(element, structure, "".join(parts), runs)
