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

from .nodes cimport element_from

cetree.import_lxml__etree()


cdef xmlNode* _following(xmlNode* node, xmlNode* top, bint elements_only) noexcept nogil:
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


cdef class _Search:
    """The elements of a search, in document order; it holds the last one found, which keeps its
    tree and its place alive."""
    cdef cetree._Element top
    cdef cetree._Element found
    cdef bint ended
    cdef tuple values  # marked(): (name, words of its value) pairs, bytes
    cdef tuple names  # named(): words of an attribute's name

    def __iter__(self):
        return self

    def __next__(self):
        cdef xmlNode* node
        if self.ended:
            raise StopIteration
        if self.found is None:
            node = self.top._c_node
        else:
            node = _following(self.found._c_node, self.top._c_node, True)
        while node is not NULL:
            if self.matches(node):
                self.found = cetree.elementFactory(self.top._doc, node)
                return self.found
            node = _following(node, self.top._c_node, True)
        self.ended = True
        raise StopIteration

    cdef bint matches(self, xmlNode* node) except -1:
        cdef xmlAttr* attribute = node.properties
        cdef bytes name
        cdef tuple words
        while attribute is not NULL:
            if self.values is not None:
                if attribute.ns is NULL:
                    for name, words in self.values:
                        if strcmp(<const char*>attribute.name, name) == 0 and _value_holds(attribute, words):
                            return True
            elif _holds_any(attribute.name, self.names, False) or (
                    attribute.ns is not NULL and _holds_any(attribute.ns.href, self.names, False)):
                return True
            attribute = attribute.next
        return False


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
            node = _following(node, top._c_node, False)
        return None
    finally:
        PyMem_Free(nodes)
