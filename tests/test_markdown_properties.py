"""``.markdown`` and ``.main_html`` read back as ``.text``'s words, in order, for every algorithm.

On generated pages of every structure the renderers write, with text full of
Markdown syntax; and on a sample of the devset (every 5th page, each
algorithm): ``python benchmarks/markdown.py`` checks all of its pages and the
trainset's.
"""

from __future__ import annotations

import pickle

import pytest
from corpus import devset_sample, requires_devset
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_boilerplate import ALGORITHMS, extract

pytest.importorskip("markdown_it", reason="markdown-it-py comes with the test extra")
from readback import html_words, in_order, markdown_words  # noqa: E402

TAGS = ("p", "div", "span", "h1", "h3", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "code",
        "table", "tr", "td", "th", "em", "strong", "b", "i", "section", "script", "br", "a", "img")
WORDS = st.sampled_from([
    "word", "the", "of", "and", "#", "##", "1.", "2)", ">", "-", "+", "*", "**", "_", "__", "[", "]", "`", "```",
    "|", "&lt;b&gt;", "&amp;amp;", "&amp;", "\\", "~~", "=", "---", "!", "(", ")", "[x](y)", "<", " ", "\n", "\xa0",
    "a*b*c", "x_y_z", "©",
])
ALL_GOOD = {"length_low": 0, "length_high": 0, "stopwords_low": 0, "stopwords_high": 0,
            "max_link_density": 1.0, "stoplist": None}


def element(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    def render(tag: str, parts: list[str], attribute: int) -> str:
        if tag == "br":
            return "<br>"
        if tag == "img":
            return f"<img src='i{attribute}.png' alt='{' '.join(parts)[:12]}'>"
        attributes = {"a": f" href='/x{attribute}'", "td": " colspan='2'" if attribute == 3 else "",
                      "ol": f" start='{attribute}'"}.get(tag, "")
        return f"<{tag}{attributes}>{''.join(parts)}</{tag}>"
    return st.builds(render, st.sampled_from(TAGS), st.lists(children, max_size=4), st.integers(0, 5))


# No control characters: a page of them is refused as binary (tests/test_bad_input.py), not rendered.
TEXT = st.lists(WORDS | st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=6), max_size=10).map(" ".join)
PAGES = st.lists(st.recursive(TEXT, element, max_leaves=30), max_size=6).map(
    lambda parts: "<html><head><base href='/base/'></head><body>" + "".join(parts) + "</body></html>")


def check(page: str, algorithm: str, **options) -> None:
    extraction = extract(page, url="http://example.com/page", algorithm=algorithm, **options)
    words = extraction.text.split()
    # All the good blocks' words, in order; a table written whole and a listing as written add
    # the words of their cells and lines that are not good.
    assert in_order(words, markdown_words(extraction.markdown))
    assert markdown_words(extraction.to_markdown(links=False)) == markdown_words(extraction.markdown)
    assert in_order(words, html_words(extraction.main_html))
    degraded = pickle.loads(pickle.dumps(extraction))
    assert degraded.markdown == extraction.markdown  # kept from before
    assert degraded.main_html == extraction.main_html


@settings(max_examples=150, deadline=None)
@given(PAGES)
def test_generated_pages_every_block_good(page):
    check(page, "justext", **ALL_GOOD)


@settings(max_examples=100, deadline=None)
@given(PAGES)
def test_generated_pages_every_algorithm(page):
    for algorithm in ALGORITHMS:
        check(page, algorithm)


@pytest.mark.slow
@requires_devset
@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_devset_sample(algorithm):
    differing = []
    for page in devset_sample(5):
        extraction = extract(page.text, url=page.url, algorithm=algorithm)
        if not in_order(extraction.text.split(), markdown_words(extraction.markdown)):
            differing.append(page.key)
    assert differing == []
