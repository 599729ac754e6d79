"""The trainer's labels and weights of the trainset's blocks (``benchmarks/train.py``), on hand-made pages."""

from __future__ import annotations

import pytest

pytest.importorskip("lightgbm", reason="the trainer needs the train extra (lightgbm, scikit-learn)")
pytest.importorskip("sklearn", reason="the trainer needs the train extra (lightgbm, scikit-learn)")

from benchmark_scripts import load  # noqa: E402

train = load("train")
trainset = load("trainset")


def page(main_content: str, with_snippets: tuple[str, ...] = (), without: tuple[str, ...] = ()) -> trainset.Page:
    return trainset.Page("key", "https://example.com/", b"", "", with_snippets, without, "documentation", main_content)


def labels(main_content: str, texts: list[str], **snippets: tuple[str, ...]) -> list[int | None]:
    the_page = page(main_content, snippets.get("with_snippets", ()), snippets.get("without", ()))
    return train.trainset_labels(the_page, texts, trainset.shingles(main_content))


def test_blocks_are_good_when_half_their_shingles_are_in_the_main_text():
    main = "The river rose by two metres over the weekend and the town asked people to move their cars."
    assert labels(main, ["The river rose by two metres over the weekend", "Subscribe to our newsletter for more news"]
                  ) == [1, 0]


def test_short_blocks_are_compared_by_their_words():
    # A heading's permalink sign is no word: the heading is the main text's line.
    main = "Quickstart\nA minimal application fits in one file of five lines."
    assert labels(main, ["Quickstart¶", "Log in", "minimal application"]) == [1, 0, None]


def test_snippets_override_the_shingles():
    main = "The river rose by two metres over the weekend and the town asked people to move their cars."
    assert labels(main, ["The river rose by two metres over the weekend"], without=("two metres",)) == [0]


def test_a_text_the_page_repeats_more_often_than_the_main_text_is_left_out():
    # A table of contents beside its headings: which copy is the main text's is unknown.
    main = "Routing\nModern web applications use meaningful URLs to help users.\nStatic Files\nAlso served."
    texts = ["Routing", "Static Files", "Routing", "Modern web applications use meaningful URLs to help users.",
             "Static Files"]
    assert labels(main, texts) == [None, None, None, 1, None]
    assert labels(main + "\nRouting", texts)[:3] == [1, None, 1]


def test_blocks_past_the_corpus_cut_of_the_main_text_are_left_out():
    sentence = "The tutorial explains every step of building the service in detail. "
    main = (sentence * (train.MAIN_CONTENT_LIMIT // len(sentence) + 1))[:train.MAIN_CONTENT_LIMIT].rstrip()
    last = " ".join(trainset.words(main)[-6:])
    assert labels(main, [sentence, last, "The tutorial goes on with its next part here"]) == [1, 1, None]
    assert labels(main[:1000], [sentence, "The tutorial goes on with its next part here"]) == [1, 0]


def test_a_trainset_page_weighs_the_same_whatever_its_blocks_shared_by_their_words():
    weights = train.block_weights("trainset", ["one two three four", "one"])
    assert sum(weights) == pytest.approx(train.TRAINSET_PAGE_WEIGHT)
    assert weights[0] == pytest.approx(2 * weights[1])
    assert sum(train.block_weights("trainset", ["a b"] * 500)) == pytest.approx(train.TRAINSET_PAGE_WEIGHT)
    assert train.block_weights("devset", ["a", "b"]) == [train.DEVSET_WEIGHT] * 2


def test_devset_blocks_are_labelled_by_their_snippets_only():
    snippets = page("", ("the river rose",), ("share this",))
    assert train.devset_labels(snippets, ["Yesterday the river rose", "share this", "Other"]) == [1, 0, None]
