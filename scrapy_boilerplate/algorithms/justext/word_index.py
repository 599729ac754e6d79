# cython: annotation_typing=False
"""The shipped stoplists' words in one hash table: each word -> the lists that hold it.

The per-page stoplist choice looks every word of a page up in all 100 shipped lists. As a dict,
their 154,484 distinct words cost a process 60-90 ms to build (a ``str`` and an entry each), most
of its first extraction. Compiled (``word_index.pxd``), this table keeps the lists' UTF-8 bytes
and C arrays instead, built in 20-25 ms. Interpreted, the same source works but is slower than
the dict, so the pure path keeps the dict (:func:`compiled` tells which to use).
"""
# The first line keeps Cython from reading the annotations as types: the .pxd declares C integers where
# they say ``int``.

from __future__ import annotations

import importlib.machinery
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence

#: 64-bit FNV-1a, over a word's UTF-8 bytes.
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK_64 = 0xFFFFFFFFFFFFFFFF
_LOW_HALF = 0xFFFFFFFF
_LINE_BREAK = ord("\n")


def compiled() -> bool:
    """Whether this module runs compiled: only then is the table faster than a dict."""
    return isinstance(__spec__.loader, importlib.machinery.ExtensionFileLoader)


class WordIndex:
    """The words of ``lists`` (each list's words, one a line, in UTF-8), and for each word the
    positions in ``lists`` of those that hold it; open addressing, linear probing.

    A slot holds the high half of its word's hash and its entry's number plus one (0: the slot
    is free); the entries, numbered as their words first come, hold where the word starts in
    ``text`` and one bit per list. A probe reads a word's bytes only when the halves agree.
    """

    def __init__(self, lists: Sequence[bytes]) -> None:
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
        self.table = array("Q", [0]) * size
        self.starts = array("Q", [0]) * most_words
        self.masks = array("Q", [0]) * (most_words * self.width)
        self.entries = 0
        start = 0
        for position, words in enumerate(lists):
            stop = start + len(words)
            self._add_lines(start, stop, position)
            start = stop + 1

    def _add_lines(self, start: int, stop: int, position: int) -> None:
        word_start = start
        for index in range(start, stop + 1):
            if index == stop or self.data[index] == _LINE_BREAK:
                if index > word_start:
                    self._add(word_start, index, position)
                word_start = index + 1

    def _add(self, start: int, end: int, position: int) -> None:
        hashed = _fnv(self.data, start, end)
        slot = self._slot(self.data, start, end, hashed)
        if self.table[slot] == 0:
            self.starts[self.entries] = start
            self.entries += 1
            self.table[slot] = (hashed >> 32 << 32) | self.entries
        entry = (self.table[slot] & _LOW_HALF) - 1
        bit = 1
        self.masks[entry * self.width + position // 64] |= bit << (position % 64)

    def _slot(self, word: bytes, start: int, end: int, hashed: int) -> int:
        """The slot holding the word ``word[start:end]`` (``hashed`` its :func:`_fnv`), or the free one
        where it would go."""
        high = hashed >> 32
        slot = hashed & self.slots
        while self.table[slot]:
            if self.table[slot] >> 32 == high:
                entry = (self.table[slot] & _LOW_HALF) - 1
                if self._holds(self.starts[entry], word, start, end):
                    break
            slot = (slot + 1) & self.slots
        return slot

    def _holds(self, at: int, word: bytes, start: int, end: int) -> bool:
        """Whether the word of ``text`` at ``at`` is ``word[start:end]``."""
        for index in range(start, end):
            if word[index] == _LINE_BREAK or self.data[at] != word[index]:
                return False
            at += 1
        return at == len(self.text) or self.data[at] == _LINE_BREAK

    def __len__(self) -> int:
        return self.entries

    def scores(self, words: Iterable[str]) -> list[int]:
        """For each list, how many of ``words`` it holds (each word counted as often as it comes)."""
        scores = [0] * self.lists
        for word, count in Counter(words).items():
            try:
                encoded = word.encode("utf-8")
            except UnicodeEncodeError:
                continue
            slot = self._slot(encoded, 0, len(encoded), _fnv(encoded, 0, len(encoded)))
            if self.table[slot] == 0:
                continue
            entry = (self.table[slot] & _LOW_HALF) - 1
            for part in range(self.width):
                mask = self.masks[entry * self.width + part]
                position = part * 64
                while mask:
                    if mask & 1:
                        scores[position] += count
                    mask >>= 1
                    position += 1
        return scores


def _fnv(data: bytes, start: int, end: int) -> int:
    value = _FNV_OFFSET
    for index in range(start, end):
        value = ((value ^ data[index]) * _FNV_PRIME) & _MASK_64
    return value
