"""jusText's classification rules, one by one, on small hand-written pages.

The pages use a one-word stoplist so that every density is exact: a text of
``n`` words of which ``k`` are "the" has ``4n - 1`` characters and stop-word
density ``k / n``.
"""

from __future__ import annotations

import pytest

from scrapy_boilerplate import OptionError, extract

STOPLIST = ("the",)


def words(count: int, stopwords: int = 0) -> str:
    """``count`` three-letter words, the first ``stopwords`` of them stop words."""
    return " ".join(["the"] * stopwords + ["xxx"] * (count - stopwords))


GOOD = words(60, 30)  # 239 chars, density 0.5: good
NEAR_GOOD = words(20, 10)  # 79 chars, density 0.5: near-good (not longer than length_high)
BAD = words(20)  # 79 chars, density 0: bad
SHORT = words(3)  # 11 chars: short


def p(text: str) -> str:
    return f"<p>{text}</p>"


def h1(text: str) -> str:
    return f"<h1>{text}</h1>"


def h2(text: str) -> str:
    return f"<h2>{text}</h2>"


def page(*blocks: str) -> str:
    return "<html><body>" + "".join(blocks) + "</body></html>"


def labels(*blocks: str, **options) -> list[str]:
    return [block.label for block in extract(page(*blocks), stoplist=STOPLIST, **options).blocks]


def cf_label(block: str, **options) -> str:
    """The context-free class of a page's only block."""
    (only,) = extract(page(block), stoplist=STOPLIST, **options).blocks
    return only.cf_label


# --- context-free classification -------------------------------------------------

def test_thresholds_classify_the_sample_texts():
    assert [cf_label(p(text)) for text in (GOOD, NEAR_GOOD, BAD, SHORT)] == ["good", "near-good", "bad", "short"]


def test_link_density_at_the_maximum_is_allowed():
    (block,) = extract(page(p(f"{GOOD} <a>{'x' * 60}</a>")), stoplist=STOPLIST).blocks
    assert block.link_density == 0.2
    assert block.cf_label == "good"


def test_link_density_above_the_maximum_is_bad():
    (block,) = extract(page(p(f"{GOOD} <a>{'x' * 61}</a>")), stoplist=STOPLIST).blocks
    assert block.link_density > 0.2
    assert block.cf_label == "bad"


def test_max_link_density_option():
    block = p(f"{GOOD} <a>{'x' * 61}</a>")
    assert cf_label(block, max_link_density=0.21) == "good"


@pytest.mark.parametrize("mark", ["\xa9", "&copy;", "&amp;copy"], ids=["sign", "entity", "literal"])
def test_copyright_is_bad(mark):
    assert cf_label(p(f"{GOOD} {mark} 2024")) == "bad"


@pytest.mark.parametrize("tag", ["x-select", "selectbox"])
def test_element_named_like_select_on_the_path_is_bad(tag):
    assert cf_label(f"<{tag}>{p(GOOD)}</{tag}>") == "bad"


def test_real_select_is_removed_with_its_options():
    result = extract(page(p(GOOD), f"<select><option>{NEAR_GOOD}</option></select>"), stoplist=STOPLIST)
    assert [block.text for block in result.blocks] == [GOOD]


def test_shorter_than_length_low_is_short():
    short_but_dense = p(words(3, 3))  # 11 chars, density 1
    assert cf_label(short_but_dense, length_low=12, length_high=12) == "short"
    assert cf_label(short_but_dense, length_low=11, length_high=11) == "near-good"


def test_short_with_link_characters_is_bad():
    assert cf_label(p("xxx xxx xxx xxx y")) == "short"
    assert cf_label(p("xxx xxx xxx xxx <a>y</a>")) == "bad"


def test_dense_and_longer_than_length_high_is_good_else_near_good():
    assert cf_label(p(GOOD), length_high=238) == "good"
    assert cf_label(p(GOOD), length_high=239) == "near-good"


def test_stopword_density_thresholds_are_inclusive():
    assert cf_label(p(GOOD), stopwords_high=0.5) == "good"
    assert cf_label(p(GOOD), stopwords_low=0.5, stopwords_high=0.6) == "near-good"
    assert cf_label(p(GOOD), stopwords_low=0.51, stopwords_high=0.6) == "bad"


def test_stopwords_are_counted_case_insensitively():
    (block,) = extract(page(p("The THE xxx xxx")), stoplist=["THE"]).blocks
    assert block.stopword_density == 0.5


# --- context-sensitive classification --------------------------------------------

