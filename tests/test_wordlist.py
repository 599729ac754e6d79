"""The word lists of the learned features find what a search for their alternation finds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.learned import article, features
from scrapy_boilerplate.algorithms.learned.wordlist import WordBits


def searched_bits(bits_of_word: dict[str, int], whole: tuple[str, ...], value: str) -> int:
    """What the regular expression of the words, longest first, each whole word between no letters
    a-z and tried after the others, finds in ``value``: the reading WordBits stands for."""
    words = sorted((word for word in bits_of_word if word not in whole), key=len, reverse=True)
    wholes = sorted(whole, key=len, reverse=True)
    pattern = "|".join([*map(re.escape, words), *(rf"(?<![a-z]){re.escape(word)}(?![a-z])" for word in wholes)])
    bits = 0
    for word in re.findall(pattern, value.lower()):
        bits |= bits_of_word[word]
    return bits


GROUPS = (features._GROUP_OF_WORD, ("ad", "ads"))
CLASSES = (article._BITS_OF_WORD, ())
# Values made of the lists' own words and their pieces, with separators, capitals and other letters.
PIECES = sorted({piece for words in (GROUPS[0], CLASSES[0]) for word in words
                 for piece in (word, word[:2], word[1:], word.upper())}
                | {"-", "_", " ", "a", "d", "s", "x", "İ", "\u212a", "é", "0"})
VALUES = st.lists(st.sampled_from(PIECES), max_size=8).map("".join) | st.text(max_size=30)


@pytest.mark.parametrize("value", ["header", "ad", "ads", "ad-slot", "top-ads", "adsense", "badge", "load",
                                   "shadow", "headerAds", "sidebar_ad", "footer", "brand", "com-", "AD", ""])
@pytest.mark.parametrize("lists", [GROUPS, CLASSES], ids=["groups", "classes"])
def test_words_are_found_as_the_search_finds_them(lists, value):
    bits_of_word, whole = lists
    assert WordBits(bits_of_word, whole).bits(value) == searched_bits(bits_of_word, whole, value)


@settings(max_examples=500, deadline=None)
@given(VALUES, st.sampled_from([GROUPS, CLASSES]))
def test_any_value_reads_as_the_search_reads_it(value, lists):
    bits_of_word, whole = lists
    assert WordBits(bits_of_word, whole).bits(value) == searched_bits(bits_of_word, whole, value)


def test_words_must_be_lower_case_latin_1():
    with pytest.raises(ValueError):
        WordBits({"Nav": 1})
    with pytest.raises(ValueError):
        WordBits({"\u0101": 1})
