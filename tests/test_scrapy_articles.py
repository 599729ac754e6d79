"""Article records in real crawls: metadata item fields, zyte-common-items ``Article`` items, the
scrapy-poet page object, and bad metadata counted, not breaking an item."""

from __future__ import annotations

import json

import attrs
import pytest
import pytest_twisted
import scrapy
from conftest import ARTICLE, PageSpider, serve
from itemadapter import ItemAdapter
from scrapy import Spider
from scrapy.settings import Settings

from scrapy_boilerplate import Addon
from scrapy_boilerplate.components import BoilerplateSettings, SettingError

ADDON = {"ADDONS": {Addon: 0}}

STORY = {
    "@context": "https://schema.org", "@type": "NewsArticle",
    "headline": "River levels rise after a week of rain",
    "author": [{"@type": "Person", "name": "Jane Doe"}, {"@type": "Person", "name": "John Smith"}],
    "datePublished": "2024-05-01T08:30:00+02:00", "dateModified": "2024-05-02T10:00:00Z",
    "image": "/img/river.jpg", "description": "The river rose by two metres.",
}
HEAD = (f'<script type="application/ld+json">{json.dumps(STORY)}</script>'
        '<meta property="og:site_name" content="Example Media"><link rel="canonical" href="/news/river">')
NEWS = ARTICLE.replace("<title>River levels</title>", "<title>River levels | Example Media</title>" + HEAD)
#: Metadata no item should carry: broken JSON-LD, a relative date, year 0, a huge description.
BAD = ARTICLE.replace("<title>River levels</title>", (
    '<title>River levels</title><script type="application/ld+json">{"@type": "NewsArticle", "headline": </script>'
    '<meta property="article:published_time" content="yesterday">'
    '<meta property="article:modified_time" content="0000-01-01T00:00:00">'
    f'<meta name="description" content="{"word " * 50_000}">'))
PAGES = {"news.html": ("text/html; charset=utf-8", NEWS.encode()),
         "bad.html": ("text/html; charset=utf-8", BAD.encode())}


@pytest.fixture(scope="module")
def site():
    port = serve(PAGES)
    yield f"http://127.0.0.1:{port.getHost().port}/"
    port.stopListening()


@pytest.mark.parametrize("workers", [0, 1])
@pytest_twisted.inlineCallbacks
def test_items_get_the_metadata_fields(crawl, site, workers):
    outcome = yield crawl([site + "news.html"], {**ADDON, "BOILERPLATE_WORKERS": workers})
    [item] = outcome.items
    assert item["title"] == "River levels rise after a week of rain"
    assert item["authors"] == ["Jane Doe", "John Smith"]
    assert (item["date_published"], item["date_modified"]) == ("2024-05-01T08:30:00+02:00", "2024-05-02T10:00:00+00:00")
    assert item["site_name"] == "Example Media" and item["language_code"] == "en" and item["language"] == "English"
    assert item["canonical_url"] == site + "news/river" and item["image"] == site + "img/river.jpg"
    assert outcome.results[0].metadata.title == item["title"]


@pytest_twisted.inlineCallbacks
def test_field_names_are_settings_and_metadata_can_be_off(crawl, site):
    renamed = yield crawl([site + "news.html"], {**ADDON, "BOILERPLATE_TITLE_FIELD": "headline",
                                                 "BOILERPLATE_AUTHORS_FIELD": None})
    [item] = renamed.items
    assert item["headline"] == "River levels rise after a week of rain" and "authors" not in item
    off = yield crawl([site + "news.html"], {**ADDON, "BOILERPLATE_METADATA": "False"})
    [item] = off.items
    assert not {"title", "authors", "date_published", "language_code"} & set(item) and item["text"]
    assert off.results[0].metadata is None


@pytest_twisted.inlineCallbacks
def test_bad_metadata_is_counted_and_the_item_kept(crawl, site):
    outcome = yield crawl([site + "bad.html"], ADDON)
    [item] = outcome.items
    assert "Farmers in the valley" in item["text"]
    assert item["date_published"] is None and item["date_modified"] is None
    assert item["title"] == "River levels rise after a week of rain"
    assert len(item["description"]) < 2100
    stats = outcome.stats
    assert stats["boilerplate/metadata/invalid"] == 1
    for name in ("json_ld", "date_published", "date_modified", "description"):
        assert stats[f"boilerplate/metadata/invalid/{name}"] == 1


