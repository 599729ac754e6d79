# cython: language_level=3, boundscheck=False, wraparound=False
"""Words and phrases of a ``str`` counted by the groups that hold them, in C over its characters.

The page-type features count the words of the ``class`` values and of the start of the page's
text against groups of marker words, and phrases of the text (:mod:`.features`): as a ``Counter``
of the words and a ``str.count`` for each phrase, that was a third of the features' time. Here a
word is looked up by its characters in a small table, with no ``str`` made of it, and the phrases
are matched in one pass. Words are cut where ``str.split()`` cuts them (and at dashes and
underscores, for ``class`` values) in text Python has lowercased, or an ASCII ``class`` value's
bytes lowercased as they are read: the groups' words are ASCII, so a word with another character
is in none.
"""

from cpython.unicode cimport (
    Py_UNICODE_ISDECIMAL,
    Py_UNICODE_ISSPACE,
    PyUnicode_1BYTE_KIND,
    PyUnicode_2BYTE_KIND,
    PyUnicode_DATA,
    PyUnicode_KIND,
)
from libc.stdint cimport uint8_t, uint16_t
from libc.string cimport memcmp, memcpy, memset

from ...html.characters cimport is_word

# LONGEST, SLOTS and MOST_GROUPS: words.pxd.
cdef enum:
    MOST_PHRASES = 64
    LONGEST_PHRASE = 16

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


# A str's characters, of each of its widths.
ctypedef fused Character:
    uint8_t
    uint16_t
    Py_UCS4


