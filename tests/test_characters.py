"""The Markdown writer's character sets in C (``output/characters.pyx``) against the ``str``
tests they stand for."""

from __future__ import annotations

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
