"""BOILERPLATE_MARKDOWN_FIELD and BOILERPLATE_MAIN_HTML_FIELD in real crawls, in the crawl's process and in workers."""

from __future__ import annotations

import pytest
import pytest_twisted

from scrapy_boilerplate import BoilerplateMiddleware, BoilerplatePipeline

PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
MIDDLEWARE = {"DOWNLOADER_MIDDLEWARES": {BoilerplateMiddleware: 150}}
FIELDS = {"BOILERPLATE_MARKDOWN_FIELD": "markdown", "BOILERPLATE_MAIN_HTML_FIELD": "main_html"}
PAGES = ["article.html", "empty.html", "broken.html"]


@pytest_twisted.inlineCallbacks
def test_fields_are_absent_unless_set(crawl, server):
    outcome = yield crawl([server + "article.html"], PIPELINE)
    assert not {"markdown", "main_html"} & set(outcome.item_for("article.html"))


@pytest.mark.parametrize("setup", [PIPELINE, {**PIPELINE, **MIDDLEWARE}, {**PIPELINE, "BOILERPLATE_WORKERS": 2}],
                         ids=["pipeline", "middleware", "workers"])
@pytest_twisted.inlineCallbacks
def test_items_get_the_markdown_and_clean_html(crawl, server, setup):
    outcome = yield crawl([server + page for page in PAGES], {**setup, **FIELDS})
    article = outcome.item_for("article.html")
    assert article["markdown"].startswith("# River levels rise after a week of rain\n\nThe river that runs")
    assert f"[flood guide]({server}flood-guide)" in article["markdown"]
    assert article["main_html"].startswith("<h1>River levels rise after a week of rain</h1>")
    assert f'<a href="{server}flood-guide">flood guide</a>' in article["main_html"]
    assert "Most read" not in article["markdown"]
    assert outcome.item_for("empty.html")["markdown"] == ""
    broken = outcome.item_for("broken.html")
    if "boilerplate_error" in broken:  # the middleware classifies what the response's selector parsed
        assert broken["markdown"] == "" and broken["main_html"] == ""


@pytest.mark.parametrize("setup", [PIPELINE, {**PIPELINE, "BOILERPLATE_WORKERS": 1}], ids=["pipeline", "workers"])
@pytest_twisted.inlineCallbacks
def test_markdown_images_only_with_the_setting(crawl, server, setup):
    without = yield crawl([server + "article.html"], {**setup, **FIELDS})
    assert "![" not in without.item_for("article.html")["markdown"]
    outcome = yield crawl([server + "article.html"], {**setup, **FIELDS, "BOILERPLATE_MARKDOWN_IMAGES": True})
    item = outcome.item_for("article.html")
    assert f"\n\n![The river in flood]({server}river.jpg)\n\nAccording to" in item["markdown"]
    assert item["text"] == without.item_for("article.html")["text"]


@pytest_twisted.inlineCallbacks
def test_workers_render_exactly_as_the_crawls_process(crawl, server):
    urls = [server + page for page in PAGES]
    settings = {**FIELDS, "BOILERPLATE_ALGORITHM": "boilerpipe-article"}
    here = yield crawl(urls, {**PIPELINE, **settings})
    there = yield crawl(urls, {**PIPELINE, **settings, "BOILERPLATE_WORKERS": 1})
    for page in PAGES:
        assert there.item_for(page) == here.item_for(page)
