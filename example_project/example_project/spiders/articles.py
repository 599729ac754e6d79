"""Crawl the bundled site from its start page into ``{url, title, language, text, blocks}`` records."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import scrapy
from scrapy.http import HtmlResponse, Response

from ..settings import SITE


class ArticlesSpider(scrapy.Spider):
    """Follows every link of the site; each HTML page becomes one record.

    The middleware's result (``response.meta["boilerplate_result"]``) lists the
    links inside the main text; the spider logs them to show what a spider
    following content links only would follow.
    """

    name = "articles"
    #: The first page, relative to the site; only links under its folder are followed.
    start_page = "index.html"

    async def start(self) -> AsyncIterator[scrapy.Request]:
        yield scrapy.Request((SITE / self.start_page).as_uri())

    def parse(self, response: Response) -> Iterator[Any]:
        if not isinstance(response, HtmlResponse):
            return  # the middleware let it through untouched and counted it
        result = response.meta["boilerplate_result"]
        self.logger.info("%s: %d links in the main text", response.url, len(result.links))
        yield {
            "url": response.url,
            "title": response.css("title::text").get("").strip(),
            "html": response.text,  # the pipeline turns it into text, blocks and language
        }
        section = (SITE / self.start_page).parent.as_uri() + "/"
        for request in response.follow_all(css="a[href]"):
            if request.url.startswith(section):
                yield request
