"""The learned classifier: its features on small pages, the shipped evaluator against the trainer, its options."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from conftest import ARTICLE, GERMAN
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from scrapy_boilerplate import ALGORITHMS, LearnedBlock, LearnedOptions, OptionError, extract
from scrapy_boilerplate.algorithms import learned
from scrapy_boilerplate.algorithms.learned import decision, features, kind, model, records
from scrapy_boilerplate.algorithms.learned.options import FAVORS
from scrapy_boilerplate.html.parse import parse

SAMPLE = Path(__file__).resolve().parent / "data" / "learned_predictions.json"
LONG = ("The river that runs through the old town rose by almost two metres over the weekend, and the "
        "authorities have asked the people who live along its banks to move their cars to higher ground.")
COLUMN = {name: position for position, name in enumerate(features.names())}


def rows_of(html: str) -> list[tuple[str, dict[str, float] | None]]:
    blocks, rows, _ = learned.featurize(parse(html), LearnedOptions())
    return [(block.text, dict(zip(features.names(), row)) if row is not None else None)
            for block, row in zip(blocks, rows)]


def row_of(html: str, text: str) -> dict[str, float]:
    return next(row for block_text, row in rows_of(html) if block_text.startswith(text))


# --- the shipped model


def test_shipped_evaluator_gives_exactly_the_trainers_probabilities():
    blocks = json.loads(SAMPLE.read_text(encoding="utf-8"))["blocks"]
    shipped = model.load().trees
    assert len(blocks["rows"]) >= 20
    for row, probability in zip(blocks["rows"], blocks["probabilities"], strict=True):
        assert len(row) == shipped.features == len(features.names())
        assert shipped.probability(row) == probability


def test_shipped_evaluator_gives_exactly_the_trainers_probabilities_of_a_page():
    # Every block of a page, the prefiltered ones (no row) at 0.0, as at run time.
    page = json.loads(SAMPLE.read_text(encoding="utf-8"))["page"]
    assert sum(row is not None for row in page["rows"]) >= 10
    assert model.load().probabilities(page["rows"]) == page["probabilities"]


def test_the_model_carries_recall_weights_for_each_favor_and_group_of_pages():
    weights = model.load().recall_weights
    assert weights.keys() == set(FAVORS)
    # A page that says it is an article or nothing, a page of another kind, a documentation page, a gated page.
    assert all(len(group_weights) == len(kind.RECALL_GROUPS) == 4 for group_weights in weights.values())
    for group in range(len(kind.RECALL_GROUPS)):
        assert weights["precision"][group] <= weights["balance"][group] <= weights["recall"][group]
        assert weights["precision"][group] < weights["recall"][group]


def test_model_is_loaded_once():
    assert model.load() is model.load()


def test_trees_are_evaluated_as_lightgbm_splits_them():
    # A split is [feature, threshold, left, right]; left when the feature is at most the threshold.
    tiny = model.trees([
        [0, 0.5, 1.0, [1, 2.0, -1.0, 3.0]],
        0.25,
    ], features=2)
    assert tiny.score([0.5, 9.0]) == 1.25
    assert tiny.score([0.6, 2.0]) == -0.75
    assert tiny.score([0.6, 2.5]) == 3.25
    assert tiny.probability([0.6, 2.5]) == 1 / (1 + math.exp(-3.25))


# --- features on hand-written pages


def test_a_row_per_block_with_a_value_per_named_feature():
    for _, row in rows_of(ARTICLE):
        if row is not None:
            assert len(row) == len(features.names())
            assert all(isinstance(value, float) for value in row.values())


def test_the_layout_names_each_column_once():
    assert len(set(features.names())) == len(features.names()) == model.load().trees.features
    assert [part.name for part in features.LAYOUT][-2:] == ["landmarks", "article"]


def test_short_linked_blocks_are_prefiltered():
    html = f'<html><body><div><a href="/">Home</a></div><p>{LONG}</p></body></html>'
    rows = rows_of(html)
    assert rows[0] == ("Home", None)
    assert rows[1][1] is not None
    extraction = extract(html, algorithm="learned")
    assert extraction.blocks[0].probability == 0.0 and not extraction.blocks[0].is_good


def test_class_and_id_words_of_the_element_its_near_ancestors_and_any_ancestor():
    html = (f'<html><body><div id="comments"><div><div><div><p>{LONG}</p></div></div></div></div>'
            f'<div class="header-wrap"><p class="ad-slot">{LONG} Two.</p></div>'
            f'<div class="newsletter_box"><p>{LONG} Three.</p></div></body></html>')
    deep = row_of(html, LONG[:40])
    assert deep["any_comment"] == 1.0 and deep["near_comment"] == 0.0 and deep["own_comment"] == 0.0
    advert = row_of(html, f"{LONG} Two")
    assert advert["own_ad"] == 1.0 and advert["near_header"] == 1.0
    # "ad" counts only as a word of its own: not inside "header" or "load".
    assert row_of(html, f"{LONG} Three")["any_ad"] == 0.0
    assert row_of(html, f"{LONG} Three")["near_newsletter"] == 1.0


@pytest.mark.parametrize("value", [
    "nav navbar navigation", "post-content entry-content", "sidebar widget_recent", "ads ad-slot header load",
    "adslot advert shadow", "screen-reader-text sr-only", "datetime dateline", "subtitle substack", "",
    "ad", "ads", "bad-ad aad ads2 a-ads", "also-ad nav_ads",
])
def test_a_class_puts_its_block_in_each_group_one_of_whose_words_it_holds(value):
    # Each word anywhere in the value, but "ad" and "ads" only as whole words.
    row = row_of(f'<html><body><p class="{value}">{LONG}</p></body></html>', LONG[:40])
    whole_ad = re.search(r"(?<![a-z])ads?(?![a-z])", value) is not None
    for group, words in features.WORD_GROUPS.items():
        holds = any(word in value for word in words) or (whole_ad and "advert" in words)
        assert row[f"own_{group}"] == float(holds), (value, group)


def test_records_read_each_element_as_lxml_does():
    # The records are made in C from libxml2's nodes: what they read must be what lxml's API gives,
    # in a tree built in code too (namespaced tags and attributes, attributes set empty).
    root = parse('<html><body><div class="a b" id="x" role="main" itemprop="articleBody" title="t">'
                 '<section class=""><p id="" class="lede">One</p><p>Two</p></section></div></body></html>')
    tree_in_code = etree.Element("{urn:example}page")
    held = etree.SubElement(tree_in_code, "block", {"class": "card", "{urn:example}id": "not an id", "role": ""})
    etree.SubElement(held, "{urn:example}item").text = "Three"
    elements = list(root.iter("p")) + [tree_in_code[0][0]]
    for element in elements:
        page = records.Records([element], {})
        place, node = page.of_block(0), element
        while place >= 0:
            assert page.element(place) is node and page.tag(place) == node.tag
            assert page.class_value(place) == node.get("class") and page.id_value(place) == node.get("id")
            assert page.named(place) == tuple(value for name, value in node.items()
                                              if name in ("class", "id", "role", "itemprop") and value)
            place, node = page.parent(place), node.getparent()
        assert node is None
    page = records.Records(elements[:2], {})
    assert page.parent(page.of_block(0)) == page.parent(page.of_block(1)) and page.tag(0) == "html" and len(page) == 6


def test_ancestor_tags_and_start_tag():
    html = (f"<html><body><nav><ul><li>{LONG}</li></ul></nav><article><p>{LONG} Two.</p></article>"
            f"<footer><div>{LONG} Three.</div></footer></body></html>")
    in_nav = row_of(html, LONG[:40])
    assert in_nav["under_nav"] == in_nav["under_li"] == in_nav["starts_in_li"] == 1.0
    assert in_nav["under_article"] == 0.0
    in_article = row_of(html, f"{LONG} Two")
    assert in_article["under_article"] == in_article["starts_in_p"] == 1.0 and in_article["under_nav"] == 0.0
    assert row_of(html, f"{LONG} Three")["under_footer"] == 1.0


def test_container_shares_and_the_best_container():
    good = f"{LONG} {LONG}"  # long enough for jusText to call it good
    html = (f'<html><body><div id="main"><p>{good}</p><p>{good} Two.</p></div>'
            f'<div id="side"><p>Short aside text here.</p></div></body></html>')
    main = row_of(html, good)
    side = row_of(html, "Short aside")
    page_chars = 2 * len(good) + len(" Two.") + len("Short aside text here.")
    assert main["up1_page_share"] == pytest.approx((2 * len(good) + len(" Two.")) / page_chars)
    assert side["up1_page_share"] == pytest.approx(len("Short aside text here.") / page_chars)
    assert main["up0_page_share"] == pytest.approx(len(good) / page_chars)
    assert main["up1_good_share"] == 1.0 and side["up1_good_share"] == 0.0
    assert main["in_best"] == 1.0 and side["in_best"] == 0.0


def test_neighbours_position_and_title():
    html = (f"<html><head><title>River levels rise | Example News</title></head><body>"
            f"<h1>River levels rise</h1><p>{LONG}</p><p>{LONG} Two.</p></body></html>")
    rows = [row for _, row in rows_of(html)]
    headline, first, last = rows
    assert headline["in_title"] == 1.0 and first["in_title"] == 0.0
    assert headline["-1_chars"] == headline["-2_chars"] == -1.0  # no block before the first
    assert first["-1_heading"] == 1.0 and first["+1_chars"] == pytest.approx(math.log1p(len(LONG) + 5))
    assert headline["position"] == 0.0 and last["position"] == pytest.approx(2 / 3)
    assert first["heading"] == 0.0 and headline["heading"] == 1.0


def test_text_statistics():
    html = "<html><body><p>Home | News | Sport | 2024 | Contact us today for more</p></body></html>"
    row = rows_of(html)[0][1]
    text = "Home | News | Sport | 2024 | Contact us today for more"
    assert row["digits"] == pytest.approx(4 / len(text))
    assert row["count_."] == 0.0 and row["ends_sentence"] == 0.0
    assert row["capitalized_words"] == pytest.approx(4 / 13)  # the bars are words of the split too
    punctuated = "Prices rose, again: 3% (or more) in May. Why?"
    row = rows_of(f"<html><body><p>{punctuated}</p></body></html>")[0][1]
    assert row["count_,"] == row["count_:"] == row["count_%"] == row["count_("] == 1 / len(punctuated)
    assert row["count_."] == 1 / len(punctuated) and row["count_!"] == row["count_—"] == 0.0
    assert row["ends_sentence"] == 1.0


# --- the algorithm


def test_learned_is_registered_with_its_options():
    assert ALGORITHMS["learned"].options is LearnedOptions
    assert "threshold" in LearnedOptions.names() and "stoplist" in LearnedOptions.names()


def test_article_text_without_navigation_and_footer():
    extraction = extract(ARTICLE, algorithm="learned")
    assert extraction.algorithm == "learned" and extraction.language == "English"
    assert "Farmers in the valley" in extraction.text
    assert "Contact" not in extraction.text and "Privacy" not in extraction.text
    for block in extraction.blocks:
        assert isinstance(block, LearnedBlock) and 0.0 <= block.probability <= 1.0
    # The page's own threshold: every block kept is likelier main text than every block left.
    scored = [block for block in extraction.blocks if not features.prefiltered(block)]
    assert min(b.probability for b in scored if b.is_good) > max(b.probability for b in scored if not b.is_good)
    assert extract(GERMAN, algorithm="learned").language == "German"


def test_blocks_keep_justexts_fields_and_labels():
    ours = extract(ARTICLE, algorithm="learned").blocks
    theirs = extract(ARTICLE, spaces=True).blocks  # on for learned (see LearnedOptions)
    assert [(b.text, b.xpath, b.cf_label, b.justext_label) for b in ours] == [
        (b.text, b.xpath, b.cf_label, b.label) for b in theirs]
    exported = ours[-1].to_dict()
    assert {"probability", "justext_label", "cf_label", "label"} <= exported.keys()
    json.dumps(exported)


def test_a_fixed_threshold_decides_the_labels():
    low = extract(ARTICLE, algorithm="learned", threshold=0.01)
    nothing = extract(ARTICLE, algorithm="learned", threshold=1)
    assert all(b.is_good == (b.probability >= 0.01) for b in low.blocks if not features.prefiltered(b))
    assert not any(b.is_good for b in nothing.blocks if b.probability < 1)
    assert len(low.text) >= len(extract(ARTICLE, algorithm="learned").text) >= len(nothing.text)


def commented(article: str, comments: str) -> str:
    return (f'<html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>{article}'
            f'<section id="comments"><h2>2 comments</h2>{comments}</section>'
            "<footer>Copyright 2026 The Town Paper. All rights reserved.</footer></body></html>")


ARTICLE_OF_THE_TOWN = f"<article><h1>The river rose</h1><p>{LONG}</p><p>{LONG} Again.</p></article>"
COMMENTS = ('<div class="comment"><p>Jenny</p><p>I live by the river and we had water in the cellar for the '
            'first time in twenty years, which nobody in our street expected at all.</p><a href="#">Reply</a></div>'
            '<div class="comment"><p>Lane</p><p>The council should have closed the bridges a day earlier; the '
            "forecast said so on Friday and everyone could read it in the paper.</p></div>")


def test_comments_under_the_article_are_kept_only_when_asked_and_only_their_prose():
    page = commented(ARTICLE_OF_THE_TOWN, COMMENTS)
    without = extract(page, algorithm="learned")
    assert "cellar" not in without.text and LONG[:60] in without.text
    with_them = extract(page, algorithm="learned", comments=True)
    assert with_them.text.startswith(without.text)
    added = with_them.text[len(without.text):].split("\n")[1:]
    assert added == ["I live by the river and we had water in the cellar for the first time in twenty years, which "
                     "nobody in our street expected at all.",
                     "The council should have closed the bridges a day earlier; the forecast said so on Friday and "
                     "everyone could read it in the paper."]


def test_a_comment_section_before_the_main_text_adds_nothing():
    page = commented("", COMMENTS).replace("</footer>", f"</footer>{ARTICLE_OF_THE_TOWN}")
    assert extract(page, algorithm="learned", comments=True).text == extract(page, algorithm="learned").text


def test_with_comments_adds_prose_in_comment_sections_after_the_first_kept_block():
    kept = [False, True, False, False, False, False]
    in_comments = [True, False, True, True, True, False]
    cf_labels = ["good", "good", "good", "short", "near-good", "good"]
    assert decision.with_comments(kept, in_comments, cf_labels) == [False, True, True, False, True, False]
    assert decision.with_comments([False, False], [True, True], ["good", "good"]) == [False, False]


def test_favor_takes_its_weight_of_the_recall():
    weights = model.load().recall_weights
    assert LearnedOptions().recall_weights == weights["balance"]
    assert LearnedOptions(favor="precision").recall_weights == weights["precision"]
    assert LearnedOptions(favor="recall").recall_weights == weights["recall"]
    precise = extract(ARTICLE, algorithm="learned", favor="precision").text
    lenient = extract(ARTICLE, algorithm="learned", favor="recall").text
    assert len(lenient) >= len(extract(ARTICLE, algorithm="learned").text) >= len(precise)


def test_each_page_keeps_the_blocks_that_make_the_most_of_expected_precision_and_recall():
    # A sure block of 100 characters, a doubtful one of 10, an unlikely one of 50. With the recall
    # weighed 0.6: 0.9 + 0.6 * 90 / 101 for the first alone, 96 / 110 + 0.6 * 96 / 101 with
    # the second, which is more; the third costs more precision than it brings recall.
    assert decision.choose([0.9, 0.6, 0.1], [100, 10, 50], 0.6) == [True, True, False]
    assert decision.choose([0.9, 0.6, 0.1], [100, 10, 50], 0.1) == [True, False, False]
    assert decision.choose([0.25, 0.6, 0.9], [50, 10, 100], 5.0) == [True, True, True]
    # A page of doubtful blocks keeps them: its own threshold is lower.
    assert decision.choose([0.3, 0.3, 0.0], [50, 50, 0], 0.6) == [True, True, False]


def test_the_choice_weighs_blocks_by_characters_in_every_script():
    # A Chinese paragraph of 300 characters at 0.9 and 20 menu links of 4 at 0.35. Counted in
    # words (split at spaces), each is one word, and the links, 7 expected words of main text
    # against the paragraph's 0.9, were all kept; in characters they bring 28 of 298.
    probabilities, chars = [0.9] + [0.35] * 20, [300] + [4] * 20
    assert decision.choose(probabilities, chars, 0.6) == [True] + [False] * 20
    assert decision.choose(probabilities, [10] * 21, 0.6) == [True] * 21


def test_blocks_under_the_least_probability_take_no_part_in_the_choice():
    # A short sure article under a long thread of unlikely comments: counted as independent, the
    # comments' 3,000 characters at 0.1 (read as 0.18: 530 expected) would make the article's 82 a
    # seventh of the expected recall, and the page keep everything (value 0.2 + 1.5 against
    # 0.82 + 1.5 * 82 / 612).
    probabilities, chars = [0.9] + [0.1] * 30, [100] + [100] * 30
    assert decision.choose(probabilities, chars, 1.5) == [True] + [False] * 30
    assert decision.LEAST_PROBABILITY > decision._softened(0.1)
    assert decision.choose([0.1, 0.1], [50, 50], 5.0) == [False, False]
    assert decision.choose([0.0, 0.0], [5, 5], 0.6) == [False, False]
    assert decision.choose([], [], 0.6) == []


def test_the_choice_reads_each_probability_less_sure_of_either_side():
    # Log-odds scaled by LOG_ODDS_SCALE: 0.9 reads as 0.82 and 0.1 as 0.18; 0, 0.5 and 1 as themselves.
    assert decision._softened(0.9) == pytest.approx(0.8232, abs=1e-4)
    assert decision._softened(0.1) == pytest.approx(1 - decision._softened(0.9))
    assert [decision._softened(p) for p in (0.0, 0.5, 1.0)] == [0.0, 0.5, 1.0]
    readings = [decision._softened(p / 100) for p in range(101)]
    assert readings == sorted(readings)
    # A block at 0.15 counts (it reads as 0.23, over LEAST_PROBABILITY): with the recall weighed 5, a
    # page of two such blocks keeps both; at 0.1 (0.18) neither counts, and the page keeps nothing.
    assert decision.choose([0.15, 0.15], [100, 100], 5.0) == [True, True]
    assert decision.choose([0.1, 0.1], [100, 100], 5.0) == [False, False]


def test_a_page_with_almost_no_expected_main_text_keeps_nothing():
    # A shell its scripts fill: a stray line of furniture scores 0 against an empty main text.
    assert decision.choose([0.3, 0.1], [15, 200], 0.6) == [False, False]
    assert decision.choose([0.9], [decision.LEAST_EXPECTED_CHARS - 1], 5.0) == [False]
    assert decision.choose([0.9], [decision.LEAST_EXPECTED_CHARS + 10], 0.6) == [True]


def test_the_short_links_and_list_items_between_two_kept_blocks_are_kept():
    kept = [False, True, False, False, True, False, True, False]
    items = [True, False, True, True, False, False, True, True]
    assert decision.with_items_between(kept, items) == [False, True, True, True, True, False, True, False]
    # Not across another block left out, nor before the first kept block or after the last.
    assert decision.with_items_between([True, False, False, True], [False, True, False, False]) == [
        True, False, False, True]


def test_the_items_between_are_the_unscored_blocks_and_the_list_items_the_choice_counts():
    texts = ["Many patches were sent for review over the last months:", "Fix volatile loads", "Add packed structs",
             "Home", "They are now all merged upstream, and the next release ships them."]
    chars = [len(text) for text in texts]
    scored, headings = [True, True, True, False, True], [False] * 5
    probabilities = [0.9, 0.25, 0.3, 0.0, 0.9]
    # List items at 0.25 and 0.3 (read 0.32 and 0.36: counted by the choice) and an unscored link, between
    # two kept blocks: kept with them.
    in_list = [False, True, True, False, False]
    assert decision.kept(probabilities, chars, texts, scored, headings, in_list, threshold=0.5) == [True] * 5
    # Not when one of them is no list item, nor when the choice would not count one (0.1 reads 0.18).
    assert decision.kept(probabilities, chars, texts, scored, headings, [False, True, False, False, False],
                         threshold=0.5) == [True, False, False, False, True]
    assert decision.kept([0.9, 0.25, 0.1, 0.0, 0.9], chars, texts, scored, headings, in_list,
                         threshold=0.5) == [True, False, False, False, True]


def test_a_pages_choice_keeps_then_adds_links_and_comments_then_drops_copies():
    texts = ["Intro of the article, long enough.", "Body of the article, long enough too.", "Home",
             "Intro of the article, long enough.", "Body of the article, long enough too.", "Nice post!"]
    chars = [len(text) for text in texts]
    probabilities = [0.9, 0.8, 0.0, 0.85, 0.85, 0.1]
    scored = [True, True, False, True, True, True]
    # Above 0.5; the unscored link between two kept blocks; the second copy of the two paragraphs goes.
    headings = [False] * 6
    assert decision.kept(probabilities, chars, texts, scored, headings, [False] * 6, threshold=0.5) == [
        True, True, True, False, False, False]
    # A weight of the recall instead of a threshold; the comment's prose after the first kept block.
    assert decision.kept(probabilities, chars, texts, scored, headings, [False] * 6, recall_weight=0.6,
                         comments=([False] * 5 + [True], ["good"] * 6)) == [True, True, True, False, False, True]


def test_the_heading_above_the_first_kept_block_is_kept_with_it():
    # A headline of 14 characters at 0.67 above 1,500 at 0.99: it costs more precision than it brings
    # recall at the article's weight, but it heads the text.
    probabilities, chars = [0.0, 0.67, 0.99, 0.99, 0.0], [4, 14, 750, 750, 40]
    chosen = decision.choose(probabilities, chars, 0.5)
    assert chosen == [False, False, True, True, False]
    headings = [False, True, False, False, False]
    assert decision.with_headline(chosen, probabilities, headings) == [False, True, True, True, False]
    texts, scored = [str(n) * size for n, size in enumerate(chars)], [False, True, True, True, True]
    assert decision.kept(probabilities, chars, texts, scored, headings, [False] * 5, recall_weight=0.5) == [
        False, True, True, True, False]
    # Not a heading, or not likely enough (0.4), or not right above: left out.
    assert decision.with_headline(chosen, probabilities, [False] * 5) == chosen
    assert decision.with_headline(chosen, [0.0, 0.4, 0.99, 0.99, 0.0], headings) == chosen
    assert decision.with_headline(chosen, probabilities, [True, False, False, False, False]) == chosen
    # Nothing kept: nothing to head; a fixed threshold keeps what it keeps.
    assert decision.with_headline([False] * 3, [0.9] * 3, [True] * 3) == [False] * 3
    assert decision.kept(probabilities, chars, texts, scored, headings, [False] * 5, threshold=0.9) == [
        False, False, True, True, False]


def test_a_manuals_cross_references_between_kept_paragraphs_are_kept():
    terms = "".join(f'<dt><a href="#{name}">{name}</a></dt><dd><p>{LONG} {name}.</p></dd>'
                    for name in ("SessionMiddleware", "CsrfViewMiddleware"))
    page = (f'<html><body><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>'
            f"<main><h1>Middleware</h1><p>{LONG}</p><dl>{terms}</dl></main></body></html>")
    text = extract(page, algorithm="learned").text
    assert "SessionMiddleware\n" in text and "CsrfViewMiddleware\n" in text and "Home" not in text


def test_a_product_pages_reviews_take_no_part_in_its_choice():
    assert decision.without_reviews([0.9, 0.8, 0.7, 0.6], [False, True, False, False]) == [0.9, 0.0, 0.7, 0.6]
    # Marking most of the page, the words name its wrapper: nothing is left out.
    assert decision.without_reviews([0.9, 0.8, 0.7], [True, True, False]) == [0.9, 0.8, 0.7]
    assert decision.without_reviews([], []) == []


def test_a_product_page_is_one_that_says_product_and_not_article():
    assert kind.product_page({"product", "webpage", "breadcrumblist"})
    assert kind.product_page({"og:product"}) and kind.product_page({"productgroup"})
    assert not kind.product_page({"product", "review", "article"})  # a review of a product
    assert not kind.product_page({"website"}) and not kind.product_page(set())


REVIEWS = "".join(
    f'<div class="review"><p>{name}</p><p>{text}</p></div>' for name, text in (
        ("Dorothy", "I love the combination of the oak shelf with the baskets, and I use mine lying down as a "
                    "sideboard in the hall where it holds all the shoes of the family without any trouble."),
        ("Richard", "Very sturdy and easy to put together on a Sunday afternoon; the instructions were clear and "
                    "every screw was in the bag, which is more than I can say of the last one I bought."),
        ("Mason", "The shelf fits nicely in the small space of the study, and the white goes with the walls; I would "
                  "buy it again and have already told my brother, who is moving house next month."),
    ))


def product_page(types: str) -> str:
    return (f'<html><head><script type="application/ld+json">{{"@type": {types}}}</script></head><body>'
            '<nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>'
            f"<main><h1>The shelf unit</h1><p>{LONG}</p><p>{LONG} Again.</p><p>{LONG} Once more.</p>"
            "<ul><li>Width: 30 inches</li><li>Depth: 15 inches</li><li>Height: 57 inches</li>"
            "<li>Max load per shelf: 29 pounds</li><li>Material: particleboard and fiberboard</li></ul>"
            f'<section class="reviews"><h2>Reviews</h2>{REVIEWS}</section></main>'
            "<footer>Copyright 2026 The Shelf Shop. All rights reserved.</footer></body></html>")


def test_a_product_pages_reviews_are_not_its_main_text():
    extraction = extract(product_page('"Product"'), algorithm="learned")
    assert LONG[:60] in extraction.text and "sturdy" not in extraction.text
    reviews = [block for block in extraction.blocks if "sturdy" in block.text or "oak shelf" in block.text]
    assert reviews and all(block.probability == 0.0 for block in reviews)
    # A review of a product says it is an article too: its blocks keep the model's probabilities.
    review_article = extract(product_page('["Product", "Review", "Article"]'), algorithm="learned")
    assert any(block.probability > 0.0 for block in review_article.blocks if "sturdy" in block.text)


def test_the_second_copy_of_a_section_is_dropped():
    lead, body, end = "A lead paragraph of the story.", "The body of the story goes on.", "The end."
    # The article again, for another screen: its second copy goes, what is not kept stays out.
    texts = ["Menu", lead, body, end, "Related", lead, body, end]
    kept = [False, True, True, True, False, True, True, True]
    assert decision.without_copies(kept, texts) == [False, True, True, True, False, False, False, False]
    # A quoted post: the run of its two paragraphs in a later post.
    texts = [lead, body, "I agree.", lead, body, "Me too."]
    assert decision.without_copies([True] * 6, texts) == [True, True, True, False, False, True]
    # A text repeated alone, or runs of one text, or under COPY_CHARS in all, stay.
    texts = ["Pros", lead, "Pros", body, lead, lead, lead, "A b", "C d", "A b", "C d"]
    assert decision.without_copies([True] * 11, texts) == [True] * 11
    # Only kept blocks make runs: a copy of blocks not kept, or of a run not kept in order, stays.
    assert decision.without_copies([False, False, True, True], [lead, body, lead, body]) == [False, False, True, True]
    assert decision.without_copies([True, True, True, True], [lead, body, body, lead]) == [True] * 4
    assert decision.without_copies([], []) == []


def test_a_page_holding_its_article_twice_gives_it_once():
    html = ARTICLE.replace("</body>", f'<div class="print-copy">{ARTICLE.split("<body>")[1].split("</body>")[0]}</div></body>')
    once = extract(ARTICLE, algorithm="learned")
    assert once.text and extract(html, algorithm="learned").text == once.text


@pytest.mark.parametrize("values", [{"favor": "speed"}, {"favor": None}, {"favor": "precision", "threshold": 0.6}])
def test_invalid_favor(values):
    with pytest.raises(OptionError) as raised:
        LearnedOptions(**values)
    assert raised.value.option == "favor"


def test_an_explicit_stoplist_is_used_as_is():
    assert extract(GERMAN, algorithm="learned", stoplist="English").language == "English"


@pytest.mark.parametrize("value", [-0.1, 1.5, "0.5", True, None, float("nan")])
def test_invalid_threshold(value):
    with pytest.raises(OptionError) as raised:
        LearnedOptions(threshold=value)
    assert raised.value.option == "threshold"


def test_invalid_and_unknown_options():
    with pytest.raises(OptionError):
        extract(ARTICLE, algorithm="learned", stoplist="Klingon")
    with pytest.raises(OptionError):
        extract(ARTICLE, algorithm="learned", thresold=0.5)
    assert LearnedOptions(threshold=1).threshold == 1


def test_a_page_in_a_language_without_a_stoplist():
    # jusText has no Chinese stoplist: no stop words to count, the page's structure still tells.
    sentence = "河水在周末上涨了将近两米，当局要求住在河岸附近的居民把汽车开到地势较高的地方。"
    paragraphs = "".join(f"<p>{sentence * 3}{n}</p>" for n in range(4))
    menu = "".join(f'<li><a href="/{n}">栏目{n}</a></li>' for n in range(8))
    html = (f"<html><head><title>河水上涨</title></head><body><nav><ul>{menu}</ul></nav>"
            f'<div class="article"><h1>河水上涨</h1>{paragraphs}</div>'
            f"<footer><p>版权所有 © 2024 示例新闻网</p></footer></body></html>")
    text = extract(html, algorithm="learned").text
    assert all(f"{sentence * 3}{n}" in text for n in range(4))
    assert "栏目" not in text and "版权所有" not in text


def test_empty_pages():
    assert extract("", algorithm="learned").blocks == []
    assert extract("<html><body></body></html>", algorithm="learned").text == ""


# --- a block among the others of its page


def test_headline_words_in_the_title_dates_and_prompts_are_counted():
    html = (f"<html><head><title>River levels rise in the old town - Example News</title></head><body>"
            f"<h1>River levels rise in the old town</h1><p>Published 12 March 2024, 10:30</p><p>{LONG}</p>"
            f"<p>Subscribe to our newsletter for more.</p></body></html>")
    headline = row_of(html, "River levels")
    assert headline["title_word_share"] == 1.0
    assert row_of(html, "The river")["title_word_share"] < 0.3
    assert row_of(html, "Published")["dates"] >= 2 and row_of(html, "The river")["dates"] == 0
    assert row_of(html, "Subscribe")["prompt_words"] == 2


def test_the_section_a_block_lies_in_is_read_from_the_last_heading():
    html = (f"<html><body><h1>River levels rise</h1><p>{LONG}</p><h2>Comments (3)</h2>"
            f"<p>Great article, thank you. {LONG}</p><h3>Related stories</h3><p>Floods in the north. {LONG}</p>"
            f"<h2>Weather</h2><p>Rain again tomorrow. {LONG}</p></body></html>")
    article, comment = row_of(html, "The river"), row_of(html, "Great article")
    related, weather = row_of(html, "Floods in"), row_of(html, "Rain again")
    assert not any(value for name, value in article.items() if name.startswith("section_"))
    assert comment["section_comment"] == 1.0 and comment["section_related"] == 0.0
    assert related["section_related"] == 1.0 and related["section_comment"] == 0.0
    # A heading of no group ends the section before it.
    assert not any(value for name, value in weather.items() if name.startswith("section_"))
    # A heading is in its own section.
    assert row_of(html, "Related stories")["section_related"] == 1.0


def test_what_the_page_says_it_is_from_open_graph_json_ld_and_microdata():
    def other_kind(head: str, body: str = "") -> bool:
        return kind.other_kind(kind.declared_types(parse(f"<html><head>{head}</head><body>{body}<p>{LONG}</p></body></html>")))

    assert not other_kind("")  # says nothing
    assert not other_kind('<meta property="og:type" content=" Article ">')
    assert other_kind('<meta property="og:type" content="website">')
    graph = '{"@graph": [{"@type": "WebPage"}, {"@type" : ["Product", "Thing"]}]}'
    assert other_kind(f'<script type="application/ld+json">{graph}</script>')
    assert kind.declared_types(parse(f'<script type="application/ld+json">{graph}</script>')) == {
        "webpage", "product", "thing"}
    # An article among other types is an article; a broken JSON-LD still names its types.
    assert not other_kind('<script type="application/ld+json">[{"@type": "WebPage"}, {"@type": "NewsArticle", '
                          '"name": "[broken"</script>')
    assert other_kind("", '<div itemscope itemtype="https://schema.org/DiscussionForumPosting"></div>')
    # Another script's words are not types.
    assert not other_kind('<script>var page = {"@type": "Product"};</script>')
    # Given a part of the page, the page's types.
    body = parse('<html><head><meta property="og:type" content="website"></head><body><p>Text</p></body></html>')
    assert kind.other_kind(kind.declared_types(body.find("body/p")))


def test_pages_of_other_kinds_take_their_own_weights_of_the_recall():
    article_weight, other_kind_weight, documentation_weight, gated_weight = LearnedOptions().recall_weights
    assert gated_weight > article_weight  # its main text is spread over more, smaller blocks
    assert other_kind_weight >= article_weight
    assert documentation_weight > article_weight  # its long sections end in blocks of low probability


def test_a_documentation_page_is_told_by_its_url():
    for url in ("https://docs.python.org/3/library/re.html", "https://git-scm.com/docs/git-commit",
                "https://www.postgresql.org/DOCS/current/sql-select.html", "https://example.org/manual/intro",
                "https://man7.org/linux/man-pages/man1/ls.1.html", "https://en.wikipedia.org/wiki/Lyon",
                "https://developer.mozilla.org/en-US/docs/Web"):
        assert kind.documentation_url(url), url
    for url in ("https://www.example.com/2025/01/02/world/floods.html", "https://example.com/helpful-tips",
                "https://shop.example/products/lamp", "http://[::1", "not a URL", "", None):
        assert not kind.documentation_url(url), url
    assert kind.recall_group(set(), "https://docs.example.org/start") == 2
    # A documentation site's TechArticle is documentation; a page of another kind is of that kind.
    assert kind.recall_group({"techarticle"}, "https://docs.example.org/start") == 2
    assert kind.recall_group({"article"}, "https://example.org/news/start") == 0
    assert kind.recall_group({"product"}, "https://example.org/manual/lamp") == 1  # says it is another kind
    assert kind.recall_group(set(), None) == 0


@given(st.text())
def test_any_url_is_read_without_an_error(url):
    assert kind.documentation_url(url) in (True, False)
    assert kind.documentation_url("https://" + url) in (True, False)


@pytest.mark.parametrize(("url", "group"), [(None, 0), ("https://example.org/news/floods", 0),
                                            ("https://docs.example.org/guide/floods", 2)])
def test_each_page_is_chosen_with_its_groups_weight(monkeypatch, url, group):
    weights = []
    kept = decision.kept

    def noting(*args, recall_weight, **kwargs):
        weights.append(recall_weight)
        return kept(*args, recall_weight=recall_weight, **kwargs)

    monkeypatch.setattr(decision, "kept", noting)
    extract(ARTICLE, algorithm="learned", url=url)
    assert weights == [LearnedOptions().recall_weights[group]]


def test_distance_to_jusTexts_good_blocks_and_repeats():
    teaser = '<div class="card"><span>A teaser of some words</span></div>'
    html = (f"<html><body><div>{teaser * 4}</div><div><p>{LONG} {LONG}</p><p>{LONG} Again.</p></div>"
            f"<p>Share this page with your friends</p></body></html>")
    cards = [row for text, row in rows_of(html) if text.startswith("A teaser")]
    assert len(cards) == 4
    assert all(card["text_repeats"] == math.log1p(3) for card in cards)
    assert all(card["like_elements_up0"] == math.log1p(3) for card in cards)  # the four div.card
    assert cards[0]["blocks_until_good"] > 0 and cards[0]["blocks_since_good"] == -1.0
    assert cards[0]["after_first_good"] < 0
    paragraph = row_of(html, "The river")
    assert paragraph["like_elements_up0"] == math.log1p(1) and paragraph["after_first_good"] == 0.0
    assert row_of(html, "Share this")["after_last_good"] > 0


def test_the_container_and_each_blocks_way_to_it():
    # Readability-style: the element whose children hold the most prose, little linked.
    paragraphs = "".join(f"<p>{LONG} {n}.</p>" for n in range(3))
    html = (f'<html><body><div id="page"><article><div class="body">{paragraphs}</div>'
            f'<p class="caption">A caption under the photo, by a photographer</p></article>'
            f'<aside><p>An aside of a few words beside the article</p></aside></div></body></html>')
    paragraph = row_of(html, f"{LONG} 0")
    assert paragraph["prose"] == 1.0
    assert (paragraph["to_container_meeting"], paragraph["container_below_meeting"]) == (1.0, 0.0)
    caption = row_of(html, "A caption")  # beside the container: its parent holds both
    assert (caption["to_container_meeting"], caption["container_below_meeting"]) == (1.0, 1.0)
    aside = row_of(html, "An aside")
    assert (aside["to_container_meeting"], aside["container_below_meeting"]) == (2.0, 2.0)
    assert paragraph["container_prose_share"] == 1.0 and paragraph["container_link_density"] == 0.0
    assert paragraph["after_first_prose"] == 0.0 and aside["after_last_prose"] > 0 > caption["after_first_prose"] - 1


def test_repeated_items_that_start_with_a_link():
    teaser = ('<li class="teaser"><h3><a href="/story">Another story of the day</a></h3>'
              '<p>A summary of that other story in a sentence or two, as teasers give them.</p></li>')
    plain = '<li class="point"><p>A point of the list, in a sentence that is not a link at all.</p></li>'
    html = (f"<html><body><div><p>{LONG}</p><p>{LONG} Two.</p></div><ul>{teaser * 3}</ul><ul>{plain * 3}</ul>"
            f"</body></html>")
    summaries = [row for text, row in rows_of(html) if text.startswith("A summary")]
    assert len(summaries) == 3
    assert all(row["like_elements_up1"] == math.log1p(2) and row["like_elements_up1_linked_first"] == 1.0
               for row in summaries)
    point = row_of(html, "A point")
    assert point["like_elements_up1"] == math.log1p(2) and point["like_elements_up1_linked_first"] == 0.0
    assert row_of(html, "The river")["like_elements_up1_linked_first"] == 0.0


def test_comments_under_an_article_and_a_forums_posts_against_the_pages_landmarks():
    comment = '<li class="comment even depth-1"><p>{}</p></li>'
    article = (f'<html><body><div class="post"><h1>The river rises</h1><p>{LONG} One.</p><p>{LONG} Two.</p>'
               f'<p>{LONG} Three, the longest.</p></div><ol class="comments">'
               f'{"".join(comment.format(f"Comment {n}: {LONG}") for n in range(2))}</ol>'
               f'<div class="sidebar"><p>A blurb of the sidebar, about the site and who writes it, in a few '
               f'words more than a line.</p></div></body></html>')
    paragraph = row_of(article, f"{LONG} One")
    assert (paragraph["up_to_headline"], paragraph["down_to_headline"]) == (1.0, 1.0)
    assert paragraph["after_headline"] > 0 and paragraph["item_siblings"] == 0.0
    assert (paragraph["up_to_longest"], paragraph["down_to_longest"]) == (1.0, 1.0)
    assert row_of(article, f"{LONG} Three")["chars_to_longest"] == 1.0 > paragraph["chars_to_longest"]
    first = row_of(article, "Comment 0")
    assert (first["up_to_headline"], first["down_to_headline"]) == (3.0, 2.0)
    # Two comments ("comment" their first class word), which hold two fifths of the prose,
    # after three fifths of it: the article above them.
    assert first["item_siblings"] == math.log(2) and first["items_prose_share"] == pytest.approx(0.4, abs=0.05)
    assert first["item_prose_share"] == pytest.approx(0.2, abs=0.03)
    assert first["prose_before_items"] == pytest.approx(0.55, abs=0.05) and 0 < first["prose_after_items"] < 0.15
    blurb = row_of(article, "A blurb")
    assert (blurb["up_to_headline"], blurb["down_to_headline"]) == (2.0, 2.0)
    assert blurb["chars_to_longest"] < 1 and blurb["chars_to_prose"] < 0.2

    post = '<div class="message"><p>{}</p></div>'
    forum = (f'<html><body><div class="thread">{"".join(post.format(f"Post {n}: {LONG}") for n in range(3))}'
             f"</div></body></html>")
    first_post = row_of(forum, "Post 0")
    assert first_post["up_to_headline"] == first_post["after_headline"] == -1.0  # no headline
    assert first_post["items_prose_share"] == 1.0 and first_post["prose_before_items"] == 0.0


def test_a_trained_model_of_another_format_is_refused():
    with pytest.raises(ValueError, match="format"):
        model.source({"format": 6, "features": 1, "trees": [], "recall_weights": {"balance": (0.5, 1.0)}})
