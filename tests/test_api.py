"""``extract``: what it accepts, what it returns, how it validates options."""

from __future__ import annotations

import gc
import inspect
import json
import pickle

import pytest
from conftest import ARTICLE
from lxml import etree
from lxml import html as lxml_html
from parsel import Selector
from scrapy.http import HtmlResponse

from scrapy_boilerplate import ALGORITHMS, Extraction, ExtractionError, JustextOptions, OptionError, extract
from scrapy_boilerplate.model.untracked import untrack

ENGLISH = (
    "The committee said on Tuesday that it would not be able to finish the report before the end "
    "of the year, because many of the people who were asked to give evidence have not yet replied to the letters that were sent to them in the spring."
)
RUSSIAN = "Комитет сообщил во вторник, что не сможет закончить доклад до конца года, потому что многие ещё не ответили."
MENU = "Home | News | Sport | Weather | Contact"


def page(*paragraphs: str, head: str = "") -> str:
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    return f"<html><head>{head}</head><body>{body}</body></html>"


def block_texts(result: Extraction) -> list[str]:
    return [block.text for block in result.blocks]


# --- the result ------------------------------------------------------------------

def test_text_is_the_good_blocks_one_per_line():
    result = extract(page(MENU, ENGLISH, ENGLISH.upper(), MENU))
    assert [block.label for block in result.blocks] == ["bad", "good", "good", "bad"]
    assert result.text == f"{ENGLISH}\n{ENGLISH.upper()}"


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_text_and_markdown_leave_out_soft_hyphens_which_blocks_and_clean_html_keep(algorithm):
    # "commit\xadtee": a soft hyphen where the word may break, as German sites put one in every long word.
    hinted = (ENGLISH.replace("committee", "commit\u00adtee").replace("evidence", "\ufeffevi\u2060dence")
              .replace("spring.", "spring.\u200b"))
    extraction = extract(page(hinted, ENGLISH.upper()), algorithm=algorithm)
    assert extraction.text.split("\n")[0] == ENGLISH
    assert ENGLISH in extraction.markdown
    assert "commit\u00adtee" in extraction.main_html and "commit\u00adtee" in extraction.blocks[0].text


def test_markdown_code_leaves_out_soft_hyphens_as_the_text_does():
    extraction = extract("<html><body><pre>long\u00adword = 1</pre><p><code>a\u00adb</code></p></body></html>",
                         algorithm="declutter")
    assert extraction.text == "longword = 1\nab"
    assert "longword = 1" in extraction.markdown and "`ab`" in extraction.markdown


def test_language_is_the_picked_stoplist():
    assert extract(page(ENGLISH)).language == "English"


def test_language_of_a_named_stoplist():
    assert extract(page(ENGLISH), stoplist="german").language == "German"


@pytest.mark.parametrize("stoplist", [None, ["the", "of"]])
def test_no_language_without_a_named_stoplist(stoplist):
    assert extract(page(ENGLISH), stoplist=stoplist).language is None


def test_to_dict_is_json_ready():
    result = extract(page(MENU, ENGLISH))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["algorithm"] == "justext"
    assert data["language"] == "English"
    assert data["text"] == ENGLISH
    assert [block["text"] for block in data["blocks"]] == [MENU, ENGLISH]
    assert set(data["blocks"][1]) == {
        "text", "label", "xpath", "chars", "words", "link_density", "cf_label", "heading", "stopword_density",
    }
    assert "html" not in data


def test_empty_page_gives_an_empty_extraction():
    result = extract("")
    assert (result.blocks, result.text, result.language, result.algorithm) == ([], "", None, "justext")


# --- options -------------------------------------------------------------------

@pytest.mark.parametrize("name, value", [
    ("length_low", -1),
    ("max_heading_distance", -5),
    ("max_link_density", -0.1),
    ("stopwords_low", float("nan")),
    ("length_low", 300),  # above length_high
    ("stopwords_low", 0.5),  # above stopwords_high
    ("length_low", "70"),
    ("length_high", 7.5),
    ("max_link_density", True),
    ("no_headings", 1),
    ("early_headings", "yes"),
    ("h1_always_good", None),
    ("stoplist", "Klingon"),
    ("stoplist", 5),
    ("stoplist", b"English"),
    ("stoplist", {"the": 1}),
    ("stoplist", ["the", 1]),
    ("colour", "blue"),
])
def test_invalid_option(name, value):
    with pytest.raises(OptionError) as raised:
        extract(page(ENGLISH), **{name: value})
    assert isinstance(raised.value, ValueError)
    assert raised.value.option == name
    assert name in str(raised.value)


def test_length_high_below_length_low_names_length_low():
    with pytest.raises(OptionError, match="length_high") as raised:
        JustextOptions(length_high=10)
    assert raised.value.option == "length_low"


def test_unknown_algorithm():
    with pytest.raises(OptionError) as raised:
        extract(page(ENGLISH), algorithm="nope")
    assert raised.value.option == "algorithm"


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        JustextOptions().length_low = 5


def test_prepared_options_with_overrides():
    options = JustextOptions(stoplist="English", length_high=10_000)
    assert extract(page(ENGLISH), options=options).blocks[0].cf_label == "near-good"
    assert extract(page(ENGLISH), options=options, length_high=100).blocks[0].cf_label == "good"
    assert options.length_high == 10_000


def test_prepared_options_overrides_are_validated():
    with pytest.raises(OptionError):
        extract(page(ENGLISH), options=JustextOptions(), length_low=-1)


def test_options_have_the_references_names_and_defaults():
    justext = pytest.importorskip("justext", reason="the reference justext is in the bench extra")
    parameters = inspect.signature(justext.justext).parameters
    thresholds = ("length_low", "length_high", "stopwords_low", "stopwords_high",
                  "max_link_density", "max_heading_distance", "no_headings")
    options = JustextOptions()
    assert {name: getattr(options, name) for name in thresholds} == {
        name: parameters[name].default for name in thresholds
    }


