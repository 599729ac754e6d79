# An element's values read in C as lxml reads them: an attribute's value (``get()``, XPath's ``@name``)
# and an element's text, made ``str`` only when asked for; UTF-8 that is not valid raises
# ``UnicodeDecodeError`` when decoded, as lxml's reading does.
from libc.string cimport strlen
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlNode

from .nodes cimport add_text, attribute_named
from .utf8 cimport Buffer, add, decoded, release

cdef extern from "Python.h":
    object PyUnicode_DecodeUTF8(const char* data, Py_ssize_t size, const char* errors)

#: How deep entities and elements are read into an attribute's or entity's text: a bound on the recursion.
cdef enum:
    MOST_NESTED = 32


cdef inline int add_content(Buffer* buffer, xmlNode* node, int depth) except -1:
    """Append the text of ``node`` and the nodes after it as libxml2 joins an attribute's or an
    entity's: text and CDATA, the text inside elements, an entity reference's replacement."""
    while node is not NULL:
        if node.type == tree.XML_TEXT_NODE or node.type == tree.XML_CDATA_SECTION_NODE:
            if node.content is not NULL:
                add(buffer, <const char*>node.content, strlen(<const char*>node.content))
        elif node.type == tree.XML_ELEMENT_NODE and depth < MOST_NESTED:
            add_content(buffer, node.children, depth + 1)
        elif node.type == tree.XML_ENTITY_REF_NODE and node.children is not NULL and depth < MOST_NESTED:
            add_content(buffer, (<tree.xmlEntity*>node.children).children, depth + 1)
        node = node.next
    return 0


cdef inline bytes attribute_value(xmlAttr* attribute):
    """The value of ``attribute``, UTF-8, as XPath and ``get()`` read it."""
    cdef xmlNode* text = attribute.children
    cdef Buffer buffer
    if text is NULL:
        return b""
    if text.next is NULL and text.type == tree.XML_TEXT_NODE:  # an HTML page's attributes: one text each
        return (<const char*>text.content)[:strlen(<const char*>text.content)] if text.content is not NULL else b""
    buffer = Buffer(NULL, 0, 0)
    try:
        add_content(&buffer, text, 0)
        return buffer.data[:buffer.length] if buffer.length else b""
    finally:
        release(&buffer)


cdef inline str utf8_text(bytes value):
    return PyUnicode_DecodeUTF8(value, len(value), NULL)


cdef inline object get(xmlNode* node, const char* name):
    """``node.get(name)``: the value of its attribute ``name`` in no namespace (``None``: none)."""
    cdef xmlAttr* attribute = attribute_named(node, name)
    return None if attribute is NULL else utf8_text(attribute_value(attribute))


cdef inline str text_from(xmlNode* node):
    """The text lxml reads from ``node`` on (``element.text`` from its first child), ``""`` where there is none."""
    cdef Buffer buffer = Buffer(NULL, 0, 0)
    try:
        add_text(&buffer, node)
        return decoded(&buffer, 0) if buffer.length else ""
    finally:
        release(&buffer)
