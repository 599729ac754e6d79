"""Worker processes that classify pages off the crawl's process (``BOILERPLATE_WORKERS``),
or an archive's records off the process reading it.

Scrapy runs a crawl on one core; extraction is CPU-bound Python, so in the
crawl's process it delays every other request. Each worker is a process
running :func:`scrapy_boilerplate.workers.process.serve` at the end of a pipe
of its own, served by a thread of the caller's process that hands it one page
at a time and waits for the answer; the pages wait in one queue for the
first free worker. So nothing a worker does can hold the crawl:

- a worker that dies, whenever it dies (also halfway through sending its
  answer), leaves its pipe closed: its thread reads the end of the pipe, the
  page it held fails with :class:`WorkerError`, and a new process takes its place;
- a page that takes more than the pool's time limit of the worker's CPU time (a
  page that never ends) has its worker killed, by the system's CPU timer
  (see :func:`~scrapy_boilerplate.workers.process.serve`): the page fails with
  :class:`PageTimeout`, and a new process takes its place. The limit counts CPU
  time, not the clock's seconds, so that the same pages fail on a busy machine as
  on an idle one; a worker that holds a page :attr:`ProcessPool.stall_factor`
  times the limit by the clock (a frozen process spends no CPU time) is killed all
  the same;
- :meth:`ProcessPool.close`, and the interpreter's exit, kill the processes.

Why no pool library: ``concurrent.futures.ProcessPoolExecutor`` breaks whole when
one worker dies, has no time limit, and its manager thread waits for ever on a
worker killed while sending its results; ``pebble.ProcessPool`` has the time
limit and replaces dead workers, but its workers share one pipe: killed once at
a random moment, 8 of 20 pebble 5.2.3 pools hung for good (and an archive's run
over a pebble pool, its worker killed 5 times, hung once and ended in
``RuntimeError: Unexpected error within the Pool`` 5 times out of 6). A pipe per
process, whose end only that process holds, is what makes every death visible.

One module for one idea, the processes' life: its length is what each way of
dying (at any moment, frozen, out of CPU time) takes to be seen and replaced.
"""

from __future__ import annotations

import atexit
import functools
import logging
import math
import multiprocessing
import pickle
import queue
import threading
import time
import traceback
import weakref
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from .. import algorithms
from ..errors import BoilerplateError
from ..model.options import Options
from . import process as worker

logger = logging.getLogger(__name__)

#: Forked where the system can: a worker starts in milliseconds, shares the crawl's
#: memory pages, and does not import the main module again as ``spawn`` does
#: (which a script starting its crawl without ``if __name__ == "__main__":`` cannot bear).
_CONTEXT = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)

#: Pages the pool holds per worker before :attr:`WorkerPool.pending` reaches
#: :attr:`WorkerPool.capacity`: enough to keep a worker busy while the next pages download.
PAGES_PER_WORKER = 16


class WorkerError(BoilerplateError):
    """A page could not be handled in a worker: the worker died on it, or a bug was raised there.

    ``details`` holds the bug's traceback from the worker.
    """

    def __init__(self, message: str, *, error_type: str | None = None, details: str | None = None) -> None:
        super().__init__(message)
        self.error_type = error_type or type(self).__name__
        self.details = details


class PageTimeout(WorkerError):
    """A page took longer than the pool's time limit: its worker was killed and replaced."""


class WorkersUnavailable(WorkerError):
    """No worker process can run: the page is for the caller's process to handle."""


@dataclass(eq=False)
class _Page:
    item: Any
    future: Future = field(default_factory=Future)


@dataclass(eq=False)
class _Worker:
    """A worker process, the crawl's end of its pipe, and the page it works on until when."""

    process: BaseProcess
    connection: Connection
    ready: bool = False
    page: _Page | None = None
    deadline: float = math.inf
    timed_out: bool = False


