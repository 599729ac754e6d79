"""algorithm="learned" through Scrapy: selected in a spider's custom_settings, in real crawls,
in the crawl's process and in worker processes (public settings only)."""

from __future__ import annotations

import pytest_twisted
from conftest import ARTICLE, PageSpider

from scrapy_boilerplate import BoilerplatePipeline, extract

PAGES = ["article.html", "german.html", "empty.html"]


class LearnedSpider(PageSpider):
    name = "learned"
    custom_settings = {
        "ITEM_PIPELINES": {BoilerplatePipeline: 100},
        "BOILERPLATE_ALGORITHM": "learned",
    }


@pytest_twisted.inlineCallbacks
def test_learned_in_custom_settings_through_the_pipeline_and_the_workers(crawl, server):
    urls = [server + page for page in PAGES]
    here = yield crawl(urls, {}, spidercls=LearnedSpider)
    there = yield crawl(urls, {"BOILERPLATE_WORKERS": 2}, spidercls=LearnedSpider)
    article = here.item_for("article.html")
    assert article["text"] == extract(ARTICLE, algorithm="learned").text
    assert "Farmers in the valley" in article["text"] and "Privacy" not in article["text"]
    assert here.item_for("german.html")["language"] == "German"
    for page in PAGES:
        assert there.item_for(page) == here.item_for(page)


@pytest_twisted.inlineCallbacks
def test_learned_threshold_from_the_settings(crawl, server):
    urls = [server + "article.html"]
    strict = yield crawl(urls, {"BOILERPLATE_THRESHOLD": 1.0}, spidercls=LearnedSpider)
    assert strict.item_for("article.html")["text"] == extract(ARTICLE, algorithm="learned", threshold=1.0).text
