# Text as libxml2 holds it, UTF-8 bytes, in a growing C buffer, and the tests of whitespace a walker
# makes on it before any ``str`` is made: one ``str`` a paragraph where lxml's ``text`` and ``tail``
# make one a text node. Whitespace is what ``str.isspace()`` and ``str.split()`` read as whitespace
# (``Py_UNICODE_ISSPACE``); a byte that starts no valid UTF-8 sequence is a character that is not
# whitespace, whose text fails to decode when its ``str`` is made, as lxml's does.
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.unicode cimport Py_UNICODE_ISSPACE
from libc.string cimport memcpy

cdef extern from "Python.h":
    object PyUnicode_DecodeUTF8(const char* data, Py_ssize_t size, const char* errors)


cdef struct Buffer:
    char* data
    Py_ssize_t length
    Py_ssize_t size


cdef inline int add(Buffer* buffer, const char* data, Py_ssize_t length) except -1:
    """Append ``length`` bytes at ``data``."""
    cdef Py_ssize_t size = buffer.size
    cdef char* grown
    if buffer.length + length > size:
        size = max(64, 2 * size, buffer.length + length)
        grown = <char*>PyMem_Realloc(buffer.data, size)
        if grown is NULL:
            raise MemoryError()
        buffer.data, buffer.size = grown, size
    if length:
        memcpy(buffer.data + buffer.length, data, length)
        buffer.length += length
    return 0


cdef inline void release(Buffer* buffer) noexcept:
    """Give the buffer's memory back; it is empty after."""
    PyMem_Free(buffer.data)
    buffer.data, buffer.length, buffer.size = NULL, 0, 0


cdef inline str decoded(Buffer* buffer, Py_ssize_t start):
    """The text from byte ``start`` on; ``UnicodeDecodeError`` where it is not UTF-8."""
    return PyUnicode_DecodeUTF8(buffer.data + start, buffer.length - start, NULL)


cdef inline Py_UCS4 next_character(const unsigned char* data, Py_ssize_t* at, Py_ssize_t end) noexcept:
    """The character at ``at[0]``, which moves past it; U+FFFD for a byte that starts no valid sequence."""
    cdef Py_ssize_t start = at[0], length, i
    cdef unsigned char lead = data[start]
    cdef unsigned int character
    at[0] = start + 1
    if lead < 0x80:
        return lead
    if 0xC2 <= lead <= 0xDF:
        length, character = 2, lead & 0x1F
    elif 0xE0 <= lead <= 0xEF:
        length, character = 3, lead & 0x0F
    elif 0xF0 <= lead <= 0xF4:
        length, character = 4, lead & 0x07
    else:
        return 0xFFFD
    if start + length > end:
        return 0xFFFD
    for i in range(start + 1, start + length):
        if data[i] & 0xC0 != 0x80:
            return 0xFFFD
        character = (character << 6) | (data[i] & 0x3F)
    if (length == 3 and character < 0x800) or (length == 4 and not 0x10000 <= character <= 0x10FFFF):
        return 0xFFFD  # too long a form
    at[0] = start + length
    return <Py_UCS4>character


cdef inline Py_ssize_t well_formed(const unsigned char* data, Py_ssize_t at, Py_ssize_t end) noexcept nogil:
    """The length of the sequence of more than one byte at ``at`` (before ``end``) as Python's strict
    decoder reads it; 0 where it refuses it (a stray or overlong byte, a surrogate, past U+10FFFF, cut short)."""
    cdef unsigned char lead = data[at], second
    cdef Py_ssize_t size, i
    if 0xC2 <= lead <= 0xDF:
        size = 2
    elif 0xE0 <= lead <= 0xEF:
        size = 3
    elif 0xF0 <= lead <= 0xF4:
        size = 4
    else:
        return 0
    if at + size > end:
        return 0
    second = data[at + 1]
    # The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    if ((lead == 0xE0 and second < 0xA0) or (lead == 0xED and second > 0x9F)
            or (lead == 0xF0 and second < 0x90) or (lead == 0xF4 and second > 0x8F)):
        return 0
    for i in range(at + 1, at + size):
        if data[i] & 0xC0 != 0x80:
            return 0
    return size


cdef inline bint is_space(const unsigned char* data, Py_ssize_t* at, Py_ssize_t end) noexcept:
    """Whether the character at ``at[0]`` is whitespace; ``at[0]`` moves past it."""
    cdef Py_UCS4 character = next_character(data, at, end)  # the test, a macro, reads it twice
    return Py_UNICODE_ISSPACE(character)


cdef inline bint blank(Buffer* buffer) noexcept:
    """``not text or text.isspace()`` for the buffer's text."""
    cdef Py_ssize_t at = 0
    while at < buffer.length:
        if not is_space(<const unsigned char*>buffer.data, &at, buffer.length):
            return False
    return True


cdef inline Py_ssize_t normalized_length(const char* text, Py_ssize_t end) noexcept:
    """The length of ``text`` once each run of whitespace in it is one character."""
    cdef Py_ssize_t at = 0, length = 0
    cdef bint in_run = False, space
    while at < end:
        space = is_space(<const unsigned char*>text, &at, end)
        length += not (space and in_run)
        in_run = space
    return length


cdef inline Py_ssize_t collapsed(Buffer* buffer, Py_ssize_t start, bint newlines) noexcept:
    """Collapse the text from byte ``start`` on, in place: stripped, each run of whitespace made one
    space, or with ``newlines`` one newline if it holds a line break (``\\n``, ``\\r``); its new
    length in bytes."""
    cdef unsigned char* data = <unsigned char*>buffer.data
    cdef Py_ssize_t end = buffer.length, at = start, before, kept = start
    cdef Py_UCS4 character
    cdef bint line_break = False, in_run = False
    while at < end:
        before = at
        if data[at] < 0x80:  # most text: no sequence to read
            character = data[at]
            at += 1
        else:
            character = next_character(data, &at, end)
        if Py_UNICODE_ISSPACE(character):
            in_run = True
            line_break = line_break or (newlines and (character == u"\n" or character == u"\r"))
            continue
        if in_run and kept > start:
            data[kept] = b"\n" if line_break else b" "
            kept += 1
        in_run = line_break = False
        if kept == before:  # nothing collapsed yet: the text stays where it is
            kept = at
            continue
        while before < at:
            data[kept] = data[before]
            kept += 1
            before += 1
    buffer.length = kept
    return kept - start
