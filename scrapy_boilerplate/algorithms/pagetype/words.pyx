# cython: language_level=3, boundscheck=False, wraparound=False
"""Words and phrases of a ``str`` counted by the groups that hold them, in C over its characters.

The page-type features count the words of the ``class`` values and of the start of the page's
text against groups of marker words, and phrases of the text (:mod:`.features`): as a ``Counter``
of the words and a ``str.count`` for each phrase, that was a third of the features' time. Here a
word is looked up by its characters in a small table, with no ``str`` made of it, and the phrases
are matched in one pass. Words are cut where ``str.split()`` cuts them (and at dashes and
underscores, for ``class`` values) in text Python has lowercased: the groups' words are ASCII, so
a word with another character is in none.
"""

from cpython.unicode cimport Py_UNICODE_ISALNUM, Py_UNICODE_ISDECIMAL, Py_UNICODE_ISSPACE
from libc.string cimport memcmp, memcpy, memset

cdef extern from "Python.h":
    int PyUnicode_KIND(object text)
    void* PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index) nogil

cdef enum:
    LONGEST = 23  # the longest word a group holds, in characters (words.pxd's Slot)
    SLOTS = 512  # the table's slots (a power of two, words.pxd's): under half full with 256 words
    MOST_GROUPS = 32  # a bit each
    MOST_PHRASES = 64

#: 64-bit FNV-1a: the table holds the groups' words, not the page's, so no page can make them collide.
cdef unsigned long long _FNV_OFFSET = 0xCBF29CE484222325
cdef unsigned long long _FNV_PRIME = 0x100000001B3


cdef unsigned long long _fnv(const char* word, Py_ssize_t length) noexcept:
    cdef unsigned long long value = _FNV_OFFSET
    cdef Py_ssize_t at
    for at in range(length):
        value = (value ^ <unsigned char>word[at]) * _FNV_PRIME
    return value


cdef class Groups:
    """Words by the groups that hold them: ``groups``, each an iterable of lowercase ASCII words
    (a word may be in several). A word's groups are a bit each in :meth:`of`'s mask."""

    def __init__(self, groups):
        cdef bytes encoded
        cdef Py_ssize_t slot, words = 0
        memset(self.slots, 0, sizeof(self.slots))
        self.size = len(groups)
        if self.size > MOST_GROUPS:
            raise ValueError(f"at most {MOST_GROUPS} groups")
        for group, words_of_group in enumerate(groups):
            for word in words_of_group:
                if not (0 < len(word) <= LONGEST and word.isascii() and word == word.lower()
                        and len(word.split()) == 1 and "-" not in word and "_" not in word):
                    raise ValueError(f"{word!r} is not a lowercase ASCII word of 1 to {LONGEST} characters")
                encoded = word.encode("ascii")
                slot = self.slot(encoded, len(encoded))
                if not self.slots[slot].length:
                    words += 1
                    if 2 * words > SLOTS:
                        raise ValueError(f"at most {SLOTS // 2} words")
                    self.slots[slot].length = len(encoded)
                    memcpy(self.slots[slot].word, <const char*>encoded, len(encoded))
                self.slots[slot].groups |= 1U << group

    cdef Py_ssize_t slot(self, const char* word, Py_ssize_t length) noexcept:
        """The slot holding ``word`` (``length`` at most LONGEST), or the free one where it would go."""
        cdef Py_ssize_t slot = <Py_ssize_t>(_fnv(word, length) & (SLOTS - 1))
        while self.slots[slot].length and not (
                self.slots[slot].length == length and memcmp(self.slots[slot].word, word, length) == 0):
            slot = (slot + 1) & (SLOTS - 1)
        return slot

    cdef unsigned int of(self, const char* word, Py_ssize_t length) noexcept:
        """The groups holding the ASCII ``word``, a bit each (0: none)."""
        if length > LONGEST:
            return 0
        return self.slots[self.slot(word, length)].groups


