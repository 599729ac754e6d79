"""Segmentation into blocks: paragraph tags, ``<br><br>``, links, preprocessing, block fields."""

from __future__ import annotations

import pytest
from lxml import etree
from lxml import html as lxml_html

from scrapy_boilerplate import JustextBlock, extract
from scrapy_boilerplate.algorithms.justext.segment import collapse_whitespace, normalized_length


def texts(body: str) -> list[str]:
    return [block.text for block in extract(f"<html><body>{body}</body></html>", stoplist=None).blocks]


#: name -> (body, block texts); justext 3.0.2 splits these the same way.
SEGMENT_CASES = {
    "paragraph tags split": ("<p>one</p><div>two</div><li>three</li>", ["one", "two", "three"]),
    "inline tags do not split": ("<p>a <b>b</b> c <span>d</span></p>", ["a b c d"]),
    "blank text between tags is dropped": ("<p><b>a</b> <i>b</i></p>", ["ab"]),
    "text around a nested paragraph": ("<div>outer<p>inner</p>tail</div>", ["outer", "inner", "tail"]),
    "table cells": ("<table><tr><td>a</td><td>b</td></tr></table>", ["a", "b"]),
    "double br splits": ("<div>one<br><br>two</div>", ["one", "two"]),
    "double br with blank text between splits": ("<div>one<br> \n <br>two</div>", ["one", "two"]),
    "single br does not split": ("<div>one<br>two<br>three</div>", ["one two three"]),
    "br runs split once": ("<div>one<br><br><br><br>two</div>", ["one", "two"]),
    "blocks of line breaks alone are dropped": ("<div><br><br><br></div><p>z</p>", ["z"]),
    "whitespace collapses": ("<p>a  \t b\xa0\xa0c</p>", ["a b c"]),
    "line breaks collapse to one": ("<p>a \n\n  b\r\nc</p>", ["a\nb\nc"]),
    "entities are decoded": ("<p>a &amp; b &lt; c</p>", ["a & b < c"]),
    "comments are removed and their sides joined": ("<p>a<!-- note -->b</p>", ["ab"]),
    "script and style are removed": ("<p>a<script>var x;</script>b<style>p {}</style>c</p>", ["abc"]),
    "form controls are removed": (
        "<p>a <button>push</button> b <textarea>typed</textarea> c <input value=v> d</p>", ["a b c d"]),
    "select is removed with its options": ("<div>a <select><option>o</option></select> b</div>", ["a b"]),
    "textarea alone is removed": ("<p>a</p><textarea>typed</textarea><p>b</p>", ["a", "b"]),
    "form is unwrapped without splitting": ("<div>one <form>two</form> three</div>", ["one two three"]),
    "iframe and object are unwrapped": (
        "<div>a <iframe>b</iframe> c <object>d<param name=x></object> e</div>", ["a b c d e"]),
    "applet is removed": ("<p>a<applet>b</applet>c</p>", ["ac"]),
    "stylesheet links are removed, others kept": ("<p>a<link rel=stylesheet>b<link rel=next>c</p>", ["abc"]),
    "text straight in body": ("loose text<p>para</p>", ["loose text", "para"]),
}


@pytest.mark.parametrize("body, expected", SEGMENT_CASES.values(), ids=SEGMENT_CASES)
def test_segment(body, expected):
    assert texts(body) == expected


@pytest.mark.parametrize("body, expected", SEGMENT_CASES.values(), ids=SEGMENT_CASES)
def test_segment_agrees_with_the_reference(body, expected):
    justext = pytest.importorskip("justext", reason="the reference justext is in the bench extra")
    reference = justext.justext(f"<html><body>{body}</body></html>", frozenset())
    assert [paragraph.text for paragraph in reference] == expected


#: name -> (body, block texts with ``spaces=True``): whitespace alone between inline elements kept.
SPACES_CASES = {
    "a space between inline elements": ("<p><b>Hello</b> <i>world</i></p>", ["Hello world"]),
    "highlighted code keeps its tokens apart": (
        '<pre><span class="kn">from</span><span class="w"> </span><span class="nn">os</span> '
        '<span class="kn">import</span> <span class="n">path</span></pre>', ["from os import path"]),
    "a line break between spans stays one": ("<pre><span>a = 1</span>\n<span>b = 2</span></pre>", ["a = 1\nb = 2"]),
    "blank text between paragraphs adds nothing": ("<div><p>one</p> \n <p>two</p></div>", ["one", "two"]),
    "double br with blank text between still splits": ("<div>one<br> \n <br>two</div>", ["one", "two"]),
    "links keep their words apart": ('<p><a href="/a">one</a> <a href="/b">two</a></p>', ["one two"]),
}


@pytest.mark.parametrize("body, expected", SPACES_CASES.values(), ids=SPACES_CASES)
def test_spaces_keeps_blank_text_between_inline_elements(body, expected):
    page = f"<html><body>{body}</body></html>"
    assert [block.text for block in extract(page, stoplist=None, spaces=True).blocks] == expected


