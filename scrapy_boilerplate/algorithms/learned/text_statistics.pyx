# cython: language_level=3
"""The statistics of a block's text that the learned features read, each in one pass over its characters."""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport (Py_UNICODE_ISALNUM, Py_UNICODE_ISSPACE, Py_UNICODE_ISUPPER, PyUnicode_DATA,
                              PyUnicode_KIND, PyUnicode_READ)

#: Characters counted in a block's text, one feature each (their share of the characters).
COUNTED_CHARS = ".,:!/()\"-—#@©&%…·"
#: What ends a sentence.
SENTENCE_ENDS = ".!?\"”»"

cdef enum:
    _COUNTED = 17
    _NOT_COUNTED = -1

assert len(COUNTED_CHARS) == _COUNTED
cdef str _COUNTED_CHARS = COUNTED_CHARS
#: The share of a character counted nowhere in the text: one object for them all.
cdef object _NONE = 0.0


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
    cdef tuple statistics = PyTuple_New(_COUNTED + 6)
    for position in range(_COUNTED):
        _set(statistics, position, counts[position] / length if counts[position] else _NONE)
    _set(statistics, _COUNTED, digits / length)
    _set(statistics, _COUNTED + 1, capitalized / word_count)
    _set(statistics, _COUNTED + 2, float(text[length - 1] in SENTENCE_ENDS))
    _set(statistics, _COUNTED + 3, float(text[length - 1] == u"…" or text.endswith("...")))
    _set(statistics, _COUNTED + 4, float(text.isupper()))
    _set(statistics, _COUNTED + 5, length / word_count)
    return statistics


cdef inline void _set(tuple statistics, Py_ssize_t position, object value) noexcept:
    Py_INCREF(value)
    PyTuple_SET_ITEM(statistics, position, value)


# --- A block's text against the page's: its words found in the title, the prompts it says. A text
# is read as CPython holds it (``_Text``: its kind of characters and their array), within its length.

#: Words that prompts and furniture say in their text (English, the language of most pages), in
#: lower case, in the order they are tried at a place of the text.
PROMPT_WORDS = ("subscri", "newsletter", "sign up", "sign in", "log in", "cookie", "advertis", "read more", "related",
                "share", "copyright", "\u00a9", "rights reserved", "follow us", "comment", "click", "download",
                "privacy")
#: The prompt words by their first character (each below 256), in the order of :data:`PROMPT_WORDS`.
cdef list _PROMPTS_BY_START = [() for _ in range(256)]
cdef bint _PROMPT_START[256]
for _position in range(256):
    _PROMPT_START[_position] = False
for _word in PROMPT_WORDS:
    _PROMPTS_BY_START[ord(_word[0])] += (_word,)
    _PROMPT_START[ord(_word[0])] = True


cdef struct _Text:
    int kind
    void* data
    Py_ssize_t length


cdef inline _Text _text(str text) noexcept:
    cdef _Text read
    read.kind, read.data, read.length = PyUnicode_KIND(text), PyUnicode_DATA(text), len(text)
    return read


cdef inline bint _word_character(Py_UCS4 character) noexcept:
    """A character of a word as ``\\w`` reads it: a letter, a digit or "_"."""
    return Py_UNICODE_ISALNUM(character) or character == u"_"


cdef inline Py_ssize_t _word_start(_Text* text, Py_ssize_t at) noexcept:
    """Where the first word at or after ``at`` starts (the text's length: none)."""
    while at < text.length and not _word_character(PyUnicode_READ(text.kind, text.data, at)):
        at += 1
    return at


cdef inline Py_ssize_t _word_end(_Text* text, Py_ssize_t start) noexcept:
    while start < text.length and _word_character(PyUnicode_READ(text.kind, text.data, start)):
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


def share_in(str text, set known) -> float:
    """The share of the :func:`words` of ``text`` that ``known`` holds (0.0 for a text of none)."""
    cdef _Text read = _text(text)
    cdef Py_ssize_t start = _word_start(&read, 0), end, count = 0, found = 0
    while start < read.length:
        end = _word_end(&read, start)
        count += 1
        found += text[start:end] in known
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
    cdef _Text read = _text(text)
    cdef Py_ssize_t i = 0, count = 0
    cdef Py_UCS4 character
    cdef str word
    while i < read.length:
        character = PyUnicode_READ(read.kind, read.data, i)
        if character < 256 and _PROMPT_START[character]:
            for word in <tuple>_PROMPTS_BY_START[<Py_ssize_t>character]:
                if _says(&read, i, word):
                    count += 1
                    i += len(word)
                    break
            else:
                i += 1
        else:
            i += 1
    return count
