"""Input that is not a well-formed HTML page: never an unhandled exception, always the same outcome."""

from __future__ import annotations

import json
import random
import time
import zlib

import pytest
import pytest_twisted
from conftest import ARTICLE
from lxml import etree
from parsel import Selector
from scrapy.settings import Settings

from scrapy_boilerplate import (
    ALGORITHMS,
    Addon,
    BoilerplatePipeline,
    Extraction,
    ExtractionError,
    Metadata,
    OptionError,
    extract,
)
from scrapy_boilerplate.components import BoilerplateSettings, SettingError
from scrapy_boilerplate.errors import PageTooComplex
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.start_tags import MAX_ATTRIBUTES, with_few_attributes
from scrapy_boilerplate.html.walk import MAX_DEPTH


@pytest.fixture(params=list(ALGORITHMS))
def algorithm(request) -> str:
    """Every algorithm gives the same guarantees on bad input."""
    return request.param


def outcome(page, algorithm: str = "justext") -> tuple[str, object]:
    """What ``extract`` makes of ``page``: its result as a dict, or the ``ExtractionError`` message."""
    try:
        result = extract(page, algorithm=algorithm)
    except ExtractionError as error:
        assert isinstance(error, ValueError)
        return "error", str(error)
    assert isinstance(result, Extraction)
    data = result.to_dict()
    # JSON-ready and encodable: no lone surrogates left in the text.
    json.dumps(data, ensure_ascii=False).encode("utf-8")
    return "extraction", data


def assert_empty_or_error(page, algorithm: str) -> None:
    kind, value = outcome(page, algorithm)
    assert kind == "error" or value["blocks"] == [], value


def small_pdf() -> bytes:
    """A one-page PDF saying "Hello", with a compressed content stream, as a server would send it."""
    content = zlib.compress(b"BT /F1 24 Tf 72 720 Td (Hello) Tj ET")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(content), content),
    ]
    pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    for number, body in enumerate(objects, 1):
        pdf += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    return pdf + b"trailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n"


EMPTY_PAGES = {
    "empty str": "",
    "empty bytes": b"",
    "whitespace": " \n\t\r ",
    "whitespace bytes": b" \n\t ",
    "comment only": "<!-- nothing -->",
    "doctype only": "<!DOCTYPE html>",
    "empty elements": "<html><head><title></title></head><body><div> </div></body></html>",
    "script only": "<script>document.write('x')</script>",
    "processing instruction": "<?php echo 'x'; ?>",
}


@pytest.mark.parametrize("page", EMPTY_PAGES.values(), ids=EMPTY_PAGES)
def test_page_without_text_gives_an_empty_extraction(page, algorithm):
    kind, value = outcome(page, algorithm)
    assert kind == "extraction" and value["text"] == "" and not any(
        block["label"] == "good" for block in value["blocks"])


BINARY_PAGES = {
    "NUL characters": "\x00" * 100,
    "random bytes": random.Random(2011).randbytes(4096),
    "gzip": zlib.compress(b"<p>compressed</p>" * 100),
    "pdf": small_pdf(),
    "png header": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
}


@pytest.mark.parametrize("page", BINARY_PAGES.values(), ids=BINARY_PAGES)
def test_binary_data_gives_an_error_or_nothing(page, algorithm):
    assert_empty_or_error(page, algorithm)
    assert outcome(page, algorithm) == outcome(page, algorithm)


ODD_PAGES = {
    "plain text": "just some words, no markup at all",
    "json": '{"title": "x", "items": [1, 2, {"nested": null}], "html": "<p>a</p>"}',
    "lone angle bracket": "<",
    "unclosed tags": "<html><body><div><p>open <b>bold <i>italic",
    "stray end tags": "</p></div>text</body></html></html>",
    "cdata": "<![CDATA[not html]]><p>after</p>",
    "xml declaration in str": '<?xml version="1.0" encoding="latin-1"?><html><body><p>caf\xe9</p></body></html>',
    "NUL bytes in str": "<p>a\x00b</p>\x00",
    "NUL bytes in bytes": b"<p>a\x00b</p>",
    "lone surrogates": "<p>a\ud800b\udfffc</p>",
    "control characters": "<p>a\x01\x02\x1bb</p>",
    "wrong charset declared": b'<meta charset="shift_jis"><p>caf\xc3\xa9 \xe2\x82\xac</p>',
    "utf-16 declared on ascii": b'<html><head><meta charset="utf-16"></head><body><p>hello</p></body></html>',
    "utf-32 declared on ascii": b'<html><head><meta charset="utf-32"></head><body><p>hello</p></body></html>',
    "unknown charset declared": b'<meta charset="x-no-such"><p>caf\xc3\xa9</p>',
    "invalid utf-8": b"<p>caf\xe9 \xff\xfe broken</p>",
    "undefined entities": "<p>&nosuch; &#xffffffff; &#0; &#55296;</p>",
    "huge attribute": "<p title='" + "x" * 100_000 + "'>text</p>",
    "many siblings": "<p>x</p>" * 20_000,
}