#: name -> (blocks, final labels); default options, identical in justext 3.0.2.
CONTEXT_CASES = {
    "lone good": ([p(GOOD)], ["good"]),
    "lone short: the edges are bad": ([p(SHORT)], ["bad"]),
    "lone near-good: the edges are bad": ([p(NEAR_GOOD)], ["bad"]),
    "short between good and good": ([p(GOOD), p(SHORT), p(GOOD)], ["good", "good", "good"]),
    "short between bad and bad": ([p(BAD), p(SHORT), p(BAD)], ["bad", "bad", "bad"]),
    "shorts between good and good": ([p(GOOD), p(SHORT), p(SHORT), p(GOOD)], ["good"] * 4),
    "short between good and bad": ([p(GOOD), p(SHORT), p(BAD)], ["good", "bad", "bad"]),
    "short between good and the edge": ([p(GOOD), p(SHORT)], ["good", "bad"]),
    "short between the edge and good": ([p(SHORT), p(GOOD)], ["bad", "good"]),
    "near-good before the bad one delimits": (
        [p(GOOD), p(SHORT), p(NEAR_GOOD), p(BAD)], ["good", "good", "good", "bad"]),
    "near-good after the bad one delimits": (
        [p(BAD), p(NEAR_GOOD), p(SHORT), p(GOOD)], ["bad", "good", "good", "good"]),
    "near-good on the good side does not delimit": (
        [p(GOOD), p(NEAR_GOOD), p(SHORT), p(BAD)], ["good", "good", "bad", "bad"]),
    "near-good between bad and bad": ([p(BAD), p(NEAR_GOOD), p(BAD)], ["bad", "bad", "bad"]),
    "near-good between bad and good": ([p(BAD), p(NEAR_GOOD), p(GOOD)], ["bad", "good", "good"]),
    "near-good between good and bad": ([p(GOOD), p(NEAR_GOOD), p(BAD)], ["good", "good", "bad"]),
    "short heading before good": ([h2(SHORT), p(GOOD)], ["good", "good"]),
    "short heading before good within the distance": ([h2(SHORT), p(BAD), p(GOOD)], ["good", "bad", "good"]),
    "short heading before good beyond the distance": (
        [h2(SHORT), p(BAD), p(BAD), p(BAD), p(GOOD)], ["bad", "bad", "bad", "bad", "good"]),
    "short heading without good after it": ([p(GOOD), h2(SHORT), p(BAD)], ["good", "bad", "bad"]),
    "near-good heading between bad ones before good": (
        [p(BAD), h2(NEAR_GOOD), p(BAD), p(GOOD)], ["bad", "good", "bad", "good"]),
    "heading bad on its own stays bad": ([h2(f"<a>{SHORT}</a>"), p(GOOD)], ["bad", "good"]),
    # The first heading step of the paper would make the short paragraph good
    # (see test_early_headings); justext 3.0.2 never applies it.
    "no early heading step": (
        [p(GOOD), p(SHORT), h2(SHORT), p(BAD), p(GOOD)], ["good", "bad", "good", "bad", "good"]),
}


@pytest.mark.parametrize("blocks, expected", CONTEXT_CASES.values(), ids=CONTEXT_CASES)
def test_context(blocks, expected):
    assert labels(*blocks) == expected


@pytest.mark.parametrize("blocks, expected", CONTEXT_CASES.values(), ids=CONTEXT_CASES)
def test_context_agrees_with_the_reference(blocks, expected):
    justext = pytest.importorskip("justext", reason="the reference justext is in the bench extra")
    reference = justext.justext(page(*blocks), frozenset(STOPLIST))
    assert [paragraph.class_type for paragraph in reference] == expected


def test_short_classes_are_decided_before_near_good_ones():
    # Stage 3a reads the near-good class, which stage 3b turns good afterwards.
    result = extract(page(p(BAD), p(NEAR_GOOD), p(SHORT), p(GOOD)), stoplist=STOPLIST)
    assert [block.cf_label for block in result.blocks] == ["bad", "near-good", "short", "good"]


@pytest.mark.parametrize("distance, expected", [(79, "good"), (78, "bad")])
def test_heading_distance_limit(distance, expected):
    # One 79-char paragraph lies between the heading and the good text.
    assert labels(h2(SHORT), p(BAD), p(GOOD), max_heading_distance=distance)[0] == expected


def test_heading_distance_zero_still_sees_the_next_block():
    assert labels(h2(SHORT), p(GOOD), max_heading_distance=0) == ["good", "good"]


def test_heading_flag():
    result = extract(page(h2(f"<span>{SHORT}</span>"), p(GOOD)), stoplist=STOPLIST)
    assert [block.heading for block in result.blocks] == [True, False]


def test_no_headings():
    result = extract(page(h2(SHORT), p(GOOD)), stoplist=STOPLIST, no_headings=True)
    assert [block.heading for block in result.blocks] == [False, False]
    assert [block.label for block in result.blocks] == ["bad", "good"]


@pytest.mark.parametrize("distance, expected", [(79, "good"), (78, "bad")])
def test_early_headings(distance, expected):
    # Within the distance the heading becomes near-good before the short
    # paragraph's turn, which then lies between good and a near-good before
    # bad: good. Beyond it, neither heading step applies.
    blocks = (p(GOOD), p(SHORT), h2(SHORT), p(BAD), p(GOOD))
    result = labels(*blocks, early_headings=True, max_heading_distance=distance)
    assert result == ["good", expected, expected, "bad", "good"]


def test_early_headings_ignored_with_no_headings():
    blocks = (p(GOOD), p(SHORT), h2(SHORT), p(BAD), p(GOOD))
    assert labels(*blocks, early_headings=True, no_headings=True) == ["good", "bad", "bad", "bad", "good"]


def test_h1_always_good_makes_h1_good():
    assert labels(h1(BAD), p(BAD), h1_always_good=True) == ["good", "bad"]
    assert labels(h1(BAD), p(BAD)) == ["bad", "bad"]


def test_h1_always_good_only_concerns_h1():
    assert labels(h2(BAD), p(BAD), h1_always_good=True) == ["bad", "bad"]


def test_no_headlines_is_refused_with_its_new_name():
    with pytest.raises(OptionError, match="no_headlines.*renamed h1_always_good"):
        extract(page(h1(BAD)), no_headlines=False)


def test_h1_headline_keeps_its_context_free_class():
    (block,) = extract(page(h1(BAD)), stoplist=STOPLIST, h1_always_good=True).blocks
    assert (block.label, block.cf_label) == ("good", "bad")


def test_language_independent_mode():
    # Without stop words both density thresholds are 0: length alone decides.
    result = extract(page(p(BAD), p(words(60))), stoplist=None)
    assert [block.cf_label for block in result.blocks] == ["near-good", "good"]
    assert result.language is None
