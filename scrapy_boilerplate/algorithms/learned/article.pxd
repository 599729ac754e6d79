# readability's article (article.pyx), declared for the features written in C.

cdef class Article:
    # The page's arrays, the ruthless choice and the one made (the lenient one when the ruthless
    # one kept too little), as article.pyx's own types.
    cdef object page, ruthless, choice
    cdef double top_score, page_share

    cdef int write(self, Py_ssize_t block, double* row) except -1