@pytest.mark.parametrize("page", ODD_PAGES.values(), ids=ODD_PAGES)
def test_odd_input_gives_the_same_outcome_every_time(page, algorithm):
    assert outcome(page, algorithm) == outcome(page, algorithm)


def test_comments_and_processing_instructions_give_an_empty_extraction(algorithm):
    root = etree.HTML("<html><body><!-- a comment --><p>text</p></body></html>")
    # libxml2's HTML parser reads processing instructions as comments: add one by hand.
    root.find("body/p").append(etree.PI("target", "data"))
    for node in (root.xpath("//comment()")[0], root.xpath("//processing-instruction()")[0]):
        assert extract(node, algorithm=algorithm) == Extraction(algorithm=algorithm, metadata=Metadata())
    comment = Selector(text="<p>text<!-- a comment --></p>").xpath("//comment()")[0]
    assert extract(comment, algorithm=algorithm) == Extraction(algorithm=algorithm, metadata=Metadata())


def test_nul_bytes_are_dropped():
    assert extract("<p>a\x00b</p>").blocks[0].text == "ab"


def test_lone_surrogates_are_replaced():
    text = extract("<p>a\ud800b</p>").blocks[0].text
    assert text.encode("utf-8", "strict")
    assert text.startswith("a") and text.endswith("b")


def test_100000_nested_divs(algorithm):
    depth = 100_000
    page = "<p>before</p>" + "<div>" * depth + "deep" + "</div>" * depth + "<p>after</p>"
    kind, _ = outcome(page, algorithm)
    assert kind in {"extraction", "error"}


def nested_divs(depth: int) -> tuple[etree._Element, etree._Element]:
    """A tree built in code (libxml2 caps the depth only when parsing): html, body, then divs,
    the innermost ``depth`` levels below html; the root and the innermost div."""
    root = etree.Element("html")
    element = etree.SubElement(root, "body")
    for _ in range(depth - 1):
        element = etree.SubElement(element, "div")
    element.text = "deep text"
    return root, element


def test_tree_built_in_code_as_deep_as_allowed(algorithm):
    # Far deeper than Python's recursion limit and than libxml2 parses.
    root, _ = nested_divs(MAX_DEPTH)
    (block,) = [block for block in extract(root, algorithm=algorithm).blocks if block.text]
    assert block.text == "deep text"
    # Too deep for libxml2's XPath engine to evaluate; count its steps instead.
    assert block.xpath.count("/div") == MAX_DEPTH - 1


def test_tree_built_in_code_deeper_than_allowed_is_refused(algorithm):
    root, innermost = nested_divs(MAX_DEPTH + 1)
    with pytest.raises(ExtractionError, match="deep"):
        extract(root, algorithm=algorithm)
    # Also from an element inside it: depth counts from the document's root.
    with pytest.raises(ExtractionError, match="deep"):
        extract(innermost.getparent().getparent(), algorithm=algorithm)


@pytest.mark.slow
def test_an_element_with_40000_attributes_parses_in_linear_time(algorithm):
    crowded = ARTICLE.replace("<body>", "<body " + " ".join(f'data-a{n}=""' for n in range(40_000)) + ">", 1)
    started = time.process_time()
    extraction = extract(crowded, algorithm=algorithm)
    assert time.process_time() - started < 1  # libxml2 alone took 11 s
    assert extraction.text == extract(ARTICLE, algorithm=algorithm).text
    body = parse(crowded).find(".//body")
    assert len(body.attrib) == MAX_ATTRIBUTES and body.get("data-a255") == "" and body.get("data-a256") is None


def test_an_element_with_as_many_attributes_as_allowed_is_parsed_whole():
    page = "<p " + " ".join(f"a{n}='{n}'" for n in range(MAX_ATTRIBUTES - 1)) + ' title="1 > 0">text</p>'
    assert with_few_attributes(page.encode()) == page.encode()
    assert parse(page).find(".//p").get("title") == "1 > 0"
    crowded = page.replace("<p ", "<p extra ")
    assert parse(crowded).find(".//p").get("title") is None


@pytest_twisted.inlineCallbacks
def test_a_crawl_reads_an_element_with_40000_attributes_in_linear_time(crawl, server):
    started = time.process_time()
    outcome = yield crawl([server + "crowded.html"], {"ADDONS": {Addon: 0}})
    assert time.process_time() - started < 10  # libxml2 alone took 11 s on the page
    assert outcome.items[0]["text"] == extract(ARTICLE).text


