# The sets of characters of characters.pyx (see there), typed for the writer compiled against them.

#: How many characters from U+0100 on a set holds at most.
cdef enum:
    MAX_OTHERS = 32

cdef class Characters:
    cdef unsigned char latin1[256]
    cdef Py_UCS4 others[MAX_OTHERS]
    cdef int count
    cdef bint unprintable

    cpdef bint found_in(self, str text)
    cdef bint other(self, Py_UCS4 character) noexcept


cdef bint printable(str text) except -1
