"""The page-wide searches in C (``html/search.pyx``) against the walks in Python they stand for.

``marked``, ``named``, ``dated_near`` and ``marked_near`` may find more than their callers' tests
accept, never less, and in the walk's order; ``last_before`` is exactly what a walk of
``root.iter()`` finds, ``with_attribute`` what an XPath does.
"""

from __future__ import annotations

import gc
import itertools
import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree, html

from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.search import dated_near, last_before, marked, marked_near, named, with_attribute

DATE = {b"class": (b"date", b"publish", b"posted", b"time"), b"id": (b"date",)}


def marked_in_python(root: etree._Element) -> list[etree._Element]:
    """What ``marked(root, DATE)`` stands for: ``value.lower()`` holding a word."""
    return [element for element in root.iter(etree.Element)
            if any(word in (element.get("class") or "").lower() for word in ("date", "publish", "posted", "time"))
            or "date" in (element.get("id") or "").lower()]


def last_before_in_python(root: etree._Element, candidates: list, target: object) -> etree._Element | None:
    last = None
    for element in root.iter():
        if element is target:
            return last
        if element in candidates:
            last = element
    return None


# Values of the attributes: the words, their cases, and the two characters beyond ASCII whose
# lower case holds an ASCII letter (U+0130, U+212A).
VALUES = st.text(alphabet=st.sampled_from(list("datepublishosTIMEDATE- _\u0130\u212aé")), max_size=12)


@st.composite
def pages(draw) -> str:
    """Nested elements, some with a class, an id, other attributes, comments between."""
    def element(depth: int) -> str:
        tag = draw(st.sampled_from(["div", "span", "p", "time", "h1", "meta"]))
        attributes = "".join(f' {name}="{draw(VALUES)}"' for name in draw(st.lists(
            st.sampled_from(["class", "id", "data-published", "title", "Class"]), max_size=3, unique=True)))
        children = "".join(element(depth + 1) if draw(st.booleans()) else "<!--c-->x"
                           for _ in range(draw(st.integers(0, 3 if depth < 4 else 0))))
        return f"<{tag}{attributes}>{children}</{tag}>"
    return f"<html><body>{element(0)}{element(0)}</body></html>"


@settings(max_examples=300, deadline=None)
@given(pages())
def test_marked_finds_what_the_python_test_accepts(page: str) -> None:
    root = parse(page)
    assert root is not None
    found = list(marked(root, DATE))
    expected = marked_in_python(root)
    assert [element for element in found if element in expected] == expected
    # In document order: a subsequence of the walk.
    order = {element: position for position, element in enumerate(root.iter())}
    assert [order[element] for element in found] == sorted(order[element] for element in found)


def test_marked_reads_both_cases_and_leaves_out_namespaces() -> None:
    root = etree.fromstring('<r xmlns:x="urn:x"><a class="Post-DATE"/><b x:class="date"/><c id="upDated"/>'
                            '<d class="dat e"/><e class="T\u0130ME"/></r>')
    assert [element.tag for element in marked(root, DATE)] == ["a", "c"]


def test_marked_leaves_a_value_in_parts_to_the_caller() -> None:
    # An XML tree that keeps its entity references has attribute values in several nodes.
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring('<!DOCTYPE r [<!ENTITY e "x">]><r><a class="&e;y"/><b class="y"/></r>', parser)
    assert [element.tag for element in marked(root, DATE)] == ["a"]


def test_named_finds_names_and_namespaces() -> None:
    root = etree.fromstring('<r xmlns:p="urn:publisher"><a data-published="1"/><b p:x="1"/><c created="1"/>'
                            '<d href="pub"/><e PUBLISHED="1"/></r>')
    assert [element.tag for element in named(root, (b"pub", b"creat"))] == ["a", "b", "c"]


def test_searches_start_at_the_root_and_stay_under_it() -> None:
    root = parse('<div class="date"><p class="date">x</p></div><p class="date">y</p>')
    assert root is not None
    div = root.find(".//div")
    assert [element.tag for element in marked(div, DATE)] == ["div", "p"]
    assert [element.tag for element in marked(root, DATE)] == ["div", "p", "p"]


