from lxml import etree

from scrapy_boilerplate.html.walk import skip_subtree


def test_skip_subtree_resumes_after_the_last_descendant():
    root = etree.fromstring("<r><a><b><c/><!--x--></b><d/></a><e/></r>")
    nodes = root.iter()
    assert next(nodes).tag == "r"
    a = next(nodes)
    skip_subtree(nodes, a)
    assert next(nodes).tag == "e"


def test_skip_subtree_of_a_leaf_skips_nothing():
    root = etree.fromstring("<r><a/><e/></r>")
    nodes = root.iter()
    next(nodes)
    skip_subtree(nodes, next(nodes))
    assert next(nodes).tag == "e"


def test_skip_subtree_of_a_deep_tree():
    root = etree.Element("r")
    deepest = root
    for _ in range(5000):  # deeper than Python's recursion limit
        deepest = etree.SubElement(deepest, "d")
    etree.SubElement(root, "e")
    nodes = root.iter()
    next(nodes)
    skip_subtree(nodes, next(nodes))
    assert next(nodes).tag == "e"
