"""The learned features' text statistics and scans in C (``learned/text_statistics.pyx``) against the Python
and the regular expressions they replaced."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.learned.text_statistics import (
    COUNTED_CHARS,
    PROMPT_WORDS,
    Vocabulary,
    dates,
    prompt_words,
    text_statistics,
    words,
)


def in_python(text: str) -> tuple[float, ...]:
    length = len(text)
    words = text.split()
    word_count = len(words) or 1
    return (
        *(text.count(character) / length for character in COUNTED_CHARS),
        len(re.sub("[^0-9]+", "", text)) / length,
        sum(word[0].isupper() for word in words) / word_count,
        float(text[-1:] in ".!?\"”»"),
        float(text.endswith(("...", "…"))),
        float(text.isupper()),
        length / word_count,
    )


#: The counted characters, digits beyond ASCII, whitespace of every kind, capitals of every kind
#: (titlecase, beyond the BMP), a lone surrogate.
CHARACTERS = st.sampled_from(list(COUNTED_CHARS + "0123456789azAZ İ\u00a0\u2003\u3000\u1680\x1c\x85\n\tǅΣσ𝐀١٢")
                             + ["\ud800", "..."])


@settings(max_examples=2000, deadline=None)
@given(st.lists(CHARACTERS, min_size=1, max_size=20).map("".join) | st.text(min_size=1))
def test_the_statistics_are_the_python_ones(text: str) -> None:
    statistics = text_statistics(text)
    assert [value.hex() for value in statistics] == [value.hex() for value in in_python(text)]


def test_cases() -> None:
    assert text_statistics("Hello, World...") == in_python("Hello, World...")
    statistics = text_statistics("© 2026 ACME…")
    assert statistics[COUNTED_CHARS.index("©")] == 1 / 12
    assert statistics[-3:] == (1.0, 1.0, 4.0)  # an ellipsis, capitals, characters per word
    with pytest.raises(ZeroDivisionError):  # a block always has text
        text_statistics("")


WORDS = re.compile(r"\w+")
PROMPTS = re.compile("|".join(map(re.escape, PROMPT_WORDS)))
#: Prompt words, their prefixes and overlaps, letters and digits of other scripts, combining marks, "_".
PIECES = st.sampled_from([*PROMPT_WORDS, "sign", "share", "sharehold", "re", "lo", "g", " ", "_", "a", "1", "\u0661",
                          "\u00e9", "\u0301", "\u01c5", "\u00a0", "-", "'", "\ud800", "\U0001d400", "x"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join) | st.text(), st.lists(PIECES, max_size=6).map("".join))
def test_words_and_prompts_are_the_patterns(text: str, title: str) -> None:
    assert words(text) == WORDS.findall(text)
    assert prompt_words(text) == len(PROMPTS.findall(text))
    known = set(WORDS.findall(title))
    found = WORDS.findall(text)
    assert Vocabulary(known).share_in(text) == sum(map(known.__contains__, found)) / (len(found) or 1)


def test_prompt_cases() -> None:
    assert prompt_words("sign up or sign in to comment, share © 2026") == 5
    assert prompt_words("subscribers") == 1  # "subscri" is enough
    assert prompt_words("") == 0
    assert Vocabulary({"river", "rose"}).share_in("the river rose") == 2 / 3
    assert Vocabulary({"river"}).share_in("— …") == 0.0
    assert Vocabulary(["rose", "rosé", "r"]).share_in("rosé r roses rosy") == 2 / 4


#: The pattern the date scan replaced, searched in the blocks' lowercased text.
DATES = re.compile(r"\b(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}:\d{2}|(?:19|20)\d{2})\b"
                   r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|\bago\b")
#: Digit runs of every length (ASCII and others, and a digit that is not decimal), every separator,
#: months and their longer names, "ago" and its neighbours, word characters that end no word.
DATE_PIECES = st.sampled_from(["1", "9", "19", "20", "2024", "12345", "03", "\u0663", "\u00b2", ".", "/", "-", ":",
                               " ", "jan", "march", "sept", "dec", "ago", "agon", "ma", "_", "a", "\u00e9", "\ud800",
                               "\n", "x", "'", ". "])


@settings(max_examples=3000, deadline=None)
@given(st.lists(DATE_PIECES, max_size=14).map("".join) | st.text())
def test_dates_are_the_pattern(text: str) -> None:
    assert dates(text) == len(DATES.findall(text))


def test_date_cases() -> None:
    assert dates("posted 12.3.2024 at 9:30, updated 2 hours ago") == 3
    assert dates("march 12, sept. 3 and 1999; not 12345-1-1, 123:45 or 2024a") == 3
    assert dates("") == dates("agony") == dates("a1999") == 0
