# The statistics of a block's text (text_statistics.pyx), declared for the features written in C.

cdef enum:
    #: How many statistics text_statistics gives (a column each).
    STATISTICS = 23

cdef int write_text_statistics(str text, double* row) except -1
