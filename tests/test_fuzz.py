"""Generated HTML-ish documents, in every input form, for every algorithm: only documented
errors, the caller's tree unchanged and every output written (longer runs: the atheris harness in ``fuzz/``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrapy_boilerplate import ALGORITHMS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))
from forms import FORMS, check_extract, check_start_tags, in_form  # noqa: E402

TAGS = ("html", "head", "title", "body", "base", "p", "div", "pre", "span", "b", "a", "br", "h1", "li",
        "table", "td", "form", "iframe", "object", "param", "script", "style", "select", "img", "aside",
        "x-select", "svg", "math", "meta", "link", "time")
ATTRIBUTES = st.sampled_from([
    "", ' href="http://[::1"', ' href="/a"', ' href="javascript:x()"', ' href="http://a/\ud800"',
    ' class="comment share"', ' class="byline"', ' id="sidebar"', ' hidden', ' style="display:none"',
    ' alt="an image"', ' rel="stylesheet"', ' role="navigation"', ' href="http://[oops/"',
    ' {', ' a\x01b="c"', ' href="jav\tascript:x()"', ' href="\x01javascript:x()"', ' src="&#1;x"',
    ' title="\ud939\x19"', ' srcset="a 1x, javascript:x 2x"', ' type="application/ld+json"',
    ' rel="canonical author" href="/a" title="Ann"', ' name="script:ld+json" content="{}"',
    ' property="og:title" content="x"', ' datetime="2025-01-02"',
])
PIECES = st.sampled_from([
    "the", "of", "word", "Москва", "©", "&copy;", "&#xD800;", "&#0;", "&#x1F600;", "&nosuch;", "&amp;",
    " ", "\n", "\xa0", "\x00", "\x0c", "<!-- c -->", "<?pi x?>", "<![CDATA[x]]>", '<?xml version="1.0"?>',
    '<meta charset="cp1251">', "<", ">", "</p>", "</div>", "\x19", "\ud939\udce1", "\udfff", "\ufffe",
    "]]>", "<p {>", "<br>",
])


def element(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(
        lambda tag, attributes, parts: f"<{tag}{attributes}>{''.join(parts)}</{tag}>",
        st.sampled_from(TAGS), ATTRIBUTES, st.lists(children, max_size=4),
    )


TEXT = st.lists(PIECES | st.text(max_size=6), max_size=8).map(" ".join)
DOCUMENTS = st.recursive(TEXT, element, max_leaves=25)
URLS = st.one_of(st.none(), st.sampled_from(["http://example.com/a/", "http://[::1", "", "x"]), st.text(max_size=10))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENTS, st.sampled_from(FORMS), st.sampled_from(list(ALGORITHMS)), URLS)
def test_only_documented_errors_and_the_tree_unchanged(document, form, algorithm, url):
    page = in_form(document, form)
    if page is not None:
        check_extract(page, algorithm, url)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300), st.sampled_from(list(ALGORITHMS)))
def test_any_bytes_in_every_algorithm(body, algorithm):
    check_start_tags(body)
    check_extract(body, algorithm)
