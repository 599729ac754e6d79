"""What of a page the crawl reads: a response or an item's HTML refused when too large or binary, and
decoded again, counted, when its body is not valid in the encoding it declares."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..errors import PageTooLarge
from ..html.parse import redetect, refuse_binary, refuse_too_large, text_of

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import TextResponse

logger = logging.getLogger(__name__)

#: The setting that :meth:`PageReader.refuse_response` and :meth:`PageReader.item_text` name for a page too large.
MAX_PAGE_SIZE_SETTING = "BOILERPLATE_MAX_PAGE_SIZE"


class PageReader:
    """Reads responses and items' HTML for a crawler, up to ``max_page_size`` bytes (0: no limit).

    A page decoded in another encoding than the one it declares is counted as
    ``boilerplate/charset/redetected`` and logged at debug level.
    """

    def __init__(self, crawler: Crawler, max_page_size: int) -> None:
        self.crawler = crawler
        self.max_page_size = max_page_size

    def redecoded(self, response: TextResponse) -> TextResponse:
        """``response``, or a copy decoded in the encoding detected when its body is not valid in
        the one it declares (Scrapy's ``response.text`` then holds replacement characters where
        the page has letters: see :func:`~scrapy_boilerplate.html.parse.redetect`).
        A page above the size limit is left as it is: it is not read."""
        try:
            refuse_too_large(response.body, self.max_page_size, MAX_PAGE_SIZE_SETTING)
        except PageTooLarge:
            return response
        detected = redetect(response.body, response.encoding, response.text)
        if detected is None:
            return response
        self._count_redetected(response.url, response.encoding, detected)
        return response.replace(encoding=detected)

    def refuse_response(self, response: TextResponse) -> None:
        """Raise :class:`~scrapy_boilerplate.PageTooLarge` for a response above the size limit and
        :class:`~scrapy_boilerplate.ExtractionError` for binary data, in its body or its text: what
        :meth:`item_text` refuses of the same page as bytes or as text."""
        refuse_too_large(response.body, self.max_page_size, MAX_PAGE_SIZE_SETTING)
        refuse_binary(response.body)
        refuse_binary(response.text, decoded=True)

    def item_text(self, html: str | bytes, url: str) -> str:
        """An item's HTML as text: bytes decoded as :func:`~scrapy_boilerplate.html.parse.text_of`
        decodes them. Raises what :meth:`refuse_response` raises."""
        refuse_too_large(html, self.max_page_size, MAX_PAGE_SIZE_SETTING)
        decoded = text_of(html)
        if decoded.redetected is not None:
            self._count_redetected(url, None, decoded.redetected)
        return decoded.text

    def _count_redetected(self, url: str, declared: str | None, detected: str) -> None:
        self.crawler.stats.inc_value("boilerplate/charset/redetected")
        logger.debug("%s is not valid in the encoding it declares%s: read as %s", url,
                     f" ({declared})" if declared else "", detected, extra={"spider": self.crawler.spider})
