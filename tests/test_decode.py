"""Bytes are decoded exactly as Scrapy decodes a response's body."""

from __future__ import annotations

import pytest
from scrapy.http import HtmlResponse

from corpus import devset_pages, requires_devset
from scrapy_boilerplate import extract
from scrapy_boilerplate.html.parse import decode

MOSCOW = "<p>" + "Москва — столица России. " * 20 + "</p>"


@pytest.mark.parametrize("body", [
    MOSCOW.encode("cp1251"),  # undeclared legacy encoding: Scrapy's detector finds it
    MOSCOW.encode("utf-8"),
    b"\xef\xbb\xbf" + MOSCOW.encode("utf-8"),  # BOM
    b'<meta charset="koi8-r">' + MOSCOW.replace("—", "-").encode("koi8-r"),
    b"<p>caf\xe9 \xff\xfe broken</p>",
    b"<p>plain ascii</p>",
    b"",
])
def test_bytes_decode_as_scrapy_decodes_a_response(body):
    assert decode(body) == HtmlResponse("http://example.com/", body=body).text


def test_content_type_charset_wins_as_in_scrapy():
    body = MOSCOW.replace("—", "-").encode("koi8-r")
    headers = {"Content-Type": "text/html; charset=koi8-r"}
    assert decode(body, "text/html; charset=koi8-r") == HtmlResponse(
        "http://example.com/", body=body, headers=headers).text


def test_undeclared_cp1251_gives_russian_text():
    (block,) = extract(MOSCOW.encode("cp1251"), stoplist="Russian").blocks
    assert block.text.startswith("Москва — столица России.")


@pytest.mark.slow
@requires_devset
def test_bytes_and_scrapy_selector_give_the_same_extraction_on_every_devset_page():
    mismatches = [
        page.key for page in devset_pages()
        if extract(page.body, url=page.url).to_dict()
        != extract(HtmlResponse(page.url, body=page.body).selector, url=page.url).to_dict()
    ]
    assert not mismatches
