# What parts.pyx reads the class values' words with (words.pyx).
cdef enum:
    LONGEST = 23  # the longest word a group holds, in characters
    SLOTS = 512  # the table's slots (a power of two): under half full with 256 words
    MOST_GROUPS = 32  # a bit each


cdef struct Slot:
    char word[LONGEST]
    unsigned char length  # 0: a free slot
    unsigned int groups  # a bit each


cdef class Groups:
    cdef Slot slots[SLOTS]
    cdef readonly Py_ssize_t size
    cdef Py_ssize_t slot(self, const char* word, Py_ssize_t length) noexcept
    cdef unsigned int of(self, const char* word, Py_ssize_t length) noexcept


cdef Py_ssize_t count_words(str text, Groups groups, bint dashes, Py_ssize_t* hits, unsigned int* found) except -1
cdef Py_ssize_t count_ascii_words(const unsigned char* text, Py_ssize_t length, Groups groups, bint dashes,
                                  Py_ssize_t* hits, unsigned int* found) noexcept
