"""jusText's stoplists: the most frequent words of 100 languages, shipped as package data.

The lists are the ones the jusText package ships (BSD licence, see
``stoplists/LICENSE.rst``), lower-cased, one word a line; a stoplist can also
be any iterable of words or a file with one word per line.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...errors import OptionError
from .word_index import WordIndex

_DATA = resources.files(__package__) / "stoplists"


@dataclass(frozen=True, slots=True)
class Stoplist:
    """A named collection of lower-cased stop words, to test words against with ``in``."""

    name: str | None
    words: Collection[str]

    def __hash__(self) -> int:
        return hash((self.name, len(self.words)))


@functools.cache
def available() -> dict[str, str]:
    """The shipped stoplists: lower-cased language name -> language name."""
    names = (entry.name[:-4] for entry in _DATA.iterdir() if entry.name.endswith(".txt"))
    return {name.lower(): name for name in sorted(names)}


@functools.cache
def builtin(language: str) -> Stoplist:
    """The shipped stoplist of ``language`` (any case); ``KeyError`` if there is none."""
    name = available()[language.lower()]
    return Stoplist(name, dict.fromkeys(shipped_words(name).decode("utf-8").split()))


@functools.lru_cache(maxsize=16)
def word_index(stoplist: Stoplist) -> WordIndex:
    """``stoplist``'s words as a table of one list, to count a page's words and stop words in C
    (:meth:`WordIndex.page_words`). A word holding whitespace, which no word cut at whitespace is,
    or a lone surrogate, which no page's text holds, is left out."""
    return WordIndex([b"\n".join(word.encode("utf-8") for word in stoplist.words if _countable(word))])


def _countable(word: str) -> bool:
    if word.split() != [word]:
        return False
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shipped_words(language: str) -> bytes:
    """The file of the shipped stoplist of ``language``: its words, lower-cased, one a line.

    The files are kept in that form (a test checks it) so that the first page of a process,
    which reads all 100 lists to choose one, need not lower-case or strip their 188,051 lines.
    """
    return (_DATA / f"{available()[language.lower()]}.txt").read_bytes()


def resolve(value: Any, option: str = "stoplist") -> Stoplist:
    """Turn a user's ``stoplist`` value (a language, a file path, or words) into a :class:`Stoplist`."""
    if isinstance(value, Stoplist):
        return value
    if isinstance(value, (str, os.PathLike)):
        text = os.fspath(value)
        if isinstance(value, str) and text.lower() in available():
            return builtin(text)
        if os.path.isfile(text):
            try:
                with open(text, encoding="utf-8") as lines:
                    return Stoplist(text, _lowercased(lines))
            except (OSError, UnicodeDecodeError) as error:
                raise OptionError(option, value, f"cannot read the stoplist file: {error}") from None
        raise OptionError(
            option, value,
            "neither a known language nor a readable file; languages: " + ", ".join(available().values()),
        )
    if isinstance(value, (bytes, dict)) or not isinstance(value, Iterable):
        raise OptionError(option, value, 'expected a language name, a file path, words, None or "auto"')
    words = list(value)
    if not all(isinstance(word, str) for word in words):
        raise OptionError(option, value, "every stop word must be a str")
    return Stoplist(None, _lowercased(words))


def _lowercased(words: Iterable[str]) -> Collection[str]:
    # A dict of str keys, not a frozenset: CPython's garbage collector stops
    # visiting such a dict, but walks every set on each full collection, and
    # the 100 stoplists hold 188,000 words.
    return dict.fromkeys(word.strip().lower() for word in words if word.strip())
