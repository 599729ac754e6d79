# The pieces placement.pyx makes (see there), typed for the writers compiled against them.

cdef class Run:
    cdef public Py_ssize_t start
    cdef public Py_ssize_t end
    cdef public tuple inline


cdef class Piece:
    cdef public object element
    cdef public tuple structure
    cdef public str text
    cdef public list runs
