"""html.urls.join_url: urllib's urljoin, with None for what it cannot join; the one base-URL rule of a page."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from hypothesis import given, settings, strategies as st

from scrapy_boilerplate.html.urls import join_url


def urljoin_or_none(base: str, href: str) -> str | None:
    try:
        return urljoin(base, href)
    except ValueError:
        return None


@pytest.mark.parametrize(("base", "href", "joined"), [
    ("https://example.com/a/b.html?q=1#f", "/x/y?z=1#top", "https://example.com/x/y?z=1#top"),
    ("https://example.com/a/b.html", "x/y.html", "https://example.com/a/x/y.html"),
    ("https://example.com", "x", "https://example.com/x"),
    ("http://example.com/a/", "x/", "http://example.com/a/x/"),
    # Where urljoin changes the path or drops a part, it decides.
    ("https://example.com/a/b", "/x/./y", "https://example.com/x/y"),
    ("https://example.com/a/b", "../x", "https://example.com/x"),
    ("https://example.com/a/b", "x//y", "https://example.com/a/x/y"),
    ("https://example.com/a/b", "/x?", "https://example.com/x"),
    ("https://example.com/a/b", "/x;", "https://example.com/x"),
    ("https://example.com/a/b?q", "?r", "https://example.com/a/b?r"),
    ("https://example.com/a/b", "//cdn.example.com/x", "https://cdn.example.com/x"),
    ("https://example.com/a/b", "mailto:someone@example.com", "mailto:someone@example.com"),
    ("https://example.com/a//b", "x", "https://example.com/a/x"),
    ("https://example.com/./a/../b/", "x", "https://example.com/b/x"),
    ("HTTPS://example.com/a/b", "x", "https://example.com/a/x"),
    ("ftp://example.com/a/b", "x", "ftp://example.com/a/x"),
    ("https://example.com/a/b", "/x\ty", "https://example.com/xy"),
])
def test_join_url_is_urljoin(base, href, joined):
    assert join_url(base, href) == joined == urljoin(base, href)


def test_a_malformed_base_joins_nothing():
    assert join_url("https://[::1/a", "/x") is None
    assert join_url("https://[::1/a", "x") is None


_URL_CHARACTERS = st.sampled_from(list("ab/.:;?#%@=&-_~ \t") + ["..", "//", "x:", "é", "[", "]"])


@settings(max_examples=400, deadline=None)
@given(base=st.sampled_from(["https://example.com/a/b.html?q#f", "http://example.com", "https://example.com/a//b/",
                             "https://example.com/a;p/b", "https://[::1]/a/", "https://[::1/a", "ftp://h/a/b",
                             "/relative/base", ""]),
       href=st.lists(_URL_CHARACTERS, min_size=1, max_size=12).map("".join))
def test_join_url_agrees_with_urljoin(base, href):
    assert join_url(base, href) == urljoin_or_none(base, href)


@settings(max_examples=400, deadline=None)
@given(base=st.lists(st.sampled_from(list("ab/.:;?#@=-") + ["//", "./", "../", "[", "]", "[::1]", ":80", "é"]),
                     max_size=10).map(lambda rest: "https://" + "".join(rest)),
       href=st.sampled_from(["x", "x/y.html", "/x?q#f", "x;y", "../x", "?q", "#f"]))
def test_join_url_agrees_with_urljoin_whatever_the_base(base, href):
    # The base's host and directory are read without urlsplit: any host, path, query or fragment.
    assert join_url(base, href) == urljoin_or_none(base, href)


def test_markdown_and_content_links_resolve_against_the_same_base():
    from scrapy_boilerplate import extract
    from scrapy_boilerplate.html.page import Page
    from scrapy_boilerplate.html.parse import parse
    from scrapy_boilerplate.output.links import content_links

    # A <base> in the body: the HTML standard takes the first one, wherever it stands.
    html = ('<html><head><title>t</title></head><body><base href="http://other.example/dir/">'
            '<p>Read <a href="story">the whole story of the flood</a> in the valley today.</p></body></html>')
    extraction = extract(html, url="http://example.com/", stoplist=None, length_low=0, length_high=0,
                         max_link_density=1.0)
    links, malformed = content_links(Page(parse(html), "http://example.com/"), extraction.blocks)
    assert (links, malformed) == (["http://other.example/dir/story"], 0)
    assert "(http://other.example/dir/story)" in extraction.markdown
    assert 'href="http://other.example/dir/story"' in extraction.main_html
