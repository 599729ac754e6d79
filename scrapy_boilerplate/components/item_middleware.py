"""The spider middleware: an item a callback yields with its response's own HTML gets that response's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from itemadapter import ItemAdapter
from scrapy.http import Request

from .classifier import Classifier
from .page import RESULT_META_KEY, PageResult

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from typing_extensions import Self


class BoilerplateItemMiddleware:
    """Links each item whose HTML field holds the very ``response.text`` or ``response.body`` of the
    response its callback got to the :class:`~scrapy_boilerplate.components.PageResult` that
    :class:`~scrapy_boilerplate.BoilerplateMiddleware` made of that response.

    :class:`~scrapy_boilerplate.BoilerplatePipeline` then fills the item from
    that result (made with the request's options) instead of classifying the
    page again (``boilerplate/items/reused``). Other items (HTML of another
    response, or taken apart by the callback) are classified by the pipeline
    with the settings. It links nothing when the pipeline is not enabled.
    """

    def __init__(self, classifier: Classifier) -> None:
        self.classifier = classifier

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(Classifier.of(crawler, "item middleware"))

    async def process_spider_output(self, response: Response, result: AsyncIterator[Any]) -> AsyncIterator[Any]:
        page = response.meta.get(RESULT_META_KEY) if self.classifier.pipeline_enabled else None
        if not isinstance(page, PageResult):  # not classified (an image, an error page)
            async for item_or_request in result:
                yield item_or_request
            return
        links = self.classifier.item_links
        async for item_or_request in result:
            html = self._own_html(response, item_or_request)
            if html is not None:
                links.link(response, item_or_request, html, page)
            yield item_or_request

    def _own_html(self, response: Response, item: Any) -> str | bytes | None:
        """The HTML ``item`` carries when it is ``response``'s own text or body (the very object)."""
        if isinstance(item, Request) or not ItemAdapter.is_item(item):
            return None
        html = ItemAdapter(item).get(self.classifier.settings.html_field)
        if isinstance(html, (str, bytes)) and (html is response.body or html is getattr(response, "text", None)):
            return html
        return None
