"""The item pipeline and the middleware in real crawls against the local server."""

from __future__ import annotations

import dataclasses
import logging

import attrs
import pytest
import pytest_twisted
import scrapy

from scrapy_boilerplate import Addon, BoilerplateItemMiddleware, BoilerplateMiddleware, BoilerplatePipeline

PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
#: The add-on's components enabled one by one (but the start requests' pacing, which only workers need).
COMPONENTS = {**PIPELINE, "DOWNLOADER_MIDDLEWARES": {BoilerplateMiddleware: 150},
        "SPIDER_MIDDLEWARES": {BoilerplateItemMiddleware: 10}}
BLOCKS = {"BOILERPLATE_BLOCKS_FIELD": "blocks"}


class DeclaredItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()
    text = scrapy.Field()
    blocks = scrapy.Field()
    language = scrapy.Field()
    boilerplate_error = scrapy.Field()


@dataclasses.dataclass
class DataclassItem:
    url: str
    html: str | None = None
    text: str | None = None
    blocks: list | None = None
    language: str | None = None
    boilerplate_error: str | None = None


@attrs.define
class AttrsItem:
    url: str
    html: str | None = None
    text: str | None = None
    blocks: list | None = None
    language: str | None = None
    boilerplate_error: str | None = None


class TextOnlyItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()
    text = scrapy.Field()


def as_dict(item) -> dict:
    return dataclasses.asdict(item) if dataclasses.is_dataclass(item) else (
        attrs.asdict(item) if attrs.has(type(item)) else dict(item))


@pytest.mark.parametrize("item_class", [dict, DeclaredItem, DataclassItem, AttrsItem])
@pytest_twisted.inlineCallbacks
def test_pipeline_fills_text_blocks_language_and_drops_html(crawl, server, item_class):
    outcome = yield crawl([server + "article.html", server + "german.html"], {**PIPELINE, **BLOCKS},
                          item_class=item_class)
    items = {as_dict(item)["url"].rsplit("/", 1)[1]: as_dict(item) for item in outcome.items}
    article, german = items["article.html"], items["german.html"]
    assert "River levels rise after a week of rain" in article["text"]
    assert "Farmers in the valley" in article["text"]
    assert "Most read" not in article["text"] and "Privacy" not in article["text"]
    assert article["language"] == "English" and german["language"] == "German"
    assert "Pegel des Flusses" in german["text"]
    assert not article.get("html") and not article.get("boilerplate_error")
    assert {block["label"] for block in article["blocks"]} == {"good", "bad"}
    assert all(set(block) >= {"text", "label", "xpath", "chars", "words", "link_density"}
               for block in article["blocks"])
    stats = outcome.stats
    assert stats["boilerplate/pages"] == 2
    assert stats["boilerplate/blocks/good"] == sum(
        block["label"] == "good" for item in items.values() for block in item["blocks"])
    assert stats["boilerplate/blocks/bad"] == sum(
        block["label"] == "bad" for item in items.values() for block in item["blocks"])
    assert stats["boilerplate/seconds"] > 0
    assert "boilerplate/failures" not in stats


@pytest_twisted.inlineCallbacks
def test_pipeline_keeps_html_and_omits_blocks_when_asked(crawl, server):
    outcome = yield crawl([server + "article.html"], {
        **PIPELINE, "BOILERPLATE_KEEP_HTML": True, "BOILERPLATE_BLOCKS_FIELD": None,
        "BOILERPLATE_TEXT_FIELD": "main_text"})
    [item] = outcome.items
    assert item["html"].startswith("<!DOCTYPE html>")
    assert "blocks" not in item and "text" not in item
    assert "Farmers in the valley" in item["main_text"]


