# What the walkers over libxml2's nodes share (nodes.pyx): lxml's view of the tree, the page's tag
# names numbered, and the counts of siblings by tag that the XPaths need.
from lxml.includes cimport tree
from lxml.includes.tree cimport const_xmlChar, xmlNode

cimport lxml.includes.etreepublic as cetree


cdef inline bint is_element(xmlNode* node) noexcept nogil:
    """Whether lxml counts ``node`` as a child: an element, a comment, a processing instruction or an entity."""
    return (node.type == tree.XML_ELEMENT_NODE or node.type == tree.XML_COMMENT_NODE
            or node.type == tree.XML_ENTITY_REF_NODE or node.type == tree.XML_PI_NODE)


cdef inline xmlNode* element_from(xmlNode* node) noexcept nogil:
    """``node``, or the first sibling after it that lxml counts as a child (``NULL``: none)."""
    while node is not NULL and not is_element(node):
        node = node.next
    return node


cdef inline str text_of(xmlNode* node):
    """``element.text or ""``."""
    return cetree.textOf(node) or ""


cdef inline str tail_of(xmlNode* node):
    """``node.tail or ""``."""
    return cetree.tailOf(node) or ""


cdef class Names:
    cdef const_xmlChar** addresses
    cdef Py_ssize_t* numbers
    cdef Py_ssize_t size
    cdef Py_ssize_t used
    cdef dict by_text
    cdef readonly list texts
    cdef Py_ssize_t number(self, xmlNode* node) except -1
    cdef Py_ssize_t number_of_text(self, str text) except -1


cdef struct Count:
    Py_ssize_t number
    Py_ssize_t count


cdef class Counts:
    cdef Count* pairs
    cdef Py_ssize_t size
    cdef Py_ssize_t top
    cdef Py_ssize_t base
    cdef dict wide
    cdef int start(self, Py_ssize_t number, Py_ssize_t preceding) except -1
    cdef Py_ssize_t add(self, Py_ssize_t number) except -1
    cdef Py_ssize_t add_wide(self, Py_ssize_t number) except -1
    cdef Py_ssize_t enter(self) noexcept
    cdef int leave(self, Py_ssize_t parent) except -1
    cdef int grow(self) except -1


cdef struct Open:
    xmlNode* node
    int kind  # what the walker does at it
    int heading
    int select
    Py_ssize_t counts_base  # where its parent's counts start


cdef class Walker:
    cdef cetree._Document document
    cdef xmlNode* top
    cdef Names names
    cdef Counts counts
    cdef str path
    cdef list paths
    cdef Open* open_elements
    cdef Py_ssize_t depth, capacity, max_depth
    cdef xmlNode* start(self, xmlNode* node) except? NULL
    cdef xmlNode* close(self) except NULL
    cdef int walk(self) except -1
    cdef int open(self, xmlNode* node, int kind, int heading, int select, Py_ssize_t number,
                  Py_ssize_t index) except -1
    cdef Open pop(self) except *
    cdef object element(self, xmlNode* node)
