"""Worker processes that classify pages off the crawl's process (``BOILERPLATE_WORKERS``).

Scrapy runs a crawl on one core; extraction is CPU-bound Python, so in the
crawl's process it delays every other request. Each worker is a
``concurrent.futures.ProcessPoolExecutor`` of one process running
:mod:`scrapy_boilerplate.worker`: one process per executor tells which page
a dead worker died on (the oldest it had), so that page fails alone and the
others go to the replacement.
"""

from __future__ import annotations

import logging
import multiprocessing
import pickle
import traceback
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from twisted.internet import defer

from . import process as worker
from ..errors import BoilerplateError
from ..model.options import Options

logger = logging.getLogger(__name__)

#: Forked where the system can: a worker starts in milliseconds, shares the crawl's
#: memory pages, and does not import the main module again as ``spawn`` does
#: (which a script starting its crawl without ``if __name__ == "__main__":`` cannot bear).
_CONTEXT = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)

#: Batches sent to one worker before it answers: one to work on, one waiting,
#: so that it never idles while its answer travels back.
BATCHES_IN_FLIGHT = 2
#: Pages in one batch, at most: a call costs the crawl's process about as much
#: as a page's extraction results, so waiting pages go together.
BATCH_SIZE = 8


class WorkerError(BoilerplateError):
    """A page could not be classified in a worker: the worker died on it, or a bug was raised there.

    ``details`` holds the bug's traceback from the worker.
    """

    def __init__(self, message: str, *, error_type: str = "WorkerError", details: str | None = None) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.details = details


class WorkersUnavailable(WorkerError):
    """No worker process can run: the page is for the crawl's process to classify."""


@dataclass(eq=False)
class _Page:
    arguments: tuple[Any, ...]
    result: defer.Deferred = field(default_factory=defer.Deferred)
    #: It was in a batch its worker died on: it goes alone, to fail alone if it kills again.
    suspect: bool = False


@dataclass(eq=False)
class _Worker:
    """One executor of one process, the batches it holds (oldest first) and its failures to start."""

    executor: ProcessPoolExecutor | None = None
    running: bool = False
    batches: deque[list[_Page]] = field(default_factory=deque)
    failed_starts: int = 0
    retired: bool = False


