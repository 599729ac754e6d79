"""The downloader middleware: classify each HTML response that reaches a callback, once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scrapy.http import HtmlResponse, Request, Response

from .classifier import Classifier
from .page import RESULT_META_KEY

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.crawler import Crawler
    from typing_extensions import Self


class BoilerplateMiddleware:
    """Puts a :class:`~scrapy_boilerplate.components.PageResult` in ``response.meta["boilerplate_result"]``.

    Only responses that reach the callback are classified: 2xx ones, and
    those Scrapy's ``HttpErrorMiddleware`` lets through
    (``HTTPERROR_ALLOWED_CODES``, ``HTTPERROR_ALLOW_ALL``,
    ``handle_httpstatus_list``, ``handle_httpstatus_all``). In the crawl's
    process the page is classified on ``response.selector``, the tree the
    callback's selectors use too, so it is parsed once; with
    ``BOILERPLATE_WORKERS`` it is classified in a worker. Other responses
    (images, PDF, JSON, XML, plain text) pass untouched and are counted;
    pages above ``BOILERPLATE_MAX_PAGE_SIZE`` get a result with an error.
    A page whose body is not valid in the encoding it declares reaches the
    callback decoded in the encoding detected (``response.encoding`` says
    which; counted as ``boilerplate/charset/redetected``).
    """

    def __init__(self, classifier: Classifier, *, allowed_statuses: list[int], allow_all_statuses: bool) -> None:
        self.classifier = classifier
        self.allowed_statuses = allowed_statuses
        self.allow_all_statuses = allow_all_statuses

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(Classifier.of(crawler, "middleware"),
                   allowed_statuses=crawler.settings.getlist("HTTPERROR_ALLOWED_CODES"),
                   allow_all_statuses=crawler.settings.getbool("HTTPERROR_ALLOW_ALL"))

    async def process_response(self, request: Request, response: Response) -> Response:
        # A request copying another's meta (a retry, a follow-up) must not carry its result.
        request.meta.pop(RESULT_META_KEY, None)
        stats = self.classifier.stats
        if not isinstance(response, HtmlResponse):
            stats.inc_value("boilerplate/skipped/non_html")
        elif not reaches_callback(response.status, request.meta, self.classifier.crawler.spider,
                                  allowed_statuses=self.allowed_statuses, allow_all_statuses=self.allow_all_statuses):
            stats.inc_value("boilerplate/skipped/status")
        else:  # request.meta is response.meta once the response reaches the spider
            response = self.classifier.reader.redecoded(response)
            request.meta[RESULT_META_KEY] = await self.classifier.classify_response(response, request.meta)
        return response


def reaches_callback(status: int, meta: Mapping[str, Any], spider: Spider | type[Spider] | None, *,
                     allowed_statuses: list[int], allow_all_statuses: bool) -> bool:
    """Whether Scrapy's HttpErrorMiddleware lets a response of ``status`` through to the callback
    (``HTTPERROR_ALLOWED_CODES``, ``HTTPERROR_ALLOW_ALL``, ``handle_httpstatus_list``, ``handle_httpstatus_all``)."""
    if 200 <= status < 300:
        return True
    if meta.get("handle_httpstatus_all", False):
        return True
    if "handle_httpstatus_list" in meta:
        return status in meta["handle_httpstatus_list"]
    if allow_all_statuses:
        return True
    return status in getattr(spider, "handle_httpstatus_list", allowed_statuses)
