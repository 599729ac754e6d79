"""The page-wide searches in C (``html/search.pyx``) against the walks in Python they stand for.

``marked`` and ``named`` may find more than their callers' tests accept, never less, and in
document order; ``last_before`` is exactly what a walk of ``root.iter()`` finds.
"""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree, html

from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.search import last_before, marked, named

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
