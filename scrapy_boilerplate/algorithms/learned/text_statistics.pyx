# cython: language_level=3
"""The statistics of a block's text that the learned features read, each in one pass over its characters."""

from cpython.unicode cimport (Py_UNICODE_ISDECIMAL, Py_UNICODE_ISSPACE, Py_UNICODE_ISUPPER,
                              PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ)

from ...html.characters cimport is_word
from .wordlist cimport WordBits

#: Characters counted in a block's text, one feature each (their share of the characters).
COUNTED_CHARS = ".,:!/()\"-—#@©&%…·"
#: What ends a sentence.
SENTENCE_ENDS = ".!?\"”»"

cdef enum:
    _COUNTED = 17
    _NOT_COUNTED = -1

assert len(COUNTED_CHARS) == _COUNTED and STATISTICS == _COUNTED + 6
cdef str _COUNTED_CHARS = COUNTED_CHARS


cdef inline int _counted(Py_UCS4 character) noexcept:
    """The position of ``character`` in :data:`COUNTED_CHARS`, or ``_NOT_COUNTED``."""
    cdef int position = 0
    cdef Py_UCS4 counted
    for counted in _COUNTED_CHARS:
        if counted == character:
            return position
        position += 1
    return _NOT_COUNTED


def text_statistics(str text) -> tuple:
    """Of ``text`` (a block's, not empty): the share of its characters each of
    :data:`COUNTED_CHARS` and the digits make, the share of its words (runs between whitespace,
    as ``str.split()`` finds them) that start with a capital, whether it ends a sentence, ends
    in an ellipsis and is in capitals, and its characters per word (one word at least)."""
    cdef double statistics[STATISTICS]
    write_text_statistics(text, statistics)
    return tuple([statistics[position] for position in range(STATISTICS)])


cdef int write_text_statistics(str text, double* row) except -1:
    """Write the :func:`text_statistics` of ``text`` into ``row``."""
    cdef Py_ssize_t length = len(text), digits = 0, words = 0, capitalized = 0
    cdef Py_ssize_t counts[_COUNTED]
    cdef Py_UCS4 character
    cdef bint in_word = False
    cdef int position
    for position in range(_COUNTED):
        counts[position] = 0
    for character in text:
        if Py_UNICODE_ISSPACE(character):
            in_word = False
            continue
        if not in_word:
            in_word = True
            words += 1
            capitalized += Py_UNICODE_ISUPPER(character)
        if u"0" <= character <= u"9":
            digits += 1
        elif not (u"a" <= character <= u"z" or u"A" <= character <= u"Z"):  # no letter is counted
            position = _counted(character)
            if position != _NOT_COUNTED:
                counts[position] += 1
    cdef Py_ssize_t word_count = words or 1
    for position in range(_COUNTED):
        row[position] = counts[position] / <double>length
    row[_COUNTED] = digits / <double>length
    row[_COUNTED + 1] = capitalized / <double>word_count
    row[_COUNTED + 2] = text[length - 1] in SENTENCE_ENDS
    row[_COUNTED + 3] = text[length - 1] == u"…" or text.endswith("...")
    row[_COUNTED + 4] = text.isupper()
    row[_COUNTED + 5] = length / <double>word_count
    return 0


# --- A block's text against the page's: its words found in the title, the prompts it says. A text
# is read as CPython holds it (``_Text``: its kind of characters and their array), within its length.

#: Words that prompts and furniture say in their text (English, the language of most pages), in
#: lower case, in the order they are tried at a place of the text.
PROMPT_WORDS = ("subscri", "newsletter", "sign up", "sign in", "log in", "cookie", "advertis", "read more", "related",
                "share", "copyright", "\u00a9", "rights reserved", "follow us", "comment", "click", "download",
                "privacy")
# No prompt word starts another: the first of them said at a place is the longest.
assert not any(word != other and other.startswith(word) for word in PROMPT_WORDS for other in PROMPT_WORDS)
cdef WordBits _PROMPTS = WordBits(dict.fromkeys(PROMPT_WORDS, 1))

cdef struct _Text:
    int kind
    void* data
    Py_ssize_t length


cdef inline _Text _text(str text) noexcept:
    cdef _Text read
    read.kind, read.data, read.length = PyUnicode_KIND(text), PyUnicode_DATA(text), len(text)
    return read


cdef inline Py_ssize_t _word_start(_Text* text, Py_ssize_t at) noexcept:
    """Where the first word at or after ``at`` starts (the text's length: none)."""
    while at < text.length and not is_word(PyUnicode_READ(text.kind, text.data, at)):
        at += 1
    return at


cdef inline Py_ssize_t _word_end(_Text* text, Py_ssize_t start) noexcept:
    while start < text.length and is_word(PyUnicode_READ(text.kind, text.data, start)):
        start += 1
    return start


def words(str text) -> list:
    """The words of ``text``: its runs of letters, digits and "_" (what ``\\w+`` finds)."""
    cdef _Text read = _text(text)
    cdef Py_ssize_t start = _word_start(&read, 0), end
    cdef list found = []
    while start < read.length:
        end = _word_end(&read, start)
        found.append(text[start:end])
        start = _word_start(&read, end)
    return found