cdef Py_ssize_t count_words(str text, Groups groups, bint dashes, Py_ssize_t* hits, unsigned int* found) except -1:
    """Count the words of the lowercase ``text`` that each of ``groups`` holds into ``hits`` (one
    count per group), and or their groups into ``found``; the number of words. Words are cut at
    whitespace as ``str.split()`` cuts them, and at ``-`` and ``_`` where ``dashes``."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t length = len(text), at, size = 0, words = 0, group
    cdef char word[LONGEST]
    cdef Py_UCS4 character
    cdef bint ascii = True
    cdef unsigned int mask
    for at in range(length + 1):
        character = PyUnicode_READ(kind, data, at) if at < length else 32  # a space ends the last word
        if Py_UNICODE_ISSPACE(character) or (dashes and (character == 45 or character == 95)):  # "-", "_"
            if size:
                words += 1
                if ascii and size <= LONGEST:
                    mask = groups.of(word, size)
                    found[0] |= mask
                    group = 0
                    while mask:
                        hits[group] += mask & 1
                        mask >>= 1
                        group += 1
            size, ascii = 0, True
            continue
        if character >= 128:
            ascii = False
        elif size < LONGEST:
            word[size] = <char>character
        size += 1
    return words


cdef bint _years_end(int kind, void* data, Py_ssize_t at, Py_ssize_t length) noexcept:
    """Whether a year ends at ``at``: ``\\b`` after a digit, where the text ends or a character
    that is not a word's (``re``'s ``\\w``: alphanumeric or ``_``) comes."""
    cdef Py_UCS4 character
    if at == length:
        return True
    character = PyUnicode_READ(kind, data, at)
    return not (Py_UNICODE_ISALNUM(character) or character == 95)


cdef Py_ssize_t _years(int kind, void* data, Py_ssize_t length) noexcept:
    """The matches of ``(?:19|20)\\d\\d\\b`` (``re``'s ``findall``, ``\\d`` any decimal digit): two
    such never overlap, so each place one starts at counts."""
    cdef Py_ssize_t at, count = 0
    cdef Py_UCS4 first, second
    for at in range(length - 3):
        first, second = PyUnicode_READ(kind, data, at), PyUnicode_READ(kind, data, at + 1)
        if ((first == 49 and second == 57) or (first == 50 and second == 48)) \
                and Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, at + 2)) \
                and Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, at + 3)) \
                and _years_end(kind, data, at + 4, length):
            count += 1
    return count


cdef class TextMarkers:
    """The markers of a page's kind in its lowercased text: the words of each of ``word_groups``
    (as ``Groups``), the phrases of each of ``phrase_groups`` (each phrase a ``str``, counted as
    ``str.count`` counts it: occurrences that do not overlap, from the left), and the years."""

    cdef Groups words
    cdef Py_ssize_t phrase_groups, phrases
    cdef tuple phrase_texts  # each phrase, kept for its characters
    cdef Py_ssize_t[MOST_PHRASES] phrase_group
    # The phrases by their first character: the first of those starting with an ASCII character,
    # the next one starting with the same (-1: none); the phrases starting with another, in turn.
    cdef int[128] first_of
    cdef int[MOST_PHRASES] next_of
    cdef int first_wide

    def __init__(self, word_groups, phrase_groups):
        cdef int phrase
        cdef int* last
        self.words = Groups(word_groups)
        self.phrase_groups = len(phrase_groups)
        texts = [(text, group) for group, phrases in enumerate(phrase_groups) for text in phrases]
        if len(texts) > MOST_PHRASES or not all(texts_and_group[0] for texts_and_group in texts):
            raise ValueError(f"at most {MOST_PHRASES} phrases, none empty")
        self.phrase_texts = tuple(text for text, _ in texts)
        self.phrases = len(texts)
        for phrase in range(128):
            self.first_of[phrase] = -1
        self.first_wide = -1
        for phrase in range(self.phrases - 1, -1, -1):  # each chain in the phrases' order
            text, self.phrase_group[phrase] = texts[phrase]
            last = &self.first_of[ord(text[0])] if ord(text[0]) < 128 else &self.first_wide
            self.next_of[phrase] = last[0]
            last[0] = phrase

    def count(self, str text):
        """The counts in ``text`` (lowercased): of each word group's words, of each phrase group's
        phrases, and of years (``(?:19|20)\\d\\d\\b``), in a list; and the number of words."""
        cdef Py_ssize_t[MOST_GROUPS] word_hits
        cdef Py_ssize_t[MOST_PHRASES] phrase_hits, free_from
        cdef unsigned int found = 0
        cdef Py_ssize_t words, group
        memset(word_hits, 0, sizeof(word_hits))
        memset(phrase_hits, 0, sizeof(phrase_hits))
        memset(free_from, 0, sizeof(free_from))
        words = count_words(text, self.words, False, word_hits, &found)
        self.count_phrases(text, phrase_hits, free_from)
        counts = [word_hits[group] for group in range(self.words.size)]
        counts += [phrase_hits[group] for group in range(self.phrase_groups)]
        counts.append(_years(PyUnicode_KIND(text), PyUnicode_DATA(text), len(text)))
        return counts, words

    cdef int count_phrases(self, str text, Py_ssize_t* hits, Py_ssize_t* free_from) except -1:
        """Count into ``hits`` (by group) each phrase where it starts, past the end of its last
        occurrence (``free_from``)."""
        cdef int kind = PyUnicode_KIND(text)
        cdef void* data = PyUnicode_DATA(text)
        cdef Py_ssize_t length = len(text), at
        cdef Py_UCS4 character
        cdef int phrase
        for at in range(length):
            character = PyUnicode_READ(kind, data, at)
            phrase = self.first_of[character] if character < 128 else self.first_wide
            while phrase >= 0:
                if at >= free_from[phrase] and self.starts_at(<str>self.phrase_texts[phrase], kind, data, at, length):
                    hits[self.phrase_group[phrase]] += 1
                    free_from[phrase] = at + len(<str>self.phrase_texts[phrase])
                phrase = self.next_of[phrase]
        return 0

    cdef bint starts_at(self, str phrase, int kind, void* data, Py_ssize_t at, Py_ssize_t length) noexcept:
        cdef int phrase_kind = PyUnicode_KIND(phrase)
        cdef void* phrase_data = PyUnicode_DATA(phrase)
        cdef Py_ssize_t size = len(phrase), offset
        if at + size > length:
            return False
        for offset in range(size):
            if PyUnicode_READ(kind, data, at + offset) != PyUnicode_READ(phrase_kind, phrase_data, offset):
                return False
        return True
