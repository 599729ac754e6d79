"""The page-type features' walk in C (``algorithms/pagetype/parts.pyx``) against the reading
through lxml it stands for: its element iterations and XPaths."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from nested_pages import nested_pages

from scrapy_boilerplate.algorithms.pagetype import PageTypes
from scrapy_boilerplate.algorithms.pagetype.features import CLASS_WORDS
from scrapy_boilerplate.algorithms.pagetype.parts import TEXT_HOLDERS, read
from scrapy_boilerplate.algorithms.pagetype.words import Groups
from scrapy_boilerplate.html.parse import parse

_READ = ("p", "h1", "h2", "h3", "h4", "pre", "input", "meta", "script", "title", "button", "label")
_HEADINGS = ("h1", "h2", "h3", "h4")
#: The groups the class values' words are read against: the features' and a few of the tests' alphabet.
GROUPS = [*CLASS_WORDS.values(), frozenset({"a", "b", "k"}), frozenset({"b", "ab"})]
CLASS_GROUPS = Groups(GROUPS)


def class_words(values: list[str]) -> Counter[str]:
    """The words of ``class`` values, split at whitespace, dashes and underscores."""
    return Counter(" ".join(values).lower().replace("-", " ").replace("_", " ").split())


def classes_with_python(values: list[str]) -> dict[str, object]:
    """What ``read`` tells of the page's ``class`` values (``//@class``), read as the features read them
    with a ``Counter`` of the values and of their words."""
    distinct = Counter(values)
    words = class_words(list(distinct))
    common = distinct.most_common(2)
    largest = class_words([common[0][0]]) if common else Counter()
    return {"class_values": len(distinct),
            "class_words": [sum(words[word] for word in group) for group in GROUPS],
            "largest_alike": common[0][1] if common else 0, "second_alike": common[1][1] if len(common) > 1 else 0,
            "groups_alike": sum(count >= 5 for count in distinct.values()),
            "elements_alike": sum(count for count in distinct.values() if count >= 5),
            "largest_alike_words": [not largest.keys().isdisjoint(group) for group in GROUPS]}


def read_with_lxml(document: etree._Element, start_size: int) -> dict[str, object]:
    """What ``read(document, start_size)`` stands for, read through lxml."""
    found: dict[str, object] = {
        "tags": dict(Counter(element.tag for element in document.iter(etree.Element))),
        "text_in": {}, "paragraphs": [], "json_ld": [], "metas": [], "input_types": [], "title": "",
        "linked_headings": 0, "headings_with_id": 0}
    text_in: dict[str, int] = found["text_in"]  # type: ignore[assignment]
    for element in document.iter(*_READ):
        tag = element.tag
        if tag == "script":
            if element.get("type") == "application/ld+json" and element.text:
                found["json_ld"].append(element.text)  # type: ignore[attr-defined]
            continue
        text = element.text
        if tag in TEXT_HOLDERS:
            text_in[tag] = text_in.get(tag, 0) + len(text or "")
        if tag == "p":
            found["paragraphs"].append(  # type: ignore[attr-defined]
                len(text or "") + sum(len(child.text or "") + len(child.tail or "") for child in element))
        elif tag in _HEADINGS:
            parent = element.getparent()
            found["linked_headings"] += (parent is not None and parent.tag == "a") or any(  # type: ignore[operator]
                child.tag == "a" for child in element)
            found["headings_with_id"] += element.get("id") is not None  # type: ignore[operator]
        elif tag == "input":
            found["input_types"].append(element.get("type"))  # type: ignore[attr-defined]
        elif tag == "meta":
            prop = element.get("property") or element.get("name")
            if prop:
                found["metas"].append(  # type: ignore[attr-defined]
                    (prop, element.get("content") if prop in ("og:type", "generator") else None))
        elif tag == "title":
            found["title"] = found["title"] or text or ""
    hrefs = document.xpath("//a/@href")
    body = document.xpath("string(//body)")
    found.update(classes_with_python(document.xpath("//@class")))
    found.update(
        itemtypes=document.xpath("//@itemtype"),
        itemprops=document.xpath("//@itemprop"), self_links=sum(href[:1] == "#" for href in hrefs),
        phone_links=sum(href[:4] == "tel:" for href in hrefs), mail_links=sum(href[:7] == "mailto:" for href in hrefs),
        link_chars=sum(map(len, document.xpath("//a//text()"))), item_chars=sum(map(len, document.xpath("//li//text()"))),
        body_chars=len(body), body_start=body[:start_size])
    return found


def read_in_c(document: etree._Element, start_size: int) -> dict[str, object]:
    parts = read(document, start_size, CLASS_GROUPS)
    return {name: getattr(parts, name) for name in (
        "tags", "text_in", "paragraphs", "json_ld", "metas", "input_types", "title", "linked_headings",
        "headings_with_id", "class_values", "class_words", "largest_alike", "second_alike", "groups_alike",
        "elements_alike", "largest_alike_words", "itemtypes", "itemprops", "self_links", "phone_links",
        "mail_links", "link_chars", "item_chars", "body_chars", "body_start")}


def same_reading(document: etree._Element, start_size: int = 50) -> None:
    expected = read_with_lxml(document, start_size)
    found = read_in_c(document, start_size)
    expected["text_in"] = {tag: chars for tag, chars in expected["text_in"].items()}  # type: ignore[union-attr]
    assert found == expected


TEXTS = st.text(alphabet=st.sampled_from(list("ab #:\u00e9\u4e2d\U0001f600\n")), max_size=8)
TAGS = ["div", "p", "a", "li", "ul", "h1", "h2", "h4", "span", "body", "title", "script", "meta", "input", "pre",
        "button", "label", "table", "td"]
ATTRIBUTES = ["class", "itemprop", "itemtype", "href", "id", "type", "property", "name", "content"]
ATTRIBUTE_VALUES = st.one_of(TEXTS, st.sampled_from(["#top", "tel:1", "mailto:a@b", "application/ld+json", "og:type",
                                                     "generator", "Search", "HIDDEN", "a b", ""]))


PAGES = nested_pages(TAGS, ATTRIBUTES, ATTRIBUTE_VALUES, TEXTS, most_roots=3)


@settings(max_examples=300, deadline=None)
@given(PAGES, st.integers(0, 20))
def test_the_walk_reads_an_html_page_as_lxml_does(page: str, start_size: int) -> None:
    root = parse(page)
    if root is not None:
        same_reading(root, start_size)


@settings(max_examples=200, deadline=None)
@given(PAGES)
def test_the_walk_reads_an_xml_tree_as_lxml_does(page: str) -> None:
    try:
        root = etree.fromstring(f"<html>{page}</html>", etree.XMLParser(recover=True, resolve_entities=False))
    except etree.XMLSyntaxError:
        return
    if root is not None:
        same_reading(root)


#: Class values of words of the groups above, cut by whitespace (ASCII and not), dashes and underscores,
#: in capitals, and with characters that lowercase to ASCII (the Kelvin sign: "k") or to more characters.
CLASS_VALUES = st.text(alphabet=st.sampled_from(list("abkAB-_ \t\n\x85\xa0\u2003\u212a\u00e9\u0130\u4e2d")), max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(CLASS_VALUES, min_size=1, max_size=6), st.lists(st.integers(0, 5), max_size=40))
def test_the_class_values_words_and_groups_alike_are_read_as_with_counters(values: list[str], order: list[int]) -> None:
    root = etree.Element("html")
    for index in order:  # the values repeated, in any order: groups alike of any size, ties
        etree.SubElement(root, "div", {"class": values[index % len(values)]})
    same_reading(root)


def test_the_class_values_of_a_page_are_counted_past_their_table_s_first_size() -> None:
    values = [f"card-{number % 700} product_{number % 3}" for number in range(5_000)]
    root = parse("<html><body>" + "".join(f'<div class="{value}">x</div>' for value in values) + "</body></html>")
    assert root is not None
    same_reading(root)
    assert read(root, 0, CLASS_GROUPS).class_values == 2_100


def test_the_elements_after_a_second_html_are_in_the_xpaths_reach_not_the_iterations() -> None:
    # libxml2 keeps a second <html> after the first one's end as a second top-level element.
    root = parse("<html><body><p>one</p></body></html><html><body><ul><li><a href='tel:1' class='c'>two"
                 "</a></li></ul></body></html>")
    assert root is not None and root.getnext() is not None
    same_reading(root)
    parts = read(root, 10, CLASS_GROUPS)
    assert parts.tags.get("li") is None and parts.item_chars == 3 and parts.phone_links == 1


def test_namespaces_entities_and_processing_instructions_read_as_lxml_reads_them() -> None:
    root = etree.fromstring(
        '<!DOCTYPE html [<!ENTITY e "entity text">]><html xmlns:x="urn:x"><body><x:p>ns</x:p>'
        '<p class="card&e;-x">a<?pi data?>b<!--comment-->c&e;d<x:a href="#" class="">e</x:a></p>'
        '<a x:href="#" href="tel:&e;" class="card&e;-x">f&e;</a>'
        '<h1><a>g</a></h1><a><h2 id="">h</h2></a></body></html>',
        etree.XMLParser(resolve_entities=False))
    same_reading(root)


@pytest.mark.parametrize("page", ["<p>&#xD800;</p>", '<p class="a">x</p><p class="a &#xD800;">x</p>',
                                  '<p class="&#xD800;">x</p><p class="&#xD800;">x</p>'],
                         ids=["text", "class value", "class value twice"])
def test_text_lxml_cannot_decode_raises_as_lxml_does(page: str) -> None:
    # A class value is decoded once the walk has counted it: the page raises all the same.
    root = etree.fromstring(f"<html><body>{page}</body></html>", etree.XMLParser(recover=True))
    with pytest.raises(UnicodeDecodeError):
        read_with_lxml(root, 10)
    with pytest.raises(UnicodeDecodeError):
        read(root, 10, CLASS_GROUPS)
    assert PageTypes(root).probabilities() == {}


def test_the_start_of_the_text_ends_between_characters() -> None:
    root = parse("<html><body><p>\u00e9\u4e2d\U0001f600x</p></body></html>")
    assert root is not None
    for size in range(6):
        same_reading(root, size)


def test_a_deep_page_is_walked_without_recursion() -> None:
    depth = 5_000  # past Python's recursion limit (built in code: libxml2 caps what it parses)
    root = etree.Element("html")
    element = etree.SubElement(root, "body")
    for _ in range(depth):
        element = etree.SubElement(etree.SubElement(element, "a"), "li")
    element.text = "x"
    parts = read(root, 5, CLASS_GROUPS)
    assert parts.tags["a"] == depth and parts.link_chars == 1 and parts.item_chars == 1 and parts.body_start == "x"
