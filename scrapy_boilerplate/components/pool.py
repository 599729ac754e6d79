"""A crawl's worker processes: started when its spider opens and closed when it closes, their events
counted in its stats, their answers handed back in the reactor's thread."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import defer

from ..workers.pool import WorkerPool

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

    from ..workers.process import Classified
    from .options import Choice
    from .settings import BoilerplateSettings

#: The events of the pool counted as ``boilerplate/workers/<event>``, each set to 0 at the start.
EVENTS = ("restarts", "timeouts", "failed_starts")


class CrawlWorkers:
    """The :class:`~scrapy_boilerplate.workers.pool.WorkerPool` of one crawl, with its settings.

    The pool answers in its own threads; :meth:`classify` answers in the
    reactor's, and :meth:`next_answer` lets the crawl wait for the pool to
    have room again.
    """

    def __init__(self, crawler: Crawler, settings: BoilerplateSettings) -> None:
        self.crawler = crawler
        self.pool = WorkerPool(settings.workers, settings.algorithm, settings.options,
                               renderings=settings.renderings, metadata=settings.metadata,
                               page_type=settings.page_type, page_timeout=settings.page_timeout or None,
                               on_event=self._count_event)
        self._answer_waiters: list[defer.Deferred] = []

    def start(self) -> bool:
        """Start the processes; whether they run (else the pages are classified in the crawl's process)."""
        for event in EVENTS:
            self.crawler.stats.set_value(f"boilerplate/workers/{event}", 0)
        self.pool.start()
        return self.pool.unavailable is None

    def close(self) -> None:
        self.pool.close()

    async def classify(self, body: bytes, url: str, choice: Choice | None,
                       encoding: str | None) -> tuple[Classified, float]:
        """The page classified in a worker, and the seconds it took there (the arguments and errors
        are those of :meth:`WorkerPool.classify <scrapy_boilerplate.workers.pool.WorkerPool.classify>`)."""
        answer: tuple[Classified, float] = await maybe_deferred_to_future(
            self._in_reactor(self.pool.classify(body, url, choice, encoding)))
        return answer

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

    def _count_event(self, event: str) -> None:
        """Count an event of the workers (told from the pool's threads) in the reactor's thread."""
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        reactor.callFromThread(self.crawler.stats.inc_value, f"boilerplate/workers/{event}")
