"""The URL rule (scrapy_boilerplate.html.urls), as browsers read URLs, and every output under it."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scrapy_boilerplate import ALGORITHMS, extract
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.urls import ALLOWED_SCHEMES, allowed_scheme, browser_form, join_url, safe_srcset, safe_url
from scrapy_boilerplate.inspect import block_view

#: What the WHATWG URL parser strips from the ends (C0 controls, space) and removes anywhere (tab, newline).
NOISE = st.sampled_from(["\t", "\n", "\r", "\x00", "\x01", "\x1f", " ", "\x0c", "&#9;", "&#x0A;", "&Tab;",
                         "&NewLine;", "&#13;", "&#0;", "&#1;"])
SCHEMES = ["javascript", "vbscript", "data", "JaVaScRiPt", "file", "blob"]


def decoded_scheme(value: str) -> str | None:
    """The scheme a browser reads in ``value`` (an attribute as the HTML parser gives it)."""
    url = re.sub("[\t\n\r]", "", value.strip("".join(map(chr, range(0x21)))))
    match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", url)
    return match.group(1).lower() if match else None


def noisy(scheme: str, draw_noise: list[str], positions: list[int]) -> str:
    letters = list(scheme + ":")
    for noise, position in zip(draw_noise, positions):
        letters.insert(position % (len(letters) + 1), noise)
    return "".join(letters)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SCHEMES), st.lists(NOISE, max_size=6), st.lists(st.integers(0, 20), min_size=6, max_size=6),
       st.sampled_from(["alert(1)", "//x", ",<script>alert(1)</script>"]))
def test_no_noise_around_the_scheme_gets_a_script_through(scheme, noise, positions, rest):
    import html

    value = html.unescape(noisy(scheme, noise, positions) + rest)  # as the HTML parser hands it over
    for base in (None, "https://example.com/a/", "javascript:alert(1)//"):
        url = safe_url(value, base)
        if url is not None:
            assert decoded_scheme(url) in ALLOWED_SCHEMES | {None}
            assert decoded_scheme(value) in ALLOWED_SCHEMES | {None}
            assert not re.search("[\x00-\x1f\x7f]", url)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30), st.sampled_from([None, "https://example.com/a/"]))
@example("0 \x7f", None)  # a control removed once left a space at the end
def test_any_value_gives_an_allowed_or_relative_url_without_controls(value, base):
    url = safe_url(value, base)
    if url is not None:
        assert decoded_scheme(url) in ALLOWED_SCHEMES | {None}
        assert browser_form(url) == url


#: What joining reads in a URL: its delimiters, dot segments, brackets, and what is not printable ASCII.
URL_PARTS = st.lists(st.sampled_from(["/", "//", ".", "..", "?", "#", ";", ":", "@", "[", "]", "%2e", "a", "B", "0",
                                      "http:", "\\", " ", "\t", "\x7f", "é", "\ud800"]), max_size=10).map("".join)
BASES = st.one_of(st.sampled_from(["", "https://example.com/d/e.html", "HTTP://Ex.com", "http://h?q#f", "http:///x",
                                   "https://u:p@h:80/a;b?c#d", "http://[::1]/a", "http://[::1/a", "ftp://h/a/",
                                   "mailto:a@b"]), URL_PARTS.map(lambda rest: "https://h" + rest))


def joined(base: str, href: str) -> str | None:
    try:
        return urljoin(base, href)
    except ValueError:
        return None


@settings(max_examples=1000, deadline=None)
@given(URL_PARTS, BASES)
def test_urls_join_as_urljoin_joins_them(href, base):
    for reference in (href, "/" + href):
        assert join_url(base, reference) == joined(base, reference)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=20))
def test_the_browser_form_strips_the_ends_and_removes_controls(value):
    ends = "".join(map(chr, range(0x21)))
    removed = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]"
    assert browser_form(value) == re.sub(removed, "", value.strip(ends)).strip(ends)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(["&#106;", "&amp;", "&Tab;", "&", "#", "java", "script", ":", "https", "/", " ", "\t",
                                 "\x01", "a", "1"]), max_size=8).map("".join))
def test_a_scheme_is_read_as_written_and_decoded(value):
    import html

    value = browser_form(value)  # what the rule reads

    def allowed(form: str) -> bool:
        match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", form)
        return match is None or match.group(1).lower() in ALLOWED_SCHEMES

    assert allowed_scheme(value) == (allowed(value) and allowed(browser_form(html.unescape(value))))


@pytest.mark.parametrize(("value", "expected"), [
    ("jav\tascript:alert(1)", None), ("java\nscript:x", None), ("\x01javascript:x", None),
    ("&#106;avascript:x", None), (" https://example.com/ ", "https://example.com/"),
    ("/a b", "https://example.com/a b"), ("mailto:a@example.com", "mailto:a@example.com"),
    ("tel:+1", "tel:+1"), ("ftp://example.com/f", "ftp://example.com/f"), ("data:image/png,x", None),
    ("./javascript:x", "https://example.com/d/javascript:x"),
])
def test_the_rule_on_examples(value, expected):
    assert safe_url(value, "https://example.com/d/e.html") == expected


def test_srcset_keeps_the_allowed_candidates():
    assert safe_srcset("a.png 1x, JavaScript:x 2x, https://c/b.png 3x", "https://e/") == "https://e/a.png 1x, https://c/b.png 3x"
    assert safe_srcset("javascript:x", None) is None


#: Text an lxml tree refuses to be given, and attributes it cannot name.
ODD_PAGES = [
    "<h1>\ud939\udce1]]>\x19 heading of the page</h1><p>a\x19b \ud800 word " + "and more words " * 10 + "</p>",
    "<p {>an attribute named { in a paragraph of words " + "and more words " * 10 + "</p>",
    '<p a\x01b="c" title="\x02\ud800">control characters in attributes ' + "and more words " * 10 + "</p>",
    "<p>\x00\x01\x08\x0b\x0c\x0e\x1f\x7f\ufffe\uffff text " + "and more words " * 10 + '<a href="/x\x01y">link\x02</a></p>',
]


@pytest.mark.parametrize("page", ODD_PAGES)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_output_takes_any_str(page, algorithm):
    root = parse(page)
    extraction = extract(page, algorithm=algorithm, url="https://example.com/")
    outputs = [extraction.text, extraction.markdown, extraction.main_html, extraction.to_main_html(images=True),
               extraction.html or ""]
    assert all(isinstance(output, str) for output in outputs)
    view = block_view(extraction, root, url="https://example.com/")
    assert not re.search("[\x00-\x08\x0b\x0e-\x1f\ud800-\udfff]", view)
    assert "words" in view