cdef class Vocabulary:
    """A set of words (a page title's), and :meth:`share_in` a text's words found in it. Most words of
    a text are told apart from the set's by their length and first character, without a ``str``."""

    cdef readonly frozenset words
    cdef unsigned long long lengths  # bit n: a word of n characters (63: of 63 or more)
    cdef bint starts[128]  # an ASCII character starting a word
    cdef bint other_starts  # a word starting with another character

    def __init__(self, words):
        self.words = frozenset(words)
        self.lengths, self.other_starts = 0, False
        cdef Py_ssize_t c
        for c in range(128):
            self.starts[c] = False
        for word in self.words:
            self.lengths |= 1ULL << min(len(word), 63)
            if word and ord(word[0]) < 128:
                self.starts[ord(word[0])] = True
            else:
                self.other_starts = True

    def share_in(self, str text) -> float:
        """The share of the :func:`words` of ``text`` that the set holds (0.0 for a text of none)."""
        cdef _Text read = _text(text)
        cdef Py_ssize_t start = _word_start(&read, 0), end, count = 0, found = 0
        cdef Py_UCS4 first
        while start < read.length:
            end = _word_end(&read, start)
            count += 1
            first = PyUnicode_READ(read.kind, read.data, start)
            if (self.lengths >> min(end - start, 63)) & 1 and (self.starts[first] if first < 128
                                                                else self.other_starts):
                found += text[start:end] in self.words
            start = _word_start(&read, end)
        return found / (count or 1)


cdef inline bint _says(_Text* text, Py_ssize_t at, str word) noexcept:
    """Whether ``text`` says ``word`` at ``at``."""
    cdef Py_ssize_t size = len(word), offset
    cdef int kind = PyUnicode_KIND(word)
    cdef void* data = PyUnicode_DATA(word)
    if at + size > text.length:
        return False
    for offset in range(size):
        if PyUnicode_READ(text.kind, text.data, at + offset) != PyUnicode_READ(kind, data, offset):
            return False
    return True


def prompt_words(str text) -> int:
    """How many times ``text`` (in lower case) says one of :data:`PROMPT_WORDS`, as their
    alternation's search finds them: at each place the first of them said there, and on after it."""
    return _PROMPTS.count(text)


# --- Dates and times: bylines and teasers carry them, paragraphs seldom. What the search of
#
#     \b(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}:\d{2}|(?:19|20)\d{2})\b
#     |\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|\bago\b
#
# finds, read in one pass: ``\d`` a decimal digit, ``\w`` a letter, digit or "_" (``is_word``).

cdef tuple _MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def dates(str text) -> int:
    """How many dates and times ``text`` (in lower case) says: numeric dates (``12.3.2024``,
    ``2024-03-12``), times (``9:30``), years 1900 to 2099, months followed by a number (``march 12``,
    ``sept. 3``) and "ago"; each where a word starts, and on after it."""
    cdef _Text read = _text(text)
    cdef Py_ssize_t at = 0, end, count = 0
    cdef bint in_word, after_word = False  # whether the character before ``at`` is a word's
    while at < read.length:
        in_word = is_word(PyUnicode_READ(read.kind, read.data, at))
        if in_word and not after_word:
            end = _date_end(&read, at)
            if end > at:
                count += 1
                at = end
                after_word = is_word(PyUnicode_READ(read.kind, read.data, end - 1))
                continue
        after_word = in_word
        at += 1
    return count


cdef Py_ssize_t _date_end(_Text* text, Py_ssize_t start) noexcept:
    """Where the date said at ``start`` (a word's start) ends; ``start`` where none is. Each
    digit run must be whole: a shorter one would be followed by a digit, not what the pattern
    needs next."""
    cdef Py_ssize_t first = _digits(text, start), second, third, at
    cdef str month
    if first:
        if first <= 4 and _separator(text, start + first):  # 12.3.2024, 2024-03-12
            at = start + first + 1
            second = _digits(text, at)
            if 1 <= second <= 2 and _separator(text, at + second):
                at += second + 1
                third = _digits(text, at)
                if 1 <= third <= 4 and _word_ends(text, at + third):
                    return at + third
        if first <= 2 and _character(text, start + first) == u":":  # 9:30
            at = start + first + 1
            if _digits(text, at) == 2 and _word_ends(text, at + 2):
                return at + 2
        if ((_says(text, start, u"19") or _says(text, start, u"20")) and first >= 4  # a year
                and _word_ends(text, start + 4)):
            return start + 4
        return start
    if _character(text, start) not in u"jfmasond":  # no month's first letter, nor "ago"'s
        return start
    for month in _MONTHS:
        if _says(text, start, month):  # march 12, sept. 3
            at = start + 3
            while u"a" <= _character(text, at) <= u"z":
                at += 1
            if _character(text, at) == u".":
                at += 1
            if _character(text, at) == u" " and _decimal(_character(text, at + 1)):
                return at + 2
            return start
    if _says(text, start, u"ago") and _word_ends(text, start + 3):
        return start + 3
    return start


cdef inline Py_UCS4 _character(_Text* text, Py_ssize_t at) noexcept:
    """The character at ``at``; 0 past the end."""
    return PyUnicode_READ(text.kind, text.data, at) if at < text.length else 0


cdef inline Py_ssize_t _digits(_Text* text, Py_ssize_t at) noexcept:
    """How many decimal digits follow from ``at``."""
    cdef Py_ssize_t start = at
    while at < text.length and _decimal(PyUnicode_READ(text.kind, text.data, at)):
        at += 1
    return at - start


cdef inline bint _decimal(Py_UCS4 character) noexcept:
    """A decimal digit as ``\\d`` reads it (ASCII ones without a call)."""
    if character < 128:
        return u"0" <= character <= u"9"
    return Py_UNICODE_ISDECIMAL(character)


cdef inline bint _separator(_Text* text, Py_ssize_t at) noexcept:
    cdef Py_UCS4 character = _character(text, at)
    return character == u"." or character == u"/" or character == u"-"


cdef inline bint _word_ends(_Text* text, Py_ssize_t at) noexcept:
    """Whether a word ends at ``at`` (after a word character): ``\b`` there."""
    return at >= text.length or not is_word(PyUnicode_READ(text.kind, text.data, at))
