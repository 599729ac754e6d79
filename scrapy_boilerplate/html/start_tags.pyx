# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Start tags with too many attributes, found in a page's bytes before libxml2 parses them.

libxml2's HTML parser checks each attribute of an element against all its others, in time that
grows with their square (40,000 attributes on one element: 11 s), so :func:`with_few_attributes`
keeps each element's first :data:`MAX_ATTRIBUTES` attributes. A start tag here is ``<``, an ASCII
letter, the rest of its name up to a space, ``/`` or ``>``; then the attributes that follow it:
optional spaces (``\\s`` of a bytes regex: space, tab, line feed, vertical tab, form feed,
carriage return), a name (none of those spaces nor ``=>/<"'``), and optionally spaces, ``=``,
spaces and a value: quoted when a closing quote follows anywhere after it, else the bytes up to a
space or ``>``. Every ``<`` followed by a letter starts a tag, even inside another tag's values, as
a regular expression searching the page would find them. The scan is C over the bytes, linear in
the page: a failed tag is not scanned again from inside its name, nor from the start of one of its
attributes, and the next quote of each kind is remembered.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.string cimport memchr, memcpy

cdef enum:
    MOST = 256  # MAX_ATTRIBUTES, for C
    RUN = MOST + 1  # the attributes that make a tag crowded

#: The most attributes an element keeps; the others are left out before libxml2 parses the page (no
#: page of the corpora has an element with more than 136).
MAX_ATTRIBUTES = MOST


cdef struct Scan:
    const unsigned char* data
    Py_ssize_t size
    # The first quote at or after *_from is at *_at (size when there is none), for each kind.
    Py_ssize_t double_from, double_at, single_from, single_at
    # The last tag scanned in vain: where its attributes started, and where each of them ended.
    Py_ssize_t failed_start, failed_count
    Py_ssize_t failed_ends[RUN]
    # The tag being scanned: where its attributes end (the first RUN of them); once found crowded,
    # where its MAX_ATTRIBUTES-th attribute ends and where its last does.
    Py_ssize_t ends[RUN]
    Py_ssize_t kept_end, tag_end


cdef inline bint is_space(unsigned char byte) noexcept nogil:
    return byte == 32 or 9 <= byte <= 13


cdef inline bint in_name(unsigned char byte) noexcept nogil:
    return not (is_space(byte) or byte == b'=' or byte == b'>' or byte == b'/' or byte == b'<'
                or byte == b'"' or byte == b"'")


cdef inline bint is_letter(unsigned char byte) noexcept nogil:
    return b'A' <= byte <= b'Z' or b'a' <= byte <= b'z'


cdef Py_ssize_t next_quote(Scan* scan, Py_ssize_t start, unsigned char quote) noexcept nogil:
    """Where the first ``quote`` at or after ``start`` is, ``size`` if there is none."""
    cdef const void* found
    cdef Py_ssize_t at
    if quote == b'"':
        if scan.double_from <= start <= scan.double_at:
            return scan.double_at
    elif scan.single_from <= start <= scan.single_at:
        return scan.single_at
    found = memchr(scan.data + start, quote, scan.size - start)
    at = (<const unsigned char*>found - scan.data) if found != NULL else scan.size
    if quote == b'"':
        scan.double_from, scan.double_at = start, at
    else:
        scan.single_from, scan.single_at = start, at
    return at


cdef Py_ssize_t attribute_end(Scan* scan, Py_ssize_t at) noexcept nogil:
    """Where the attribute starting at ``at`` (spaces before its name included) ends; -1 if none does."""
    cdef const unsigned char* data = scan.data
    cdef Py_ssize_t size = scan.size, value, closing
    while at < size and is_space(data[at]):
        at += 1
    if at == size or not in_name(data[at]):
        return -1
    while at < size and in_name(data[at]):
        at += 1
    value = at
    while value < size and is_space(data[value]):
        value += 1
    if value == size or data[value] != b'=':
        return at
    value += 1
    while value < size and is_space(data[value]):
        value += 1
    if value < size and (data[value] == b'"' or data[value] == b"'"):
        closing = next_quote(scan, value + 1, data[value])
        if closing < size:
            return closing + 1
    while value < size and not is_space(data[value]) and data[value] != b'>':
        value += 1
    return value


cdef bint failed_before(Scan* scan, Py_ssize_t start) noexcept nogil:
    """Whether attributes starting at ``start`` are the last tag scanned in vain's, or their tail: too few."""
    cdef Py_ssize_t low = 0, high = scan.failed_count, middle
    if start == scan.failed_start:
        return True
    while low < high:
        middle = (low + high) // 2
        if scan.failed_ends[middle] < start:
            low = middle + 1
        else:
            high = middle
    return low < scan.failed_count and scan.failed_ends[low] == start


cdef Py_ssize_t find_crowded(Scan* scan, Py_ssize_t at, bint whole) noexcept nogil:
    """Where the first crowded start tag at or after ``at`` begins, -1 if none does. With ``whole``,
    its attributes are scanned to the last, for ``scan.kept_end`` and ``scan.tag_end``."""
    cdef const unsigned char* data = scan.data
    cdef Py_ssize_t size = scan.size, tag, start, count, end, last
    cdef const void* found
    while at + 1 < size:
        found = memchr(data + at, b'<', size - 1 - at)
        if found == NULL:
            return -1
        tag = <const unsigned char*>found - data
        at = tag + 1
        if not is_letter(data[at]):
            continue
        start = at + 1
        while start < size and not (is_space(data[start]) or data[start] == b'/' or data[start] == b'>'):
            start += 1
        # A tag starting inside this one's name has the same attributes: the next to try is past it.
        at = start
        if failed_before(scan, start):
            continue
        count = 0
        last = start
        end = attribute_end(scan, start)
        while end >= 0:
            if count < RUN:
                scan.ends[count] = end
            count += 1
            last = end
            if count == RUN and not whole:
                break
            end = attribute_end(scan, end)
        if count >= RUN:
            scan.kept_end = scan.ends[MOST - 1]
            scan.tag_end = last
            return tag
        scan.failed_start = start
        scan.failed_count = count
        memcpy(scan.failed_ends, scan.ends, count * sizeof(Py_ssize_t))
    return -1


cdef void begin(Scan* scan, bytes body) noexcept:
    scan.data = <const unsigned char*>PyBytes_AS_STRING(body)
    scan.size = PyBytes_GET_SIZE(body)
    scan.double_from = scan.double_at = scan.single_from = scan.single_at = -1
    scan.failed_start = -1
    scan.failed_count = 0


def has_crowded_tag(bytes body not None) -> bool:
    """Whether an element of ``body`` has more than :data:`MAX_ATTRIBUTES` attributes."""
    cdef Scan scan
    cdef Py_ssize_t found
    begin(&scan, body)
    with nogil:
        found = find_crowded(&scan, 0, False)
    return found >= 0


def with_few_attributes(bytes body not None) -> bytes:
    """``body`` with no element's attributes past the first :data:`MAX_ATTRIBUTES`, so that parsing
    it takes time linear in its size; ``body`` itself when none has more (every page seen)."""
    cdef Scan scan
    cdef Py_ssize_t at = 0, copied = 0, found
    cdef list pieces = []
    begin(&scan, body)
    while True:
        with nogil:
            found = find_crowded(&scan, at, True)
        if found < 0:
            break
        pieces.append(body[copied:scan.kept_end])
        copied = at = scan.tag_end
    if not pieces:
        return body
    pieces.append(body[copied:])
    return b"".join(pieces)
