# Types the stoplists' word table for Cython (pure-Python mode: word_index.py stays the one source).
import cython

cdef unsigned long long _FNV_OFFSET, _FNV_PRIME, _MASK_64, _LOW_HALF
cdef unsigned char _LINE_BREAK

cdef class WordIndex:
    cdef readonly Py_ssize_t lists
    cdef Py_ssize_t width, slots, entries
    # ``data`` points into ``text``, which the index holds while it lives.
    cdef bytes text
    cdef const unsigned char* data
    cdef unsigned long long[::1] table, starts, masks
    @cython.locals(word_start=Py_ssize_t, index=Py_ssize_t)
    cdef void _add_lines(self, Py_ssize_t start, Py_ssize_t stop, Py_ssize_t position)
    @cython.locals(hashed="unsigned long long", slot=Py_ssize_t, entry=Py_ssize_t, bit="unsigned long long")
    cdef void _add(self, Py_ssize_t start, Py_ssize_t end, Py_ssize_t position)
    @cython.locals(high="unsigned long long", slot=Py_ssize_t, entry=Py_ssize_t)
    cdef Py_ssize_t _slot(self, const unsigned char* word, Py_ssize_t start, Py_ssize_t end, unsigned long long hashed)
    @cython.locals(index=Py_ssize_t)
    cdef bint _holds(self, Py_ssize_t at, const unsigned char* word, Py_ssize_t start, Py_ssize_t end)
    @cython.locals(encoded=bytes, slot=Py_ssize_t, entry=Py_ssize_t, count=Py_ssize_t, part=Py_ssize_t,
                   position=Py_ssize_t, mask="unsigned long long", scores=list)
    cpdef list scores(self, words)

@cython.locals(value="unsigned long long", index=Py_ssize_t)
cdef unsigned long long _fnv(const unsigned char* data, Py_ssize_t start, Py_ssize_t end)
