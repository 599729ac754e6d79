# Types boilerpipe's segmentation for Cython (pure-Python mode: segment.py stays the one source):
# the walk's actions as C integer constants, the word counting and line wrapping typed.
import cython

cdef int _INLINE, _SPACING, _LINK, _BOUNDARY, _SKIPPED, _TAIL_ONLY

cpdef Py_ssize_t count_words(str text)

@cython.locals(lines=Py_ssize_t, words=Py_ssize_t, start=Py_ssize_t, end=Py_ssize_t)
cpdef tuple _wrapped_words_and_lines(str line)
