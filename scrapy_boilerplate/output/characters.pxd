# The sets of characters of characters.pyx (see there), typed for the writer compiled against them.

from libc.stdint cimport uint16_t

#: A character of a text two or four bytes wide.
ctypedef fused Wide:
    uint16_t
    Py_UCS4

#: How many characters from U+0100 on a set holds at most.
cdef enum:
    MAX_OTHERS = 32

cdef class Characters:
    cdef unsigned char latin1[256]
    cdef Py_UCS4 others[MAX_OTHERS]
    cdef int count
    cdef bint unprintable

    cpdef bint found_in(self, str text)
    cdef bint found_in_wide(self, const Wide* characters, Py_ssize_t length) noexcept
    cdef bint other(self, Py_UCS4 character) noexcept


cdef bint printable(str text) except -1
