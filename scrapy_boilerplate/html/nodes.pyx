# cython: language_level=3
"""What the walkers over libxml2's nodes share: the walk itself (:class:`Walker`), the page's tag
names numbered, and the counts of siblings by tag that the XPaths need.

A walker (jusText's and boilerpipe's segmentations) follows the nodes' pointers
through lxml's public C API (``lxml.includes``), the way lxml's own extensions
do; it looks each element's tag up by the address of its name (libxml2 keeps
one copy of each name of a parsed page) and counts an element's children of
each tag in C. See ``docs/developer/compiled-core.rst``.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.string cimport memcmp, memcpy

from .utf8 cimport Buffer, add, decoded, release

from lxml import etree

from . import xpath as xpaths
from .walk import depth_left, too_deep

cetree.import_lxml__etree()

#: What an entity's ``tag`` reads as in an XPath: lxml gives it the ``Entity`` factory.
_ENTITY_TAG = str(etree.Entity)


def addresses(elements):
    """The address of the node of each of ``elements`` (0 for ``None``), as ``size_t`` values in
    one ``bytes``: what tells them apart, and finds them again in a walk, without their objects.
    A sequence that makes its elements when read (jusText's starts) gives them itself."""
    given = getattr(elements, "addresses", None)
    if given is not None:
        return given()
    cdef Py_ssize_t index, count = len(elements)
    cdef bytes found = PyBytes_FromStringAndSize(NULL, count * <Py_ssize_t>sizeof(size_t))
    cdef size_t* at = <size_t*>PyBytes_AS_STRING(found)
    for index in range(count):
        element = elements[index]
        at[index] = 0 if element is None else <size_t>(<cetree._Element?>element)._c_node
    return found


def address(element):
    """The address of ``element``'s node (see :func:`addresses`)."""
    return <size_t>(<cetree._Element?>element)._c_node


cdef class Starts:
    """The elements where an algorithm's blocks start, kept as their nodes: a sequence that makes
    each element object when it is read (``None`` for a block that starts in none), and gives all
    their nodes' addresses without one (:meth:`addresses`). It keeps the page's document alive;
    its elements are read while the page is unchanged (the renderers find the nodes again by
    their addresses, in a walk that finds only those still in the page).

    On Scrapy's trees each element object is made through ``lxml.html``'s class lookup in
    Python, and most blocks' starts are never asked for: the renderers and the metadata read
    their addresses."""

    def __len__(self):
        return PyBytes_GET_SIZE(self.nodes) // <Py_ssize_t>sizeof(size_t)

    def __getitem__(self, Py_ssize_t index):
        cdef Py_ssize_t count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("start index out of range")
        cdef xmlNode* node = (<xmlNode**>PyBytes_AS_STRING(self.nodes))[index]
        return None if node is NULL else cetree.elementFactory(self.document, node)

    def addresses(self):
        """Each element's node's address, as ``size_t`` values in one ``bytes`` (see :func:`addresses`)."""
        return self.nodes


cdef Starts starts_at(cetree._Document document, bytes nodes):
    """The :class:`Starts` of the nodes of ``document`` whose addresses ``nodes`` holds (0: none)."""
    cdef Starts made = Starts.__new__(Starts)
    made.document, made.nodes = document, nodes
    return made


cdef class Names:
    """The tags of one page, numbered in the order they are met; ``texts[number]`` is the tag as
    lxml's ``tag`` gives it (``"{namespace}name"`` in a namespace). Looked up by the address of the
    name, and by its text where it lies at another address (a tree built in code)."""

    def __cinit__(self):
        self.size = 256
        self.addresses = <const_xmlChar**>PyMem_Malloc(self.size * sizeof(const_xmlChar*))
        self.numbers = <Py_ssize_t*>PyMem_Malloc(self.size * sizeof(Py_ssize_t))
        if self.addresses is NULL or self.numbers is NULL:
            raise MemoryError()
        for slot in range(self.size):
            self.addresses[slot] = NULL
        self.used = 0
        self.by_text = {}
        self.texts = []
        self.encoded = []

    def __dealloc__(self):
        PyMem_Free(self.addresses)
        PyMem_Free(self.numbers)

    cdef Py_ssize_t number(self, xmlNode* node) except -1:
        """The number of the tag of ``node``, an element or an entity."""
        cdef const_xmlChar* name = node.name
        cdef size_t mask = <size_t>(self.size - 1)
        cdef size_t slot
        if node.type != tree.XML_ELEMENT_NODE:
            return self.number_of_text(_ENTITY_TAG)
        if node.ns is not NULL:  # "{namespace}name": rare, and not worth a slot
            return self.number_of_text(cetree.namespacedName(node))
        slot = (<size_t>name >> 4) & mask
        while self.addresses[slot] is not NULL:
            if self.addresses[slot] == name:
                return self.numbers[slot]
            slot = (slot + 1) & mask
        cdef Py_ssize_t number = self.number_of_text(cetree.namespacedName(node))
        if self.used < self.size // 2:  # else: a page of hundreds of names, looked up by text
            self.addresses[slot] = name
            self.numbers[slot] = number
            self.used += 1
        return number

    cdef Py_ssize_t number_of_text(self, str text) except -1:
        number = self.by_text.get(text)
        if number is None:
            number = self.by_text[text] = len(self.texts)
            self.texts.append(text)
            self.encoded.append(text.encode("utf-8", "surrogatepass"))
        return number


#: How many tags an element's children may have before they are counted in a dict.
cdef Py_ssize_t _MOST_PAIRS = 32


cdef class Counts:
    """How many children of each tag the open elements with children have had so far: a stack of
    (tag number, count) pairs, each element's above its parent's; an element whose children have
    many tags has its counts in a dict instead (by where its pairs start)."""

    def __cinit__(self):
        self.size = 64
        self.pairs = <Count*>PyMem_Malloc(self.size * sizeof(Count))
        if self.pairs is NULL:
            raise MemoryError()
        self.top = self.base = 0
        self.wide = {}

    def __dealloc__(self):
        PyMem_Free(self.pairs)

    cdef int start(self, Py_ssize_t number, Py_ssize_t preceding) except -1:
        """Start with the walk's first element, of tag ``number``, after ``preceding`` siblings of its tag."""
        self.pairs[0].number, self.pairs[0].count = number, preceding
        self.top, self.base = 1, 0
        return 0

    cdef Py_ssize_t add(self, Py_ssize_t number) except -1:
        """Count a child of tag ``number`` of the innermost element; its index among those."""
        cdef Py_ssize_t i
        if self.top - self.base == _MOST_PAIRS:
            return self.add_wide(number)
        for i in range(self.top - 1, self.base - 1, -1):  # the latest first: runs of one tag
            if self.pairs[i].number == number:
                self.pairs[i].count += 1
                return self.pairs[i].count
        if self.top == self.size:
            self.grow()
        self.pairs[self.top].number = number
        self.pairs[self.top].count = 1
        self.top += 1
        return 1

    cdef Py_ssize_t add_wide(self, Py_ssize_t number) except -1:
        counts = self.wide.get(self.base)
        if counts is None:
            counts = self.wide[self.base] = {self.pairs[i].number: self.pairs[i].count
                                             for i in range(self.base, self.top)}
        count = counts[number] = counts.get(number, 0) + 1
        return count

    cdef Py_ssize_t enter(self) noexcept:
        """Count the children of a new innermost element; where its parent's counts start."""
        cdef Py_ssize_t parent = self.base
        self.base = self.top
        return parent

    cdef int leave(self, Py_ssize_t parent) except -1:
        """Back to the counts of the parent of the innermost element, which start at ``parent``."""
        if self.wide:
            self.wide.pop(self.base, None)
        self.top, self.base = self.base, parent
        return 0

    cdef int grow(self) except -1:
        cdef Count* pairs = <Count*>PyMem_Realloc(self.pairs, 2 * self.size * sizeof(Count))
        if pairs is NULL:
            raise MemoryError()
        self.pairs, self.size = pairs, 2 * self.size
        return 0


cdef class Walker:
    """A depth-first walk in document order over the tree under an element, through the nodes lxml
    counts as children, without recursion: each node is started (:meth:`start`), then the walk goes
    to the child it returns, else to the next node after it, closing (:meth:`close`) the elements
    whose last child it passes on the way. The walker keeps the elements it is in, with what each
    hides of its parent's state, the XPath of the innermost and the counts of siblings by tag."""

    def __cinit__(self, cetree._Element root, *arguments):
        self.document = root._doc
        self.top = root._c_node
        self.names = Names()
        self.counts = Counts()
        path, preceding = xpaths.start_of_walk(root)
        self.prefix = path.encode("utf-8", "surrogatepass")
        self.counts.start(self.names.number(self.top), preceding[root.tag])
        self.depth, self.capacity, self.max_depth = 0, 64, depth_left(root)
        self.spelled = Buffer(NULL, 0, 0)
        self.last_place, self.last_xpath = Place(NULL, 0, 0), None
        self.open_elements = <Open*>PyMem_Malloc(self.capacity * sizeof(Open))
        if self.open_elements is NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.open_elements)
        PyMem_Free(self.last_place.steps)
        release(&self.spelled)

    cdef xmlNode* start(self, xmlNode* node) except? NULL:
        """Walk into ``node``: its first child if the walk goes on there (after :meth:`open`), else
        ``NULL`` (it has ended, or it was skipped)."""
        return NULL

    cdef xmlNode* close(self) except NULL:
        """End the innermost open element (:meth:`pop`), whose children the walk has passed; that element."""
        return self.pop().node

    cdef int walk(self) except -1:
        cdef xmlNode* node = self.top
        cdef xmlNode* child
        while True:
            child = self.start(node)
            if child is not NULL:
                node = child
                continue
            while node is not self.top:
                child = element_from(node.next)
                if child is not NULL:
                    break
                node = self.close()  # its parent
            if node is self.top:
                return 0
            node = child

    cdef int open(self, xmlNode* node, int kind, int heading, int select, Py_ssize_t number,
                  Py_ssize_t index) except -1:
        """Note that the walk goes into the children of ``node``, the ``index``-th of its tag ``number``."""
        if self.depth == self.capacity:
            grown = <Open*>PyMem_Realloc(self.open_elements, 2 * self.capacity * sizeof(Open))
            if grown is NULL:
                raise MemoryError()
            self.open_elements, self.capacity = grown, 2 * self.capacity
        self.open_elements[self.depth] = Open(node, kind, heading, select, self.counts.enter(), number, index)
        self.depth += 1
        if self.depth > self.max_depth:
            raise too_deep()
        return 0

    cdef Open pop(self) except *:
        """Leave the innermost open element: the walk is back in its parent."""
        self.depth -= 1
        cdef Open ending = self.open_elements[self.depth]
        self.counts.leave(ending.counts_base)
        return ending

    cdef object element(self, xmlNode* node):
        """The lxml element of ``node``."""
        return cetree.elementFactory(self.document, node)

    cdef int place(self, Place* place, Py_ssize_t number, Py_ssize_t index) except -1:
        """Set ``place`` to the innermost open element, or to its ``index``-th child of tag ``number``
        (``number`` -1: the element itself)."""
        cdef Py_ssize_t length = self.depth + (number >= 0), i
        make_room(place, length)
        for i in range(self.depth):
            place.steps[i].number = self.open_elements[i].number
            place.steps[i].index = self.open_elements[i].index
        if number >= 0:
            place.steps[self.depth].number, place.steps[self.depth].index = number, index
        place.length = length
        return 0

    cdef str xpath(self, Place* place):
        """The XPath of ``place``, as ``/html[1]/body[1]/div[2]``."""
        cdef bytes name
        cdef Py_ssize_t i
        if (self.last_xpath is not None and place.length == self.last_place.length
                and memcmp(place.steps, self.last_place.steps, place.length * sizeof(Step)) == 0):
            return self.last_xpath
        self.spelled.length = 0
        add(&self.spelled, PyBytes_AS_STRING(self.prefix), PyBytes_GET_SIZE(self.prefix))
        for i in range(place.length):
            name = self.names.encoded[place.steps[i].number]
            add(&self.spelled, "/", 1)
            add(&self.spelled, PyBytes_AS_STRING(name), PyBytes_GET_SIZE(name))
            add_index(&self.spelled, place.steps[i].index)
        self.last_xpath = None
        copy_place(&self.last_place, place)
        self.last_xpath = decoded(&self.spelled, 0)
        return self.last_xpath


cdef int make_room(Place* place, Py_ssize_t length) except -1:
    """Make ``place`` able to hold ``length`` steps."""
    cdef Step* grown
    cdef Py_ssize_t size = max(2 * place.size, length, 16)
    if length > place.size:
        grown = <Step*>PyMem_Realloc(place.steps, size * sizeof(Step))
        if grown is NULL:
            raise MemoryError()
        place.steps, place.size = grown, size
    return 0


cdef int copy_place(Place* copy, Place* place) except -1:
    make_room(copy, place.length)
    memcpy(copy.steps, place.steps, place.length * sizeof(Step))
    copy.length = place.length
    return 0


cdef int add_index(Buffer* text, Py_ssize_t index) except -1:
    """Append ``[index]``, ``index`` positive."""
    cdef char digits[24]
    cdef Py_ssize_t start = 23
    digits[23] = b"]"
    while True:
        start -= 1
        digits[start] = <char>(48 + index % 10)  # "0" + the digit
        index //= 10
        if not index:
            break
    start -= 1
    digits[start] = b"["
    return add(text, digits + start, 24 - start)
