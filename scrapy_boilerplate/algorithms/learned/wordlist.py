"""One regex for a list of words, gathered by first letter: the features read class names and
headings with it, on every element and block of a page."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence


def alternation(words: Iterable[str], more: Mapping[str, Sequence[str]] | None = None) -> str:
    """A pattern of any of ``words``, longest first so that the longest match at a position wins;
    ``more``: patterns of what follows a first letter, tried after that letter's words.

    The words are gathered by first letter (``c(?:omment|aption|...)|...``): the regex
    engine tries every alternative at every position, and most fail on their first
    letter; grouped, a position costs one try per letter. The words of a letter keep
    their order, and words of two letters cannot both match at one position, so the
    matches are those of the flat list. With every alternative starting with a letter,
    the engine skips the positions whose letter starts none of them without trying
    the alternatives.
    """
    by_letter: dict[str, list[str]] = {}
    for word in sorted(words, key=len, reverse=True):
        by_letter.setdefault(word[0], []).append(re.escape(word[1:]))
    for letter, rests in (more or {}).items():
        by_letter.setdefault(letter, []).extend(rests)
    return "|".join(f"{re.escape(letter)}(?:{'|'.join(rests)})" for letter, rests in by_letter.items())