def test_20_mb_page():
    sentence = "It was the best of times, it was the worst of times, it was the age of wisdom."
    paragraph = "<p>" + " ".join([sentence] * 25) + "</p>\n"
    page = "<html><body>" + paragraph * (20_000_000 // len(paragraph)) + "</body></html>"
    assert len(page) > 19_900_000
    result = extract(page)
    assert len(result.blocks) == 20_000_000 // len(paragraph)
    assert result.language == "English"


def test_xml_parsed_tree_holding_invalid_text_is_refused(algorithm):
    # libxml2's XML parser lets the reference of a lone surrogate in as
    # invalid UTF-8, which lxml cannot decode when the text is read.
    # In the head, only the metadata reads it.
    for tree in (Selector(text="<?xml ><p>&#xD800;"),
                 etree.fromstring(b"<p>&#xD800;</p>", etree.XMLParser(recover=True)),
                 etree.fromstring(b'<head class="byline">&#xD800;</head>', etree.XMLParser(recover=True))):
        with pytest.raises(ExtractionError, match="not valid Unicode"):
            extract(tree, algorithm=algorithm)


def test_declutter_drops_malformed_link_urls():
    result = extract('<p>some text <a href="http://[::1">bad</a> <a href="/ok">good</a></p>',
                     url="http://example.com/", algorithm="declutter")
    assert '<a>bad</a> <a href="http://example.com/ok">good</a>' in result.html
    result = extract('<base href="http://[oops/"><p><a href="x">link</a></p>', algorithm="declutter")
    assert "<p><a>link</a></p>" in result.html


@pytest.mark.parametrize("url", ["http://a/\ud800", 123, b"http://a/"], ids=["lone surrogate", "int", "bytes"])
def test_bad_url_argument_is_an_option_error(url, algorithm):
    with pytest.raises(OptionError, match="invalid value for url"):
        extract("<p>text</p>", url=url, algorithm=algorithm)


def too_large(size: int, blocks: int) -> tuple[dict, str, str]:
    return ({"BOILERPLATE_MAX_PAGE_SIZE": size - 1}, "boilerplate/skipped/too_large",
            f"PageTooLarge: the page has {size:,} bytes, more than BOILERPLATE_MAX_PAGE_SIZE ({size - 1:,}): skipped")


def too_many_blocks(size: int, blocks: int) -> tuple[dict, str, str]:
    return ({"BOILERPLATE_ALGORITHM": "learned", "BOILERPLATE_LEARNED": {"max_blocks": blocks - 1}},
            "boilerplate/skipped/too_many_blocks",
            f"PageTooComplex: the page has {blocks} blocks, more than learned's max_blocks ({blocks - 1}): skipped")


@pytest.mark.parametrize(("components", "workers", "limit"), [
    ("add-on", 0, too_large), ("pipeline alone", 0, too_large),
    ("add-on", 0, too_many_blocks), ("add-on", 1, too_many_blocks),
], ids=["size, add-on", "size, pipeline alone", "blocks", "blocks, in a worker"])
@pytest_twisted.inlineCallbacks
def test_a_crawl_skips_a_page_over_a_limit_names_it_and_counts_it_apart(crawl, server, components, workers, limit):
    """A page above BOILERPLATE_MAX_PAGE_SIZE (unparsed), or of more blocks than learned's max_blocks
    (before they are scored): its item says why, a stat of its own counts it, no failure."""
    settings, stat, error = limit(len(ARTICLE.encode()), len(extract(ARTICLE, algorithm="learned").blocks))
    enabled = {"ADDONS": {Addon: 0}} if components == "add-on" else {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
    outcome = yield crawl([server + "article.html", server + "german.html"],
                          {**enabled, **settings, "BOILERPLATE_WORKERS": workers})
    article, german = outcome.item_for("article.html"), outcome.item_for("german.html")
    assert article["text"] == "" and article["boilerplate_error"] == error
    assert german["text"] and "boilerplate_error" not in german
    assert outcome.stats[stat] == 1 and outcome.stats["boilerplate/pages"] == 1
    assert "boilerplate/failures" not in outcome.stats


def test_learned_skips_a_million_sibling_blocks_before_scoring_them():
    page = "<body>" + "<div>w</div>" * 1_000_000 + "</body>"
    with pytest.raises(PageTooComplex, match=r"^the page has 1,000,000 blocks, more than learned's max_blocks "
                                             r"\(200,000\): skipped$"):
        extract(page, algorithm="learned")
    assert extract("<div>w</div>" * 5, algorithm="learned", max_blocks=0).blocks  # 0: no limit


@pytest_twisted.inlineCallbacks
def test_a_size_limit_of_0_is_none(crawl, server):
    outcome = yield crawl([server + "article.html"], {"ADDONS": {Addon: 0}, "BOILERPLATE_MAX_PAGE_SIZE": 0})
    assert outcome.items[0]["text"] and "boilerplate/skipped/too_large" not in outcome.stats


def test_the_size_limit_is_a_count():
    with pytest.raises(SettingError, match="BOILERPLATE_MAX_PAGE_SIZE: -1 .must be at least 0"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_MAX_PAGE_SIZE": -1}))
    assert BoilerplateSettings.from_settings(Settings()).max_page_size == 20_000_000
