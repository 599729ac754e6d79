"""The per-crawler state the middleware and the pipeline share: settings, workers, stats, recent results."""

from __future__ import annotations

import asyncio
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

from .. import algorithms, compiled_core
from ..api import extract
from ..errors import BoilerplateError, PageTooComplex, PageTooLarge, UnknownOption
from ..html.parse import redetect, refuse_binary, refuse_too_large, text_of, utf8_body
from ..model import Metadata
from ..model.options import Options
from ..workers.pool import PageTimeout, WorkerPool, WorkersUnavailable
from .page import PageResult, response_root
from .settings import (
    OPTIONS_META_KEY,
    PIPELINE_SETTINGS,
    BoilerplateSettings,
    SettingError,
    UnknownSetting,
    setting_name,
)

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
        _log_core(spider)
        if self.settings.workers:
            self.workers = WorkerPool(self.settings.workers, self.settings.algorithm, self.settings.options,
                                      renderings=self.settings.renderings, metadata=self.settings.metadata,
                                      page_type=self.settings.page_type,
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
        unread = [name for name in PIPELINE_SETTINGS if self.crawler.settings.getpriority(name) is not None]
        if unread and "pipeline" not in self.components:
            logger.warning("%s set, but BoilerplatePipeline, which reads them, is not enabled: items keep their "
                           'HTML. Enable the add-on (ADDONS = {"scrapy_boilerplate.Addon": 0}) or the pipeline.',
                           ", ".join(unread), extra=spider)

    def _close(self) -> None:
        if self.workers is not None:
            self.workers.close()

    def _worker_event(self, event: str) -> None:
        """Count an event of the workers (told from the pool's threads) in the reactor's thread."""
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        reactor.callFromThread(self.stats.inc_value, f"boilerplate/workers/{event}")

    @property
    def waiting_for_answers(self) -> int:
        """How many callers wait for the workers' next answer (:meth:`next_answer`)."""
        return len(self._answer_waiters)

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
            if algorithm != self.settings.algorithm:  # its settings were validated at start-up
                options = self.settings.algorithm_options[algorithms.get(algorithm).name]
            return algorithm, options.replace(**changes)
        except UnknownOption as error:
            raise UnknownSetting(f'{where}["{error.option}"]', error.value, error.reason, kind="option") from None
        except BoilerplateError as error:
            option = getattr(error, "option", "algorithm")
            # A setting the meta's values conflict with (length_low above the meta's length_high) is named as such.
            name = (f'{where}["{option}"]' if option in overrides or option == "algorithm"
                    else f"{setting_name(option)} (with {where} = {dict(overrides)!r})")
            raise SettingError(name, getattr(error, "value", algorithm), getattr(error, "reason", str(error))) from None

    def redecoded(self, response: TextResponse) -> TextResponse:
        """``response``, or a copy decoded in the encoding detected when its body is not valid in
        the one it declares (Scrapy's ``response.text`` then holds replacement characters where
        the page has letters: see :func:`~scrapy_boilerplate.html.parse.redetect`); counted.
        A page above ``BOILERPLATE_MAX_PAGE_SIZE`` is left as it is: it is not read."""
        try:
            self._refuse_too_large(response.body)
        except PageTooLarge:
            return response
        detected = redetect(response.body, response.encoding, response.text)
        if detected is None:
            return response
        self._count_redetected(response.url, response.encoding, detected)
        return response.replace(encoding=detected)

    def _refuse_too_large(self, page: str | bytes) -> None:
        refuse_too_large(page, self.settings.max_page_size, "BOILERPLATE_MAX_PAGE_SIZE")

    def _count_redetected(self, url: str, declared: str | None, detected: str) -> None:
        self.stats.inc_value("boilerplate/charset/redetected")
        logger.debug("%s is not valid in the encoding it declares%s: read as %s", url,
                     f" ({declared})" if declared else "", detected, extra={"spider": self.crawler.spider})

    async def classify_response(self, response: TextResponse, meta: Mapping[str, Any]) -> PageResult:
        """Classify an HTML response with its request's options; an item carrying its text or body reuses the result."""
        url = response.url
        result: PageResult | None
        try:
            self._refuse_too_large(response.body)
            refuse_binary(response.body)  # what the pipeline refuses, from the same bytes or text
            refuse_binary(response.text, decoded=True)
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
                self._remember(source, result)
        return result

    def _remember(self, source: object, result: PageResult) -> None:
        """Keep ``result`` for the item whose HTML is ``source``, as long as the result lives."""
        key = id(source)
        self._recent[key] = (source, weakref.ref(result, lambda _: self._recent.pop(key, None)))

    async def classify_item(self, html: str | bytes, url: str) -> tuple[PageResult, bool]:
        """The result for an item's HTML, and whether it is the middleware's for the response it came from."""
        remembered = self._recent.get(id(html))
        result = remembered[1]() if remembered is not None and remembered[0] is html else None
        if result is not None:
            return result, True
        try:
            self._refuse_too_large(html)
            decoded = text_of(html)  # bytes decoded here, to count a page that misdeclares its encoding
        except BoilerplateError as error:
            return self._failed(url, error), False
        if decoded.redetected is not None:
            self._count_redetected(url, None, decoded.redetected)
        html = decoded.text
        choice = (self.settings.algorithm, self.settings.options)
        result = await self._in_workers(html, url, choice) if self.workers is not None else None
        return (result if result is not None else self._here(html, url, choice)), False

    async def _in_workers(self, html: str | bytes, url: str, choice: tuple[str, Options], *,
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
        self._count(classified.good, classified.blocks, classified.metadata)
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
    """Say once a crawl whether the compiled core runs (pages take several times longer without it)."""
    if compiled_core.compiled():
        logger.info("scrapy_boilerplate runs its compiled core", extra=extra)
    elif compiled_core.pure_chosen():
        logger.info("scrapy_boilerplate runs its pure-Python path (%s is set)", compiled_core.PURE_VARIABLE,
                    extra=extra)
    else:
        logger.warning("scrapy_boilerplate runs its pure-Python path: its compiled core was not built when it was "
                       "installed (no C compiler?). Pages take longer; reinstall where a C compiler is to build it.",
                       extra=extra)


def _refuse_crawl(error: SettingError) -> None:
    """Say in one line why the crawl does not start; its failure then needs no traceback."""
    logger.error("%s: the crawl does not start", error)
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no asyncio loop runs this crawl
        task = None
    if task is not None:  # scrapy crawl: retrieving the failure spares asyncio's report of it
        task.add_done_callback(lambda done: done.cancelled() or done.exception())

