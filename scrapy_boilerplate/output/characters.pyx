# cython: language_level=3
"""Sets of characters looked for in texts in one pass in C: the Markdown writer tells by them the
texts that hold nothing to escape or leave out, most of them, which it writes as they are."""


cdef class Characters:
    """The characters of ``characters``: ASCII ones in a table, the others in a short string."""

    def __init__(self, str characters):
        cdef Py_UCS4 character
        for character in characters:
            if character < 128:
                self.ascii[character] = True
        self.others = "".join(character for character in characters if ord(character) >= 128)

    cpdef bint found_in(self, str text):
        """Whether ``text`` holds any of the characters."""
        cdef Py_UCS4 character
        cdef Py_UCS4 other
        for character in text:
            if character < 128:
                if self.ascii[character]:
                    return True
            else:
                for other in self.others:
                    if character == other:
                        return True
        return False
