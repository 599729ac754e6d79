# cython: language_level=3
"""Lists of words found in class names, headings and blocks' text, each word standing for bits: one
pass over a text's characters, on every element and block of a page."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ

from collections.abc import Iterable, Mapping


cdef inline bint _letter(Py_UCS4 character) noexcept:
    return u"a" <= character <= u"z"


cdef class WordBits:
    """Words (lower case Latin-1) and the bits each stands for: :meth:`bits` and :meth:`count` find
    them in a text as a search for their alternation, longest first, finds them (at each place the
    longest word said there, and on after it).

    ``whole`` words match only where no letter a-z lies on either side ("ad" in "ad-slot", not in
    "header"), tried at a place after the other words.
    """

    def __init__(self, bits_of_word: Mapping[str, int], whole: Iterable[str] = ()):
        whole = frozenset(whole)
        # By first character; at each, the other words longest first, then the whole ones.
        ordered = sorted(bits_of_word, key=lambda word: (word[0], word in whole, -len(word)))
        if any(not word or max(word) > "\xff" or word != word.lower() for word in ordered):
            raise ValueError("the words must be lower case Latin-1, none empty")
        self.words = <_Word*>PyMem_Malloc(max(1, len(ordered)) * sizeof(_Word))
        if self.words is NULL:
            raise MemoryError()
        self.letters = [word.encode("latin-1") for word in ordered]
        cdef Py_ssize_t i, c
        cdef bytes letters
        for i in range(len(ordered)):
            letters = self.letters[i]
            self.words[i].letters, self.words[i].length = letters, len(letters)
            self.words[i].bits, self.words[i].whole = bits_of_word[ordered[i]], ordered[i] in whole
        i = 0
        for c in range(257):
            while i < len(ordered) and ord(ordered[i][0]) < c:
                i += 1
            self.starts[c] = i

    def __dealloc__(self):
        PyMem_Free(self.words)

    cpdef unsigned int bits(self, str value):
        """The bits of the words said in ``value`` (read in lower case), or-ed."""
        cdef unsigned int bits = 0
        self._find(value.lower(), &bits)
        return bits

    cpdef Py_ssize_t count(self, str text):
        """How many times ``text`` (as it is: say, in lower case already) says a word."""
        cdef unsigned int bits = 0
        return self._find(text, &bits)

    cdef Py_ssize_t _find(self, str text, unsigned int* bits):
        """Count the words said in ``text``, or-ing their bits into ``bits``."""
        cdef int kind = PyUnicode_KIND(text)
        cdef void* data = PyUnicode_DATA(text)
        cdef Py_ssize_t length = len(text), at = 0, w, k, end, found = 0
        cdef Py_UCS4 character
        cdef _Word* word
        while at < length:
            character = PyUnicode_READ(kind, data, at)
            end = at + 1
            if character < 256:
                for w in range(self.starts[<Py_ssize_t>character], self.starts[<Py_ssize_t>character + 1]):
                    word = &self.words[w]
                    if at + word.length > length:
                        continue
                    k = 1
                    while k < word.length and PyUnicode_READ(kind, data, at + k) == <Py_UCS4>word.letters[k]:
                        k += 1
                    if k < word.length:
                        continue
                    if word.whole and ((at > 0 and _letter(PyUnicode_READ(kind, data, at - 1)))
                                       or (at + k < length and _letter(PyUnicode_READ(kind, data, at + k)))):
                        continue
                    bits[0] |= word.bits
                    found += 1
                    end = at + word.length
                    break
            at = end
        return found