cdef Py_ssize_t count_words(str text, Groups groups, bint dashes, Py_ssize_t* hits, unsigned int* found) except -1:
    """Count the words of the lowercase ``text`` that each of ``groups`` holds into ``hits`` (one
    count per group), and or their groups into ``found``; the number of words. Words are cut at
    whitespace as ``str.split()`` cuts them, and at ``-`` and ``_`` where ``dashes``."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    if kind == PyUnicode_1BYTE_KIND:
        return _count_words(<uint8_t*>data, len(text), groups, dashes, False, hits, found)
    if kind == PyUnicode_2BYTE_KIND:
        return _count_words(<uint16_t*>data, len(text), groups, dashes, False, hits, found)
    return _count_words(<Py_UCS4*>data, len(text), groups, dashes, False, hits, found)


cdef Py_ssize_t count_ascii_words(const unsigned char* text, Py_ssize_t length, Groups groups, bint dashes,
                                  Py_ssize_t* hits, unsigned int* found) noexcept:
    """:func:`count_words` of ASCII ``text``, lowercased as it is read (as ``str.lower()`` does):
    UTF-8 with no ``str`` made of it."""
    return _count_words(<const uint8_t*>text, length, groups, dashes, True, hits, found)


cdef Py_ssize_t _count_words(const Character* text, Py_ssize_t length, Groups groups, bint dashes, bint lower,
                             Py_ssize_t* hits, unsigned int* found) noexcept:
    cdef Py_ssize_t at, size = 0, words = 0, group
    cdef char word[LONGEST]
    cdef unsigned int character  # not Py_UCS4, whose sums Cython makes str
    cdef bint ascii = True
    cdef unsigned int mask
    for at in range(length + 1):
        character = text[at] if at < length else 32  # a space ends the last word
        if Py_UNICODE_ISSPACE(<Py_UCS4>character) or (dashes and (character == 45 or character == 95)):  # "-", "_"
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
            word[size] = <char>(character + 32 if lower and 65 <= character <= 90 else character)  # "A" to "Z"
        size += 1
    return words


cdef Py_ssize_t _years(const Character* text, Py_ssize_t length) noexcept:
    """The matches of ``(?:19|20)\\d\\d\\b`` (``re``'s ``findall``, ``\\d`` any decimal digit): two
    never overlap, so each place one starts at counts. ``\\b`` after a digit: where the text ends,
    or before a character that is not a word's (``re``'s ``\\w``: alphanumeric or ``_``)."""
    cdef Py_ssize_t at, count = 0
    for at in range(length - 3):
        if ((text[at] == 49 and text[at + 1] == 57) or (text[at] == 50 and text[at + 1] == 48)) \
                and Py_UNICODE_ISDECIMAL(text[at + 2]) and Py_UNICODE_ISDECIMAL(text[at + 3]) \
                and (at + 4 == length or not is_word(text[at + 4])):
            count += 1
    return count


cdef class TextMarkers:
    """The markers of a page's kind in its lowercased text: the words of each of ``word_groups``
    (as ``Groups``), the phrases of each of ``phrase_groups`` (each phrase a ``str``, counted as
    ``str.count`` counts it: occurrences that do not overlap, from the left), and the years."""

    cdef Groups words
    cdef Py_ssize_t phrase_groups, phrases
    cdef Py_UCS4[MOST_PHRASES][LONGEST_PHRASE] phrase_text
    cdef Py_ssize_t[MOST_PHRASES] phrase_length, phrase_group
    # The phrases by their first character: the first of those starting with an ASCII character,
    # the next one starting with the same (-1: none); the phrases starting with another, in turn.
    cdef int[128] first_of
    cdef int[MOST_PHRASES] next_of
    cdef int first_wide

    def __init__(self, word_groups, phrase_groups):
        cdef int phrase, at
        cdef int* last
        self.words = Groups(word_groups)
        self.phrase_groups = len(phrase_groups)
        texts = [(text, group) for group, phrases in enumerate(phrase_groups) for text in phrases]
        if len(texts) > MOST_PHRASES or not all(0 < len(text) <= LONGEST_PHRASE for text, _ in texts):
            raise ValueError(f"at most {MOST_PHRASES} phrases, each of 1 to {LONGEST_PHRASE} characters")
        self.phrases = len(texts)
        for phrase in range(128):
            self.first_of[phrase] = -1
        self.first_wide = -1
        for phrase in range(self.phrases - 1, -1, -1):  # each chain in the phrases' order
            text, self.phrase_group[phrase] = texts[phrase]
            self.phrase_length[phrase] = len(text)
            for at in range(len(text)):
                self.phrase_text[phrase][at] = ord(text[at])
            last = &self.first_of[ord(text[0])] if ord(text[0]) < 128 else &self.first_wide
            self.next_of[phrase] = last[0]
            last[0] = phrase

    def count(self, str text):
        """The counts in ``text`` (lowercased): of each word group's words, of each phrase group's
        phrases, and of years (``(?:19|20)\\d\\d\\b``), in a list; and the number of words."""
        cdef Py_ssize_t[MOST_GROUPS] word_hits
        cdef Py_ssize_t[MOST_PHRASES] phrase_hits
        cdef unsigned int found = 0
        cdef Py_ssize_t words, group, years
        cdef int kind = PyUnicode_KIND(text)
        cdef void* data = PyUnicode_DATA(text)
        memset(word_hits, 0, sizeof(word_hits))
        memset(phrase_hits, 0, sizeof(phrase_hits))
        words = count_words(text, self.words, False, word_hits, &found)
        if kind == PyUnicode_1BYTE_KIND:
            years = self.count_phrases(<uint8_t*>data, len(text), phrase_hits)
        elif kind == PyUnicode_2BYTE_KIND:
            years = self.count_phrases(<uint16_t*>data, len(text), phrase_hits)
        else:
            years = self.count_phrases(<Py_UCS4*>data, len(text), phrase_hits)
        counts = [word_hits[group] for group in range(self.words.size)]
        counts += [phrase_hits[group] for group in range(self.phrase_groups)]
        counts.append(years)
        return counts, words

    cdef Py_ssize_t count_phrases(self, const Character* text, Py_ssize_t length, Py_ssize_t* hits) noexcept:
        """Count into ``hits`` (by group) each phrase where it starts past the end of its last
        occurrence; the years."""
        cdef Py_ssize_t[MOST_PHRASES] free_from  # where each phrase's last occurrence ends
        cdef Py_ssize_t at, offset, size
        cdef Py_UCS4 character
        cdef int phrase
        memset(free_from, 0, sizeof(free_from))
        for at in range(length):
            character = text[at]
            phrase = self.first_of[character] if character < 128 else self.first_wide
            while phrase >= 0:
                size = self.phrase_length[phrase]
                if at >= free_from[phrase] and at + size <= length:
                    offset = 1 if character == self.phrase_text[phrase][0] else size + 1
                    while offset < size and text[at + offset] == self.phrase_text[phrase][offset]:
                        offset += 1
                    if offset == size:
                        hits[self.phrase_group[phrase]] += 1
                        free_from[phrase] = at + size
                phrase = self.next_of[phrase]
        return _years(text, length)
