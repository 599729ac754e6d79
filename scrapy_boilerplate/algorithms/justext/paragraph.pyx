# cython: language_level=3
"""jusText's paragraph: a run of a page's text between two paragraph boundaries, as :mod:`.segment` finds it.

Compiled: the segmentation makes one per paragraph and the classification reads their fields in C,
where a dataclass cost a call of its ``__init__`` and an attribute lookup per field read. A
paragraph holds its element's node, not an element object: on Scrapy's trees each object is made
through lxml.html's class lookup in Python, and most paragraphs' elements are never asked for.
Paragraphs live while their page is read, which does not change it, and their document with them.
"""

cimport lxml.includes.etreepublic as cetree
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from lxml.includes.tree cimport xmlNode

from ...html.nodes cimport starts_at

cetree.import_lxml__etree()


cdef class Paragraph:
    """A run of text between two paragraph boundaries, before classification.

    ``element`` is the innermost open element where the paragraph starts, ``xpath`` where it is, as
    ``/html[1]/body[1]/div[2]``, counting every sibling of the page; ``heading`` whether some open
    element at its start is a heading (``h1`` ... ``h6``), ``in_select`` whether one is named like
    ``select``; ``image_only`` whether all its text is images' alternative text (only when
    segmenting with ``images``).
    """

    @property
    def element(self):
        return cetree.elementFactory(self.document, self.node)

    def __repr__(self):
        return (f"Paragraph(element={self.element!r}, xpath={self.xpath!r}, text={self.text!r}, "
                f"chars_in_links={self.chars_in_links}, heading={self.heading}, in_select={self.in_select}, "
                f"image_only={self.image_only})")


cdef Paragraph paragraph(cetree._Document document, xmlNode* node, str xpath, str text, Py_ssize_t chars_in_links,
                         bint heading, bint in_select, bint image_only):
    """A new :class:`Paragraph` of these fields."""
    cdef Paragraph made = Paragraph.__new__(Paragraph)
    made.document, made.node, made.xpath, made.text = document, node, xpath, text
    made.chars_in_links, made.heading, made.in_select, made.image_only = (
        chars_in_links, heading, in_select, image_only)
    return made


def starts(list paragraphs not None):
    """The elements ``paragraphs`` start in, in order, kept as their nodes (:class:`~scrapy_boilerplate.html.nodes.Starts`)."""
    cdef Py_ssize_t index, count = len(paragraphs)
    cdef bytes nodes = PyBytes_FromStringAndSize(NULL, count * <Py_ssize_t>sizeof(size_t))
    cdef size_t* at = <size_t*>PyBytes_AS_STRING(nodes)
    for index in range(count):
        at[index] = <size_t>(<Paragraph>paragraphs[index]).node
    return starts_at((<Paragraph>paragraphs[0]).document if count else None, nodes)
