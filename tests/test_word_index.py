"""The stoplists' word table: the same lists for every word as a dict of the lists' words gives."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.justext import available, language
from scrapy_boilerplate.algorithms.justext.stoplists import builtin, shipped_words
from scrapy_boilerplate.algorithms.justext.word_index import WordIndex


def reference_scores(lists: list[list[str]], words: list[str]) -> list[int]:
    """What ``PageWords.scores`` must give for ``words``, counted with sets of ``str``."""
    counts = Counter(words)
    return [sum(count for word, count in counts.items() if word in set(words_of_list))
            for words_of_list in lists]


def table(lists: list[list[str]]) -> WordIndex:
    return WordIndex(["\n".join(words).encode("utf-8") for words in lists])


def positions(index: WordIndex, word: str) -> tuple[int, ...]:
    """The positions of the lists of ``index`` that hold ``word``."""
    return tuple(position for position, score in enumerate(index.page_words([word]).scores()) if score)


def test_every_shipped_file_is_lower_cased_one_word_a_line_without_repeats():
    # stoplists.builtin and the table read the files as they are: nothing to strip or lower-case.
    for language_name in available().values():
        text = shipped_words(language_name).decode("utf-8")
        lines = text.split("\n")
        assert text.endswith("\n") and lines.pop() == "", language_name
        assert all(line and line == line.strip().lower() and not any(c.isspace() for c in line) for line in lines)
        assert len(set(lines)) == len(lines), language_name


def test_the_table_of_the_shipped_lists_holds_each_word_in_its_lists():
    names = list(available().values())
    index = WordIndex([shipped_words(name) for name in names])
    expected: dict[str, list[int]] = {}
    for position, name in enumerate(names):
        for word in builtin(name).words:
            expected.setdefault(word, []).append(position)
    assert len(index) == len(expected) == 154_484
    assert all(positions(index, word) == tuple(found) for word, found in expected.items())


def test_the_choice_uses_the_table():
    assert isinstance(language._index(), WordIndex) and len(language._index()) == 154_484


def test_words_the_lists_do_not_hold():
    index = table([["the", "of"], ["of", "der"], []])
    # Words cut at whitespace as str.split() cuts them; a word with a lone surrogate has no UTF-8.
    page = index.page_words(["the of of der", "th thee", "", "\ud800 the\ud800", "the\nof", "\u3000of\n"])
    assert page.scores() == [6, 5, 0] and page.total == 11 and len(page) == 6
    assert page.counts() == [4, 2, 0, 2, 2, 1]
    assert page.held(0) == [3, 0, 0, 0, 2, 1] and page.held(1) == [3, 0, 0, 0, 1, 1]
    assert positions(index, "of") == (0, 1) and positions(index, "der") == (1,) and positions(index, "x") == ()
    assert table([]).page_words(["the"]).scores() == [] and len(table([[], []])) == 0


def test_more_than_64_lists():
    lists = [[f"w{position}", "all"] for position in range(130)]
    index = table(lists)
    assert positions(index, "all") == tuple(range(130))
    assert positions(index, "w129") == (129,) and positions(index, "w64") == (64,)
    page = index.page_words(["all w100", "all"])
    assert page.scores() == reference_scores(lists, ["all", "w100", "all"])
    assert page.held(100) == [2, 1] and page.held(129) == [1, 1]


WORD = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(WORD, max_size=30), max_size=70),
       st.lists(WORD | st.text(max_size=4), max_size=40))
def test_the_table_scores_as_sets_of_words_do(lists, words):
    texts = [" ".join(words), " ".join(word for words_of_list in lists[:3] for word in words_of_list[:5])]
    page = table(lists).page_words(texts)
    split = [text.lower().split() for text in texts]
    assert page.counts() == [len(words_of_text) for words_of_text in split]
    assert page.scores() == reference_scores(lists, [word for words_of_text in split for word in words_of_text])
    for position, words_of_list in enumerate(lists[:3]):
        assert page.held(position) == [sum(word in set(words_of_list) for word in words_of_text)
                                       for words_of_text in split]
