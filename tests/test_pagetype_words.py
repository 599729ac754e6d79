"""The page-type features' words and phrases counted in C (``algorithms/pagetype/words.pyx``) against
the ``Counter``, ``str.count`` and regular expression they stand for."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.pagetype.features import TEXT_PHRASES, TEXT_WORDS
from scrapy_boilerplate.algorithms.pagetype.words import Groups, TextMarkers

CURRENCIES = ("$", "€", "£", "¥", "₹", "zł")
PHRASES = [*TEXT_PHRASES.values(), CURRENCIES]
MARKERS = TextMarkers(list(TEXT_WORDS.values()), PHRASES)


def markers_with_python(text: str, words_of: dict[str, frozenset[str]] = TEXT_WORDS,
                        phrases: list[tuple[str, ...]] = PHRASES) -> tuple[list[int], int]:
    """What ``TextMarkers.count(text)`` stands for."""
    words = Counter(text.split())
    markers = [sum(words[word] for word in group) for group in words_of.values()]
    markers += [sum(map(text.count, group)) for group in phrases]
    markers.append(len(re.findall(r"(?:19|20)\d\d\b", text)))
    return markers, sum(words.values())


#: Pieces of text: the groups' words and phrases, their pieces, whitespace (ASCII and not), digits
#: (ASCII and not: ``\d`` reads any), word and non-word characters after a year, wide characters.
PIECES = sorted({*(word for group in TEXT_WORDS.values() for word in group), *(p for group in PHRASES for p in group),
                 "ad", "wro", "te:", "ca", "rt", "19", "20", "7", "0", "\u0663", "_", "x", "é", " ", "  ", "\n", "\t",
                 "\xa0", "\u2003", "\x1c", "\x85", "\u212a", "中", "😀", "(", ")", "=", ">", ".", "Cart", "CART"})


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60).map("".join))
def test_the_markers_are_counted_as_with_a_counter_str_count_and_re(text: str) -> None:
    assert MARKERS.count(text) == markers_with_python(text)
    assert MARKERS.count(text.lower()) == markers_with_python(text.lower())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aà€ x_19\u0663")), max_size=30))
def test_phrases_that_overlap_themselves_or_each_other_are_counted_as_str_count_counts_them(text: str) -> None:
    words = {"x": frozenset({"x", "aa"}), "a": frozenset({"a"})}
    phrases = [("aa", "a€"), ("€", "aaa", "a"), ("à€€",)]
    assert TextMarkers(list(words.values()), phrases).count(text) == markers_with_python(text, words, phrases)


def test_a_long_text_of_wide_characters() -> None:
    text = ("19\u0663\u0663 in stock 中文 £5 wrote: " * 500).lower()
    assert MARKERS.count(text) == markers_with_python(text)


@pytest.mark.parametrize("groups", [[["Cart"]], [["a b"]], [["a-b"]], [[""]], [["é"]], [["x" * 24]], [["a"]] * 33])
def test_groups_hold_lowercase_ascii_words_only(groups: list[list[str]]) -> None:
    with pytest.raises(ValueError):
        Groups(groups)


def test_phrases_are_not_empty() -> None:
    with pytest.raises(ValueError):
        TextMarkers([["a"]], [("",)])
