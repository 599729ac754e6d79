"""Shared fixtures: a local HTTP server with hand-written pages, and running real crawls."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from scrapy import Spider, signals
from scrapy.crawler import Crawler
from scrapy.http import HtmlResponse
from twisted.internet import defer
from twisted.web.resource import Resource
from twisted.web.server import Site

# The gate of a change runs the same examples every time; runs elsewhere explore new ones.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

_NAV = """<div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li>
<li><a href="/sport">Sport</a></li><li><a href="/contact">Contact</a></li></ul></div>"""
_FOOTER = """<div id="footer"><p>&copy; 2024 Example Media. <a href="/privacy">Privacy</a>
<a href="/terms">Terms</a></p></div>"""

ARTICLE = f"""<!DOCTYPE html><html><head><title>River levels</title></head><body>
{_NAV}
<div id="content"><h1>River levels rise after a week of rain</h1>
<p>The river that runs through the old town rose by almost two metres over the weekend, and the
authorities have asked the people who live along its banks to move their cars to higher ground.</p>
<figure><img src="/river.jpg" alt="The river in flood"></figure>
<p>According to the regional water office, the level is expected to peak on Tuesday evening. Several
bridges have been closed, and the ferry that connects the two halves of the town is not running
until further notice. Read the <a href="/flood-guide">flood guide</a> for what to do.</p>
<p>Farmers in the valley said that the rain came at the worst possible moment, just as they were about
to bring in the last of the harvest, and that many of their fields are now under water.</p>
</div>
<div id="sidebar"><h3>Most read</h3><ul><li><a href="/a">Ten things to do</a></li>
<li><a href="/b">Weather</a></li><li><a href="/c">Traffic</a></li></ul></div>
{_FOOTER}</body></html>"""

GERMAN = f"""<!DOCTYPE html><html><head><title>Hochwasser</title></head><body>
{_NAV}
<div id="content"><h1>Der Fluss steigt weiter</h1>
<p>Nach einer Woche mit starkem Regen ist der Pegel des Flusses in der Altstadt um fast zwei Meter
gestiegen, und die Behörden haben die Anwohner gebeten, ihre Autos auf höher gelegene Flächen zu
bringen, weil das Wasser in der Nacht noch weiter steigen wird.</p>
<p>Nach Angaben des Wasseramtes wird der Höchststand am Dienstagabend erwartet. Mehrere Brücken sind
gesperrt, und die Fähre, die die beiden Hälften der Stadt verbindet, fährt bis auf Weiteres nicht.</p>
</div>
{_FOOTER}</body></html>"""

#: Binary data served as text/html: the engine refuses it.
BROKEN = bytes(range(256)) * 16

PNG = b"\x89PNG\r\n\x1a\n" + bytes(200)
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"
JSON = b'{"title": "River levels", "text": "not HTML"}'

#: path -> (content type, body)
PAGES: dict[str, tuple[str, bytes]] = {
    "article.html": ("text/html; charset=utf-8", ARTICLE.encode()),
    "german.html": ("text/html; charset=utf-8", GERMAN.encode()),
    "empty.html": ("text/html; charset=utf-8", b"<html><body><div id='nav'><a href='/'>Home</a></div></body></html>"),
    "broken.html": ("text/html", BROKEN),
    "image.png": ("image/png", PNG),
    "paper.pdf": ("application/pdf", PDF),
    "data.json": ("application/json", JSON),
    # An element with 40,000 attributes, which libxml2 alone parses in seconds (test_bad_input.py).
    "crowded.html": ("text/html; charset=utf-8", ARTICLE.replace(
        "<body>", "<body " + " ".join(f'data-a{n}=""' for n in range(40_000)) + ">", 1).encode()),
}


class Page(Resource):
    isLeaf = True

    def __init__(self, content_type: str, body: bytes) -> None:
        super().__init__()
        self.content_type = content_type.encode()
        self.body = body

    def render_GET(self, request) -> bytes:
        request.setHeader(b"content-type", self.content_type)
        return self.body


def children(pid: int | None = None) -> set[int]:
    """The processes this one (or ``pid``) started that are still there (a zombie too): its workers."""
    found: set[int] = set()
    for thread in Path(f"/proc/{pid or os.getpid()}/task").iterdir():
        try:
            found.update(int(child) for child in (thread / "children").read_text().split())
        except FileNotFoundError:  # a thread that has ended since (its children go to another)
            pass
    return found


def serve(pages: dict[str, tuple[str, bytes]]):
    """Listen on a free port of 127.0.0.1 serving ``pages``; the listening port."""
    from twisted.internet import reactor

    root = Resource()
    for path, (content_type, body) in pages.items():
        root.putChild(path.encode(), Page(content_type, body))
    return reactor.listenTCP(0, Site(root), interface="127.0.0.1")


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/``) of a server serving :data:`PAGES`."""
    port = serve(PAGES)
    yield f"http://127.0.0.1:{port.getHost().port}/"
    port.stopListening()


class PageSpider(Spider):
    """Yields one ``{url, html}`` item (of ``item_class``) per response; ``request_meta`` goes on each request.

    ``html`` is ``response.text``, or with ``raw_html`` the undecoded ``response.body``.
    """

    name = "pages"
    item_class: Any = dict
    raw_html = False
    request_meta: dict[str, Any] = {}

    async def start(self):
        for url in self.start_urls:
            yield self.request(url)

    def request(self, url: str):
        from scrapy import Request

        return Request(url, meta=dict(self.request_meta), dont_filter=True)

    def parse(self, response):
        self.results.append(response.meta.get("boilerplate_result"))
        if isinstance(response, HtmlResponse):
            yield self.item_class(url=response.url, html=response.body if self.raw_html else response.text)


@dataclass
class CrawlOutcome:
    crawler: Crawler
    items: list[Any] = field(default_factory=list)
    dropped: list[tuple[Any, str]] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)

    @property
    def stats(self) -> dict[str, Any]:
        return self.crawler.stats.get_stats()

    def item_for(self, name: str) -> Any:
        return next(item for item in self.items if dict(item)["url"].endswith(name))


BASE_SETTINGS = {
    "LOG_LEVEL": "INFO",
    "TELNETCONSOLE_ENABLED": False,
    "ROBOTSTXT_OBEY": False,
    "HTTPERROR_ALLOW_ALL": True,
}


@defer.inlineCallbacks
def run_crawl(urls: list[str], settings: dict[str, Any], spidercls: type[Spider] = PageSpider,
              **spider_attributes: Any):
    """Crawl ``urls`` through Scrapy's engine; a :class:`CrawlOutcome` once the crawl finished."""
    crawler = Crawler(spidercls, {**BASE_SETTINGS, **settings})
    outcome = CrawlOutcome(crawler)
    crawler.signals.connect(lambda item: outcome.items.append(item), signal=signals.item_scraped, weak=False)
    crawler.signals.connect(lambda item, exception: outcome.dropped.append((item, str(exception))),
                            signal=signals.item_dropped, weak=False)
    yield crawler.crawl(start_urls=urls, results=outcome.results, **spider_attributes)
    return outcome


@pytest.fixture
def crawl():
    """:func:`run_crawl`, for the tests."""
    return run_crawl
