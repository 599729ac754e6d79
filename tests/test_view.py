"""The coloured block view: blocks located by their XPaths and marked, the page made inert, nothing lost."""

from __future__ import annotations

import re

import pytest
from conftest import ARTICLE
from lxml import etree
from parsel import Selector

from scrapy_boilerplate import ALGORITHMS, Block, Extraction, JustextOptions, extract
from scrapy_boilerplate.inspect import block_view
from scrapy_boilerplate.inspect.view import CONTENT_SECURITY_POLICY

#: A page that would run code and fetch things in every way the view must stop.
ACTIVE = """<!DOCTYPE html><html><head><title>Active page</title>
<meta http-equiv="refresh" content="0; url=http://example.com/elsewhere">
<meta charset="iso-8859-1"><base href="http://example.com/">
<link rel="stylesheet" href="http://example.com/site.css"><link rel="preload" href="/font.woff2">
<style>@import url("http://example.com/more.css"); @font-face { font-family: F; src: url(/f.woff); }
body { background: url('http://example.com/bg.png') } h1 { color: #333 }</style>
<script src="http://example.com/app.js"></script><script>document.title = "ran"</script>
</head><body onload="alert(1)" background="http://example.com/bg.gif">
<h1 style="background-image: url(http://example.com/h.png); color: navy">River levels rise after a week of rain</h1>
<p onclick="steal()" onmouseover="steal()">The river that runs through the old town rose by almost two metres over the
weekend, and the authorities have asked the people who live along its banks to move their cars to higher ground.</p>
<p><img src="http://example.com/photo.jpg" srcset="http://example.com/photo-2x.jpg 2x" alt="The flooded bridge">
<a href="javascript:steal()">a script link</a> <a href="/flood-guide" ping="http://example.com/ping">the guide</a></p>
<iframe src="http://example.com/ad.html"></iframe><object data="http://example.com/x.swf"></object>
<embed src="http://example.com/y.swf"><video poster="http://example.com/p.jpg" src="/v.mp4"></video>
<svg><image href="http://example.com/s.png"/><use xlink:href="http://example.com/s.svg#a"/></svg>
<form action="http://example.com/post"><input type="image" src="http://example.com/go.png" alt="Go"></form>
</body></html>"""


def view_tree(view: str) -> etree._Element:
    return etree.HTML(view)


def marked(tree: etree._Element) -> dict[int, etree._Element]:
    """Block number -> the first element of the view marked with it."""
    found: dict[int, etree._Element] = {}
    for element in tree.xpath("//*[@data-sb-blocks]"):
        for number in element.get("data-sb-blocks").split():
            found.setdefault(int(number), element)
    return found


def xpath_of(element: etree._Element) -> str:
    """The XPath of ``element`` in the engine's format, every step indexed."""
    steps = []
    while element is not None:
        index = 1 + sum(1 for _ in element.itersiblings(element.tag, preceding=True))
        steps.append(f"/{element.tag}[{index}]")
        element = element.getparent()
    return "".join(reversed(steps))


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_each_block_marks_the_element_its_xpath_selects(algorithm):
    root = Selector(text=ARTICLE).root
    extraction = extract(root, algorithm=algorithm)
    tree = view_tree(block_view(extraction, root))
    found = marked(tree)
    assert sorted(found) == list(range(1, len(extraction.blocks) + 1))
    for number, block in enumerate(extraction.blocks, 1):
        element = found[number]
        if algorithm.startswith("boilerpipe"):
            # A fused block marks the ancestor holding all its text when there is one.
            assert (block.xpath + "/").startswith(xpath_of(element) + "/")
            assert "".join(block.text.split()).startswith("".join("".join(element.itertext()).split()))
        else:
            assert xpath_of(element) == block.xpath
        labels = {extraction.blocks[int(n) - 1].label for n in element.get("data-sb-blocks").split()}
        assert element.get("data-sb-label") == (labels.pop() if len(labels) == 1 else "mixed")
        assert element.get("tabindex") == "0"
        assert f"block {number}: {block.label}" in element.get("data-sb-info")
        assert f"xpath: {block.xpath}" in element.get("data-sb-info")


def test_a_fused_block_covers_the_elements_holding_its_text():
    page = ("<html><body><h1>River levels rise</h1><p>The river that runs through the old town rose by almost two "
            "metres over the weekend.</p><p>Farmers fear for the harvest.</p><div>Footer</div></body></html>")
    root = Selector(text=page).root
    block = Block("River levels rise\nThe river that runs through the old town rose by almost two metres over "
                  "the weekend.\nFarmers fear for the harvest.", "good", "/html[1]/body[1]/h1[1]", 90, 20, 0.0)
    tree = view_tree(block_view(Extraction([block]), root))
    assert [element.tag for element in tree.xpath("//*[@data-sb-blocks='1']")] == ["h1", "p", "p"]


def test_the_page_is_not_changed():
    root = Selector(text=ARTICLE).root
    before = etree.tostring(root)
    block_view(extract(root), root)
    assert etree.tostring(root) == before