class ProcessPool:
    """``size`` worker processes, each running ``task`` on the items it is handed, one at a
    time, after ``initializer(*initargs)``; ``prepare()``, if given, is run once in this
    process before the first fork, so that the processes inherit what it loads.

    An item that kills its worker, or takes more than ``page_timeout`` seconds of its worker's
    CPU time (``None``: no limit), fails alone; the worker is replaced, and the log says so,
    naming the item by ``describe(item)`` (its URL...) unless ``log_failures`` is false (for
    callers that name each item lost themselves). A worker that
    fails to start is started again after a back-off that doubles, while the
    others go on; only when none of them can start does the pool give up
    (:attr:`unavailable`) and :meth:`submit` fail with :class:`WorkersUnavailable`.
    ``on_event`` is called, from the pool's threads, with ``"restarts"``,
    ``"timeouts"`` or ``"failed_starts"`` at each, as :attr:`events` counts them.
    """

    #: Seconds before starting again a worker that failed to start; doubled at each failure.
    first_backoff = 0.25
    #: Failures in a row after which a worker is not started again.
    max_failed_starts = 4
    #: Seconds a process has to start (load what its algorithm needs) before it counts as failed.
    start_timeout = 60.0
    #: Seconds between two looks at the pages' time limits.
    watch_interval = 0.1
    #: A worker holding a page this many times the time limit, in seconds of the clock, is killed
    #: although it has not spent the limit in CPU time: frozen (stopped, swapped out), it spends none.
    stall_factor = 10.0

    def __init__(self, size: int, task: Callable[[Any], Any], *, initializer: Callable[..., None],
                 initargs: tuple = (), prepare: Callable[[], None] | None = None,
                 page_timeout: float | None = None, on_event: Callable[[str], Any] = lambda event: None,
                 describe: Callable[[Any], str] = lambda item: "a page", log_failures: bool = True) -> None:
        self.size = size
        self.task = task
        self.initializer = initializer
        self.initargs = initargs
        self.prepare = prepare
        self.page_timeout = page_timeout
        self.on_event = on_event
        self.describe = describe
        self.log_failures = log_failures
        self.events: Counter[str] = Counter()
        #: Why the pool gave up, once it has: pages are then for the caller to handle.
        self.unavailable: str | None = None
        self._waiting: queue.SimpleQueue[_Page | None] = queue.SimpleQueue()
        self._workers: list[_Worker] = []
        self._retired = 0
        self._lock = threading.Lock()  # over _workers, their pages, deadlines and time-outs, and unavailable
        self._forking = threading.Lock()
        self._closed = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        """Start the processes; pages sent before they run wait for them."""
        try:
            pickle.dumps(self.initargs)
        except Exception as error:  # noqa: BLE001 -- whatever pickle refuses
            self._give_up(f"the options cannot be sent to a worker process ({error})")
            return
        if self.prepare is not None and _CONTEXT.get_start_method() == "fork":
            # Loaded here, once: each process forked inherits it, so that a replacement
            # starts in milliseconds, and the processes share its memory.
            try:
                self.prepare()
            except Exception as error:  # noqa: BLE001 -- the caller's process then meets it itself
                self._give_up(f"the algorithm cannot be prepared ({error})")
                return
        _POOLS.add(self)
        self._threads = [threading.Thread(target=self._serve, name="boilerplate-worker", daemon=True)
                         for _ in range(self.size)]
        if self.page_timeout:
            self._threads.append(threading.Thread(target=self._watch, name="boilerplate-watch", daemon=True))
        for thread in self._threads:
            thread.start()

    def submit(self, item: Any) -> Future:
        """A future of ``task(item)``, run in a worker (``item`` pickled there, the result back)."""
        page = _Page(item)
        with self._lock:
            unavailable = self.unavailable
            if unavailable is None:
                self._waiting.put(page)
        if unavailable is not None:
            page.future.set_exception(WorkersUnavailable(unavailable))
        return page.future

    def close(self) -> None:
        """Kill the processes (the caller has no page left for them, or is ending): the pages
        they held fail with :class:`WorkerError`, those waiting for them, or sent from now
        on, with :class:`WorkersUnavailable`. Returns once no process is left."""
        with self._lock:
            if self._closed.is_set():
                return
            self._closed.set()
            self.unavailable = "the worker processes are closed"
            for each in self._workers:
                each.process.kill()
        for _ in self._threads:
            self._waiting.put(None)  # wakes a thread waiting for a page
        for thread in self._threads:
            thread.join(timeout=5)
        self._fail_waiting(WorkersUnavailable(self.unavailable))

    @property
    def _cpu_limit(self) -> float | None:
        """The CPU seconds a worker may spend on a page, where the system can limit them."""
        return self.page_timeout if worker.CPU_LIMIT_SIGNAL is not None else None

    @property
    def _clock_limit(self) -> float | None:
        """The seconds of the clock a worker may hold a page."""
        if not self.page_timeout:
            return None
        return self.page_timeout * self.stall_factor if self._cpu_limit else self.page_timeout

    @property
    def running(self) -> int:
        """Worker processes started and ready for pages."""
        return sum(each.ready for each in self._workers)

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers, started or starting."""
        return [each.process.pid for each in self._workers if each.process.pid is not None]

    @property
    def pending(self) -> int:
        """Pages handed over and not answered yet, in the workers or waiting for one."""
        return self._waiting.qsize() + sum(each.page is not None for each in self._workers)

    def _serve(self) -> None:
        """One worker's place, in a thread: start a process, hand it pages until it ends, start another."""
        failed_starts = 0
        while not self._closed.is_set():
            each, error = self._launch()
            if each is None:
                if self._closed.is_set():
                    return
                failed_starts += 1
                self._count("failed_starts")
                if failed_starts >= self.max_failed_starts:
                    logger.warning("A worker process failed to start (%s); not starting it again", error)
                    self._retire(error)
                    return
                delay = self.first_backoff * 2 ** (failed_starts - 1)
                logger.warning("A worker process failed to start (%s); starting it again in %.2f s", error, delay)
                self._closed.wait(delay)
                continue
            failed_starts = 0
            self._work(each)

    def _launch(self) -> tuple[_Worker | None, str]:
        """A worker process started and ready, or ``None`` and why not."""
        try:
            connection, end = _CONTEXT.Pipe()
        except OSError as error:  # out of file descriptors
            return None, str(error)
        # One fork at a time: no other process inherits this one's end, so that its end is its death.
        with self._forking:
            process = _CONTEXT.Process(target=worker.serve, name="boilerplate-worker", daemon=True,
                                       args=(end, self.initializer, self.initargs, self.task, self._cpu_limit))
            try:
                process.start()
            except OSError as error:  # out of memory, or of processes
                connection.close()
                return None, str(error)
            finally:
                end.close()
        each = _Worker(process, connection)
        with self._lock:
            self._workers.append(each)
            if self._closed.is_set():
                process.kill()
        try:
            if not connection.poll(self.start_timeout):
                raise TimeoutError(f"not ready after {self.start_timeout:g} s")
            connection.recv()
            each.ready = True
            return each, ""
        except (EOFError, OSError) as error:
            self._end(each)
            return None, str(error) or f"exit code {process.exitcode}"

    def _work(self, each: _Worker) -> None:
        """Hand ``each`` one page at a time until it dies, is killed at a page's time limit, or the pool closes."""
        while True:
            page = self._waiting.get()
            if page is None or each.connection.poll():  # the pool closes, or the worker died idle
                self._waiting.put(page)  # for another thread
                break
            with self._lock:
                each.page = page
                each.deadline = time.monotonic() + self._clock_limit if self._clock_limit else math.inf
            try:
                each.connection.send(page.item)
            except worker.PICKLING_ERRORS as error:  # pickled before any byte is sent: the worker waits on
                each.page = None
                page.future.set_exception(WorkerError(f"the page cannot be sent to a worker process: {error}"))
                continue
            except OSError:
                break
            try:
                outcome = each.connection.recv()
            except (EOFError, OSError):
                break
            except Exception as error:  # noqa: BLE001 -- an answer read whole that does not unpickle
                outcome = None, error, traceback.format_exc()
            with self._lock:
                each.page = None
                timed_out = each.timed_out
            _settle(page, outcome)
            if timed_out:  # killed just as it answered
                break
        page, timed_out = self._end(each)
        over_cpu_limit = worker.CPU_LIMIT_SIGNAL is not None and each.process.exitcode == -worker.CPU_LIMIT_SIGNAL
        failure: WorkerError
        if self._closed.is_set():
            failure = WorkerError("the worker processes were closed before it was classified")
        elif over_cpu_limit or (timed_out and self._cpu_limit is None):
            self._count("restarts")
            spent = f"{self.page_timeout:g} s" + (" of CPU time" if over_cpu_limit else "")
            self._log("A worker process was stopped after %s on %s; starting another",
                      spent, self.describe(page.item) if page is not None else "a page")
            failure = PageTimeout(f"the page took more than {spent} in its worker, which was stopped and replaced")
            if page is not None:  # rather than ended just as it answered
                self._count("timeouts")
        elif timed_out:
            self._count("restarts")
            self._log("A worker process gave no answer in %g s on %s (frozen?); stopped, starting another",
                      self._clock_limit, self.describe(page.item) if page is not None else "a page")
            failure = PageTimeout(f"the page's worker gave no answer in {self._clock_limit:g} s without spending "
                                  f"its {self.page_timeout:g} s of CPU time (frozen?); it was stopped and replaced")
            if page is not None:
                self._count("timeouts")
        else:
            self._count("restarts")
            self._log("A worker process died (%s) on %s; starting another", _exit(each.process),
                      self.describe(page.item) if page is not None else "no page")
            failure = WorkerError(f"the worker process died on this page ({_exit(each.process)})")
        if page is not None:
            page.future.set_exception(failure)

    def _log(self, message: str, *arguments: Any) -> None:
        if self.log_failures:
            logger.warning(message, *arguments)

    def _end(self, each: _Worker) -> tuple[_Page | None, bool]:
        """Kill and reap ``each``'s process; the page it held, and whether its time was up."""
        with self._lock:
            self._workers.remove(each)
            page, each.page = each.page, None
        each.process.kill()
        each.process.join()
        each.connection.close()
        return page, each.timed_out

    def _watch(self) -> None:
        """Kill each worker whose page is past its time limit."""
        while not self._closed.wait(self.watch_interval):
            now = time.monotonic()
            with self._lock:
                for each in self._workers:
                    if each.page is not None and each.deadline < now and not each.timed_out:
                        each.timed_out = True
                        each.process.kill()

    def _count(self, event: str) -> None:
        with self._lock:
            self.events[event] += 1
        self.on_event(event)

    def _retire(self, error: str) -> None:
        with self._lock:
            self._retired += 1
            if self._retired < self.size:
                return
        self._give_up(f"no worker process can start ({error})")

    def _give_up(self, reason: str) -> None:
        with self._lock:
            self.unavailable = reason
        logger.error("%s: no page goes to the worker processes from now on", reason)
        self._fail_waiting(WorkersUnavailable(reason))

    def _fail_waiting(self, error: WorkersUnavailable) -> None:
        while True:
            try:
                page = self._waiting.get_nowait()
            except queue.Empty:
                return
            if page is not None:
                page.future.set_exception(error)


