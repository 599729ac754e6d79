# cython: language_level=3, boundscheck=False, wraparound=False
"""The shipped stoplists' words in one hash table: each word -> the lists that hold it.

The per-page stoplist choice looks every word of a page up in all 100 shipped lists. As a dict,
their 154,484 distinct words cost a process 60-90 ms to build (a ``str`` and an entry each), most
of its first extraction. This table keeps the lists' UTF-8 bytes and C arrays instead, built in
20-25 ms, and looks a page's words up by their UTF-8 (which CPython keeps for an ASCII word)
without making an object per word. Every index into its arrays is a masked slot or an entry it
made: they are read without bounds checks.
"""

from cpython.unicode cimport PyUnicode_AsUTF8AndSize

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
        """Whether the word of ``text`` at ``at`` is ``word[start:end]``."""
        cdef Py_ssize_t index
        for index in range(start, end):
            if word[index] == _LINE_BREAK or self.data[at] != word[index]:
                return False
            at += 1
        return at == len(self.text) or self.data[at] == _LINE_BREAK

    def __len__(self):
        return self.entries

    cpdef list scores(self, words):
        """For each list, how many of ``words`` it holds (each word counted as often as it comes;
        a word that has no UTF-8, a lone surrogate's, is in none)."""
        counted = array("q", bytes(8 * self.lists))
        cdef long long[::1] totals = counted
        cdef const unsigned char* utf8
        cdef Py_ssize_t size, slot, entry, part
        cdef unsigned long long mask, lowest
        for word in words:
            try:
                utf8 = <const unsigned char*>PyUnicode_AsUTF8AndSize(word, &size)
            except UnicodeEncodeError:
                continue
            slot = self._slot(utf8, 0, size, _fnv(utf8, 0, size))
            if self.table[slot] == 0:
                continue
            entry = <Py_ssize_t>(self.table[slot] & _LOW_HALF) - 1
            for part in range(self.width):
                mask = self.masks[entry * self.width + part]
                while mask:
                    lowest = mask & (~mask + 1)
                    totals[part * 64 + _BIT_OF[(lowest * _DE_BRUIJN) >> 58]] += 1
                    mask ^= lowest
        return counted.tolist()


cdef unsigned long long _fnv(const unsigned char* data, Py_ssize_t start, Py_ssize_t end) noexcept:
    cdef unsigned long long value = _FNV_OFFSET
    cdef Py_ssize_t index
    for index in range(start, end):
        value = (value ^ data[index]) * _FNV_PRIME
    return value
