# cython: language_level=3
"""Characters looked for in texts in one pass in C: the Markdown writer tells by them the texts that
hold nothing to escape or leave out, most of them, which it writes as they are, and the lines that
show something (:func:`printable`).

A text whose characters all lie below U+0100, as most do, is read byte by byte, without asking each
character's width.
"""

from cpython.unicode cimport (
    Py_UNICODE_ISPRINTABLE,
    PyUnicode_1BYTE_KIND,
    PyUnicode_DATA,
    PyUnicode_GET_LENGTH,
    PyUnicode_KIND,
    PyUnicode_READ,
)


#: The characters ``str.isspace()`` (and a regular expression's ``\\s``) accepts.
WHITESPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
              "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


cdef class Characters:
    """The characters of ``characters``, and with ``unprintable`` every character that
    ``str.isprintable()`` refuses: ASCII ones in a table, the others in a short string."""

    def __init__(self, str characters, bint unprintable=False):
        cdef Py_UCS4 character
        for character in characters:
            if character < 128:
                self.ascii[character] = True
        self.others = "".join(character for character in characters if ord(character) >= 128)
        self.unprintable = unprintable
        if unprintable:  # ASCII's unprintable characters: the controls
            for character in range(32):
                self.ascii[character] = True
            self.ascii[127] = True

    cpdef bint found_in(self, str text):
        """Whether ``text`` holds any of the characters."""
        if text is None:
            raise TypeError("expected a str, not None")
        cdef Py_ssize_t index, length = PyUnicode_GET_LENGTH(text)
        cdef int kind = PyUnicode_KIND(text)
        cdef void* data = PyUnicode_DATA(text)
        cdef const unsigned char* latin1 = <const unsigned char*>data
        cdef Py_UCS4 character
        if kind == PyUnicode_1BYTE_KIND:
            for index in range(length):
                if latin1[index] < 128:
                    if self.ascii[latin1[index]]:
                        return True
                elif self.other(latin1[index]):
                    return True
            return False
        for index in range(length):
            character = PyUnicode_READ(kind, data, index)
            if character < 128:
                if self.ascii[character]:
                    return True
            elif self.other(character):
                return True
        return False

    cdef inline bint other(self, Py_UCS4 character):
        """Whether ``character``, not ASCII, is one of them."""
        cdef Py_UCS4 other
        if self.unprintable and not Py_UNICODE_ISPRINTABLE(character):
            return True
        for other in self.others:
            if character == other:
                return True
        return False


cdef Characters _UNPRINTABLE = Characters("", unprintable=True)


cdef bint printable(str text) except -1:
    """``text.isprintable()``, without a call through Python."""
    return not _UNPRINTABLE.found_in(text)
