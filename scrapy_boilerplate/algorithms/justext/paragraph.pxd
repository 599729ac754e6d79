# jusText's paragraph (paragraph.pyx), which the segmentation makes and the classification reads in C.

cdef class Paragraph:
    cdef readonly object element
    cdef readonly str xpath
    cdef readonly str text
    cdef readonly Py_ssize_t chars_in_links
    cdef readonly bint heading
    cdef readonly bint in_select
    cdef readonly bint image_only


cdef Paragraph paragraph(object element, str xpath, str text, Py_ssize_t chars_in_links, bint heading,
                         bint in_select, bint image_only)