def test_spaces_counts_no_link_characters_for_the_space_between_links():
    # The space between two links is no link's text: the link density stays below one.
    block, = extract('<html><body><p><a href="/a">one</a> <a href="/b">two</a></p></body></html>',
                     stoplist=None, spaces=True).blocks
    assert block.link_density == pytest.approx(6 / 7)


RUBY = "<p><ruby>災害<rp>(</rp><rt>さいがい</rt><rp>)</rp></ruby>に<ruby>気<rt>き</rt></ruby>をつけて</p>"


def test_ruby_readings_are_text_as_the_reference_reads_them():
    assert texts(RUBY) == ["災害(さいがい)に気きをつけて"]


def test_without_ruby_text_the_readings_go_and_the_text_around_them_joins():
    page = f"<html><body>{RUBY}</body></html>"
    block, = extract(page, stoplist=None, ruby_text=False).blocks
    assert block.text == "災害に気をつけて"
    assert block.chars == len("災害に気をつけて")


#: A menu button whose inner ``div`` is never closed: libxml2 ignores the ``</button>``, and the
#: button swallows the rest of the page, its ``<main>`` too (as a publisher's theme does).
UNCLOSED_BUTTON = ("<header><div><button class=menu><span>Menu</span><div class=inner><div></button></div>"
                   "<div class=logo><a href=/>Home</a></div></div></header>"
                   "<main><h1>Title</h1><p>The article text.</p></main>")


def test_a_button_that_swallowed_the_main_landmark_is_deleted_as_the_reference_does():
    assert texts(UNCLOSED_BUTTON) == []


def test_with_unclosed_buttons_a_button_holding_the_main_landmark_is_walked_through():
    page = f"<html><body>{UNCLOSED_BUTTON}</body></html>"
    blocks = extract(page, stoplist=None, unclosed_buttons=True).blocks
    assert [block.text for block in blocks] == ["Menu", "Home", "Title", "The article text."]


def test_with_unclosed_buttons_other_buttons_still_go_with_their_content():
    page = "<html><body><p>Text <button><div>Copy</div></button> here</p><main><p>Main</p></main></body></html>"
    assert [block.text for block in extract(page, stoplist=None, unclosed_buttons=True).blocks] == [
        "Text here", "Main"]


def test_elements_that_touch_join_their_words_as_the_reference_reads_them():
    assert texts("<p><span>id</span><span>string</span> and <b>W</b>ord</p>") == ["idstring and Word"]


@pytest.mark.parametrize(("body", "expected"), [
    ("<p><span>id</span><span>string</span></p>", "id string"),
    ("<p><b>W</b>ord and Wor<b>d</b></p>", "Word and Word"),  # text running on out of an element or into one
    ("<p><a>Point of Sale</a><a><img><img>QR Ordering</a></p>", "Point of Sale QR Ordering"),
    ("<p><a>Free Trial</a><style>a{}</style><a>+1 408</a></p>", "Free Trial +1 408"),
    ("<p><a>Private clouds</a><b> </b>are</p>", "Private clouds are"),
    ("<p><span>one</span> <span>two</span></p>", "one two"),
])
def test_with_spaces_between_elements_text_after_one_element_ends_and_another_starts_is_a_word(body, expected):
    page = f"<html><body>{body}</body></html>"
    for spaces in (False, True):
        block, = extract(page, stoplist=None, spaces=spaces, spaces_between_elements=True).blocks
        assert block.text == expected


def test_head_is_removed():
    page = "<html><head><title>Title</title><meta name=x></head><body><p>body</p></body></html>"
    assert [block.text for block in extract(page).blocks] == ["body"]


def test_double_br_block_starts_at_the_second_br():
    root = lxml_html.fromstring("<html><body><div>one<br><br>two</div></body></html>")
    blocks = extract(root).blocks
    assert [root.getroottree().xpath(block.xpath) for block in blocks] == [
        [root.find("body/div")], [root.findall("body/div/br")[1]],
    ]


def test_link_density():
    (block,) = extract("<html><body><p>abc <a href=x>de  \n fg</a></p></body></html>").blocks
    # The link's text counts after whitespace collapsing: "de\nfg", 5 of "abc de\nfg", 9.
    assert block.link_density == 5 / 9


def test_link_density_of_link_free_text_is_zero():
    (block,) = extract("<html><body><p>no links</p></body></html>").blocks
    assert block.link_density == 0


def test_heading_covers_text_in_nested_elements():
    blocks = extract("<html><body><h3><span>head</span> line</h3><p>para</p></body></html>").blocks
    assert [(block.text, block.heading) for block in blocks] == [("head line", True), ("para", False)]


