"""The downloader middleware: classify each HTML response once, for the callback and the pipeline."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.http import HtmlResponse, Request, Response

from .classifier import Classifier
from .page import RESULT_META_KEY

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from typing_extensions import Self


class BoilerplateMiddleware:
    """Puts a :class:`~scrapy_boilerplate.components.PageResult` in ``response.meta["boilerplate_result"]``.

    The page is classified on ``response.selector``, the tree the callback's
    selectors use too, so it is parsed once. Other responses (images, PDF,
    JSON, XML, plain text) pass untouched and are counted.
    """

    def __init__(self, classifier: Classifier) -> None:
        self.classifier = classifier
        classifier.prepare()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(Classifier.of(crawler))

    def process_response(self, request: Request, response: Response) -> Response:
        if not isinstance(response, HtmlResponse):
            self.classifier.crawler.stats.inc_value("boilerplate/skipped/non_html")
            return response
        result = self.classifier.classify(response.selector, url=response.url, meta=request.meta)
        request.meta[RESULT_META_KEY] = result  # response.meta once the response reaches the spider
        self.classifier.remember(response.text, result)
        return response
