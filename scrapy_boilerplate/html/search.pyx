# cython: language_level=3
"""Searches of a whole page in C: the elements whose attributes may say something, and the last
of some elements before another.

A search written in Python makes an object of every element it passes (on Scrapy's tree, through a
Python lookup of the element's class). These follow libxml2's nodes, as :mod:`.nodes`' walkers
do, and make objects of the elements they find alone. :func:`marked` and :func:`named` find a
superset of what their callers look for, in document order and one at a time; the caller's own
test of each element decides.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport strcmp, strlen
from lxml.includes cimport tree
from lxml.includes.tree cimport const_xmlChar, xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from .nodes cimport attribute_named, element_from, is_element, text_node

cetree.import_lxml__etree()


cdef xmlNode* following(xmlNode* node, xmlNode* top, bint elements_only) noexcept nogil:
    """The node after ``node`` in document order, among ``top`` and its descendants (``NULL`` past
    the last): the elements, or every node lxml counts as a child (see :func:`.nodes.is_element`)."""
    cdef xmlNode* next_node = node.children if node.type == tree.XML_ELEMENT_NODE else NULL
    while True:
        next_node = _first(next_node, elements_only)
        if next_node is not NULL:
            return next_node
        if node is top:
            return NULL
        next_node, node = node.next, node.parent


cdef inline xmlNode* _first(xmlNode* node, bint elements_only) noexcept nogil:
    if not elements_only:
        return element_from(node)
    while node is not NULL and node.type != tree.XML_ELEMENT_NODE:
        node = node.next
    return node


cdef inline unsigned char _lower(unsigned char byte) noexcept nogil:
    return byte + 32 if b"A"[0] <= byte <= b"Z"[0] else byte


cdef bint _holds(const_xmlChar* text, bytes word, bint fold) noexcept:
    """Whether ``text`` (UTF-8) holds ``word`` (ASCII, lower case), in ASCII lower case with ``fold``."""
    cdef const unsigned char* haystack = <const unsigned char*>text
    cdef const unsigned char* needle = <const unsigned char*>word
    cdef Py_ssize_t length = strlen(<const char*>text), size = len(word), start, i
    for start in range(length - size + 1):
        for i in range(size):
            if (_lower(haystack[start + i]) if fold else haystack[start + i]) != needle[i]:
                break
        else:
            return True
    return False


cdef bint _holds_any(const_xmlChar* text, tuple words, bint fold) noexcept:
    cdef bytes word
    if text is NULL:
        return False
    for word in words:
        if _holds(text, word, fold):
            return True
    return False


cdef bint _value_holds(xmlAttr* attribute, tuple words) noexcept:
    """Whether the value of ``attribute`` may hold one of ``words``, ASCII letters in either case:
    a value in parts (a tree built in code) may, and is left to the caller's test."""
    cdef xmlNode* text = attribute.children
    if text is NULL:
        return False
    if text.next is not NULL or text.type != tree.XML_TEXT_NODE:
        return True
    return _holds_any(text.content, words, True)


cdef bint _marked(xmlNode* node, tuple values) except -1:
    """Whether ``node`` may have an attribute named as one of ``values``' names (no namespace) whose
    value holds one of that name's words (see :func:`marked`)."""
    cdef xmlAttr* attribute = node.properties if node.type == tree.XML_ELEMENT_NODE else NULL
    cdef bytes name
    cdef tuple words
    while attribute is not NULL:
        if attribute.ns is NULL:
            for name, words in values:
                if strcmp(<const char*>attribute.name, name) == 0 and _value_holds(attribute, words):
                    return True
        attribute = attribute.next
    return False


cdef bint _named(xmlNode* node, tuple names) noexcept:
    """Whether ``node`` has an attribute whose name, or namespace, holds one of ``names``."""
    cdef xmlAttr* attribute = node.properties
    while attribute is not NULL:
        if _holds_any(attribute.name, names, False) or (
                attribute.ns is not NULL and _holds_any(attribute.ns.href, names, False)):
            return True
        attribute = attribute.next
    return False


cdef bint _tagged(xmlNode* node, tuple tags) noexcept:
    """Whether ``node`` is named one of ``tags``, in no namespace."""
    cdef bytes tag
    if node.ns is not NULL:
        return False
    for tag in tags:
        if strcmp(<const char*>node.name, tag) == 0:
            return True
    return False


cdef class _Search:
    """The elements of a search, in document order; it holds the last one found, which keeps its
    tree and its place alive."""
    cdef cetree._Element top
    cdef cetree._Element found
    cdef bint ended
    cdef tuple values  # marked(): (name, words of its value) pairs, bytes
    cdef tuple names  # named(): words of an attribute's name
    cdef bytes attribute  # with_attribute(): an attribute's name
    cdef tuple tags  # tagged(): element names

    def __iter__(self):
        return self

    def __next__(self):
        cdef xmlNode* node
        if self.ended:
            raise StopIteration
        if self.found is None:
            node = self.top._c_node
        else:
            node = following(self.found._c_node, self.top._c_node, True)
        while node is not NULL:
            if self.matches(node):
                self.found = cetree.elementFactory(self.top._doc, node)
                return self.found
            node = following(node, self.top._c_node, True)
        self.ended = True
        raise StopIteration

    cdef bint matches(self, xmlNode* node) except -1:
        if self.values is not None:
            return _marked(node, self.values)
        if self.names is not None:
            return _named(node, self.names)
        if self.tags is not None:
            return _tagged(node, self.tags)
        return attribute_named(node, self.attribute) is not NULL


