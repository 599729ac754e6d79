"""The shipped stoplists, the forms a ``stoplist`` option takes, and the per-page choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from scrapy_boilerplate import JustextOptions, OptionError, extract
from scrapy_boilerplate.algorithms.justext import Stoplist, available, stoplists
from scrapy_boilerplate.algorithms.justext.language import MIN_COVERAGE, MIN_WORDS
from scrapy_boilerplate.algorithms.justext.options import AUTO
from scrapy_boilerplate.algorithms.justext.stoplists import builtin

GERMAN = "Der Ausschuss teilte am Dienstag mit, dass er den Bericht nicht vor dem Ende des Jahres fertigstellen kann."
ENGLISH = "The committee said that it would not be able to finish the report before the end of the year."


def test_one_hundred_languages_are_shipped():
    languages = available()
    assert len(languages) == 100
    assert languages["english"] == "English"
    assert languages["norwegian_bokmal"] == "Norwegian_Bokmal"


def test_shipped_stoplists_are_the_references():
    justext = pytest.importorskip("justext", reason="the reference justext is in the bench extra")
    assert set(available().values()) == set(justext.get_stoplists())
    for language in available().values():
        expected = frozenset(word.lower() for word in justext.get_stoplist(language))
        assert set(builtin(language).words) == expected, language


def test_a_shipped_stoplist_reads_as_its_file_read_as_a_users_file_does():
    # The shipped lists are read as they are kept; a user's file is stripped and lower-cased: the same words, in order.
    folder = Path(stoplists.__file__).parent / "stoplists"
    for language in available().values():
        as_file = JustextOptions(stoplist=str(folder / f"{language}.txt")).stoplist
        assert list(builtin(language).words) == list(as_file.words), language


@pytest.mark.parametrize("name", ["English", "english", "ENGLISH", "eNgLiSh"])
def test_language_name_in_any_case(name):
    stoplist = JustextOptions(stoplist=name).stoplist
    assert stoplist == builtin("English")
    assert stoplist.name == "English"


@pytest.mark.parametrize("words", [
    ["The", " of ", "AND", ""],
    ("the", "of", "and"),
    {"the", "of", "and"},
    frozenset({"the", "of", "and"}),
], ids=["list", "tuple", "set", "frozenset"])
def test_iterable_of_words_is_lowercased_and_stripped(words):
    stoplist = JustextOptions(stoplist=words).stoplist
    assert stoplist == Stoplist(None, dict.fromkeys(["the", "of", "and"]))


def test_generator_of_words():
    assert JustextOptions(stoplist=(word for word in ["a", "b"])).stoplist.words.keys() == {"a", "b"}


def test_empty_word_list_is_allowed():
    assert not JustextOptions(stoplist=[]).stoplist.words


@pytest.mark.parametrize("as_path", [str, Path], ids=["str", "Path"])
def test_file_of_words(tmp_path, as_path):
    path = tmp_path / "words.txt"
    path.write_text("Der\ndie\n\n  das  \n", encoding="utf-8")
    stoplist = JustextOptions(stoplist=as_path(path)).stoplist
    assert set(stoplist.words) == {"der", "die", "das"}
    assert stoplist.name == str(path)


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"caf\xe9\n")
    with pytest.raises(OptionError, match="cannot read") as raised:
        JustextOptions(stoplist=path)
    assert raised.value.option == "stoplist"


def test_missing_file(tmp_path):
    with pytest.raises(OptionError) as raised:
        JustextOptions(stoplist=tmp_path / "missing.txt")
    assert raised.value.option == "stoplist"


def test_a_stoplist_object_is_kept():
    stoplist = Stoplist("mine", frozenset({"x"}))
    assert JustextOptions(stoplist=stoplist).stoplist is stoplist


@pytest.mark.parametrize("value", ["auto", "AUTO", "Auto"])
def test_auto_in_any_case(value):
    assert JustextOptions(stoplist=value).stoplist == AUTO


def test_auto_is_the_default():
    assert JustextOptions().stoplist == AUTO


def test_none_is_the_language_independent_mode():
    assert JustextOptions(stoplist=None).stoplist is None


# --- the per-page choice ------------------------------------------------------------

def page(text: str) -> str:
    return f"<html><body><p>{text}</p></body></html>"


@pytest.mark.parametrize("text, language", [(ENGLISH, "English"), (GERMAN, "German")])
def test_auto_picks_the_page_language(text, language):
    assert extract(page(f"{text} {text}")).language == language


def test_auto_counts_words_case_insensitively():
    assert extract(page(f"{ENGLISH} {ENGLISH}".upper())).language == "English"


def test_auto_classifies_with_the_picked_stoplist():
    html = page(f"{GERMAN} {GERMAN}")
    assert extract(html).blocks == extract(html, stoplist="German").blocks


@pytest.mark.parametrize("text", [
    "1234 5678 9012 3456 " * 10,
    "zxqv wprt klmn bbrt " * 10,
], ids=["numbers", "no language"])
def test_auto_without_a_fitting_stoplist(text):
    result = extract(page(text))
    assert result.language is None
    assert result.blocks == extract(page(text), stoplist=None).blocks


def test_auto_names_an_unspaced_script_and_scales_its_lengths():
    # tests/test_unspaced_languages.py holds the rest.
    text = "天气很好我们去公园散步吧然后吃饭 " * 30
    result = extract(page(text))
    assert result.language == "Chinese"
    assert result.blocks == extract(page(text), stoplist=None, length_low=23, length_high=66,
                                    max_heading_distance=66).blocks


def test_auto_needs_minimum_coverage():
    # One stop word among n words covers 1/n of them.
    words = max(MIN_WORDS, round(1 / MIN_COVERAGE))
    assert extract(page("the" + " zxqv" * (words - 1))).language is not None
    assert extract(page("the" + " zxqv" * words)).language is None


def test_auto_needs_enough_words():
    assert extract(page(" ".join(["the"] * (MIN_WORDS - 1)))).language is None
    assert extract(page(" ".join(["the"] * MIN_WORDS))).language is not None


def test_auto_on_a_page_without_words():
    assert extract(page("")).language is None
