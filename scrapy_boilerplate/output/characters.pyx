# cython: language_level=3
"""Characters looked for in texts in one pass in C: the Markdown writer tells by them the texts that
hold nothing to escape or leave out, most of them, which it writes as they are, and the lines that
show something (:func:`printable`).

A text is read in its own width (one, two or four bytes a character), without asking each
character's; one whose characters all lie below U+0100, as most do, eight characters a test.
"""

from cpython.unicode cimport (
    Py_UNICODE_ISPRINTABLE,
    PyUnicode_1BYTE_KIND,
    PyUnicode_2BYTE_KIND,
    PyUnicode_DATA,
    PyUnicode_GET_LENGTH,
    PyUnicode_KIND,
)


#: The characters ``str.isspace()`` (and a regular expression's ``\\s``) accepts.
WHITESPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
              "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


cdef class Characters:
    """The characters of ``characters``, and with ``unprintable`` every character that
    ``str.isprintable()`` refuses: those below U+0100 in a table, the others in a short array."""

    def __init__(self, str characters, bint unprintable=False):
        cdef Py_UCS4 character
        cdef int index
        others = sorted({character for character in characters if ord(character) >= 256})
        if len(others) > MAX_OTHERS:
            raise ValueError(f"at most {MAX_OTHERS} characters from U+0100 on, not {len(others)}")
        for index in range(256):
            self.latin1[index] = chr(index) in characters or (unprintable and not chr(index).isprintable())
        self.count = len(others)
        for index, character in enumerate(others):
            self.others[index] = character
        self.unprintable = unprintable

    cpdef bint found_in(self, str text):
        """Whether ``text`` holds any of the characters."""
        if text is None:
            raise TypeError("expected a str, not None")
        cdef Py_ssize_t index = 0, length = PyUnicode_GET_LENGTH(text)
        cdef int kind = PyUnicode_KIND(text)
        cdef void* data = PyUnicode_DATA(text)
        cdef const unsigned char* bytes = <const unsigned char*>data
        cdef const unsigned char* table = self.latin1
        if kind == PyUnicode_1BYTE_KIND:
            # Eight characters a test: most texts hold none of the characters.
            while index + 8 <= length:
                if (table[bytes[index]] | table[bytes[index + 1]] | table[bytes[index + 2]]
                        | table[bytes[index + 3]] | table[bytes[index + 4]] | table[bytes[index + 5]]
                        | table[bytes[index + 6]] | table[bytes[index + 7]]):
                    return True
                index += 8
            while index < length:
                if table[bytes[index]]:
                    return True
                index += 1
            return False
        if kind == PyUnicode_2BYTE_KIND:
            return self.found_in_wide(<const uint16_t*>data, length)
        return self.found_in_wide(<const Py_UCS4*>data, length)

    cdef inline bint found_in_wide(self, const Wide* characters, Py_ssize_t length) noexcept:
        """:meth:`found_in` for a text of two or four bytes a character."""
        cdef Py_ssize_t index
        cdef Py_UCS4 character
        for index in range(length):
            character = characters[index]
            if character < 256:
                if self.latin1[character]:
                    return True
            elif self.other(character):
                return True
        return False

    cdef inline bint other(self, Py_UCS4 character) noexcept:
        """Whether ``character``, from U+0100 on, is one of them."""
        cdef int index
        if self.unprintable and not Py_UNICODE_ISPRINTABLE(character):
            return True
        for index in range(self.count):
            if character == self.others[index]:
                return True
        return False


cdef Characters _UNPRINTABLE = Characters("", unprintable=True)


cdef bint printable(str text) except -1:
    """``text.isprintable()``, without a call through Python."""
    return not _UNPRINTABLE.found_in(text)
