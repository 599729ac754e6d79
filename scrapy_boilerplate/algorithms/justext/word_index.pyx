# cython: language_level=3, boundscheck=False, wraparound=False
"""The shipped stoplists' words in one hash table: each word -> the lists that hold it.

The per-page stoplist choice looks every word of a page up in all 100 shipped lists. As a dict,
their 154,484 distinct words cost a process 60-90 ms to build (a ``str`` and an entry each), most
of its first extraction. This table keeps the lists' UTF-8 bytes and C arrays instead, built in
20-25 ms, and looks a page's words up by their UTF-8, made as the page's text is scanned
(:class:`PageWords`), without an object per word. Every index into its arrays is a masked slot or
an entry it made: they are read without bounds checks.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport Py_UNICODE_ISSPACE, Py_UNICODE_TOLOWER

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object text)
    int PyUnicode_KIND(object text)
    void* PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index)

from array import array

#: 64-bit FNV-1a, over a word's UTF-8 bytes.
cdef unsigned long long _FNV_OFFSET = 0xCBF29CE484222325
cdef unsigned long long _FNV_PRIME = 0x100000001B3
cdef unsigned long long _LOW_HALF = 0xFFFFFFFF
cdef unsigned char _LINE_BREAK = 10  # "\n"
#: The place of the lowest set bit of a mask, by the top 6 bits of that bit times a de Bruijn sequence.
cdef unsigned long long _DE_BRUIJN = 0x03F79D71B4CB0A89
cdef int[64] _BIT_OF


cdef void _number_bits() noexcept:
    cdef unsigned long long bit
    cdef int place
    for place in range(64):
        bit = 1ULL << place
        _BIT_OF[(bit * _DE_BRUIJN) >> 58] = place


_number_bits()


cdef class WordIndex:
    """The words of ``lists`` (each list's words, one a line, in UTF-8), and for each word the
    positions in ``lists`` of those that hold it; open addressing, linear probing.

    A slot holds the high half of its word's hash and its entry's number plus one (0: the slot
    is free); the entries, numbered as their words first come, hold where the word starts in
    ``text`` and one bit per list. A probe reads a word's bytes only when the halves agree.
    """

    cdef readonly Py_ssize_t lists
    cdef Py_ssize_t width, slots, entries
    # ``data`` points into ``text``, which the index holds while it lives.
    cdef bytes text
    cdef const unsigned char* data
    cdef unsigned long long[::1] table, starts, masks

    def __init__(self, lists):
        cdef Py_ssize_t most_words, size, start = 0, stop, position
        self.lists = len(lists)
        self.width = (len(lists) + 63) // 64
        self.text = b"\n".join(lists)
        self.data = self.text
        most_words = self.text.count(b"\n") + 1
        # Under 3/4 full even with every word distinct, so a probe never runs far and always ends.
        size = 16
        while size * 3 < most_words * 4:
            size *= 2
        self.slots = size - 1
        self.table = array("Q", bytes(8 * size))
        self.starts = array("Q", bytes(8 * most_words))
        self.masks = array("Q", bytes(8 * most_words * self.width))
        self.entries = 0
        for position in range(len(lists)):
            stop = start + len(lists[position])
            self._add_lines(start, stop, position)
            start = stop + 1

    cdef void _add_lines(self, Py_ssize_t start, Py_ssize_t stop, Py_ssize_t position) noexcept:
        cdef Py_ssize_t word_start = start, index
        for index in range(start, stop + 1):
            if index == stop or self.data[index] == _LINE_BREAK:
                if index > word_start:
                    self._add(word_start, index, position)
                word_start = index + 1

    cdef void _add(self, Py_ssize_t start, Py_ssize_t end, Py_ssize_t position) noexcept:
        cdef unsigned long long hashed = _fnv(self.data, start, end)
        cdef Py_ssize_t slot = self._slot(self.data, start, end, hashed), entry
        if self.table[slot] == 0:
            self.starts[self.entries] = start
            self.entries += 1
            self.table[slot] = (hashed >> 32 << 32) | <unsigned long long>self.entries
        entry = <Py_ssize_t>(self.table[slot] & _LOW_HALF) - 1
        self.masks[entry * self.width + position // 64] |= 1ULL << (position % 64)

    cdef Py_ssize_t _slot(self, const unsigned char* word, Py_ssize_t start, Py_ssize_t end,
                          unsigned long long hashed) noexcept:
        """The slot holding the word ``word[start:end]`` (``hashed`` its :func:`_fnv`), or the free one
        where it would go."""
        cdef unsigned long long high = hashed >> 32
        cdef Py_ssize_t slot = <Py_ssize_t>(hashed & <unsigned long long>self.slots), entry
        while self.table[slot]:
            if self.table[slot] >> 32 == high:
                entry = <Py_ssize_t>(self.table[slot] & _LOW_HALF) - 1
                if self._holds(<Py_ssize_t>self.starts[entry], word, start, end):
                    break
            slot = (slot + 1) & self.slots
        return slot

    cdef bint _holds(self, Py_ssize_t at, const unsigned char* word, Py_ssize_t start, Py_ssize_t end) noexcept:
        """Whether the word of ``text`` at ``at`` is ``word[start:end]`` (which, a line of the lists
        or a page's word cut at whitespace, holds no line break)."""
        cdef Py_ssize_t index
        for index in range(start, end):
            if self.data[at] != word[index]:
                return False
            at += 1
        return at == len(self.text) or self.data[at] == _LINE_BREAK

    def __len__(self):
        return self.entries

    cdef int _entry(self, const unsigned char* word, Py_ssize_t size) noexcept:
        """The entry of the word ``word[:size]``, -1 if the table does not hold it."""
        cdef Py_ssize_t slot = self._slot(word, 0, size, _fnv(word, 0, size))
        if self.table[slot] == 0:
            return -1
        return <int>(self.table[slot] & _LOW_HALF) - 1

    def page_words(self, texts):
        """The words of ``texts`` (a page's paragraphs) lower-cased, as ``str.split()`` cuts them, each
        looked up once: see :class:`PageWords`."""
        return PageWords(self, texts)


cdef unsigned long long _fnv(const unsigned char* data, Py_ssize_t start, Py_ssize_t end) noexcept:
    cdef unsigned long long value = _FNV_OFFSET
    cdef Py_ssize_t index
    for index in range(start, end):
        value = (value ^ data[index]) * _FNV_PRIME
    return value


cdef bint _lowered_apart(str text) except -1:
    """Whether ``text`` holds a character ``str.lower()`` lower-cases otherwise than on its own: İ,
    into two characters, and Σ, into ς at the end of a word (every other character it lower-cases
    as ``Py_UNICODE_TOLOWER`` does)."""
    return "\u0130" in text or "\u03a3" in text


cdef class PageWords:
    """The words of a page's paragraphs lower-cased, each looked up in a :class:`WordIndex` once,
    without an object per word: how many each paragraph has, and for each word the entry of the
    table that holds it (-1: none, or a word with a lone surrogate, which has no UTF-8). A paragraph
    is lower-cased as it is read, character by character (a ``str`` each cost a fifth of the
    counting); one holding a character whose ``str.lower()`` is not its own lower case (see
    :func:`_lowered_apart`) by ``str.lower()``."""

    cdef WordIndex index
    cdef object ends_array
    cdef int* entries
    cdef long long[::1] ends
    #: How many words the paragraphs have in all.
    cdef readonly Py_ssize_t total

    def __cinit__(self, WordIndex index, texts):
        cdef Py_ssize_t count = len(texts), paragraph = 0, words = 0, capacity = 64, i, length
        cdef Py_ssize_t used, room = 64
        cdef int kind
        cdef void* data
        cdef Py_UCS4 character
        cdef unsigned int code
        cdef bint encodable, fold
        cdef unsigned char* utf8 = <unsigned char*>PyMem_Malloc(room)
        cdef unsigned char* grown
        if utf8 is NULL:
            raise MemoryError()
        cdef int* more
        self.index = index
        self.ends_array = array("q", bytes(8 * count))
        self.ends = self.ends_array
        self.entries = <int*>PyMem_Malloc(capacity * sizeof(int))
        if self.entries is NULL:
            PyMem_Free(utf8)
            raise MemoryError()
        try:
            for text in texts:
                fold = not PyUnicode_IS_ASCII(text)
                if fold and _lowered_apart(text):
                    text, fold = text.lower(), False
                length = len(<str>text)
                kind = PyUnicode_KIND(text)
                data = PyUnicode_DATA(text)
                i = 0
                while i < length:
                    character = PyUnicode_READ(kind, data, i)
                    if Py_UNICODE_ISSPACE(character):
                        i += 1
                        continue
                    # A word: its UTF-8 into utf8, until the next whitespace.
                    used, encodable = 0, True
                    while i < length:
                        character = PyUnicode_READ(kind, data, i)
                        if Py_UNICODE_ISSPACE(character):
                            break
                        if used + 4 > room:
                            room *= 2
                            grown = <unsigned char*>PyMem_Realloc(utf8, room)
                            if grown is NULL:
                                raise MemoryError()
                            utf8 = grown
                        if fold:
                            character = Py_UNICODE_TOLOWER(character)
                        code = <unsigned int>character
                        if code < 0x80:
                            utf8[used] = <unsigned char>(code + 32 if 65 <= code <= 90 else code)  # A-Z: a-z
                            used += 1
                        elif code < 0x800:
                            utf8[used] = <unsigned char>(0xC0 | (code >> 6))
                            utf8[used + 1] = <unsigned char>(0x80 | (code & 0x3F))
                            used += 2
                        elif code < 0x10000:
                            if 0xD800 <= code <= 0xDFFF:
                                encodable = False
                            utf8[used] = <unsigned char>(0xE0 | (code >> 12))
                            utf8[used + 1] = <unsigned char>(0x80 | ((code >> 6) & 0x3F))
                            utf8[used + 2] = <unsigned char>(0x80 | (code & 0x3F))
                            used += 3
                        else:
                            utf8[used] = <unsigned char>(0xF0 | (code >> 18))
                            utf8[used + 1] = <unsigned char>(0x80 | ((code >> 12) & 0x3F))
                            utf8[used + 2] = <unsigned char>(0x80 | ((code >> 6) & 0x3F))
                            utf8[used + 3] = <unsigned char>(0x80 | (code & 0x3F))
                            used += 4
                        i += 1
                    if words == capacity:
                        capacity *= 2
                        more = <int*>PyMem_Realloc(self.entries, capacity * sizeof(int))
                        if more is NULL:
                            raise MemoryError()
                        self.entries = more
                    self.entries[words] = index._entry(utf8, used) if encodable else -1
                    words += 1
                self.ends[paragraph] = words
                paragraph += 1
        finally:
            PyMem_Free(utf8)
        self.total = words

    def __dealloc__(self):
        PyMem_Free(self.entries)

    def __len__(self):
        """How many paragraphs."""
        return self.ends.shape[0]

    def counts(self):
        """How many words each paragraph has."""
        cdef Py_ssize_t paragraph, start = 0
        counts = []
        for paragraph in range(self.ends.shape[0]):
            counts.append(self.ends[paragraph] - start)
            start = self.ends[paragraph]
        return counts

    def scores(self):
        """For each list of the table, how many of the words it holds."""
        counted = array("q", bytes(8 * self.index.lists))
        cdef long long[::1] totals = counted
        cdef Py_ssize_t word, part
        cdef int entry
        cdef unsigned long long mask, lowest
        for word in range(self.total):
            entry = self.entries[word]
            if entry < 0:
                continue
            for part in range(self.index.width):
                mask = self.index.masks[entry * self.index.width + part]
                while mask:
                    lowest = mask & (~mask + 1)
                    totals[part * 64 + _BIT_OF[(lowest * _DE_BRUIJN) >> 58]] += 1
                    mask ^= lowest
        return counted.tolist()

    def held(self, Py_ssize_t position):
        """How many words of each paragraph the list at ``position`` holds."""
        cdef Py_ssize_t paragraph, word = 0
        cdef long long held
        cdef int entry
        cdef Py_ssize_t part = position // 64
        cdef unsigned long long bit = 1ULL << (position % 64)
        counts = []
        for paragraph in range(self.ends.shape[0]):
            held = 0
            while word < self.ends[paragraph]:
                entry = self.entries[word]
                if entry >= 0 and self.index.masks[entry * self.index.width + part] & bit:
                    held += 1
                word += 1
            counts.append(held)
        return counts
