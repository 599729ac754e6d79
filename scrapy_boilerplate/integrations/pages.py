"""A web-poet page object for scrapy-poet users: ask for ``page: BoilerplateArticlePage``, get an ``Article``.

    class NewsSpider(scrapy.Spider):
        custom_settings = {"ADDONS": {"scrapy_poet.Addon": 300}}

        async def parse(self, response, page: BoilerplateArticlePage):
            yield await page.to_item()
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from web_poet import WebPage
from zyte_common_items import Article

from ..api import extract
from .articles import to_article


@attrs.define
class BoilerplateArticlePage(WebPage[Article]):
    """The ``Article`` of the page: its main text and clean HTML by ``algorithm`` (with ``options``,
    option names to values), its headline, authors, dates and the like by the page's metadata.

    Subclass it to choose another algorithm or options, or to correct a field.
    """

    algorithm: ClassVar[str] = "justext"
    options: ClassVar[dict[str, Any]] = {}

    async def to_item(self) -> Article:
        url = str(self.response.url)
        extraction = extract(self.response.selector, url=url, algorithm=self.algorithm, **self.options)
        return to_article(extraction, url, self.item_cls)
