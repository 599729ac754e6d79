# The landmarks of a page (landmarks.pyx), declared for the features written in C.
from .records cimport Record


cdef class Landmarks:
    cdef list records, every_record, keys
    cdef Py_ssize_t count, headline, longest, longest_chars, page_prose
    # Per record, by place: its ways up and down to the headline's and the longest block's (two
    # each), and its repeated item's place (-1: none). Per block: its characters, and the prose
    # characters before it.
    cdef int[::1] to_headline, to_longest, item_of
    cdef long long[::1] chars, before
    # Per group of items, by key: how many, the prose they hold, their first and last block.
    cdef dict group_sizes, group_prose, first, last

    cdef int write(self, Py_ssize_t i, double* row) except -1
