"""The Markdown writer's character sets in C (``output/characters.pyx``) against the ``str``
tests they stand for."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrapy_boilerplate.output.characters import WHITESPACE, Characters

UNPRINTABLE = Characters("", unprintable=True)


def test_the_unprintable_set_is_what_isprintable_refuses_on_every_code_point() -> None:
    assert [code for code in range(0x110000) if UNPRINTABLE.found_in(chr(code)) == chr(code).isprintable()] == []


def test_the_whitespace_is_what_isspace_accepts_on_every_code_point() -> None:
    assert WHITESPACE == "".join(chr(code) for code in range(0x110000) if chr(code).isspace())


@given(st.text(), st.text(max_size=5))
def test_a_set_finds_what_a_python_test_finds(text: str, characters: str) -> None:
    # Texts of each width (one-byte texts are read byte by byte), any characters looked for.
    assert Characters(characters).found_in(text) == any(character in characters for character in text)
    assert UNPRINTABLE.found_in(text) == (not text.isprintable())
    assert Characters(characters, unprintable=True).found_in(text) == (
        any(character in characters for character in text) or not text.isprintable())



@given(st.integers(0, 40), st.integers(0, 40), st.sampled_from(["a", "\xe9", "\u0416", "\U0001f600"]),
       st.sampled_from(["*", "\xad", "\u200b", "\x07", "\x9f", "\u2028", "\U000e0001"]))
def test_a_set_finds_a_character_at_any_place_of_a_long_text(length: int, place: int, filler: str,
                                                             character: str) -> None:
    # One-byte texts are read eight characters a test: the character may sit anywhere among them.
    text = filler * length
    for characters, unprintable in (("*\xad\u200b", False), ("", True), (character, False)):
        looked_for = Characters(characters, unprintable=unprintable)
        for each in (text, text[:place] + character + text[place:]):
            assert looked_for.found_in(each) == (
                any(c in characters for c in each) or (unprintable and not each.isprintable()))


def test_a_set_of_too_many_characters_past_latin1_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 32 characters from U\\+0100 on, not 33"):
        Characters("".join(chr(0x4E00 + offset) for offset in range(33)))
