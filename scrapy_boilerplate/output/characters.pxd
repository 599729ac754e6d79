# The sets of characters of characters.pyx (see there), typed for the writer compiled against them.

cdef class Characters:
    cdef bint ascii[128]
    cdef str others
    cdef bint unprintable

    cpdef bint found_in(self, str text)
    cdef bint other(self, Py_UCS4 character)


cdef bint printable(str text) except -1
