# cython: language_level=3
"""The statistics of a block's text that the learned features read, in one pass over its characters."""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport Py_UNICODE_ISSPACE, Py_UNICODE_ISUPPER

#: Characters counted in a block's text, one feature each (their share of the characters).
COUNTED_CHARS = ".,:!/()\"-—#@©&%…·"
#: What ends a sentence.
SENTENCE_ENDS = ".!?\"”»"

cdef enum:
    _COUNTED = 17
    _NOT_COUNTED = -1

assert len(COUNTED_CHARS) == _COUNTED
cdef str _COUNTED_CHARS = COUNTED_CHARS
#: The share of a character counted nowhere in the text: one object for them all.
cdef object _NONE = 0.0


cdef inline int _counted(Py_UCS4 character) noexcept:
    """The position of ``character`` in :data:`COUNTED_CHARS`, or ``_NOT_COUNTED``."""
    cdef int position = 0
    cdef Py_UCS4 counted
    for counted in _COUNTED_CHARS:
        if counted == character:
            return position
        position += 1
    return _NOT_COUNTED


def text_statistics(str text) -> tuple:
    """Of ``text`` (a block's, not empty): the share of its characters each of
    :data:`COUNTED_CHARS` and the digits make, the share of its words (runs between whitespace,
    as ``str.split()`` finds them) that start with a capital, whether it ends a sentence, ends
    in an ellipsis and is in capitals, and its characters per word (one word at least)."""
    cdef Py_ssize_t length = len(text), digits = 0, words = 0, capitalized = 0
    cdef Py_ssize_t counts[_COUNTED]
    cdef Py_UCS4 character
    cdef bint in_word = False
    cdef int position
    for position in range(_COUNTED):
        counts[position] = 0
    for character in text:
        if Py_UNICODE_ISSPACE(character):
            in_word = False
            continue
        if not in_word:
            in_word = True
            words += 1
            capitalized += Py_UNICODE_ISUPPER(character)
        if u"0" <= character <= u"9":
            digits += 1
        elif not (u"a" <= character <= u"z" or u"A" <= character <= u"Z"):  # no letter is counted
            position = _counted(character)
            if position != _NOT_COUNTED:
                counts[position] += 1
    cdef Py_ssize_t word_count = words or 1
    cdef tuple statistics = PyTuple_New(_COUNTED + 6)
    for position in range(_COUNTED):
        _set(statistics, position, counts[position] / length if counts[position] else _NONE)
    _set(statistics, _COUNTED, digits / length)
    _set(statistics, _COUNTED + 1, capitalized / word_count)
    _set(statistics, _COUNTED + 2, float(text[length - 1] in SENTENCE_ENDS))
    _set(statistics, _COUNTED + 3, float(text[length - 1] == u"…" or text.endswith("...")))
    _set(statistics, _COUNTED + 4, float(text.isupper()))
    _set(statistics, _COUNTED + 5, length / word_count)
    return statistics


cdef inline void _set(tuple statistics, Py_ssize_t position, object value) noexcept:
    Py_INCREF(value)
    PyTuple_SET_ITEM(statistics, position, value)