def test_a_search_keeps_its_tree() -> None:
    search = marked(parse('<p class="date">a</p><p class="date">b</p>'), DATE)
    gc.collect()
    assert [element.text for element in search] == ["a", "b"]
    assert list(search) == []


def test_searches_refuse_what_is_no_element() -> None:
    with pytest.raises(TypeError):
        marked(etree.Comment("x"), DATE)
    with pytest.raises(TypeError):
        named("<p>", (b"pub",))


@settings(max_examples=300, deadline=None)
@given(pages(), st.data())
def test_last_before_is_the_walks(page: str, data: st.DataObject) -> None:
    root = parse(page)
    assert root is not None
    nodes = list(root.iter())
    candidates = list(root.iter("h1"))
    target = data.draw(st.sampled_from([*nodes, None, "text", etree.Element("p")]))
    assert last_before(root, candidates, target) is last_before_in_python(root, candidates, target)
    sub = data.draw(st.sampled_from(nodes[1:] or nodes))
    if isinstance(sub.tag, str):
        assert last_before(sub, candidates, target) is last_before_in_python(sub, candidates, target)


def test_deep_and_wide_pages() -> None:
    # The parser stops nesting at 2,048 levels: a deeper tree is built in code.
    deep = element = etree.Element("div")
    for _ in range(100_000):
        element = etree.SubElement(element, "div")
    etree.SubElement(element, "p", {"class": "date"})
    h1 = etree.SubElement(element, "h1")
    assert [element.tag for element in marked(deep, DATE)] == ["p"]
    assert last_before(deep, [h1], None) is None
    assert last_before(deep, [element], h1) is element
    wide = html.fromstring("<div>" + '<span class="time">x</span>' * 200_000 + "<h1>t</h1><p>y</p></div>")
    assert sum(1 for _ in marked(wide, DATE)) == 200_000
    h1 = wide.find("h1")
    assert last_before(wide, [h1], wide.find("p")) is h1


def following_in_python(anchor: etree._Element) -> Iterator[etree._Element]:
    """The nodes after ``anchor`` and its descendants, in document order."""
    node: etree._Element | None = anchor
    while node is not None:
        for sibling in node.itersiblings():
            yield from sibling.iter()
        node = node.getparent()


def preceding_in_python(anchor: etree._Element, before: int) -> Iterator[etree._Element]:
    """The nodes before ``anchor``, nearest first: each preceding sibling's first ``before`` nodes,
    backwards, then its parent's."""
    node: etree._Element | None = anchor
    while node is not None:
        for sibling in node.itersiblings(preceding=True):
            yield from reversed(list(itertools.islice(sibling.iter(), before)))
        node = node.getparent()


def window_in_python(anchor: etree._Element, after: int, before: int) -> tuple[list, list]:
    return (list(itertools.islice(following_in_python(anchor), after)),
            list(itertools.islice(preceding_in_python(anchor, before), before)))


def shows_short_date_in_python(node: etree._Element) -> bool:
    """What the metadata's dates near a headline read: a ``<time>``, or a text of at most 80
    characters where ``\\d{4}`` matches."""
    texts = [node.tail] + ([node.text] if isinstance(node.tag, str) else [])
    return node.tag == "time" or any(text and len(text) <= 80 and re.search(r"\d{4}", text) for text in texts)


def assert_finds_at_least(found: list, window: list, wanted: list) -> None:
    """``found`` holds ``(place, node)`` pairs of ``window``, in its order, and all of ``wanted``'s."""
    assert [window[place] for place, _ in found] == [node for _, node in found]
    assert [place for place, _ in found] == sorted(place for place, _ in found)
    kept = {place for place, _ in found}
    assert all(place in kept for place, node in enumerate(window) if node in wanted)


TEXTS = st.text(alphabet=st.sampled_from(list("2025 x\u0662\u0660\u0662\u0665é-.")), max_size=90)