@pytest_twisted.inlineCallbacks
def test_drop_empty_drops_short_texts_with_a_reason(crawl, server):
    outcome = yield crawl([server + "article.html", server + "empty.html"], {
        **PIPELINE, "BOILERPLATE_DROP_EMPTY": True, "BOILERPLATE_MIN_TEXT_LENGTH": 20})
    assert [item["url"] for item in outcome.items] == [server + "article.html"]
    [(dropped, reason)] = outcome.dropped
    assert dropped["url"] == server + "empty.html"
    assert "fewer than BOILERPLATE_MIN_TEXT_LENGTH=20" in reason
    assert outcome.stats["boilerplate/items/dropped"] == 1


@pytest.mark.parametrize("workers", [0, 2], ids=["here", "in workers"])
@pytest_twisted.inlineCallbacks
def test_failing_page_is_logged_counted_and_its_item_kept(crawl, server, caplog, workers):
    with caplog.at_level(logging.ERROR):
        outcome = yield crawl([server + "broken.html", server + "article.html"],
                              {**PIPELINE, **BLOCKS, "BOILERPLATE_WORKERS": workers}, raw_html=True)
    broken = outcome.item_for("broken.html")
    assert broken["text"] == "" and broken["blocks"] == [] and broken["language"] is None
    assert broken["boilerplate_error"] == "ExtractionError: the input is binary data, not an HTML page"
    assert (outcome.stats["boilerplate/failures"], outcome.stats["boilerplate/pages"]) == (1, 1)
    assert any(server + "broken.html" in record.getMessage() for record in caplog.records)


@pytest_twisted.inlineCallbacks
def test_failing_page_is_dropped_when_asked(crawl, server):
    outcome = yield crawl([server + "broken.html"], {**PIPELINE, "BOILERPLATE_DROP_EMPTY": True}, raw_html=True)
    [(_, reason)] = outcome.dropped
    assert "failed to classify" in reason and "ExtractionError" in reason


@pytest_twisted.inlineCallbacks
def test_item_class_lacking_fields_is_reported_once(crawl, server, caplog):
    urls = [server + "article.html", server + "german.html"]
    with caplog.at_level(logging.ERROR):
        outcome = yield crawl(urls, {**PIPELINE, **BLOCKS}, item_class=TextOnlyItem)
    assert len(outcome.items) == 2
    assert all("Farmers" in item["text"] or "Pegel" in item["text"] for item in outcome.items)
    reports = [r.getMessage() for r in caplog.records if "TextOnlyItem lacks" in r.getMessage()]
    assert len(reports) == 1
    assert "blocks, language" in reports[0]
    assert outcome.stats["boilerplate/items/missing_fields"] == 2


@pytest_twisted.inlineCallbacks
def test_middleware_exposes_the_result_and_the_pipeline_reuses_it(crawl, server):
    outcome = yield crawl([server + "article.html"], {**COMPONENTS, **BLOCKS})
    [result] = outcome.results
    assert "Farmers in the valley" in result.text
    assert result.language == "English"
    assert result.links == [server + "flood-guide"]
    assert outcome.items[0]["text"] == result.text
    assert outcome.items[0]["blocks"] == result.to_dict()["blocks"]
    assert outcome.items[0]["blocks"] is not result.exported["blocks"]  # the item's own, to change at will
    stats = outcome.stats
    assert stats["boilerplate/pages"] == 1
    assert stats["boilerplate/items/reused"] == 1


@pytest_twisted.inlineCallbacks
def test_middleware_passes_non_html_untouched(crawl, server):
    urls = [server + name for name in ("image.png", "paper.pdf", "data.json", "article.html")]
    outcome = yield crawl(urls, COMPONENTS)
    assert sorted(result is None for result in outcome.results) == [False, True, True, True]
    assert outcome.stats["boilerplate/skipped/non_html"] == 3
    assert outcome.stats["boilerplate/pages"] == 1


@pytest_twisted.inlineCallbacks
def test_addon_enables_both_components(crawl, server):
    outcome = yield crawl([server + "article.html"], {"ADDONS": {Addon: 0}})
    assert outcome.results[0] is not None
    assert "Farmers in the valley" in outcome.items[0]["text"]
    assert outcome.stats["boilerplate/items/reused"] == 1
