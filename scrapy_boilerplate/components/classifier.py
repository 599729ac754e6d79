"""The classification of a crawler's pages, shared by its components: one set of validated settings,
one pool of workers, the pages' stats, and the items linked to their response's result."""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lxml import etree
from scrapy import signals

from .. import algorithms, compiled_core
from ..api import extract
from ..errors import BoilerplateError, PageTooComplex, PageTooLarge
from ..html.parse import utf8_body
from ..model import Metadata
from ..workers.pool import PageTimeout, WorkersUnavailable
from .item_links import ItemLinks
from .options import Choice, RequestOptions
from .page import PageResult, response_root
from .pool import CrawlWorkers
from .reading import PageReader
from .settings import OPTIONS_META_KEY, PIPELINE_SETTINGS, BoilerplateSettings, SettingError

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Request, TextResponse

logger = logging.getLogger(__name__)

_BY_CRAWLER: weakref.WeakKeyDictionary[Crawler, Classifier] = weakref.WeakKeyDictionary()


class Classifier:
    """Classifies pages for one crawler, with its settings, in its worker processes or here, and records stats.

    The components of a crawler share one instance (see :meth:`of`), so that
    the settings are validated once, one pool of workers serves them all,
    and an item that :class:`~scrapy_boilerplate.BoilerplateItemMiddleware`
    linked to its response gets the result the downloader middleware made.
    """

    def __init__(self, crawler: Crawler, settings: BoilerplateSettings) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.settings = settings
        #: The components classifying pages ("middleware", "pipeline") or linking items ("item middleware").
        self.components: list[str] = []
        self.workers: CrawlWorkers | None = None
        #: Whether BoilerplateStartMiddleware reads the start requests at the workers' pace.
        self.start_paced = False
        self.options = RequestOptions(settings)
        self.reader = PageReader(crawler, settings.max_page_size)
        self.item_links = ItemLinks()
        crawler.signals.connect(self._open, signal=signals.spider_opened)
        crawler.signals.connect(self._close, signal=signals.spider_closed)

    @classmethod
    def of(cls, crawler: Crawler, component: str | None = None) -> Classifier:
        """The crawler's classifier, created (and the settings validated) at the first call.

        Raises :class:`SettingError` for an invalid setting, which stops the
        crawl before it starts; the log says why in one line.
        """
        if crawler not in _BY_CRAWLER:
            try:
                settings = BoilerplateSettings.from_settings(crawler.settings)
            except SettingError as error:
                _refuse_crawl(error)
                raise
            _BY_CRAWLER[crawler] = cls(crawler, settings)
        classifier = _BY_CRAWLER[crawler]
        if component is not None:
            classifier.components.append(component)
        return classifier

    @property
    def pipeline_enabled(self) -> bool:
        """Whether BoilerplatePipeline, which reads the items' links, is enabled."""
        return "pipeline" in self.components

    def _open(self) -> None:
        spider = {"spider": self.crawler.spider}
        _log_core(spider)
        classifying = [name for name in self.components if name in ("middleware", "pipeline")]
        if self.settings.workers:
            self.workers = CrawlWorkers(self.crawler, self.settings)
            if self.workers.start():
                logger.info("%d worker processes classify the pages of the %s", self.settings.workers,
                            " and the ".join(classifying), extra=spider)
                if not self.start_paced:
                    logger.warning(
                        "BOILERPLATE_WORKERS without BoilerplateStartMiddleware: if the workers are slower than "
                        "the downloads, pages wait for them and Scrapy reads all start requests into its "
                        'scheduler. Add SPIDER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateStartMiddleware": 100} '
                        '(the add-on does).', extra=spider)
        if self.workers is None or self.workers.pool.unavailable is not None:
            algorithms.get(self.settings.algorithm).prepare(self.settings.options)
        if "middleware" not in self.components:
            self.crawler.signals.connect(self._check_meta, signal=signals.request_scheduled)
        elif self.pipeline_enabled and "item middleware" not in self.components:
            logger.warning(
                "BoilerplateMiddleware and BoilerplatePipeline without BoilerplateItemMiddleware: the pipeline "
                "cannot tell which response an item comes from, and classifies its HTML again, with the "
                'BOILERPLATE_* settings. Add SPIDER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateItemMiddleware": '
                '10} (the add-on does).', extra=spider)
        unread = [name for name in PIPELINE_SETTINGS if self.crawler.settings.getpriority(name) is not None]
        if unread and not self.pipeline_enabled:
            logger.warning("%s set, but BoilerplatePipeline, which reads them, is not enabled: items keep their "
                           'HTML. Enable the add-on (ADDONS = {"scrapy_boilerplate.Addon": 0}) or the pipeline.',
                           ", ".join(unread), extra=spider)

    def _close(self) -> None:
        if self.workers is not None:
            self.workers.close()

    def _check_meta(self, request: Request) -> None:
        if OPTIONS_META_KEY in request.meta:
            self.crawler.signals.disconnect(self._check_meta, signal=signals.request_scheduled)
            logger.warning(
                'request.meta["%s"] is read by BoilerplateMiddleware, which this crawl does not enable: '
                "items are classified with the BOILERPLATE_* settings. Enable the add-on "
                '(ADDONS = {"scrapy_boilerplate.Addon": 0}) or the middleware to honour it.',
                OPTIONS_META_KEY, extra={"spider": self.crawler.spider})

    async def classify_response(self, response: TextResponse, meta: Mapping[str, Any]) -> PageResult:
        """Classify an HTML response with its request's options (``meta["boilerplate"]``)."""
        url = response.url
        result: PageResult | None
        try:
            self.reader.refuse_response(response)
            choice = self.options.for_meta(meta)
        except BoilerplateError as error:
            return self._failed(url, error)
        # The body as received: the worker decodes it as response.text is, and
        # the crawl's process need not encode the text again for it.
        result = (await self._in_workers(response.body, url, choice, encoding=response.encoding)
                  if self.workers is not None else None)
        if result is not None:
            result.html = response.text  # parsed again only if the callback asks for links
            return result
        return self._here(response_root(response), url, choice)

    async def classify_item(self, item: Any, html: str | bytes, url: str) -> tuple[PageResult, bool]:
        """The result for an item carrying ``html``, and whether it is the one its response's result
        was linked to (:class:`~scrapy_boilerplate.components.item_links.ItemLinks`)."""
        linked = self.item_links.take(item, html)
        if linked is not None:
            return linked, True
        try:
            text = self.reader.item_text(html, url)
        except BoilerplateError as error:
            return self._failed(url, error), False
        choice = self.options.default
        result = await self._in_workers(text, url, choice) if self.workers is not None else None
        return (result if result is not None else self._here(text, url, choice)), False

    async def _in_workers(self, html: str | bytes, url: str, choice: Choice, *,
                          encoding: str | None = None) -> PageResult | None:
        """``html`` as the pipeline gets it, or with ``encoding`` a response's body (see
        :func:`scrapy_boilerplate.workers.process.classify`), classified in a worker; ``None`` when the
        workers cannot run, for the caller to classify here what it already has."""
        assert self.workers is not None
        if encoding is None:
            started = time.perf_counter()
            try:
                body = utf8_body(html)
            except BoilerplateError as error:
                return self._failed(url, error)
            finally:
                # Scrapy annotates the count as an int; its stats add any number
                self.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)  # type: ignore[arg-type]
        else:
            assert isinstance(html, bytes)  # with an encoding: a response's body
            body = html
        try:
            classified, seconds = await self.workers.classify(
                body, url, None if choice == self.options.default else choice, encoding)
        except WorkersUnavailable:
            return None
        except PageTimeout as error:
            return self._failed(url, PageTimeout(f"{error} (BOILERPLATE_PAGE_TIMEOUT)"))
        except Exception as error:  # noqa: BLE001 -- a bug in a worker must not cost the crawl
            return self._failed(url, error)
        self.stats.inc_value("boilerplate/seconds", seconds)  # type: ignore[arg-type]  # as above
        self.stats.inc_value("boilerplate/workers/pages")
        self._count(classified.good, classified.blocks, classified.metadata)
        return PageResult(url, classified=classified, _on_malformed_links=self._count_malformed_links)

    def _here(self, page: Any, url: str, choice: Choice) -> PageResult:
        started = time.perf_counter()
        try:
            extraction = extract(page, url=url, algorithm=choice[0], options=choice[1],
                                 metadata=self.settings.metadata)
        except Exception as error:  # noqa: BLE001 -- a bug in an algorithm must not cost the crawl
            return self._failed(url, error)
        finally:
            self.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)  # type: ignore[arg-type]  # as in _in_workers
        self._count(extraction.good, len(extraction.blocks), extraction.metadata)
        return PageResult(url, extraction, root=page if isinstance(page, etree._Element) else None,
                          _on_malformed_links=self._count_malformed_links)

    def _count(self, good: int, blocks: int, metadata: Metadata | None) -> None:
        self.stats.inc_value("boilerplate/pages")
        self.stats.inc_value("boilerplate/blocks/good", good)
        self.stats.inc_value("boilerplate/blocks/bad", blocks - good)
        if metadata is not None and metadata.invalid:  # refused or capped values: see Metadata.invalid
            self.stats.inc_value("boilerplate/metadata/invalid")
            for name in metadata.invalid:
                self.stats.inc_value(f"boilerplate/metadata/invalid/{name}")

    def _count_malformed_links(self, malformed: int) -> None:
        if malformed:
            self.stats.inc_value("boilerplate/links/malformed", malformed)

    def _failed(self, url: str, error: Exception) -> PageResult:
        if isinstance(error, (PageTooLarge, PageTooComplex)):  # skipped, not failed
            self.stats.inc_value("boilerplate/skipped/too_large" if isinstance(error, PageTooLarge)
                                 else "boilerplate/skipped/too_many_blocks")
            logger.warning("Skipped %s: %s", url, error, extra={"spider": self.crawler.spider})
            return PageResult(url, error=f"{type(error).__name__}: {error}")
        self.stats.inc_value("boilerplate/failures")
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


