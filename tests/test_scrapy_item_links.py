"""Items get their own response's result, never another's, in real crawls against the local server: with
the add-on (BoilerplateItemMiddleware links them), and without the item middleware (classified again)."""

from __future__ import annotations

import gc
import logging
import weakref

import pytest
import pytest_twisted
import scrapy
from conftest import ARTICLE, GERMAN
from scrapy import Request, Spider
from scrapy.exceptions import DropItem

from scrapy_boilerplate import Addon, BoilerplateMiddleware, BoilerplatePipeline
from scrapy_boilerplate.components.classifier import Classifier

ADDON = {"ADDONS": {Addon: 0}}
MANUAL = {"DOWNLOADER_MIDDLEWARES": {BoilerplateMiddleware: 150}, "ITEM_PIPELINES": {BoilerplatePipeline: 100}}
GERMAN_STOPLIST = {"boilerplate": {"stoplist": "German"}}


class TwinSpider(Spider):
    """Fetches each URL of ``start_urls``, the first with the German stoplist in its meta; each
    response's item carries its ``response.text`` (``response.body`` with ``raw_html``)."""

    name = "twins"
    raw_html = False

    async def start(self):
        for number, url in enumerate(self.start_urls):
            yield Request(url, meta=dict(GERMAN_STOPLIST) if number == 0 else {}, dont_filter=True)

    def parse(self, response):
        yield {"url": response.url, "html": response.body if self.raw_html else response.text}


class OneBody:
    """A downloader middleware giving every response the very same body object, as a cache could."""

    body = ARTICLE.encode()

    def process_response(self, request, response):
        return response.replace(body=self.body)


@pytest.fixture(scope="module")
def site():
    """An article under two URLs, byte for byte the same, and a German page."""
    from conftest import serve

    page = ("text/html; charset=utf-8", ARTICLE.encode())
    port = serve({"one.html": page, "two.html": page, "german.html": ("text/html; charset=utf-8", GERMAN.encode())})
    yield f"http://127.0.0.1:{port.getHost().port}/"
    port.stopListening()


@pytest_twisted.inlineCallbacks
def test_each_item_reuses_its_own_responses_result(crawl, site):
    urls = [f"{site}one.html?{number}" for number in range(10)]
    outcome = yield crawl(urls, ADDON)
    assert len(outcome.items) == 10
    assert all("Farmers in the valley" in item["text"] for item in outcome.items)
    # Each page extracted once, by the middleware; each item got that extraction.
    assert outcome.stats["boilerplate/pages"] == 10
    assert outcome.stats["boilerplate/items/reused"] == 10


@pytest.mark.parametrize("raw_html", [False, True], ids=["text", "body"])
@pytest.mark.parametrize("shared_body", [False, True], ids=["own bodies", "one body object"])
@pytest_twisted.inlineCallbacks
def test_two_pages_with_the_same_html_keep_their_own_results(crawl, site, raw_html, shared_body):
    """The same HTML under two URLs, classified with two stoplists: each item gets its own
    request's, even when both responses hold the very same body object."""
    settings = {**ADDON, "CONCURRENT_REQUESTS": 2}
    if shared_body:
        settings["DOWNLOADER_MIDDLEWARES"] = {OneBody: 200}  # its responses reach the plugin's middleware (150)
    outcome = yield crawl([site + "one.html", site + "two.html"], settings, TwinSpider, raw_html=raw_html)
    # An English article read with German stop words has no good block.
    assert (outcome.item_for("one.html")["language"], outcome.item_for("one.html")["text"]) == ("German", "")
    assert outcome.item_for("two.html")["language"] == "English"
    assert "Farmers in the valley" in outcome.item_for("two.html")["text"]
    assert outcome.stats["boilerplate/pages"] == 2 and outcome.stats["boilerplate/items/reused"] == 2


class CarryOverSpider(Spider):
    """Keeps the item of the first page (German stoplist in its meta) and yields it from the
    German page's callback, once the first response is gone."""

    name = "carry-over"

    async def start(self):
        yield Request(self.base + "one.html", meta=dict(GERMAN_STOPLIST), callback=self.parse_first)

    def parse_first(self, response):
        self.kept = {"url": response.url, "html": response.text}
        self.first = weakref.ref(response)
        yield Request(self.base + "german.html", callback=self.parse_second)

    def parse_second(self, response):
        gc.collect()
        self.first_response_alive = self.first() is not None
        yield self.kept
        yield {"url": response.url, "html": response.text}


