# The landmarks of a page (landmarks.pyx), declared for the features written in C.
from .records cimport Records


cdef class Landmarks:
    cdef Records records
    cdef Py_ssize_t count, headline, longest, longest_chars, page_prose
    # Per record, by place: its ways up and down to the headline's and the longest block's (two
    # each), and its repeated item's place (-1: none), that item's group. Per block: the prose
    # characters before it. Per group of items: how many, the prose they hold, their first and last block.
    cdef int[::1] to_headline, to_longest, item_of, group_of, group_sizes, first, last
    cdef long long[::1] before, group_prose

    cdef int _items(self) except -1
    cdef int write(self, Py_ssize_t i, double* row) except -1