@st.composite
def dated_pages(draw) -> str:
    """Nested elements with texts and tails that may hold years (ASCII or Arabic-Indic digits),
    some ``<time>``, comments and processing instructions between."""
    def node(depth: int) -> str:
        kind = draw(st.sampled_from(["element", "element", "comment", "pi"]))
        if kind == "comment":
            return f"<!--{draw(TEXTS)}-->{draw(TEXTS)}"
        if kind == "pi":
            return f"<?x {draw(TEXTS)}?>{draw(TEXTS)}"
        tag = draw(st.sampled_from(["div", "span", "time", "h1", "script", "b"]))
        attributes = "".join(f' {name}="{draw(VALUES)}"' for name in draw(st.lists(
            st.sampled_from(["class", "id", "rel"]), max_size=2, unique=True)))
        children = "".join(node(depth + 1) for _ in range(draw(st.integers(0, 3 if depth < 4 else 0))))
        return f"<{tag}{attributes}>{draw(TEXTS)}{children}</{tag}>{draw(TEXTS)}"
    return f"<html><body>{''.join(node(0) for _ in range(draw(st.integers(1, 4))))}</body></html>"


AUTHOR = {b"class": (b"author", b"byline"), b"id": (b"author", b"byline"), b"rel": (b"author",)}


def marked_author_in_python(node: etree._Element) -> bool:
    marks = f"{node.get('class') or ''} {node.get('id') or ''}".lower()
    return isinstance(node.tag, str) and (any(word in marks for word in ("author", "byline"))
                                          or node.get("rel") == "author")


@settings(max_examples=300, deadline=None)
@given(dated_pages(), st.data(), st.integers(0, 12), st.integers(0, 6))
def test_the_searches_near_an_element_find_what_the_walks_accept(page: str, data: st.DataObject, after: int,
                                                                 before: int) -> None:
    root = parse(page)
    assert root is not None
    anchor = data.draw(st.sampled_from([node for node in root.iter() if isinstance(node.tag, str)]))
    following, preceding = window_in_python(anchor, after, before)
    found_after, found_before = dated_near(anchor, after, before)
    assert_finds_at_least(found_after, following, [node for node in following if shows_short_date_in_python(node)])
    assert_finds_at_least(found_before, preceding, [node for node in preceding if shows_short_date_in_python(node)])
    window = following + preceding
    found = marked_near(anchor, after, before, AUTHOR)
    positions = [window.index(node) for node in found]
    assert positions == sorted(positions)
    assert [node for node in found if marked_author_in_python(node)] == [
        node for node in window if marked_author_in_python(node)]


def test_the_window_keeps_its_bounds_and_reads_tails() -> None:
    # A comment's text is no date a reader sees; its tail is.
    root = etree.fromstring("<r><a>2025</a><h1/><!--1999-->2023<b>x<c>2024</c></b><!--1998--></r>")
    h1 = root.find("h1")
    following, preceding = dated_near(h1, 150, 40)
    assert [(place, node.tag) for place, node in following] == [(0, etree.Comment), (2, "c")]
    assert [(place, node.tag) for place, node in preceding] == [(0, "a")]
    assert dated_near(h1, 0, 0) == ([], [])
    with pytest.raises(TypeError):
        dated_near(etree.Comment("x"), 1, 1)


def test_with_attribute_is_the_xpath() -> None:
    page = ('<r xmlns:x="urn:x"><a itemprop="a"/><b x:itemprop="b"/><c ITEMPROP="c"/><!--itemprop-->'
            '<x:d itemprop="d"><e itemprop=""/></x:d></r>')
    root = etree.fromstring(page)
    assert list(with_attribute(root, b"itemprop")) == root.xpath("//*[@itemprop]")
    html_root = parse('<div itemprop="x"><p ITEMPROP="y">z</p><span itemprop>w</span></div>')
    assert html_root is not None
    assert list(with_attribute(html_root, b"itemprop")) == html_root.xpath("//*[@itemprop]")