def test_block_fields():
    page = "<html><body><h2>Title</h2><div>The quick <a href=x>fox</a> jumps</div></body></html>"
    result = extract(page, stoplist=["the"])
    title, sentence = result.blocks
    assert isinstance(sentence, JustextBlock)
    assert sentence.text == "The quick fox jumps"
    assert sentence.label in {"good", "bad"}
    assert sentence.cf_label == "bad"  # short, with link characters
    assert (sentence.chars, sentence.words) == (19, 4)
    assert sentence.link_density == 3 / 19
    assert sentence.stopword_density == 1 / 4
    assert (title.heading, sentence.heading) == (True, False)


def test_xpaths_locate_the_blocks_in_the_parsed_tree():
    root = lxml_html.fromstring(
        "<html><body><div>a<p>b</p><p>c<br><br>d</p></div><table><tr><td>e</td></tr></table></body></html>"
    )
    blocks = extract(root).blocks
    found = [root.getroottree().xpath(block.xpath) for block in blocks]
    assert [[element.tag for element in elements] for elements in found] == [
        ["div"], ["p"], ["p"], ["br"], ["td"],
    ]
    assert found[1][0] is root.find("body/div/p")


def test_deleted_elements_leave_the_tree_alone():
    root = lxml_html.fromstring(
        "<html><head><style>x</style></head><body><form><p>a<!-- c --><script>s</script>b</p>"
        "<select><option>o</option></select><textarea>t</textarea></form></body></html>"
    )
    before = etree.tostring(root)
    assert [block.text for block in extract(root).blocks] == ["ab"]
    assert etree.tostring(root) == before


@pytest.mark.parametrize("text", [
    "a", " a\n\n b ", "a \r\n b", "\t\xa0x\u2028y\x0b\nz\r", "\n \n", " ", "  a  b ", "a\xadb  c\u200b",
])
def test_whitespace_normalization_matches_the_reference(text):
    utils = pytest.importorskip("justext.utils", reason="the reference justext is in the bench extra")
    assert collapse_whitespace(text) == utils.normalize_whitespace(text.strip())
    assert normalized_length(text) == len(utils.normalize_whitespace(text))


def test_a_processing_instruction_ends_a_text_node_and_a_comment_does_not():
    # Built by hand: libxml2's HTML parser reads processing instructions as comments.
    def paragraph_text(node: etree._Element) -> str:
        root = etree.HTML("<html><body><p>alpha<b>beta</b></p></body></html>")
        node.tail = " "  # blank: dropped when it is a text node of its own
        root.find("body/p/b").addprevious(node)
        [block] = extract(root).blocks
        return block.text

    assert paragraph_text(etree.PI("target", "data")) == "alphabeta"
    assert paragraph_text(etree.Comment("comment")) == "alpha beta"


def test_xpaths_count_siblings_of_many_tags_each_by_its_tag():
    # Children of more tags than the walk counts in its list of pairs, counted in a dict instead.
    from scrapy_boilerplate.algorithms.justext.segment import segment
    from scrapy_boilerplate.html.parse import parse
    from scrapy_boilerplate.html.xpath import resolver, xpaths

    cells = "".join(f"<div><x{i % 50}><p>{i}</p></x{i % 50}></div><x{i % 50}><p>t{i}</p></x{i % 50}>" for i in range(200))
    root = parse(f"<html><body><section>{cells}</section><p>after</p></body></html>")
    paragraphs = segment(root)
    assert len(paragraphs) == 401
    resolve = resolver(root)
    assert [paragraph.xpath for paragraph in paragraphs] == xpaths([paragraph.element for paragraph in paragraphs])
    assert all(resolve(paragraph.xpath) is paragraph.element for paragraph in paragraphs)
    assert paragraphs[-2].xpath == "/html[1]/body[1]/section[1]/x49[4]/p[1]"


def test_paragraphs_hold_their_elements_nodes_and_make_the_elements_when_asked():
    # On Scrapy's trees each element object is made through lxml.html's class lookup in Python:
    # the segmentation makes none, its starts make each one read, and tell their nodes without them.
    from scrapy_boilerplate.algorithms.justext import starts as starts_of
    from scrapy_boilerplate.algorithms.justext.segment import segment
    from scrapy_boilerplate.html.nodes import address, addresses

    root = lxml_html.document_fromstring("<html><body><div><p>one</p><p>two <b>three</b></p></div>"
                                         "<ul><li>four</li></ul></body></html>")
    paragraphs = segment(root)
    starts = starts_of(paragraphs)
    elements = [start for start in starts]
    assert [element.tag for element in elements] == ["p", "p", "li"]
    assert all(isinstance(element, lxml_html.HtmlElement) for element in elements)
    assert elements == [paragraph.element for paragraph in paragraphs] and len(starts) == 3
    assert addresses(starts) == addresses(elements) == addresses(list(elements))
    assert list(memoryview(addresses(starts)).cast("P")) == [address(element) for element in elements]
    assert len(addresses([None, elements[0]])) == 2 * len(addresses([None]))
    assert starts[-1] == elements[-1] and len(starts_of([])) == 0
    with pytest.raises(IndexError):
        starts[3]