def _log_core(extra: dict[str, Any]) -> None:
    """Say once a crawl whether the compiled core runs (pages take several times longer without it). Its C
    extensions (:data:`~scrapy_boilerplate.compiled_core.EXTENSIONS`) always do: the pure-Python path is
    that of the Cython modules."""
    if compiled_core.compiled():
        logger.info("scrapy_boilerplate runs its compiled core", extra=extra)
    elif compiled_core.pure_chosen():
        logger.info("scrapy_boilerplate runs its pure-Python path (%s is set; its C extensions stay compiled)",
                    compiled_core.PURE_VARIABLE, extra=extra)
    else:
        logger.warning("scrapy_boilerplate runs its pure-Python path: its Cython modules were not built when it was "
                       "installed (%s was set, or their build failed). Pages take longer; reinstall without it to "
                       "build them.", compiled_core.PURE_VARIABLE, extra=extra)


def _refuse_crawl(error: SettingError) -> None:
    """Say in one line why the crawl does not start; its failure then needs no traceback."""
    logger.error("%s: the crawl does not start", error)
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no asyncio loop runs this crawl
        task = None
    if task is not None:  # scrapy crawl: retrieving the failure spares asyncio's report of it
        task.add_done_callback(lambda done: done.cancelled() or done.exception())

