"""The per-crawler state the middleware and the pipeline share: settings, stats, recent results."""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lxml import etree
from scrapy import signals
from scrapy.exceptions import CloseSpider
from scrapy.utils.defer import maybe_deferred_to_future

from .. import algorithms
from ..api import extract
from ..document import utf8_body
from ..errors import BoilerplateError, ExtractionError
from ..options import Options
from ..result import GOOD, Extraction
from .page import PageResult
from .settings import OPTIONS_META_KEY, BoilerplateSettings, SettingError, read_options
from .workers import WorkerError, WorkerPool, WorkersUnavailable

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

#: ``finish_reason`` of a crawl closed at start-up because of an invalid setting.
INVALID_SETTINGS_REASON = "boilerplate_invalid_settings"

_BY_CRAWLER: weakref.WeakKeyDictionary[Crawler, Classifier] = weakref.WeakKeyDictionary()


class Classifier:
    """Classifies pages for one crawler, with its settings, and records stats.

    The middleware and the pipeline of a crawler share one instance (see
    :meth:`of`), so that the settings are validated once and an item carrying
    HTML the middleware already classified reuses that result.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.error: SettingError | None = None
        try:
            self.settings = BoilerplateSettings.from_settings(crawler.settings)
        except SettingError as error:
            self.error = error
        self._options: dict[Any, tuple[str, Options] | SettingError] = {}
        # HTML text -> result, alive as long as the response's meta holds the result.
        self._recent: weakref.WeakValueDictionary[str, PageResult] = weakref.WeakValueDictionary()
        crawler.signals.connect(self._check_settings, signal=signals.spider_opened)

    @classmethod
    def of(cls, crawler: Crawler) -> Classifier:
        """The crawler's classifier, created at the first call."""
        if crawler not in _BY_CRAWLER:
            _BY_CRAWLER[crawler] = cls(crawler)
        return _BY_CRAWLER[crawler]

    def prepare(self) -> None:
        """Load what classifying in this process needs (the stoplists), so that the first page does not wait."""
        if self.error is None:
            algorithms.get(self.settings.algorithm).prepare(self.settings.options)

    def _check_settings(self) -> None:
        # CloseSpider from a spider_opened handler stops the crawl before any
        # request, with a finish reason instead of a traceback.
        if self.error is not None:
            logger.error("%s: the crawl does not start", self.error, extra={"spider": self.crawler.spider})
            raise CloseSpider(INVALID_SETTINGS_REASON)

    def options_for(self, meta: Mapping[str, Any] | None) -> tuple[str, Options]:
        """The algorithm and options for a request: the crawler's, with ``meta["boilerplate"]`` over them.

        Raises :class:`SettingError` naming the meta key for an invalid value.
        """
        overrides = (meta or {}).get(OPTIONS_META_KEY)
        if not overrides:
            return self.settings.algorithm, self.settings.options
        try:
            key: Any = tuple(sorted(overrides.items()))
            hash(key)
        except (AttributeError, TypeError):
            key = None  # unhashable values (a list of stop words): not cached
        cached = self._options.get(key) if key is not None else None
        if cached is None:
            try:
                cached = self._resolve(overrides)
            except SettingError as error:
                cached = error
            if key is not None:
                self._options[key] = cached
        if isinstance(cached, SettingError):
            raise cached
        return cached

    def _resolve(self, overrides: Any) -> tuple[str, Options]:
        where = f'meta["{OPTIONS_META_KEY}"]'
        if not isinstance(overrides, Mapping):
            raise SettingError(where, overrides, "expected a dict of option names to values")
        changes = dict(overrides)
        algorithm = changes.pop("algorithm", self.settings.algorithm)
        try:
            options = self.settings.options
            if algorithm != self.settings.algorithm:
                options = read_options(self.crawler.settings, algorithm)
            return algorithm, options.replace(**changes)
        except BoilerplateError as error:
            option = getattr(error, "option", "algorithm")
            raise SettingError(f'{where}["{option}"]', getattr(error, "value", algorithm),
                               getattr(error, "reason", str(error))) from None

    def classify(self, page: Any, *, url: str, meta: Mapping[str, Any] | None = None) -> PageResult:
        """Classify ``page`` (HTML text or a Selector); failures are logged, counted and noted, never raised."""
        started = time.perf_counter()
        try:
            algorithm, options = self.options_for(meta)
            extraction = extract(page, url=url, algorithm=algorithm, options=options)
        except Exception as error:
            return self._failed(url, error)
        finally:
            self.crawler.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)
        root = getattr(page, "root", None)
        return self._classified(url, extraction, root if isinstance(root, etree._Element) else None)

    async def classify_in(self, workers: WorkerPool, html: str | bytes, *, url: str) -> PageResult:
        """:meth:`classify` ``html`` in one of ``workers``, or here when they cannot start."""
        started = time.perf_counter()
        try:
            body = utf8_body(html)
        except ExtractionError as error:
            return self._failed(url, error)
        finally:
            self.crawler.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)
        try:
            exported, seconds = await maybe_deferred_to_future(workers.extract(body, url))
        except WorkersUnavailable:
            return self.classify(html, url=url)
        except WorkerError as error:
            return self._failed(url, error)
        self.crawler.stats.inc_value("boilerplate/seconds", seconds)
        labels = [block["label"] for block in exported["blocks"]]
        self._count(labels.count(GOOD), len(labels))
        return PageResult.from_exported(url, exported)

    def _classified(self, url: str, extraction: Extraction, root: etree._Element | None) -> PageResult:
        self._count(sum(block.is_good for block in extraction.blocks), len(extraction.blocks))
        return PageResult(url, extraction, root=root)

    def _count(self, good: int, blocks: int) -> None:
        stats = self.crawler.stats
        stats.inc_value("boilerplate/pages")
        stats.inc_value("boilerplate/blocks/good", good)
        stats.inc_value("boilerplate/blocks/bad", blocks - good)

    def _failed(self, url: str, error: Exception) -> PageResult:
        self.crawler.stats.inc_value("boilerplate/failures")
        spider = {"spider": self.crawler.spider}
        error_type = getattr(error, "error_type", type(error).__name__)
        details = getattr(error, "details", None)
        if details is not None:  # a bug, in a worker
            logger.error("Error classifying %s:\n%s", url, details, extra=spider)
        elif isinstance(error, BoilerplateError):
            logger.error("Cannot classify %s: %s", url, error, extra=spider)
        else:  # a bug in an algorithm must not cost the page
            logger.error("Error classifying %s", url, exc_info=error, extra=spider)
        return PageResult(url, error=f"{error_type}: {error}")

    def remember(self, html: str, result: PageResult) -> None:
        """Let an item carrying ``html`` reuse ``result`` while the response keeps it alive."""
        self._recent[html] = result

    def recall(self, html: str) -> PageResult | None:
        # Without the middleware nothing is remembered: skip hashing the page.
        return self._recent.get(html) if self._recent else None