cdef _Search _search(root):
    if not isinstance(root, cetree._Element) or (<cetree._Element>root)._c_node.type != tree.XML_ELEMENT_NODE:
        raise TypeError(f"a search needs an element, not {root!r}")
    search = _Search()
    search.top = root
    return search


def marked(root, values: dict) -> _Search:
    """The elements of ``root`` (itself, then its descendants in document order) that may have an
    attribute named as a key of ``values`` (``bytes``, no namespace) whose value, in lower case,
    holds one of that key's words (``bytes``, ASCII, lower case).

    Of the characters beyond ASCII, ``str.lower()`` makes only two ASCII letters (U+0130 gives
    "i\\u0307", U+212A "k"): words with neither a "k" nor an "i" at their end are found wherever
    ``value.lower()`` holds them.
    """
    search = _search(root)
    search.values = tuple((name, tuple(words)) for name, words in values.items())
    return search


def named(root, words: tuple) -> _Search:
    """The elements of ``root`` (itself, then its descendants in document order) with an attribute
    whose name, or namespace, holds one of ``words`` (``bytes``, ASCII): lxml names an attribute in
    a namespace ``"{namespace}name"``."""
    search = _search(root)
    search.names = tuple(words)
    return search


def with_attribute(root, name: bytes) -> _Search:
    """The elements of ``root`` (itself, then its descendants in document order) with an attribute
    ``name`` (ASCII) in no namespace: on the root of a document, what the XPath ``//*[@name]`` finds."""
    search = _search(root)
    search.attribute = name
    return search


def tagged(root, tags: tuple) -> _Search:
    """The elements of ``root`` (itself, then its descendants in document order) named one of ``tags``
    (``bytes``, ASCII) in no namespace: what ``root.iter(*tags)`` finds of a parsed page."""
    search = _search(root)
    search.tags = tuple(tags)
    return search


def last_before(root, candidates: list, target):
    """The last of ``candidates`` met before ``target`` in document order among ``root`` and its
    descendants (what ``root.iter()`` meets: an ancestor comes before), or ``None`` where
    ``target`` is not met or none of them is."""
    cdef cetree._Element top = _search(root).top
    cdef xmlNode* wanted = (<cetree._Element>target)._c_node if isinstance(target, cetree._Element) else NULL
    cdef xmlNode* node = top._c_node
    cdef xmlNode* last = NULL
    cdef Py_ssize_t count = 0, i
    if wanted is NULL:
        return None
    # A few candidates (a page's <h1>s), each compared: no Python object per node passed.
    cdef xmlNode** nodes = <xmlNode**>PyMem_Malloc((len(candidates) or 1) * sizeof(xmlNode*))
    if nodes is NULL:
        raise MemoryError()
    try:
        for candidate in candidates:
            if isinstance(candidate, cetree._Element):
                nodes[count] = (<cetree._Element>candidate)._c_node
                count += 1
        while node is not NULL:
            if node == wanted:
                return cetree.elementFactory(top._doc, last) if last is not NULL else None
            for i in range(count):
                if node == nodes[i]:
                    last = node
                    break
            node = following(node, top._c_node, False)
        return None
    finally:
        PyMem_Free(nodes)


cdef inline xmlNode* _parent(xmlNode* node) noexcept nogil:
    """What lxml's ``getparent()`` gives: the parent that lxml counts as an element, else ``NULL``."""
    node = node.parent
    return node if node is not NULL and is_element(node) else NULL


cdef inline xmlNode* _previous(xmlNode* node) noexcept nogil:
    """The sibling before ``node`` that lxml counts as a child (``NULL``: none)."""
    node = node.prev
    while node is not NULL and not is_element(node):
        node = node.prev
    return node


