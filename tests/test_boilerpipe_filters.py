"""boilerpipe's filters and decision trees on hand-written block sequences."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrapy_boilerplate.algorithms.boilerpipe import Pipeline, TextBlock, TextDocument, labels
from scrapy_boilerplate.algorithms.boilerpipe.document import fuse
from scrapy_boilerplate.algorithms.boilerpipe.filters import (
    BlockProximityFusion,
    BoilerplateBlockFilter,
    DensityRulesClassifier,
    DocumentTitleMatchClassifier,
    ExpandTitleToContentFilter,
    IgnoreBlocksAfterContentFilter,
    KeepLargestBlockFilter,
    KeepLargestFulltextBlockFilter,
    NumWordsRulesClassifier,
    SimpleBlockFusionProcessor,
    TerminatingBlocksFinder,
    is_content_by_density,
    is_content_by_num_words,
    potential_titles,
)
from scrapy_boilerplate.algorithms.boilerpipe.options import END_COUNTED, END_PHRASES, END_PREFIXES


def block(words: int = 10, links: int = 0, density: float = 0, *, text: str = "", offset: int = 0,
          content: bool = False, marks: tuple[str, ...] = ()) -> TextBlock:
    """A block of ``words`` words, ``links`` of them in links, of text density ``density`` (``words`` if 0)."""
    return TextBlock(text or " ".join(["word"] * words), words, links, int(density), 1 if density else 0,
                     offset, offset, is_content=content, labels=set(marks))


def document(*blocks: TextBlock, title: str | None = None) -> TextDocument:
    for offset, each in enumerate(blocks):
        each.offset_start = each.offset_end = offset
    return TextDocument(list(blocks), title=title)


def contents(doc: TextDocument) -> list[bool]:
    return [each.is_content for each in doc.blocks]


# -- the decision trees, branch by branch ---------------------------------------------------------

@pytest.mark.parametrize(("previous", "current", "following", "expected"), [
    (block(), block(words=30, links=11), block(), False),  # too many links in the block
    (block(), block(words=17), block(words=0), True),  # long block
    (block(), block(words=16), block(words=16), True),  # short, before a long block
    (block(words=5), block(words=16), block(words=15), True),  # short, between non-trivial blocks
    (block(words=4), block(words=16), block(words=15), False),  # short, after a very short block
    (block(words=10, links=6), block(words=41), block(words=0), True),  # after links: long block
    (block(words=10, links=6), block(words=40), block(words=18), True),  # after links: before a long one
    (block(words=10, links=6), block(words=40), block(words=17), False),  # after links: neither
])
def test_num_words_tree(previous, current, following, expected):
    assert is_content_by_num_words(previous, current, following) is expected


@pytest.mark.parametrize(("previous", "current", "following", "expected"), [
    (block(), block(words=30, links=11), block(), False),  # too many links in the block
    (block(), block(density=10), block(density=1), True),  # dense, followed by text
    (block(), block(density=10), block(words=0), False),  # dense, followed by nothing
    (block(), block(density=9), block(density=11), True),  # sparse, before a dense block
    (block(density=5), block(density=9), block(density=10), True),  # sparse, after a fairly dense one
    (block(density=4), block(density=9), block(density=10), False),  # sparse, after a sparse one
    (block(words=10, links=6), block(density=20), block(density=12), True),  # after links, before dense
    (block(words=10, links=6), block(density=20), block(density=11), False),  # after links, before sparse
])
def test_density_tree(previous, current, following, expected):
    assert is_content_by_density(previous, current, following) is expected


def test_classifiers_see_empty_blocks_beyond_the_edges():
    # Alone, a 10-word block has a 0-word neighbour on each side: boilerplate by both trees.
    doc = document(block(words=10, density=10))
    assert not NumWordsRulesClassifier().process(doc)
    assert contents(doc) == [False]
    assert not DensityRulesClassifier().process(doc)
    doc = document(block(words=5), block(words=10), block(words=20))
    assert NumWordsRulesClassifier().process(doc)
    assert contents(doc) == [False, True, True]


# -- labelling filters ----------------------------------------------------------------------------

def finder() -> TerminatingBlocksFinder:
    return TerminatingBlocksFinder(END_PREFIXES, END_PHRASES, END_COUNTED)


@pytest.mark.parametrize(("text", "words", "marked"), [
    ("Comments (12)", 2, True),
    ("12 comments so far", 4, True),
    ("123 users responded in this post", 6, True),
    ("Please rate this article", 4, True),
    ("Click here to add your comment", 6, True),
    ("Thanks for your comments - this feedback is now closed", 9, True),
    ("© Reuters 2024. All rights reserved", 6, True),
    ("No comments", 2, False),  # "comments" is not at the start
    ("Comments", 1, True),
    ("Comment", 1, False),  # under 8 characters
    ("Comments " + "word " * 20, 15, False),  # 15 words or more
    ("12 comments", 2, True),
    ("1st comments", 2, False),  # not a number followed by a space
])
def test_terminating_blocks_finder(text, words, marked):
    doc = document(block(words=words, text=text))
    assert finder().process(doc) is marked
    assert (labels.INDICATES_END_OF_TEXT in doc.blocks[0].labels) is marked


@pytest.mark.parametrize(("text", "marked"), [
    ("\u0661\u0662 comments", True),  # any decimal digits, as \\d reads them
    ("\u00b2 comments here", False),  # a superscript is a digit, not a decimal one
    ("12comments so far", False),
    ("12  comments so far", False),  # one space
    ("see 12 comments", False),  # at the start only
    ("we want to know what you think...", True),
])
def test_end_markers_as_boilerpy3_reads_them(text, marked):
    assert finder().process(document(block(words=3, text=text))) is marked


def boilerpy3_marks(text: str) -> bool:
    """boilerpy3's test of a short block's lower-cased text, by its regular expressions."""
    phrases = re.compile("|".join(map(re.escape, END_PHRASES)))
    counted = re.compile(r"\d+ (?:%s)" % "|".join(map(re.escape, END_COUNTED)))
    return text.startswith(END_PREFIXES) or bool(phrases.search(text)) or bool(counted.match(text))


@given(st.lists(st.sampled_from([*END_PREFIXES, *END_PHRASES, *END_COUNTED, "12", "\u0663", " ", "x", "comment",
                                 "add", "1 ", "what you think.."]), max_size=6).map("".join))
def test_end_markers_are_boilerpy3s_expressions(text):
    marked = finder().process(document(block(words=3, text=text + "        ")))
    assert marked is boilerpy3_marks((text + "        ").lower())


def test_terminating_blocks_finder_with_custom_markers():
    doc = document(block(words=2, text="Kommentare (3)"), block(words=3, text="Leserkommentare lesen hier"))
    marked = TerminatingBlocksFinder(("kommentare",), ("leserkommentare",), ()).process(doc)
    assert marked and all(labels.INDICATES_END_OF_TEXT in each.labels for each in doc.blocks)


def test_potential_titles_are_the_title_and_its_longest_parts():
    assert potential_titles("Rain floods the valley | Example.com News") == {
        "rain floods the valley | example.com news", "rain floods the valley",
    }
    assert potential_titles("Site: A much longer headline - here") >= {"a much longer headline - here",
                                                                         "a much longer headline"}
    assert potential_titles("   ") == frozenset()
    assert potential_titles(None) == frozenset()


def test_document_title_match_classifier_uses_the_document_title():
    doc = document(block(words=3, text="Rain floods the valley"), block(words=3, text="Rain floods valley"),
                   title="Rain floods the valley | Example News")
    assert DocumentTitleMatchClassifier().process(doc)
    assert [labels.TITLE in each.labels for each in doc.blocks] == [True, False]
    assert not DocumentTitleMatchClassifier().process(document(block(), title=None))
    fixed = document(block(words=3, text="Rain floods valley"))
    assert DocumentTitleMatchClassifier("RAIN FLOODS VALLEY").process(fixed)


# -- content filters ------------------------------------------------------------------------------

def test_ignore_blocks_after_content_waits_for_enough_full_text_words():
    end = (labels.INDICATES_END_OF_TEXT,)
    doc = document(
        block(words=5, content=True, marks=end),  # too early to end anything
        block(words=70, density=10, content=True),
        block(words=2, marks=end, content=True),
        block(words=40, density=12, content=True),
    )
    assert IgnoreBlocksAfterContentFilter(min_words=60).process(doc)
    assert contents(doc) == [True, True, False, False]
    sparse = document(block(words=70, density=8, content=True), block(words=2, marks=end, content=True))
    assert not IgnoreBlocksAfterContentFilter(min_words=60).process(sparse)  # not full text: no end


def test_block_proximity_fusion_merges_content_into_its_neighbour():
    doc = document(block(words=3), block(words=20, content=True), block(words=4), block(words=30, content=True))
    assert BlockProximityFusion(1).process(doc)
    assert [(each.offset_start, each.offset_end, each.words) for each in doc.blocks] == [(0, 1, 23), (2, 3, 34)]
    assert contents(doc) == [True, True]
    assert doc.blocks[0].text == " ".join(["word"] * 3) + "\n" + " ".join(["word"] * 20)


def test_block_proximity_fusion_content_only_bridges_one_removed_block():
    doc = document(block(words=2), block(content=True), block(), block(content=True), block(), block(),
                   block(content=True))
    assert BoilerplateBlockFilter().process(doc)
    assert [each.offset_start for each in doc.blocks] == [1, 3, 6]
    assert [each.offset_start for each in doc.removed] == [0, 2, 4, 5]
    assert BlockProximityFusion(1, content_only=True).process(doc)
    assert [(each.offset_start, each.offset_end) for each in doc.blocks] == [(1, 3), (6, 6)]
    assert not BlockProximityFusion(1, content_only=True).process(document(block(), block()))


def test_boilerplate_block_filter_keeps_a_content_only_document():
    doc = document(block(content=True), block(content=True))
    assert not BoilerplateBlockFilter().process(doc)
    assert len(doc.blocks) == 2 and not doc.removed


def test_keep_largest_block_marks_the_others_might_be_content():
    doc = document(block(words=50, content=True), block(words=80, density=8, content=True),
                   block(words=60, density=10, content=True), block(words=90))
    assert KeepLargestBlockFilter().process(doc)
    assert contents(doc) == [False, True, False, False]
    assert [labels.MIGHT_BE_CONTENT in each.labels for each in doc.blocks] == [True, False, True, True]


def test_keep_largest_fulltext_block_counts_dense_blocks_only():
    doc = document(block(words=50, content=True), block(words=80, density=8, content=True),
                   block(words=60, density=10, content=True))
    assert KeepLargestFulltextBlockFilter().process(doc)
    assert contents(doc) == [False, False, True]
    assert not KeepLargestBlockFilter().process(document(block(), block()))  # no content at all


def test_expand_title_to_content_reaches_back_to_the_title():
    might = (labels.MIGHT_BE_CONTENT,)
    doc = document(
        block(marks=might),
        block(marks=(labels.TITLE, labels.MIGHT_BE_CONTENT)),
        block(),
        block(marks=might),
        block(content=True),
        block(marks=might),
    )
    assert ExpandTitleToContentFilter().process(doc)
    assert contents(doc) == [False, True, False, True, True, False]


def test_expand_title_to_content_needs_a_title_before_the_content():
    title = (labels.TITLE, labels.MIGHT_BE_CONTENT)
    assert not ExpandTitleToContentFilter().process(document(block(content=True), block(marks=title)))
    assert not ExpandTitleToContentFilter().process(document(block(marks=title), block(marks=title)))
    doc = document(block(marks=title), block(marks=(labels.TITLE,), content=True))
    assert not ExpandTitleToContentFilter().process(doc)  # the content block is itself a title


def test_simple_block_fusion_merges_runs_of_equal_density():
    doc = document(block(words=4, density=4), block(words=4, density=4), block(words=8, density=8),
                   block(words=8, density=8), block(words=3, density=3))
    assert SimpleBlockFusionProcessor().process(doc)
    assert [(each.offset_start, each.offset_end) for each in doc.blocks] == [(0, 1), (2, 3), (4, 4)]
    assert doc.blocks[0].text_density == 4
    assert not SimpleBlockFusionProcessor().process(document(block(density=1), block(density=2)))


def test_fusing_sums_counts_and_remeasures_densities():
    [first] = fuse([TextBlock("a b", 2, 2, 0, 0, 0, 0),
                    TextBlock("c d e f", 4, 1, 0, 0, 1, 1, is_content=True, labels={labels.TITLE})],
                   lambda run, block: True)
    assert (first.text, first.words, first.words_in_links, first.is_content) == ("a b\nc d e f", 6, 3, True)
    assert first.link_density == 0.5 and first.text_density == 3 and first.labels == {labels.TITLE}


def test_pipeline_runs_every_filter_and_reports_any_change():
    doc = document(block(words=3, links=3), block(words=30), block(words=20))
    pipeline = Pipeline(NumWordsRulesClassifier(), BoilerplateBlockFilter(), BlockProximityFusion(1))
    assert pipeline.process(doc)
    assert [(each.offset_start, each.offset_end) for each in doc.blocks] == [(1, 2)]
    assert not Pipeline().process(doc)
