"""The per-crawler state the middleware and the pipeline share: settings, workers, stats, recent results."""

from __future__ import annotations

import asyncio
import difflib
import logging
import time
import weakref
from collections.abc import Mapping
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from lxml import etree
from scrapy import signals
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import defer

from .. import algorithms
from ..api import extract
from ..html.parse import refuse_binary, utf8_body
from ..errors import BoilerplateError
from ..model.options import Options
from .page import PageResult, response_root
from .settings import OPTIONS_META_KEY, BoilerplateSettings, SettingError, known_settings, read_options
from ..workers.pool import PageTimeout, WorkerPool, WorkersUnavailable

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.http import Request, TextResponse

logger = logging.getLogger(__name__)

_BY_CRAWLER: weakref.WeakKeyDictionary[Crawler, Classifier] = weakref.WeakKeyDictionary()


class Classifier:
    """Classifies pages for one crawler, with its settings, in its worker processes or here, and records stats.

    The middleware and the pipeline of a crawler share one instance (see
    :meth:`of`), so that the settings are validated once, one pool of workers
    serves both, and an item carrying a response's own HTML reuses the
    result the middleware put in that response's meta.
    """

    def __init__(self, crawler: Crawler, settings: BoilerplateSettings) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.settings = settings
        self.components: list[str] = []
        self.workers: WorkerPool | None = None
        self._answer_waiters: list[defer.Deferred] = []
        #: Whether BoilerplateStartMiddleware reads the start requests at the workers' pace.
        self.start_paced = False
        self._options: dict[Any, tuple[str, Options] | SettingError] = {}
        # id of a response's text or body -> (that text or body, its result, weakly): an
        # item carrying the very object gets that response's result, options and all.
        self._recent: dict[int, tuple[object, weakref.ref[PageResult]]] = {}
        crawler.signals.connect(self._open, signal=signals.spider_opened)
        crawler.signals.connect(self._close, signal=signals.spider_closed)
        _report_unknown_settings(crawler)

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
        if component is not None:  # one that classifies pages
            classifier.components.append(component)
        return classifier

    def _open(self) -> None:
        spider = {"spider": self.crawler.spider}
        if self.settings.workers:
            self.workers = WorkerPool(self.settings.workers, self.settings.algorithm, self.settings.options,
                                      renderings=tuple(self.settings.rendering_fields),
                                      page_timeout=self.settings.page_timeout or None, on_event=self._worker_event)
            for event in ("restarts", "timeouts", "failed_starts"):
                self.stats.set_value(f"boilerplate/workers/{event}", 0)
            self.workers.start()
            if self.workers.unavailable is None:
                logger.info("%d worker processes classify the pages of the %s", self.settings.workers,
                            " and the ".join(self.components), extra=spider)
                if not self.start_paced:
                    logger.warning(
                        "BOILERPLATE_WORKERS without BoilerplateStartMiddleware: if the workers are slower than "
                        "the downloads, pages wait for them and Scrapy reads all start requests into its "
                        'scheduler. Add SPIDER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateStartMiddleware": 100} '
                        '(the add-on does).', extra=spider)
        if self.workers is None or self.workers.unavailable is not None:
            algorithms.get(self.settings.algorithm).prepare(self.settings.options)
        if "middleware" not in self.components:
            self.crawler.signals.connect(self._check_meta, signal=signals.request_scheduled)

    def _close(self) -> None:
        if self.workers is not None:
            self.workers.close()

    def _worker_event(self, event: str) -> None:
        """Count an event of the workers (told from the pool's threads) in the reactor's thread."""
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        reactor.callFromThread(self.stats.inc_value, f"boilerplate/workers/{event}")

    def next_answer(self) -> defer.Deferred:
        """Fires once the workers answer for some page, or fail it."""
        waiter: defer.Deferred = defer.Deferred()
        self._answer_waiters.append(waiter)
        return waiter

    def _answered(self) -> None:
        waiters, self._answer_waiters = self._answer_waiters, []
        for waiter in waiters:
            waiter.callback(None)

    def _check_meta(self, request: Request) -> None:
        if OPTIONS_META_KEY in request.meta:
            self.crawler.signals.disconnect(self._check_meta, signal=signals.request_scheduled)
            logger.warning(
                'request.meta["%s"] is read by BoilerplateMiddleware, which this crawl does not enable: '
                "items are classified with the BOILERPLATE_* settings. Enable the add-on "
                '(ADDONS = {"scrapy_boilerplate.Addon": 0}) or the middleware to honour it.',
                OPTIONS_META_KEY, extra={"spider": self.crawler.spider})

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

    async def classify_response(self, response: TextResponse, meta: Mapping[str, Any]) -> PageResult:
        """Classify an HTML response with its request's options; an item carrying its text or body reuses the result."""
        url = response.url
        try:
            refuse_binary(response.body)  # what the pipeline refuses, from the same bytes or text
            refuse_binary(response.text)
            choice = self.options_for(meta)
        except BoilerplateError as error:
            result = self._failed(url, error)
        else:
            # The body as received: the worker decodes it as response.text is, and
            # the crawl's process need not encode the text again for it.
            result = (await self._in_workers(response.body, url, choice, encoding=response.encoding)
                      if self.workers is not None else None)
            if result is not None:
                result.html = response.text  # parsed again only if the callback asks for links
            else:
                result = self._here(response_root(response), url, choice)
        if "pipeline" in self.components:  # only the pipeline looks results up
            for source in (response.text, response.body):
                self._recent[id(source)] = (source, weakref.ref(result, lambda _, key=id(source): self._recent.pop(key, None)))
        return result

    async def classify_item(self, html: str | bytes, url: str) -> tuple[PageResult, bool]:
        """The result for an item's HTML, and whether it is the middleware's for the response it came from."""
        remembered = self._recent.get(id(html))
        result = remembered[1]() if remembered is not None and remembered[0] is html else None
        if result is not None:
            return result, True
        choice = (self.settings.algorithm, self.settings.options)
        result = await self._in_workers(html, url, choice) if self.workers is not None else None
        return (result if result is not None else self._here(html, url, choice)), False

    async def _in_workers(self, html: str | bytes, url: str, choice: tuple[str, Options], *,
                          encoding: str | None = None) -> PageResult | None:
        """``html`` as the pipeline gets it, or with ``encoding`` a response's body (see
        :func:`scrapy_boilerplate.worker.classify`), classified in a worker; ``None`` when the
        workers cannot run, for the caller to classify here what it already has."""
        assert self.workers is not None
        body = html
        if encoding is None:
            started = time.perf_counter()
            try:
                body = utf8_body(html)
            except BoilerplateError as error:
                return self._failed(url, error)
            finally:
                self.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)
        own = choice == (self.settings.algorithm, self.settings.options)
        try:
            classified, seconds = await maybe_deferred_to_future(
                self._in_reactor(self.workers.classify(body, url, None if own else choice, encoding)))
        except WorkersUnavailable:
            return None
        except PageTimeout as error:
            return self._failed(url, PageTimeout(f"{error} (BOILERPLATE_PAGE_TIMEOUT)"))
        except Exception as error:  # noqa: BLE001 -- a bug in a worker must not cost the crawl
            return self._failed(url, error)
        self.stats.inc_value("boilerplate/seconds", seconds)
        self.stats.inc_value("boilerplate/workers/pages")
        self._count(classified.good, classified.blocks)
        return PageResult(url, classified=classified, _on_malformed_links=self._count_malformed_links)

    def _in_reactor(self, future: Future) -> defer.Deferred:
        """A Deferred firing in the reactor's thread with ``future``'s outcome (set in a pool's thread)."""
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        answer: defer.Deferred = defer.Deferred()

        def settle(done: Future) -> None:
            error = done.exception()
            if error is None:
                answer.callback(done.result())
            else:
                answer.errback(error)
            self._answered()

        future.add_done_callback(lambda done: reactor.callFromThread(settle, done))
        return answer

    def _here(self, page: Any, url: str, choice: tuple[str, Options]) -> PageResult:
        started = time.perf_counter()
        try:
            extraction = extract(page, url=url, algorithm=choice[0], options=choice[1])
        except Exception as error:  # noqa: BLE001 -- a bug in an algorithm must not cost the crawl
            return self._failed(url, error)
        finally:
            self.stats.inc_value("boilerplate/seconds", time.perf_counter() - started)
        self._count(sum(block.is_good for block in extraction.blocks), len(extraction.blocks))
        return PageResult(url, extraction, root=page if isinstance(page, etree._Element) else None,
                          _on_malformed_links=self._count_malformed_links)

    def _count(self, good: int, blocks: int) -> None:
        self.stats.inc_value("boilerplate/pages")
        self.stats.inc_value("boilerplate/blocks/good", good)
        self.stats.inc_value("boilerplate/blocks/bad", blocks - good)

    def _count_malformed_links(self, malformed: int) -> None:
        if malformed:
            self.stats.inc_value("boilerplate/links/malformed", malformed)

    def _failed(self, url: str, error: Exception) -> PageResult:
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


def _refuse_crawl(error: SettingError) -> None:
    """Say in one line why the crawl does not start; its failure then needs no traceback."""
    logger.error("%s: the crawl does not start", error)
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no asyncio loop runs this crawl
        task = None
    if task is not None:  # scrapy crawl: retrieving the failure spares asyncio's report of it
        task.add_done_callback(lambda done: done.cancelled() or done.exception())


def _report_unknown_settings(crawler: Crawler) -> None:
    known = known_settings()
    for name in sorted(crawler.settings):
        if name.startswith("BOILERPLATE_") and name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            logger.warning("Unknown setting %s%s: it is ignored", name,
                           f" (did you mean {close[0]}?)" if close else "")