@pytest_twisted.inlineCallbacks
def test_an_item_yielded_after_its_response_is_gone_is_classified_again(crawl, site):
    outcome = yield crawl([], ADDON, CarryOverSpider, base=site)
    assert outcome.crawler.spider.first_response_alive is False
    kept = outcome.item_for("one.html")
    # Its own page (not the German page whose callback yielded it), with the settings' stoplist.
    assert "Farmers in the valley" in kept["text"] and kept["language"] == "English"
    assert "Fähre" in outcome.item_for("german.html")["text"]
    assert outcome.stats["boilerplate/pages"] == 3 and outcome.stats["boilerplate/items/reused"] == 1


class ToGerman:
    """A pipeline before the plugin's that puts other HTML in the item."""

    def process_item(self, item):
        item["html"] = GERMAN
        return item


@pytest_twisted.inlineCallbacks
def test_an_item_whose_html_a_pipeline_changed_gets_that_htmls_result(crawl, site):
    outcome = yield crawl([site + "one.html"], {**ADDON, "ITEM_PIPELINES": {ToGerman: 50}}, TwinSpider)
    [item] = outcome.items
    assert "Fähre" in item["text"] and "Farmers" not in item["text"]
    assert outcome.stats["boilerplate/pages"] == 2 and "boilerplate/items/reused" not in outcome.stats


@pytest_twisted.inlineCallbacks
def test_without_the_item_middleware_the_pipeline_classifies_items_again(crawl, site, caplog):
    with caplog.at_level(logging.WARNING):
        outcome = yield crawl([site + "one.html", site + "two.html"], MANUAL, TwinSpider)
    # Each item's HTML classified again, with the settings: the first request's German stoplist is not its.
    assert [item["language"] for item in outcome.items] == ["English", "English"]
    assert all("Farmers in the valley" in item["text"] for item in outcome.items)
    assert outcome.stats["boilerplate/pages"] == 4 and "boilerplate/items/reused" not in outcome.stats
    assert caplog.text.count("without BoilerplateItemMiddleware") == 1


class ManyPagesSpider(Spider):
    """One page per start URL, its item (a ``scrapy.Item``, which can be weakly referenced)
    carrying ``response.text``; at every 20th page, notes the links pending once the garbage
    the crawl left (responses among it: each is in a cycle with its selector) is collected."""

    name = "many-pages"

    async def start(self):
        for url in self.start_urls:
            yield Request(url, dont_filter=True)

    def parse(self, response):
        if int(response.url.rsplit("=", 1)[1]) % 20 == 0:
            gc.collect()
            self.pending.append(len(Classifier.of(self.crawler).item_links))
        item = PageItem(url=response.url, html=response.text)
        self.items.append(weakref.ref(item))
        yield item


class PageItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()
    text = scrapy.Field()
    language = scrapy.Field()


class DropEveryOther:
    """A pipeline before the plugin's: the items of even-numbered pages never reach it."""

    def process_item(self, item):
        if int(item["url"].rsplit("=", 1)[1]) % 2 == 0:
            raise DropItem("even")
        return item


class SwallowEveryThird:
    """A spider middleware after the item middleware: some items never reach the pipelines."""

    async def process_spider_output(self, response, result):
        async for item_or_request in result:
            if isinstance(item_or_request, Request) or int(item_or_request["url"].rsplit("=", 1)[1]) % 3:
                yield item_or_request


@pytest_twisted.inlineCallbacks
def test_links_last_no_longer_than_their_responses_in_a_long_crawl(crawl, site):
    """Items dropped before the plugin's pipeline, or swallowed on their way to it, leave no link
    past their response: the links pending stay a handful however many pages, and none is left."""
    pages = 400
    urls = [f"{site}one.html?n={number}" for number in range(pages)]
    # Drops logged below the capture's level: pytest keeps the records it captures, and a drop's
    # record holds the exception, whose traceback holds the response.
    settings = {**ADDON, "ITEM_PIPELINES": {DropEveryOther: 50}, "SPIDER_MIDDLEWARES": {SwallowEveryThird: 5},
                "CONCURRENT_REQUESTS": 8, "LOG_LEVEL": "WARNING", "DEFAULT_DROPITEM_LOG_LEVEL": "DEBUG"}
    pending: list[int] = []
    items: list[weakref.ref] = []
    outcome = yield crawl(urls, settings, ManyPagesSpider, pending=pending, items=items)
    kept = [number for number in range(pages) if number % 2 and number % 3]
    assert sorted(int(item["url"].rsplit("=", 1)[1]) for item in outcome.items) == kept
    assert outcome.stats["boilerplate/pages"] == pages and outcome.stats["boilerplate/items/reused"] == len(kept)
    # At most the items of the pages being downloaded or scraped (8 at once) are linked.
    assert len(pending) == pages // 20 and max(pending) <= 2 * 8
    outcome.items.clear()
    outcome.dropped.clear()
    gc.collect()
    assert len(Classifier.of(outcome.crawler).item_links) == 0
    assert all(item() is None for item in items)  # none is kept alive by a link
