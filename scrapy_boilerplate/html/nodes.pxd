# What the walkers over libxml2's nodes share (nodes.pyx): lxml's view of the tree, the page's tag
# names numbered, and the counts of siblings by tag that the XPaths need.
from libc.string cimport strcmp, strlen
from lxml.includes cimport tree
from lxml.includes.tree cimport const_xmlChar, xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from .utf8 cimport Buffer, add


cdef inline bint is_element(xmlNode* node) noexcept nogil:
    """Whether lxml counts ``node`` as a child: an element, a comment, a processing instruction or an entity."""
    return (node.type == tree.XML_ELEMENT_NODE or node.type == tree.XML_COMMENT_NODE
            or node.type == tree.XML_ENTITY_REF_NODE or node.type == tree.XML_PI_NODE)


cdef inline xmlNode* element_from(xmlNode* node) noexcept nogil:
    """``node``, or the first sibling after it that lxml counts as a child (``NULL``: none)."""
    while node is not NULL and not is_element(node):
        node = node.next
    return node


cdef inline xmlAttr* attribute_named(xmlNode* node, const char* name) noexcept nogil:
    """The attribute ``name`` of the element ``node`` in no namespace (what XPath's ``@name`` and
    lxml's ``get(name)`` find); ``NULL`` where it has none."""
    cdef xmlAttr* attribute = node.properties
    while attribute is not NULL:
        if attribute.ns is NULL and strcmp(<const char*>attribute.name, name) == 0:
            return attribute
        attribute = attribute.next
    return NULL


cdef inline xmlNode* text_node(xmlNode* node) noexcept nogil:
    """``node`` where it is text, past XInclude's marks in a run of text (lxml's ``_textNodeOrSkip``);
    ``NULL`` at another node."""
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            return node
        if node.type != tree.XML_XINCLUDE_START and node.type != tree.XML_XINCLUDE_END:
            return NULL
        node = node.next
    return NULL


cdef inline int add_text(Buffer* buffer, xmlNode* node) except -1:
    """Append the text lxml reads from ``node`` on, its bytes: ``element.text`` from
    ``element.children``, ``element.tail`` from ``element.next`` (text and CDATA nodes, through
    XInclude's marks)."""
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            if node.content is not NULL:
                add(buffer, <const char*>node.content, strlen(<const char*>node.content))
        elif node.type != tree.XML_XINCLUDE_START and node.type != tree.XML_XINCLUDE_END:
            return 0
        node = node.next
    return 0


cdef class Starts:
    cdef cetree._Document document
    cdef bytes nodes


cdef Starts starts_at(cetree._Document document, bytes nodes)


cdef class Names:
    cdef const_xmlChar** addresses
    cdef Py_ssize_t* numbers
    cdef Py_ssize_t size
    cdef Py_ssize_t used
    cdef dict by_text
    cdef readonly list texts
    cdef list encoded  # each text's UTF-8, for the XPaths
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
    Py_ssize_t number  # its tag's
    Py_ssize_t index  # among its parent's children of its tag


cdef struct Step:
    Py_ssize_t number  # the tag's
    Py_ssize_t index


# Where a paragraph or block starts: its XPath's steps below the walk's start, kept as numbers until
# it is found to hold text (a string each time one starts took a tenth of a segmentation).
cdef struct Place:
    Step* steps
    Py_ssize_t length
    Py_ssize_t size


cdef class Walker:
    cdef cetree._Document document
    cdef xmlNode* top
    cdef Names names
    cdef Counts counts
    cdef bytes prefix  # the UTF-8 of the XPath of the walk's start's parent
    cdef Buffer spelled  # an XPath being spelled out
    # The last XPath spelled and its place: the blocks of one parent share it (a page of a million
    # lines in one element holds one string, not a million).
    cdef Place last_place
    cdef str last_xpath
    cdef Open* open_elements
    cdef Py_ssize_t depth, capacity, max_depth
    cdef xmlNode* start(self, xmlNode* node) except? NULL
    cdef xmlNode* close(self) except NULL
    cdef int walk(self) except -1
    cdef int open(self, xmlNode* node, int kind, int heading, int select, Py_ssize_t number,
                  Py_ssize_t index) except -1
    cdef Open pop(self) except *
    cdef object element(self, xmlNode* node)
    cdef int place(self, Place* place, Py_ssize_t number, Py_ssize_t index) except -1
    cdef str xpath(self, Place* place)