cdef class _Window:
    """The nodes around an anchor, in the order of the walks they stand for: up to ``after`` nodes
    after it, past its descendants, in document order (``itersiblings()`` of it and of each of its
    ancestors, each sibling's ``iter()``); then up to ``before`` nodes before it, nearest first (each
    sibling before it and before each ancestor, nearest first: the first ``before`` nodes of its
    ``iter()``, backwards). It holds the anchor, which keeps the tree alive."""
    cdef cetree._Element anchor
    cdef xmlNode** nodes
    cdef Py_ssize_t following, count

    def __dealloc__(self):
        PyMem_Free(self.nodes)

    cdef int fill(self, cetree._Element anchor, Py_ssize_t after, Py_ssize_t before) except -1:
        cdef xmlNode* node = anchor._c_node
        cdef xmlNode* sibling
        cdef xmlNode* inner
        cdef Py_ssize_t first, i
        self.anchor = anchor
        self.nodes = <xmlNode**>PyMem_Malloc((after + 2 * before + 1) * sizeof(xmlNode*))
        if self.nodes is NULL:
            raise MemoryError()
        self.count = 0
        while node is not NULL and self.count < after:
            sibling = element_from(node.next)
            while sibling is not NULL and self.count < after:
                inner = sibling
                while inner is not NULL and self.count < after:
                    self.nodes[self.count] = inner
                    self.count += 1
                    inner = following(inner, sibling, False)
                sibling = element_from(sibling.next)
            node = _parent(node)
        self.following = self.count
        node = anchor._c_node
        while node is not NULL and self.count < self.following + before:
            sibling = _previous(node)
            while sibling is not NULL and self.count < self.following + before:
                # The sibling's first nodes, at the end of the array, then copied back in reverse.
                first = self.following + before
                inner = sibling
                while inner is not NULL and first < self.following + 2 * before:
                    self.nodes[first] = inner
                    first += 1
                    inner = following(inner, sibling, False)
                for i in range(first - 1, self.following + before - 1, -1):
                    if self.count == self.following + before:
                        break
                    self.nodes[self.count] = self.nodes[i]
                    self.count += 1
                sibling = _previous(sibling)
            node = _parent(node)
        return 0

    cdef list pairs(self, Py_ssize_t start, Py_ssize_t end, tuple values):
        """``(place, element)`` of the nodes from ``start`` to ``end`` that may hold a short date
        (``values`` ``None``) or that are :func:`marked` by ``values``; the place counts from ``start``."""
        cdef list found = []
        cdef Py_ssize_t i
        for i in range(start, end):
            if (_may_date(self.nodes[i]) if values is None else _marked(self.nodes[i], values)):
                found.append((i - start, cetree.elementFactory(self.anchor._doc, self.nodes[i])))
        return found


cdef _Window _window(anchor, Py_ssize_t after, Py_ssize_t before):
    if not isinstance(anchor, cetree._Element) or (<cetree._Element>anchor)._c_node.type != tree.XML_ELEMENT_NODE:
        raise TypeError(f"a window needs an element, not {anchor!r}")
    window = _Window()
    window.fill(anchor, max(after, 0), max(before, 0))
    return window


#: How long a text that :func:`dated_near` finds may be, in characters.
cdef Py_ssize_t _MOST_DATE_CHARACTERS = 80


cdef bint _may_date(xmlNode* node) noexcept:
    """Whether ``node`` may show a date in a short text: a ``<time>``, or a text of it (its ``text``
    where it is an element, its ``tail``) that may be one (:func:`_short_with_year`)."""
    if node.type == tree.XML_ELEMENT_NODE and (
            strcmp(<const char*>node.name, b"time") == 0 or _short_with_year(node.children)):
        return True
    return _short_with_year(node.next)


cdef bint _short_with_year(xmlNode* node) noexcept:
    """Whether the text lxml reads from the run of text nodes at ``node`` (an element's ``text``
    from its first child, a node's ``tail`` from the node after it) has at most
    :data:`_MOST_DATE_CHARACTERS` characters, four in a row of which may be digits (``\\d``: ASCII
    ones, or any beyond ASCII)."""
    cdef const unsigned char* byte
    cdef Py_ssize_t characters = 0, run = 0
    cdef bint year = False
    node = text_node(node)
    while node is not NULL:
        byte = <const unsigned char*>node.content
        while byte is not NULL and byte[0] != 0:
            if byte[0] & 0xC0 != 0x80:  # a character's first byte in UTF-8
                characters += 1
                if characters > _MOST_DATE_CHARACTERS:
                    return False
                run = run + 1 if b"0"[0] <= byte[0] <= b"9"[0] or byte[0] >= 0x80 else 0
                year = year or run >= 4
            byte += 1
        node = text_node(node.next)
    return year


def dated_near(anchor, after: int, before: int) -> tuple:
    """The nodes around ``anchor`` (see :class:`_Window`) that may show a date in a short text: a
    ``<time>``, or a text of at most 80 characters where ``\\d{4}`` may match, the element's own
    or its tail. Two lists of ``(place, node)``: those after it, those before it, the place each
    has among them."""
    window = _window(anchor, after, before)
    return window.pairs(0, window.following, None), window.pairs(window.following, window.count, None)


def marked_near(anchor, after: int, before: int, values: dict) -> list:
    """The elements around ``anchor`` (see :class:`_Window`: those after it, then those before it)
    that may have an attribute of ``values`` holding one of its words, as :func:`marked` finds them."""
    window = _window(anchor, after, before)
    values_pairs = tuple((name, tuple(words)) for name, words in values.items())
    return [element for _, element in window.pairs(0, window.count, values_pairs)]
