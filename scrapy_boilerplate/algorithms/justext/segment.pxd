# Types jusText's segmentation for Cython (pure-Python mode: segment.py stays the one source).
# C integers for the walk's counters, flags and stack entries; the paragraph builder an extension type.
import cython

cdef class _Paragraphs:
    cdef public list found
    cdef public object element
    cdef public str xpath
    cdef public bint heading, in_select
    cdef public list pieces
    cdef public Py_ssize_t chars_in_links
    cdef public bint has_text
    cpdef add_text(self, str text, bint in_link)
    cpdef add_blank(self, str text)
    cpdef close(self)

cpdef Py_ssize_t normalized_length(str text)

@cython.locals(paragraphs=_Paragraphs, headings=Py_ssize_t, selects=Py_ssize_t, in_link=bint, after_br=bint, ended=bint,
               pending=str, path=str, node_path=str, counts=dict, roles=dict, open_elements=list,
               max_depth=Py_ssize_t, left=Py_ssize_t, kind=int, heading=int, select=int, count=Py_ssize_t,
               children=Py_ssize_t, role=tuple, text=str, alt=str)
cpdef list segment(root, bint images=*, bint spaces=*, bint ruby_text=*, bint unclosed_buttons=*,
                  bint spaces_between_elements=*, list noted=*)
