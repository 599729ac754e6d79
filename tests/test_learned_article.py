"""The learned classifier's readability-style article (``algorithms/learned/article.py``) on small pages."""

from __future__ import annotations

import re

import pytest

from scrapy_boilerplate.algorithms import learned
from scrapy_boilerplate.algorithms.learned import LearnedOptions, article, features
from scrapy_boilerplate.html.parse import parse

LONG = ("The river that runs through the old town rose by almost two metres over the weekend, and the "
        "authorities have asked the people who live along its banks to move their cars to higher ground.")


def rows_of(html: str) -> dict[str, dict[str, float]]:
    """The article's columns of each scored block, by the block's text."""
    blocks, rows, _ = learned.featurize(parse(html), LearnedOptions())
    names = features.names()
    return {block.text: {name: value for name, value in zip(names, row) if name.startswith("article_")}
            for block, row in zip(blocks, rows) if row is not None}


def row_of(html: str, start: str) -> dict[str, float]:
    return next(row for text, row in rows_of(html).items() if text.startswith(start))


def test_columns_are_named_and_appended_to_the_rows():
    html = f"<html><body><div><p>{LONG}</p></div></body></html>"
    assert tuple(row_of(html, "The river")) == article.COLUMNS
    assert features.names()[-len(article.COLUMNS):] == list(article.COLUMNS)


def test_comments_after_the_article_lie_outside_it():
    comments = "".join(f'<li class="comment"><p>Comment {n}: {LONG}</p></li>' for n in range(3))
    html = (f'<html><body><div class="post-body"><p>{LONG} One.</p><p>{LONG} Two.</p><p>{LONG} Three.</p></div>'
            f'<ol class="comments">{comments}</ol></body></html>')
    paragraph = row_of(html, f"{LONG} One")
    assert paragraph["article_inside"] == paragraph["article_kept"] == 1.0
    assert paragraph["article_unlikely"] == 0.0 and paragraph["article_down"] == 1.0
    assert paragraph["article_score_share"] == 1.0  # its paragraph adds to the top candidate
    comment = row_of(html, "Comment 0")
    assert comment["article_unlikely"] == 1.0
    assert comment["article_inside"] == comment["article_kept"] == 0.0 and comment["article_down"] == -1.0
    assert comment["article_lenient"] == 0.0 and 0.45 < comment["article_page_share"] < 0.5  # three paragraphs of six


def test_a_forums_posts_lie_inside_the_article():
    # Each post a candidate of the same score: the first is the top one, the others join it.
    posts = "".join(f'<div class="post"><p>Post {n}: {LONG}</p></div>' for n in range(4))
    html = f'<html><body><div class="thread">{posts}</div><div id="footer"><p>{LONG} Footer.</p></div></body></html>'
    rows = rows_of(html)
    for n in range(4):
        post = next(row for text, row in rows.items() if text.startswith(f"Post {n}"))
        assert post["article_inside"] == post["article_kept"] == 1.0
    assert row_of(html, f"{LONG} Footer")["article_unlikely"] == 1.0


def test_siblings_of_the_top_candidate_join_it_when_they_score_or_are_prose():
    part = "".join(f"<p>{LONG} {n}.</p>" for n in range(4))
    html = (f'<html><body><div id="wrap"><div class="story">{part}</div>'
            f'<p>{LONG} A paragraph beside the story.</p>'
            f'<div class="story-more">{part}</div>'
            f'<div class="box"><p>Another short box of a line or two, somewhat longer.</p></div></div></body></html>')
    assert row_of(html, f"{LONG} A paragraph beside")["article_inside"] == 1.0
    rows = rows_of(html)
    assert all(row["article_inside"] == 1.0 for text, row in rows.items() if text.startswith(LONG))
    assert row_of(html, "Another short box")["article_inside"] == 0.0


def test_the_cleaning_drops_linked_lists_and_headings_of_negative_words_inside_the_article():
    links = "".join(f'<li><a href="/{n}">Another story of the day, number {n}</a></li>' for n in range(5))
    html = (f'<html><body><div class="entry"><p>{LONG} One.</p><h2 class="related-title">More stories of '
            f'the day</h2><ul>{links}</ul><p>{LONG} Two.</p><p>{LONG} Three.</p></div></body></html>')
    heading = row_of(html, "More stories")
    assert heading["article_inside"] == heading["article_cleaned"] == 1.0 and heading["article_kept"] == 0.0
    assert row_of(html, f"{LONG} Two")["article_kept"] == 1.0


def test_an_unlikely_candidate_holding_an_article_stays_and_a_short_article_is_chosen_again():
    html = (f'<html><body><div class="page-header-wrap"><article><p>{LONG}</p><p>{LONG} Two.</p></article></div>'
            f'</body></html>')
    assert row_of(html, "The river")["article_unlikely"] == 0.0
    # Everything in an unlikely candidate: what is left is short, the article is chosen without dropping it.
    html = f'<html><body><div class="extra-wide"><p>{LONG}</p><p>{LONG} Two.</p></div></body></html>'
    paragraph = row_of(html, "The river")
    assert paragraph["article_unlikely"] == 1.0 and paragraph["article_lenient"] == 1.0
    assert paragraph["article_kept"] == 1.0


@pytest.mark.parametrize("value", [
    "comment-list", "site-footer footnote", "brand-header", "main-content entry", "hentry post", "com-box",
    "pagination pager", "sidebar widget", "", "x", "Story-Body TEXT", "ad-break", "media-object meta",
])
def test_one_search_for_the_four_lists_matches_each_lists_own(value):
    for bit, words in article.CLASS_WORDS.items():
        own = re.search("|".join(map(re.escape, words.split())), value, re.I) is not None
        assert bool(article.class_bits(value) & bit) == own, (value, words)
