from lxml import etree

from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.xpath import start_of_walk, xpaths


def test_start_of_walk_from_the_document_root():
    root = parse("<p>a</p>")
    assert start_of_walk(root) == ("", {"html": 0})


def test_start_of_walk_from_a_subtree_counts_the_siblings_before_it():
    root = parse("<div></div><p></p><div><p>x</p></div>")
    second_div = root.find("body")[2]
    assert start_of_walk(second_div) == ("/html[1]/body[1]", {"div": 1})


def test_xpaths_index_every_step_and_select_their_elements():
    root = parse("<div><p>a</p><!-- c --><p>b</p><span>c</span></div><div><p>d</p></div>")
    elements = [root.find("body/div[1]/p[2]"), root.find("body/div[1]/span"), root.find("body/div[2]/p"), root]
    paths = xpaths(elements)
    assert paths == [
        "/html[1]/body[1]/div[1]/p[2]",  # the comment is no element: not counted
        "/html[1]/body[1]/div[1]/span[1]",
        "/html[1]/body[1]/div[2]/p[1]",
        "/html[1]",
    ]
    for element, path in zip(elements, paths):
        assert root.xpath(path) == [element]


def test_xpaths_of_a_wide_parent():
    root = etree.Element("table")
    rows = [etree.SubElement(root, "tr") for _ in range(5_000)]
    assert xpaths(rows[-2:]) == ["/table[1]/tr[4999]", "/table[1]/tr[5000]"]
