# Python's classes of characters, as the text scans test them: ASCII, most of any page's text, read
# from a bit mask each; the rest by CPython's tests, calls into its Unicode tables
# (``Py_UNICODE_ISALNUM`` makes up to four).
from cpython.unicode cimport Py_UNICODE_ISALNUM


cdef inline bint _in_ascii(Py_UCS4 character, unsigned long long low, unsigned long long high) noexcept:
    """Whether the bit of ``character`` (under 128) is set: characters 0-63 in ``low``, 64-127 in ``high``."""
    return ((low if character < 64 else high) >> (<unsigned int>character & 63)) & 1


cdef inline bint is_alnum(Py_UCS4 character) noexcept:
    """``str.isalnum()`` of ``character``: ASCII's are ``[0-9A-Za-z]``."""
    if character < 128:
        return _in_ascii(character, 0x03FF000000000000ULL, 0x07FFFFFE07FFFFFEULL)
    return Py_UNICODE_ISALNUM(character)


cdef inline bint is_word(Py_UCS4 character) noexcept:
    """A character of ``re``'s ``\\w``: alphanumeric or "_"."""
    if character < 128:
        return _in_ascii(character, 0x03FF000000000000ULL, 0x07FFFFFE87FFFFFEULL)
    return Py_UNICODE_ISALNUM(character)