# --- input forms -----------------------------------------------------------------

def test_str_and_bytes_give_the_same_blocks():
    html = page(MENU, RUSSIAN)
    assert extract(html.encode("utf-8")) == extract(html)


@pytest.mark.parametrize("encoded", [
    b"\xef\xbb\xbf" + page(RUSSIAN).encode("utf-8"),
    page(RUSSIAN).encode("utf-16"),  # with its BOM
], ids=["utf-8", "utf-16"])
def test_bytes_with_a_byte_order_mark(encoded):
    assert block_texts(extract(encoded)) == [RUSSIAN]


@pytest.mark.parametrize("head", ['<meta charset="windows-1251">',
                                  '<meta http-equiv="Content-Type" content="text/html; charset=cp1251">'])
def test_bytes_in_the_declared_charset(head):
    assert block_texts(extract(page(RUSSIAN, head=head).encode("cp1251"))) == [RUSSIAN]


def test_bytes_with_a_wrong_charset_declaration_are_read_in_the_encoding_detected():
    body = page("caf\xe9 cr\xe8me", head='<meta charset="utf-8">').encode("latin-1")
    assert block_texts(extract(body)) == ["caf\xe9 cr\xe8me"]


def test_bytes_with_an_unknown_charset_declaration():
    body = page("caf\xe9", head='<meta charset="no-such-charset">').encode("utf-8")
    assert block_texts(extract(body)) == ["caf\xe9"]


def test_lxml_element():
    root = lxml_html.fromstring(page(MENU, ENGLISH))
    assert extract(root) == extract(page(MENU, ENGLISH))


def test_lxml_subtree_covers_only_that_subtree():
    root = lxml_html.fromstring("<html><body><div><p>inside</p></div><p>outside</p></body></html>")
    assert block_texts(extract(root.find("body/div"))) == ["inside"]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_subtree_blocks_have_full_indexed_xpaths(algorithm):
    root = lxml_html.fromstring("<html><body><p>before</p><div><p>first words here</p></div>"
                                "<div><p>inside words of the second division</p></div></body></html>")
    subtree = root.findall("body/div")[1]
    blocks = extract(subtree, algorithm=algorithm).blocks
    assert blocks and all(block.xpath.startswith("/html[1]/body[1]/div[2]") for block in blocks)
    assert all(root.getroottree().xpath(block.xpath) for block in blocks)


def test_parsel_selector():
    assert extract(Selector(text=page(MENU, ENGLISH))) == extract(page(MENU, ENGLISH))


def test_parsel_selector_over_text():
    text_node = Selector(text="<p>plain words</p>").xpath("//p/text()")[0]
    assert block_texts(extract(text_node)) == ["plain words"]


def test_scrapy_response_selector():
    body = page(MENU, RUSSIAN, head='<meta charset="windows-1251">').encode("cp1251")
    response = HtmlResponse("https://example.com/", body=body)
    result = extract(response.selector, url=response.url)
    assert block_texts(result) == [MENU, RUSSIAN]
    assert response.selector.root.getroottree().xpath(result.blocks[1].xpath)[0].text == RUSSIAN


@pytest.mark.parametrize("wrap", [lambda root: root, lambda root: Selector(root=root)], ids=["lxml", "parsel"])
def test_parsed_tree_is_neither_modified_nor_parsed_again(wrap):
    html = page(MENU, ENGLISH, head="<title>t</title><style>p {}</style>").replace(
        "</body>", "<script>x()</script><form><input><select><option>o</option></select></form></body>")
    root = lxml_html.fromstring(html)
    # A paragraph inside a paragraph, which no parser builds (it closes the first at the second):
    # its XPath is found only in the tree as it is.
    nested = etree.SubElement(root.find("body/p[2]"), "p")
    nested.text = RUSSIAN
    before = etree.tostring(root)
    extraction = extract(wrap(root), stoplist=None, length_low=0, length_high=0)
    assert block_texts(extraction)[-1] == RUSSIAN
    assert root.getroottree().xpath(extraction.blocks[-1].xpath) == [nested]
    assert etree.tostring(root) == before


@pytest.mark.parametrize("value", [None, 5, 2.5, ["<p>a</p>"], object()])
def test_unsupported_input_type(value):
    with pytest.raises(ExtractionError):
        extract(value)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_an_extraction_keeps_nothing_the_collector_watches_per_block(algorithm):
    # A crawl keeps each page's extraction as long as Scrapy's response, which its cycle with its
    # selector keeps until a full collection: the blocks and where they start must not add to its walks.
    extraction = extract(ARTICLE, url="http://example.com/news/", algorithm=algorithm)
    assert len(extraction.blocks) > 3
    if not algorithm.startswith("boilerpipe"):  # whose blocks hold a list, their filters' labels
        assert not any(gc.is_tracked(block) for block in extraction.blocks)
        assert not any(gc.is_tracked(block) for block in pickle.loads(pickle.dumps(extraction)).blocks)
    held, seen = [extraction.renderer._starts], set()
    while held:
        each = held.pop()
        assert not isinstance(each, etree._Element)
        if id(each) not in seen:
            seen.add(id(each))
            held.extend(gc.get_referents(each))


def test_untrack_leaves_watched_what_refers_to_what_is_watched():
    class Holder:
        def __init__(self, value: object) -> None:
            self.value = value

    holders = [Holder([]), Holder("text"), Holder(1.5), Holder(Holder(None))]
    untrack(holders)
    assert [gc.is_tracked(holder) for holder in holders] == [True, False, False, True]
