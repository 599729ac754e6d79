"""boilerpipe's segmentation, extractors, options and bad input, through ``extract``."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from scrapy_boilerplate import ExtractionError, OptionError, extract
from scrapy_boilerplate.algorithms.boilerpipe import (
    BoilerpipeArticleOptions,
    BoilerpipeBlock,
    Pipeline,
    labels,
    run_pipeline,
    segment,
)
from scrapy_boilerplate.algorithms.boilerpipe.document import TextBlock, fuse
from scrapy_boilerplate.algorithms.boilerpipe.filters import NumWordsRulesClassifier
from scrapy_boilerplate.algorithms.boilerpipe.segment import count_words, find_words
from scrapy_boilerplate.html.nodes import address
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.walk import MAX_DEPTH

ALGORITHMS = ("boilerpipe-article", "boilerpipe-default")

PARAGRAPH = ("The river that runs through the old town rose by almost two metres over the weekend, and "
             "the authorities have asked the people who live along its banks to move their cars. ")
PAGE = f"""<html><head><title>River levels rise | Example News</title></head><body>
<div><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<h1>River levels rise</h1>
<p>{PARAGRAPH * 2}</p>
<p>{PARAGRAPH}Read the <a href="/guide">flood guide</a> for what to do.</p>
<p>{PARAGRAPH * 3}</p>
<p>Add your comment</p>
<p>What a terrible weekend it was for everybody who lives down by the water, I hope they all get help soon.</p>
<div><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></div>
</body></html>"""


def blocks_of(html: str) -> list[tuple[str, int, int]]:
    return [(each.text, each.words, each.words_in_links) for each in segment(parse(html)).blocks]


# -- segmentation ---------------------------------------------------------------------------------

def test_blocks_split_at_block_elements_and_join_across_inline_ones():
    html = "<div>One <b>bo</b>ld<br>two</div><p>x <a href=#>link <i>text</i></a>y</p><ul><li>Item</li></ul>"
    assert blocks_of(html) == [("One bold", 2, 0), ("two", 1, 0), ("x link text y", 4, 2), ("Item", 1, 0)]


def test_blocks_tell_whether_their_text_is_one_text_node_of_their_start():
    document = segment(parse("<div>Lead text<p>One <b>two</b></p>tail text<p>x <a href=#>y</a></p></div>"))
    assert [(block.text, block.start.tag, block.one_text_node) for block in document.blocks] == [
        ("Lead text", "div", True), ("One two", "p", False), ("tail text", "div", True), ("x y", "p", False)]
    first, second = document.blocks[:2]
    fused = fuse([first, second], lambda run, block: True)[0]
    assert fused.text == "Lead text\nOne two" and not fused.one_text_node
    # The lines' starts are kept as their nodes' addresses: no element object per block.
    assert fused.line_starts == [(address(first.start), True), (address(second.start), False)]


def test_a_block_keeps_the_element_it_is_given_as_its_start():
    root = parse("<p>One</p>")
    block = TextBlock("One", 1, 0, 0, 0, 0, 0, start=root[0][0])
    assert block.start == root[0][0] and TextBlock("One", 1, 0, 0, 0, 0, 0).start is None
    block.start = None
    assert block.start is None


def test_skipped_elements_drop_their_text_and_still_split():
    html = "<p>a<script>var x;</script>b<noscript><p>enable js</p></noscript>c<style>p{}</style></p>"
    assert [text for text, _, _ in blocks_of(html)] == ["a", "b", "c"]


def test_comments_join_the_text_around_them():
    assert blocks_of("<p>wa<!-- x -->ter, fa<?pi x?>ll</p>")[0][0] in ("water, fall", "water, fa ll")


def test_punctuation_alone_is_no_block_but_a_lone_token_is():
    assert blocks_of("<div>|</div><div>»</div><div>...</div>") == [("...", 0, 0)]


WORD_CASES = {
    "letters and digits": ("a 12 b3", ["a", "12", "b3"]),
    "word punctuation joins": ("e-mail, (see) it's 10:30 a/b $5?", ["e-mail,", "(see)", "it's", "10:30", "a/b", "$5?"]),
    "word punctuation alone is no word": ("-- ... () _ a_b", ["a_b"]),
    "other characters separate": ("a|b a&b a»b x+y", ["a", "b", "a", "b", "a", "b", "x", "y"]),
    "letters of any script": ("naïve Straße über 東京 ١٢", ["naïve", "Straße", "über", "東京", "١٢"]),
    "non-ASCII punctuation separates": ("a—b «c» d…", ["a", "b", "c", "d"]),
}


@pytest.mark.parametrize("text, words", WORD_CASES.values(), ids=WORD_CASES)
def test_words_are_runs_of_word_characters_holding_a_letter_or_digit(text, words):
    assert find_words(text) == words
    assert count_words(text) == len(words)


@given(st.text(alphabet=st.sampled_from("aZ09_\"'.,!@-:;$?()/ |&*+=#%\t\né»—東١\u0301")))
def test_counting_words_agrees_with_finding_them(text):
    assert count_words(text) == len(find_words(text))


@given(st.text(alphabet=st.characters(max_codepoint=0x3000)))
def test_words_are_those_of_boilerpipes_pattern(text):
    # Runs of \\w and the joining characters, holding a letter or digit (isalnum, as Java's isLetterOrDigit).
    runs = re.findall(r"[\w\"'.,!@\-:;$?()/]+", text)
    assert find_words(text) == [run for run in runs if any(character.isalnum() for character in run)]


def test_text_density_is_words_per_full_line_of_80_characters():
    words = " ".join(["abcdefghi"] * 20)  # 10 characters with the space: 8 words per line
    [block] = segment(parse(f"<p>{words}</p>")).blocks
    assert (block.words, block.wrapped_lines, block.words_in_wrapped_lines) == (20, 2, 16)
    assert block.text_density == 8
    [short] = segment(parse("<p>a few words</p>")).blocks
    assert short.text_density == 3


def test_title_comes_from_the_head():
    assert segment(parse(PAGE)).title == "River levels rise | Example News"
    assert segment(parse("<p>no head</p>")).title is None


def test_segmentation_leaves_the_tree_unchanged():
    root = parse(PAGE)
    before = etree.tostring(root)
    extract(root, algorithm="boilerpipe-article")
    assert etree.tostring(root) == before


def test_deep_tree_is_walked_without_recursion():
    # Far deeper than Python's recursion limit, as deep as the walks allow.
    root = etree.Element("html")
    node = etree.SubElement(root, "body")
    for depth in range(MAX_DEPTH - 2):
        node = etree.SubElement(node, "div" if depth % 2 else "span")
        if depth % 1_000 == 0:
            node.text = f"Text at depth {depth}. "
    node.text = "The deepest words. "
    for algorithm in ALGORITHMS:
        extraction = extract(root, algorithm=algorithm)
        assert "The deepest words." in " ".join(each.text for each in extraction.blocks)
    [deepest] = [each for each in segment(root).blocks if each.text == "The deepest words."]
    path = deepest.xpath
    # Too deep for libxml2's XPath engine to evaluate; check its steps instead.
    assert path.startswith("/html[1]/body[1]/span[1]/div[1]/span[1]/")
    assert path.count("/div[1]") == path.count("/span[1]") == MAX_DEPTH // 2 - 1


def test_deep_page_parses_and_extracts():
    html = "<div>Some text at this level. " * 5_000
    for algorithm in ALGORITHMS:
        assert extract(html, algorithm=algorithm).blocks


# -- extractors -----------------------------------------------------------------------------------

def test_article_extractor_keeps_the_article_up_to_the_end_marker():
    extraction = extract(PAGE, algorithm="boilerpipe-article")
    assert extraction.algorithm == "boilerpipe-article" and extraction.language is None
    assert "River levels rise\n" in extraction.text and "flood guide" in extraction.text
    for boilerplate in ("Add your comment", "terrible weekend", "Privacy"):
        assert boilerplate not in extraction.text
    [title] = [each for each in extraction.blocks if "River levels rise" in each.text]
    assert labels.TITLE in title.labels and title.label == "good"
    [end] = [each for each in extraction.blocks if each.text == "Add your comment"]
    assert labels.INDICATES_END_OF_TEXT in end.labels and end.label == "bad"


def test_default_extractor_keeps_dense_text():
    extraction = extract(PAGE, algorithm="boilerpipe-default")
    assert PARAGRAPH.strip() in extraction.text and "flood guide" in extraction.text
    assert "Privacy" not in extraction.text and "Home" not in extraction.text


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_blocks_cover_the_page_in_order_and_are_json_ready(algorithm):
    extraction = extract(PAGE, algorithm=algorithm)
    assert all(isinstance(each, BoilerpipeBlock) for each in extraction.blocks)
    offsets = [(each.offset_start, each.offset_end) for each in extraction.blocks]
    assert offsets == sorted(offsets) and offsets[0][0] == 0
    root = parse(PAGE)
    for each in extraction.blocks:
        assert root.xpath(each.xpath), each.xpath
    assert json.loads(json.dumps(extraction.to_dict()))["blocks"][0]["labels"] == extraction.blocks[0].labels


def test_a_custom_pipeline_runs_on_the_same_blocks():
    labelled = run_pipeline(parse(PAGE), Pipeline(NumWordsRulesClassifier()))
    good = [block.text for block in labelled.blocks if block.is_good]
    assert any("Add your comment" in text for text in good)  # no end-of-text filter in this pipeline
    assert len(labelled.starts) == len(labelled.blocks)


# -- options --------------------------------------------------------------------------------------

def test_end_markers_are_options():
    html = PAGE.replace("Add your comment", "Leserkommentare")
    assert "terrible weekend" in extract(html, algorithm="boilerpipe-article").text
    text = extract(html, algorithm="boilerpipe-article", end_phrases=["leserkommentare"]).text
    assert "terrible weekend" not in text


def test_fulltext_largest_block_is_selectable():
    options = BoilerpipeArticleOptions(fulltext_largest_block=True)
    assert "flood guide" in extract(PAGE, algorithm="boilerpipe-article", options=options).text


@pytest.mark.parametrize(("name", "value"), [
    ("end_prefixes", "comments"),
    ("end_phrases", [""]),
    ("end_counted", [3]),
    ("end_marker_max_words", -1),
    ("min_words_before_end", 1.5),
    ("fulltext_largest_block", "yes"),
    ("max_words", 3),
])
def test_invalid_article_options(name, value):
    with pytest.raises(OptionError) as raised:
        extract(PAGE, algorithm="boilerpipe-article", **{name: value})
    assert raised.value.option == name


def test_default_extractor_has_no_options():
    with pytest.raises(OptionError):
        extract(PAGE, algorithm="boilerpipe-default", min_words_before_end=10)


# -- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("page", ["", "   ", "<html></html>", "<p> | </p>", b"\xff\xfe", "<frameset></frameset>"])
def test_pages_without_text_give_an_empty_extraction(algorithm, page):
    extraction = extract(page, algorithm=algorithm)
    assert extraction.text == "" and extraction.algorithm == algorithm


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_binary_data_is_an_extraction_error(algorithm):
    with pytest.raises(ExtractionError):
        extract(bytes(range(256)) * 64, algorithm=algorithm)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_huge_flat_page(algorithm):
    html = "<body>" + "<p>Some words in a paragraph of the page.</p>" * 20_000 + "</body>"
    assert len(extract(html, algorithm=algorithm).blocks) >= 1
