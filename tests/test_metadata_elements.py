"""The metadata's walk in C (``metadata/elements.pyx``) against the reading through lxml it stands
for (``fuzz/forms.py``'s ``read_metadata_elements``): its iterations over the page's elements."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from nested_pages import nested_pages

from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.metadata.elements import find

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))
from forms import check_metadata_elements, read_metadata_elements  # noqa: E402

TEXTS = st.text(alphabet=st.sampled_from(list("ab :{}\u00e9\U0001f600\n")), max_size=6)
TAGS = ["script", "meta", "link", "title", "h1", "time", "div", "head", "body", "p", "span"]
ATTRIBUTES = ["type", "name", "content", "property", "itemprop", "http-equiv", "rel", "href", "title"]
ATTRIBUTE_VALUES = st.one_of(TEXTS, st.sampled_from([
    "application/ld+json", " Application/LD+JSON\n", "text/javascript", "script:ld+json", " SCRIPT:LD+JSON ",
    "canonical", "Canonical author", "author", "og:title", "", "a&amp;b"]))


PAGES = nested_pages(TAGS, ATTRIBUTES, ATTRIBUTE_VALUES, TEXTS, most_roots=4)


@settings(max_examples=300, deadline=None)
@given(PAGES, st.integers(0, 3))
def test_the_walk_finds_in_an_html_page_what_lxml_does(page: str, most: int) -> None:
    root = parse(page)
    if root is not None:
        check_metadata_elements(root, most)


@settings(max_examples=200, deadline=None)
@given(PAGES, st.integers(0, 3))
def test_the_walk_finds_in_an_xml_tree_what_lxml_does(page: str, most: int) -> None:
    try:
        root = etree.fromstring(f"<html>{page}</html>", etree.XMLParser(recover=True, resolve_entities=False))
    except etree.XMLSyntaxError:
        return
    if root is not None:
        for element in [root, *root]:  # the root, and the subtrees under it
            check_metadata_elements(element, most)


def test_the_elements_after_a_second_html_are_not_the_roots() -> None:
    # libxml2 keeps a second <html> after the first one's end as a second top-level element.
    root = parse("<html><head><title>one</title></head></html><html><head><title>two</title>"
                 "<link rel=canonical href=/two></head><body><h1>two</h1></body></html>")
    assert root is not None and root.getnext() is not None
    check_metadata_elements(root, 5)
    assert find(root, 5).title == "one" and not find(root, 5).canonical_urls and not find(root, 5).headings


def test_namespaces_entities_and_comments_read_as_lxml_reads_them() -> None:
    root = etree.fromstring(
        '<!DOCTYPE html [<!ENTITY e "entity text">]><html xmlns:x="urn:x"><head><x:title>ns</x:title>'
        '<title>a&e;<!--c-->b</title><meta x:name="n" property="og:&e;" content="c&e;"/>'
        '<link rel="canonical" href="/&e;"/><x:h1/><script type="application/ld+json">{"a": "&e;"}</script>'
        '</head><body><h1/><time/></body></html>',
        etree.XMLParser(resolve_entities=False))
    check_metadata_elements(root, 5)
    elements = find(root, 5)
    assert elements.metas == [("og:entity text", "centity text")] and elements.title == "a"  # text stops at the entity, as lxml reads it
    assert len(elements.headings) == 1 and elements.canonical_urls == ["/entity text"]
    comment = etree.Comment("x")
    assert find(comment, 5).headings == [] == read_metadata_elements(comment, 5)["headings"]


def test_text_lxml_cannot_decode_raises_as_lxml_does() -> None:
    for page in ('<meta name="a" content="&#xD800;"/>', '<title>&#xD800;</title>',
                 '<script type="application/ld+json">&#xD800;</script>'):
        root = etree.fromstring(f"<html>{page}</html>", etree.XMLParser(recover=True))
        with pytest.raises(UnicodeDecodeError):
            read_metadata_elements(root, 5)
        with pytest.raises(UnicodeDecodeError):
            find(root, 5)
    # A value the reading through lxml never reads raises nothing: the href of a link not canonical.
    root = etree.fromstring('<html><link rel="icon" href="&#xD800;"/></html>', etree.XMLParser(recover=True))
    check_metadata_elements(root, 5)


def test_a_deep_or_wide_page_is_walked_without_recursion() -> None:
    depth = 100_000  # past Python's recursion limit (built in code: libxml2 caps what it parses)
    root = etree.Element("html")
    element = root
    for _ in range(depth):
        element = etree.SubElement(element, "div")
    etree.SubElement(element, "h1")
    assert len(find(root, 5).headings) == 1
    wide = etree.Element("html")
    for _ in range(1_000_000):
        etree.SubElement(wide, "time")
    assert len(find(wide, 50).times) == 50
