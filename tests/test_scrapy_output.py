"""What users see: the text's lines, log lines of scraped and dropped items, reprs, CSV feeds."""

from __future__ import annotations

import csv
import json
import logging
from pathlib import Path

import pytest_twisted
import scrapy
from conftest import PageSpider

from scrapy_boilerplate import Addon, extract

ADDON = {"ADDONS": {Addon: 0}}
#: The fields the pipeline adds from the page's metadata, by default.
METADATA_FIELDS = ("title", "authors", "date_published", "date_modified", "description", "site_name",
                   "canonical_url", "image", "language_code")
FLOOD = Path(__file__).resolve().parent.parent / "example_project" / "site" / "articles" / "flood.html"


def test_text_has_one_line_per_good_block_with_whitespace_collapsed():
    extraction = extract(FLOOD.read_text(encoding="utf-8"))
    good = [block for block in extraction.blocks if block.is_good]
    assert any("\n" in block.text for block in good)  # the page's source breaks its paragraphs' lines
    lines = extraction.text.split("\n")
    assert len(lines) == len(good)
    assert lines == [" ".join(block.text.split()) for block in good]


def test_a_fused_boilerpipe_block_keeps_one_line_per_part():
    extraction = extract(FLOOD.read_text(encoding="utf-8"), algorithm="boilerpipe-article")
    assert extraction.text.split("\n") == [" ".join(line.split()) for block in extraction.blocks if block.is_good
                                           for line in block.text.split("\n")]


def test_reprs_are_one_short_line():
    extraction = extract(FLOOD.read_text(encoding="utf-8"))
    for shown in (repr(extraction), str(extraction)):
        assert "\n" not in shown and len(shown) < 200
        assert "blocks=" in shown and "language='English'" in shown


@pytest_twisted.inlineCallbacks
def test_scraped_item_log_line_stays_short(crawl, server, caplog):
    with caplog.at_level(logging.DEBUG, logger="scrapy.core.scraper"):
        outcome = yield crawl([server + "article.html"], {**ADDON, "LOG_LEVEL": "DEBUG"})
    [item] = outcome.items
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Scraped from")]
    assert "<html" not in line and "'blocks'" not in line
    # The text, and the metadata's few short fields (empty ones included)
    assert len(line) < len(item["text"]) + len(item["title"]) + 400
    assert repr(outcome.results[0]).count("\n") == 0 and len(repr(outcome.results[0])) < 300


@pytest_twisted.inlineCallbacks
def test_dropped_item_log_line_holds_no_html(crawl, server, caplog):
    with caplog.at_level(logging.WARNING, logger="scrapy.core.scraper"):
        yield crawl([server + "empty.html"], {**ADDON, "BOILERPLATE_DROP_EMPTY": True})
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Dropped")]
    assert "<html" not in line and "Home" not in line
    assert line.startswith(f"Dropped: {server}empty.html: its main text has 0 characters")


class BlocksAsJsonItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()
    text = scrapy.Field()
    language = scrapy.Field()
    blocks = scrapy.Field(serializer=json.dumps)


@pytest_twisted.inlineCallbacks
def test_csv_feed_is_readable_by_the_csv_module(crawl, server, tmp_path):
    plain, with_blocks = tmp_path / "plain.csv", tmp_path / "blocks.csv"
    urls = [server + "article.html", server + "german.html"]
    yield crawl(urls, {**ADDON, "FEEDS": {str(plain): {"format": "csv"}}})
    yield crawl(urls, {**ADDON, "FEEDS": {str(with_blocks): {"format": "csv"}}, "BOILERPLATE_BLOCKS_FIELD": "blocks"},
                PageSpider, item_class=BlocksAsJsonItem)
    with plain.open(newline="", encoding="utf-8") as rows:
        records = list(csv.DictReader(rows))
    assert {tuple(record) for record in records} == {("url", "text", "language", *METADATA_FIELDS)}
    assert any("Farmers in the valley" in record["text"] for record in records)
    with with_blocks.open(newline="", encoding="utf-8") as rows:
        records = list(csv.DictReader(rows))
    blocks = json.loads(next(record for record in records if record["url"].endswith("article.html"))["blocks"])
    assert {block["label"] for block in blocks} == {"good", "bad"}
