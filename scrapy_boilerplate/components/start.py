"""The spider middleware: the spider's start requests read no faster than the crawl can take them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import defer

from .classifier import Classifier

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from scrapy.crawler import Crawler
    from typing_extensions import Self


class BoilerplateStartMiddleware:
    """With ``BOILERPLATE_WORKERS``, reads the spider's next start request only when the engine can send it.

    Pages waiting for a worker keep their requests in Scrapy's downloader
    (middleware) or scraper (pipeline), so the engine backs out: downloads
    slow down to the workers' pace. But while it backs out, Scrapy's engine
    reads ``start()`` without pausing and moves every start request into its
    scheduler; and items waiting in the pipeline do not fill the scraper's
    slot (5 MB) before thousands of small pages wait. This holds the next one
    back while the downloader is full, the workers have as many pages as
    they hold at once (:attr:`WorkerPool.capacity`) or more, or the scraper's slot
    is full with pages waiting for them, until none of these holds
    (looked at again when a response is received, the workers answer, or at
    the latest every :attr:`recheck` seconds). Without workers it passes the
    start requests through.
    """

    #: Seconds after which a start request held back is looked at again, whatever happened.
    recheck = 0.1

    def __init__(self, crawler: Crawler, classifier: Classifier) -> None:
        self.crawler = crawler
        self.classifier = classifier
        self._wake: defer.Deferred | None = None
        # One wait on the workers at a time: a start request held back past several rechecks
        # would otherwise leave one more waiter with the pool at each.
        self._awaiting_answer = False
        if classifier.settings.workers:  # without workers nothing is held back: no call per response
            for signal in (signals.request_left_downloader, signals.response_received):
                crawler.signals.connect(self._woken, signal=signal)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        classifier = Classifier.of(crawler)
        classifier.start_paced = True
        return cls(crawler, classifier)

    async def process_start(self, start: AsyncIterator[Any]) -> AsyncIterator[Any]:
        async for item_or_request in start:
            while self._held_back():
                from twisted.internet import reactor  # imported late: importing it early installs a reactor

                self._wake = defer.Deferred()
                if not self._awaiting_answer:
                    self._awaiting_answer = True
                    assert self.classifier.workers is not None  # held back only for them
                    self.classifier.workers.next_answer().addCallback(self._answered)
                # Twisted's interfaces declare their methods without self, which mypy (without the
                # mypy-zope plugin) takes for the first argument: the ignores are for those types.
                timer = reactor.callLater(self.recheck, self._woken)  # type: ignore[arg-type]
                await maybe_deferred_to_future(self._wake)
                if timer.active():  # type: ignore[misc]
                    timer.cancel()  # type: ignore[misc]
            yield item_or_request

    def _held_back(self) -> bool:
        workers = self.classifier.workers.pool if self.classifier.workers is not None else None
        engine = self.crawler.engine
        if workers is None or workers.unavailable is not None or engine is None or not engine.running:
            return False
        downloader, slot = engine.downloader, engine.scraper.slot
        return (downloader.needs_backout() or workers.pending >= workers.capacity
                or (slot is not None and slot.needs_backout() and workers.pending > 0))

    def _answered(self, _: Any) -> None:
        self._awaiting_answer = False
        self._woken()

    def _woken(self, *_: Any, **__: Any) -> None:
        wake, self._wake = self._wake, None
        if wake is not None:
            wake.callback(None)