@pytest.mark.parametrize("value", ["os.path.join", "no.such.Item", "zyte_common_items.Product", 3])
def test_item_class_is_checked_at_start_up(value):
    pytest.importorskip("zyte_common_items")
    with pytest.raises(SettingError, match="BOILERPLATE_ITEM_CLASS"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_ITEM_CLASS": value}))


@pytest.mark.parametrize("workers", [0, 1])
@pytest_twisted.inlineCallbacks
def test_crawl_into_zyte_common_items_articles(crawl, site, workers):
    zyte = pytest.importorskip("zyte_common_items")
    outcome = yield crawl([site + "news.html", site + "bad.html"],
                          {**ADDON, "BOILERPLATE_ITEM_CLASS": "zyte_common_items.Article",
                           "BOILERPLATE_WORKERS": workers})
    assert len(outcome.items) == 2
    article = next(item for item in outcome.items if item.url.endswith("news.html"))
    assert type(article) is zyte.Article
    # zyte-common-items' own classes read the item back from its JSON export, empty fields left out
    def export(item):
        return {name: value for name, value in json.loads(json.dumps(ItemAdapter(item).asdict())).items()
                if value not in (None, [])}

    assert export(zyte.Article.from_dict(export(article))) == export(article)
    assert article.headline == "River levels rise after a week of rain"
    assert [author.name for author in article.authors] == ["Jane Doe", "John Smith"]
    assert article.datePublished == "2024-05-01T08:30:00+02:00" and article.inLanguage == "en"
    assert article.articleBody.startswith("River levels rise after a week of rain\nThe river that runs")
    assert article.articleBodyHtml.startswith("<h1>River levels rise") and "<p>Farmers" in article.articleBodyHtml
    assert article.mainImage == zyte.Image(url=site + "img/river.jpg")
    assert article.canonicalUrl == site + "news/river" and article.description == "The river rose by two metres."
    assert 0.5 < article.metadata.probability < 1  # the page type classifier's, read in the worker too
    bad = next(item for item in outcome.items if item.url.endswith("bad.html"))
    assert bad.datePublished is None and bad.authors is None and 0 < bad.metadata.probability < 1


def _article_with_html():
    zyte = pytest.importorskip("zyte_common_items")

    @attrs.define(kw_only=True)
    class ArticleWithHtml(zyte.Article):
        html: str | None = None

    return ArticleWithHtml


@pytest_twisted.inlineCallbacks
def test_an_article_item_with_html_is_filled(crawl, site):
    item_class = _article_with_html()
    outcome = yield crawl([site + "news.html"], ADDON, PageSpider, item_class=item_class)
    [article] = outcome.items
    assert type(article) is item_class and article.html is None  # BOILERPLATE_KEEP_HTML is off
    assert article.headline == "River levels rise after a week of rain" and "Farmers" in article.articleBody


class PoetSpider(Spider):
    name = "poet"

    async def start(self):
        from scrapy import Request

        for url in self.start_urls:
            yield Request(url)

    async def parse(self, response, page: "BoilerplateArticlePage"):  # noqa: F821 -- resolved below
        yield await page.to_item()


@pytest_twisted.inlineCallbacks
def test_scrapy_poet_injects_the_article_page(crawl, site):
    pytest.importorskip("scrapy_poet", reason="scrapy-poet is not installed (the [articles] extra)")
    from zyte_common_items import Article

    from scrapy_boilerplate.integrations.pages import BoilerplateArticlePage

    PoetSpider.parse.__annotations__["page"] = BoilerplateArticlePage
    outcome = yield crawl([site + "news.html"], {"ADDONS": {"scrapy_poet.Addon": 300}}, PoetSpider)
    [article] = outcome.items
    assert type(article) is Article and article.url == site + "news.html"
    assert article.headline == "River levels rise after a week of rain"
    assert [author.name for author in article.authors] == ["Jane Doe", "John Smith"]
    assert "Farmers in the valley" in article.articleBody and article.articleBodyHtml.startswith("<h1>")


class PlainItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()
    text = scrapy.Field()
    language = scrapy.Field()


@pytest_twisted.inlineCallbacks
def test_item_classes_without_the_metadata_fields(crawl, site):
    # Written before the metadata: its items get what they declare, and no report.
    quiet = yield crawl([site + "news.html"], ADDON, PageSpider, item_class=PlainItem)
    [item] = quiet.items
    assert set(item) == {"url", "text", "language"} and "boilerplate/items/missing_fields" not in quiet.stats
    # A metadata field named by a setting is wanted: its absence from the class is reported.
    asked = yield crawl([site + "news.html"], {**ADDON, "BOILERPLATE_TITLE_FIELD": "headline"}, PageSpider,
                        item_class=PlainItem)
    assert asked.stats["boilerplate/items/missing_fields"] == 1


class TitledSpider(PageSpider):
    def parse(self, response):
        for item in super().parse(response):
            yield {**item, "title": "The spider's own title"}


@pytest_twisted.inlineCallbacks
def test_a_value_the_spider_set_stays(crawl, site):
    outcome = yield crawl([site + "news.html"], ADDON, TitledSpider)
    [item] = outcome.items
    assert item["title"] == "The spider's own title" and item["authors"] == ["Jane Doe", "John Smith"]