class WorkerPool(ProcessPool):
    """The crawl's pool: ``size`` worker processes classifying with one algorithm and its
    options, each extraction coming back with its ``renderings`` made (``"markdown"``,
    ``"main_html"``) and, with ``page_type``, its page type read (see
    :func:`scrapy_boilerplate.workers.process.classify`)."""

    #: What each process runs first, with ``(algorithm, options)``.
    initializer: Callable[[str, Options], None] = staticmethod(worker.configure)

    def __init__(self, size: int, algorithm: str, options: Options, *, renderings: tuple[str, ...] = (),
                 metadata: bool = True, page_type: bool = False, page_timeout: float | None = None,
                 on_event: Callable[[str], Any] = lambda event: None) -> None:
        super().__init__(size, functools.partial(worker.answer, renderings=renderings, metadata=metadata,
                                                 page_type=page_type),
                         initializer=type(self).initializer, initargs=(algorithm, options),
                         prepare=lambda: algorithms.get(algorithm).prepare(options),
                         page_timeout=page_timeout, on_event=on_event, describe=_page_url)

    def classify(self, body: bytes, url: str, choice: tuple[str, Options] | None = None,
                 encoding: str | None = None) -> Future:
        """A future of the :class:`~scrapy_boilerplate.workers.process.Classified` page and the
        seconds it took (see :func:`scrapy_boilerplate.workers.process.classify` for the arguments)."""
        return self.submit((body, url, choice, encoding))

    @property
    def capacity(self) -> int:
        """Pages the pool holds before the crawl had better wait (see :data:`PAGES_PER_WORKER`)."""
        return self.size * PAGES_PER_WORKER


def _page_url(page: worker.PageArguments) -> str:
    return page[1] or "a page without URL"


def _settle(page: _Page, outcome: worker.Outcome) -> None:
    value, error, details = outcome
    if error is None:
        page.future.set_result(value)
    elif details is None:  # a documented error
        page.future.set_exception(error)
    else:  # a bug: it costs its page, with the traceback from the worker
        page.future.set_exception(WorkerError(str(error), error_type=type(error).__name__, details=details))


def _exit(process: BaseProcess) -> str:
    code = process.exitcode
    return f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"


#: The pools started and not yet collected: the interpreter's exit closes them, before
#: multiprocessing's own exit joins its processes (which a frozen process never lets end).
_POOLS: weakref.WeakSet[ProcessPool] = weakref.WeakSet()


@atexit.register
def _close_pools() -> None:
    for pool in list(_POOLS):
        pool.close()
