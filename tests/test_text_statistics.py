"""The learned features' text statistics in C (``learned/text_statistics.pyx``) against the Python they replaced."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.learned.text_statistics import COUNTED_CHARS, text_statistics


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
