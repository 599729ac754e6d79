# Lists of words (wordlist.pyx), declared for the modules that search texts with them in C.

cdef struct _Word:
    const unsigned char* letters  # Latin-1
    Py_ssize_t length
    unsigned int bits
    bint whole


cdef class WordBits:
    cdef _Word* words
    # The words starting with each Latin-1 character c: words[starts[c]:starts[c + 1]].
    cdef Py_ssize_t starts[257]
    cdef list letters  # the bytes the words point into

    cpdef unsigned int bits(self, str value)
    cpdef Py_ssize_t count(self, str text)
    cdef Py_ssize_t _find(self, str text, unsigned int* bits)