def test_context_free_label_is_the_second_cue():
    root = Selector(text=ARTICLE).root
    extraction = extract(root)
    tree = view_tree(block_view(extraction, root))
    found = marked(tree)
    cf_labels = {block.cf_label for block in extraction.blocks}
    assert {"short", "good", "bad"} <= cf_labels
    for number, block in enumerate(extraction.blocks, 1):
        assert found[number].get("data-sb-cf") == block.cf_label
        assert found[number].get("data-sb-badge") == (None if block.cf_label == block.label else block.cf_label)
    css = tree.xpath("//head/style")[-1].text
    styles = {value: re.search(rf'\[data-sb-cf="{value}"\] {{ outline-style: (\w+)', css).group(1)
              for value in ("good", "bad", "short", "near-good")}
    assert len({styles["short"], styles["near-good"], styles["good"]}) == 3


def test_summary_line_and_legend():
    root = Selector(text=ARTICLE).root
    options = JustextOptions(length_low=60)
    extraction = extract(root, options=options)
    tree = view_tree(block_view(extraction, root, options=options, url="http://example.com/river"))
    good = sum(block.is_good for block in extraction.blocks)
    summary = tree.xpath("string(//sb-bar/sb-summary)")
    assert summary == (f"justext · stoplist English · options: length_low=60 · {len(extraction.blocks)} blocks: "
                       f"{good} good, {len(extraction.blocks) - good} bad")
    legend = tree.xpath("string(//sb-bar/sb-legend)")
    assert "good: main text" in legend and "bad: boilerplate" in legend and "short" in legend
    # The bar is the body's first child; the blocks keep their positions after it.
    assert tree.xpath("//body/*[1]")[0].tag == "sb-bar"


def test_nothing_runs_or_is_fetched():
    root = Selector(text=ACTIVE).root
    view = block_view(extract(root), root, url="http://example.com/river")
    tree = view_tree(view)
    head = tree.find("head")
    assert [(meta.get("charset"), meta.get("http-equiv")) for meta in head[:2]] == [
        ("utf-8", None), (None, "Content-Security-Policy")]
    assert head[1].get("content") == CONTENT_SECURITY_POLICY
    assert not tree.xpath("//script | //link | //iframe | //object | //embed | //video | //base | //img"
                          " | //meta[@http-equiv='refresh'] | //input[@type='image']")
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            assert not name.startswith("on"), (element.tag, name)
            assert name not in ("src", "srcset", "poster", "background", "data", "ping", "action")
            assert not value.lower().startswith("javascript:")
            if element.tag in ("image", "use"):
                assert name not in ("href", "xlink:href")
    styles = " ".join(tree.xpath("//style/text() | //@style"))
    assert "url(" not in styles and "@import" not in styles
    assert "h1 { color: #333 }" in styles and "color: navy" in styles  # the page still looks like itself
    assert tree.xpath("string(//sb-image)") == "image: The flooded bridge"
    assert tree.xpath("//a[. = 'the guide']/@href") == ["http://example.com/flood-guide"]
    assert "alert" not in view and "steal()" not in view and "document.title" not in view


def test_blocks_the_page_cannot_show_are_listed_at_the_end():
    page = "<html><head><title>T</title></head><body><p>one</p><object><p>fallback</p></object></body></html>"
    root = Selector(text=page).root
    blocks = [
        Block("T", "bad", "/html[1]/head[1]/title[1]", 1, 1, 0.0),
        Block("one", "good", "/html[1]/body[1]/p[1]", 3, 1, 0.0),
        Block("fallback", "bad", "/html[1]/body[1]/object[1]/p[1]", 8, 1, 0.0),
        Block("gone", "good", "/html[1]/body[1]/div[7]", 4, 1, 0.0),
    ]
    tree = view_tree(block_view(Extraction(blocks, algorithm="justext"), root))
    assert sorted(marked(tree)) == [2]
    rows = [[cell.xpath("string()") for cell in row] for row in tree.xpath("//sb-missing//tr")[1:]]
    assert rows == [
        ["1", "bad", "in <head>", "/html[1]/head[1]/title[1]", "T"],
        ["3", "bad", "inside a script, frame or embed the view removes", "/html[1]/body[1]/object[1]/p[1]",
         "fallback"],
        ["4", "good", "its XPath does not resolve", "/html[1]/body[1]/div[7]", "gone"],
    ]
    assert tree.xpath("string(//sb-missing/sb-title)") == "3 block(s) not shown in the page above"


def test_element_starting_good_and_bad_blocks_is_mixed():
    page = "<html><body><div>menu <a href='/'>home</a><br><br>text</div></body></html>"
    root = Selector(text=page).root
    blocks = [Block("menu home", "bad", "/html[1]/body[1]/div[1]", 9, 2, 0.5),
              Block("text", "good", "/html[1]/body[1]/div[1]", 4, 1, 0.0)]
    tree = view_tree(block_view(Extraction(blocks), root))
    (div,) = tree.xpath("//div")
    assert (div.get("data-sb-label"), div.get("data-sb-blocks")) == ("mixed", "1 2")
    assert "element starting good and bad blocks" in tree.xpath("string(//sb-legend)")


def test_a_page_without_elements_gives_the_list_only():
    tree = view_tree(block_view(extract(""), None))
    assert tree.xpath("string(//sb-summary)").endswith("0 blocks: 0 good, 0 bad")


def test_a_link_that_cannot_be_made_absolute_stays_as_it_is():
    root = Selector(text="<html><body><p>Text with <a href='http://[::1/x'>a broken link</a> "
                         "and <a href='/guide'>a guide</a>.</p></body></html>").root
    tree = view_tree(block_view(extract(root), root, url="http://example.com/river"))
    assert tree.xpath("//a/@href") == ["http://[::1/x", "http://example.com/guide"]
