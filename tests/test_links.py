"""Links resolve as browsers resolve them: against the page's first ``<base href>``, else its URL; a
malformed URL joins nothing. One base-URL rule for ``.markdown``, ``.main_html`` and the content links."""

from __future__ import annotations

from scrapy_boilerplate import extract
from scrapy_boilerplate.html.page import Page
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.urls import join_url
from scrapy_boilerplate.output.links import content_links

#: jusText options under which every block is good.
ALL_GOOD = {"stoplist": None, "length_low": 0, "length_high": 0, "max_link_density": 1.0}


def test_a_malformed_url_joins_nothing():
    assert join_url("https://[::1/a", "/x") is None
    assert join_url("https://example.com/a/b", "https://[::1/x") is None
    assert join_url("https://example.com/a/b.html", "../x?q#f") == "https://example.com/x?q#f"


def test_markdown_and_content_links_resolve_against_the_same_base():
    # A <base> in the body: the HTML standard takes the first one, wherever it stands.
    html = ('<html><head><title>t</title></head><body><base href="http://other.example/dir/">'
            '<p>Read <a href="story">the whole story of the flood</a> in the valley today.</p></body></html>')
    extraction = extract(html, url="http://example.com/", **ALL_GOOD)
    links, malformed = content_links(Page(parse(html), "http://example.com/"), extraction.blocks)
    assert (links, malformed) == (["http://other.example/dir/story"], 0)
    assert "(http://other.example/dir/story)" in extraction.markdown
    assert 'href="http://other.example/dir/story"' in extraction.main_html


def test_links_resolve_against_the_page_url_without_a_base():
    html = '<html><body><p>Read <a href="../story?id=1">the whole story</a> of the flood.</p></body></html>'
    extraction = extract(html, url="http://example.com/news/today/", **ALL_GOOD)
    assert "(http://example.com/news/story?id=1)" in extraction.markdown


def test_a_malformed_base_gives_way_to_the_page_url():
    html = ('<html><head><base href="http://[::1/dir/"></head><body>'
            '<p>Read <a href="story">the whole story</a> of the flood.</p></body></html>')
    page = Page(parse(html), "http://example.com/a/")
    assert (page.base_is_malformed, page.base) == (True, "http://example.com/a/")
    assert "(http://example.com/a/story)" in extract(html, url="http://example.com/a/", **ALL_GOOD).markdown