class WorkerPool:
    """``size`` worker processes classifying with one algorithm and its options, each extraction
    coming back with its ``renderings`` made (``"markdown"``, ``"main_html"``: see
    :func:`scrapy_boilerplate.worker.classify`).

    A page that kills its worker fails alone; the worker is replaced
    (``restarts``). A worker that fails to start is started again after a
    back-off that doubles (``failed_starts``), while the others go on; only
    when none of them can start does the pool give up (``unavailable``) and
    :meth:`classify` fail with :class:`WorkersUnavailable`.
    """

    #: Seconds before starting again a worker that failed to start; doubled at each failure.
    first_backoff = 0.25
    #: Failures in a row after which a worker is not started again.
    max_failed_starts = 4
    #: What each process runs first, with ``(algorithm, options)``.
    initializer: Callable[[str, Options], None] = staticmethod(worker.initialize)

    def __init__(self, size: int, algorithm: str, options: Options, *, renderings: tuple[str, ...] = (),
                 metadata: bool = True, on_event: Callable[[str], Any] = lambda event: None) -> None:
        self.size = size
        self.algorithm = algorithm
        self.options = options
        self.renderings = renderings
        #: Whether the extractions come back with their metadata.
        self.metadata = metadata
        #: Called with ``"restarts"`` or ``"failed_starts"`` at each.
        self.on_event = on_event
        self.restarts = 0
        self.failed_starts = 0
        self.unavailable: str | None = None
        self.workers: list[_Worker] = []
        self._waiting: deque[_Page] = deque()
        self._closing = False
        self._retries: list[Any] = []
        self._answer_waiters: list[defer.Deferred] = []

    def start(self) -> None:
        """Start the processes; pages sent before they run wait for them."""
        try:
            pickle.dumps((self.algorithm, self.options))
        except Exception as error:  # noqa: BLE001 -- whatever pickle refuses
            self._give_up(f"the options cannot be sent to a worker process ({error})")
            return
        self.workers = [_Worker() for _ in range(self.size)]
        for each in self.workers:
            self._start(each)

    def classify(self, body: bytes, url: str, choice: tuple[str, Options] | None = None,
                 encoding: str | None = None) -> defer.Deferred:
        """Fires with the :class:`~scrapy_boilerplate.worker.Classified` page and the seconds it took
        (see :func:`scrapy_boilerplate.worker.classify` for the arguments)."""
        if self.unavailable is not None:
            return defer.fail(WorkersUnavailable(self.unavailable))
        page = _Page((body, url, choice, encoding))
        self._waiting.append(page)
        self._dispatch()
        return page.result

    def close(self) -> None:
        """Stop the processes (the crawl has no page left for them)."""
        self._closing = True
        for call in self._retries:
            if call.active():
                call.cancel()
        for each in self.workers:
            if each.executor is not None:
                each.executor.shutdown(wait=True)
        self._fail_waiting("the worker processes are closed")

    @property
    def running(self) -> int:
        return sum(each.running for each in self.workers)

    @property
    def pending(self) -> int:
        """Pages handed over and not answered yet, in the workers or waiting for one."""
        return len(self._waiting) + sum(len(batch) for each in self.workers for batch in each.batches)

    @property
    def capacity(self) -> int:
        """Pages the workers hold at most: more wait for one."""
        return self.size * BATCHES_IN_FLIGHT * BATCH_SIZE

    def next_answer(self) -> defer.Deferred:
        """Fires once the workers answer for some page, or fail it, or the pool closes."""
        waiter: defer.Deferred = defer.Deferred()
        self._answer_waiters.append(waiter)
        return waiter

    def _answered(self) -> None:
        waiters, self._answer_waiters = self._answer_waiters, []
        for waiter in waiters:
            waiter.callback(None)

    def _start(self, each: _Worker) -> None:
        executor = ProcessPoolExecutor(1, mp_context=_CONTEXT, initializer=self.initializer,
                                       initargs=(self.algorithm, self.options))
        each.executor, each.running = executor, False
        self._when_done(executor.submit(worker.started), lambda future: self._started(each, executor, future))

    def _started(self, each: _Worker, executor: ProcessPoolExecutor, future: Future) -> None:
        if each.executor is not executor or self._closing:
            return
        error = future.exception()
        if error is None:
            each.running, each.failed_starts = True, 0
            self._dispatch()
            return
        executor.shutdown(wait=False)
        each.executor = None
        each.failed_starts += 1
        self.failed_starts += 1
        self.on_event("failed_starts")
        if each.failed_starts >= self.max_failed_starts:
            logger.warning("A worker process failed to start (%s); not starting it again", error)
            each.retired = True
            if all(other.retired for other in self.workers):
                self._give_up(f"no worker process can start ({error})")
            return
        delay = self.first_backoff * 2 ** (each.failed_starts - 1)
        logger.warning("A worker process failed to start (%s); starting it again in %.2f s", error, delay)
        from twisted.internet import reactor

        self._retries = [call for call in self._retries if call.active()]
        self._retries.append(reactor.callLater(delay, self._start, each))

    def _dispatch(self) -> None:
        while self._waiting:
            ready = [each for each in self.workers if each.running and len(each.batches) < BATCHES_IN_FLIGHT]
            if not ready:
                return
            each = min(ready, key=lambda candidate: len(candidate.batches))
            batch = [self._waiting.popleft()]
            while not batch[0].suspect and self._waiting and not self._waiting[0].suspect and len(batch) < BATCH_SIZE:
                batch.append(self._waiting.popleft())
            executor = each.executor
            try:
                future = executor.submit(worker.classify_all, [page.arguments for page in batch], self.renderings,
                                         self.metadata)
            except BrokenProcessPool:  # it died idle, or before its pages could tell
                self._waiting.extendleft(reversed(batch))
                self._died(each)
                continue
            each.batches.append(batch)
            self._when_done(future, lambda future, each=each, executor=executor, batch=batch:
                            self._classified(each, executor, batch, future))

    def _classified(self, each: _Worker, executor: ProcessPoolExecutor, batch: list[_Page], future: Future) -> None:
        if each.executor is not executor:
            return  # its worker died and the batch has been dealt with
        error = future.exception()
        if isinstance(error, BrokenProcessPool):
            self._died(each)
            return
        each.batches.remove(batch)
        self._dispatch()
        if error is None:
            outcomes = future.result()
        else:  # the batch could not go or come back (an argument or a result that does not pickle):
            # its pages fail, rather than wait for ever.
            details = "".join(traceback.format_exception(error))
            outcomes = [(None, error, details)] * len(batch)
        for page, (extraction, outcome, details) in zip(batch, outcomes):
            if extraction is not None:
                page.result.callback((extraction, outcome))
            elif details is None:  # a documented error
                page.result.errback(outcome)
            else:  # a bug: it costs its page, with the traceback from the worker
                page.result.errback(WorkerError(str(outcome), error_type=type(outcome).__name__, details=details))
        self._answered()

    def _died(self, each: _Worker) -> None:
        """``each`` died: replace it, give its pages to the others, and fail the page it died on
        (after the pool is in order again: failing it runs the caller's code).

        That page is in the oldest batch: alone, it fails; with others, they
        all go again, one at a time, so that the one that kills fails alone.
        """
        each.executor.shutdown(wait=False)
        each.running = False
        batches = list(each.batches)
        each.batches.clear()
        victim = batches.pop(0) if batches else []
        for page in victim:
            page.suspect = True
        self._waiting.extendleft(reversed([page for batch in batches for page in batch]))
        if len(victim) > 1:
            self._waiting.extendleft(reversed(victim))
        if not self._closing:
            self.restarts += 1
            self.on_event("restarts")
            logger.warning("A worker process died; starting another")
            self._start(each)
            self._dispatch()
        if len(victim) == 1:
            victim[0].result.errback(WorkerError("the worker process died on this page"))
            self._answered()

    def _give_up(self, reason: str) -> None:
        self.unavailable = reason
        logger.error("%s: classifying in the crawl's process from now on", reason)
        self._fail_waiting(reason)

    def _fail_waiting(self, reason: str) -> None:
        while self._waiting:
            self._waiting.popleft().result.errback(WorkersUnavailable(reason))
        self._answered()

    @staticmethod
    def _when_done(future: Future, callback: Callable[[Future], Any]) -> None:
        """Run ``callback`` in the reactor's thread once ``future`` is done."""
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        future.add_done_callback(lambda done: reactor.callFromThread(callback, done))
