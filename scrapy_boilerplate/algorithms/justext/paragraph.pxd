# jusText's paragraph (paragraph.pyx), which the segmentation makes and the classification reads in C.
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree


cdef class Paragraph:
    cdef xmlNode* node
    cdef cetree._Document document
    cdef readonly str xpath
    cdef readonly str text
    cdef readonly Py_ssize_t chars_in_links
    cdef readonly bint heading
    cdef readonly bint in_select
    cdef readonly bint image_only


cdef Paragraph paragraph(cetree._Document document, xmlNode* node, str xpath, str text, Py_ssize_t chars_in_links,
                         bint heading, bint in_select, bint image_only)
