"""Worker processes that extract items' HTML off the crawl's process (``BOILERPLATE_WORKERS``).

Scrapy runs a crawl on one core; extraction is CPU-bound Python, so in the
crawl's process it delays every other request. Each worker is a
``python -m scrapy_boilerplate.worker`` process talking frames over its
stdin and stdout, driven by the reactor like any other connection: no threads.
"""

from __future__ import annotations

import itertools
import logging
import os
import pickle
import sys
from typing import Any

from twisted.internet import defer, protocol
from twisted.python.failure import Failure

from ..errors import BoilerplateError
from ..options import Options
from ..worker import HEADER, READY, frame

logger = logging.getLogger(__name__)


class WorkerError(BoilerplateError):
    """A page could not be classified in a worker: the error it raised there, or the worker died on it.

    ``error_type`` names the error the worker raised; ``details`` holds its
    traceback when the error is not one of the documented ones.
    """

    def __init__(self, message: str, *, error_type: str = "WorkerError", details: str | None = None) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.details = details


class WorkersUnavailable(WorkerError):
    """No worker process could be started: the page is for the crawl's process to classify."""


class _Worker(protocol.ProcessProtocol):
    """One worker process and the jobs sent to it, oldest first (it answers in order)."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool
        self.ready: defer.Deferred[None] = defer.Deferred()
        self.jobs: dict[int, tuple[defer.Deferred, tuple]] = {}
        self._received = bytearray()

    def send(self, request: tuple, result: defer.Deferred) -> None:
        self.jobs[request[0]] = (result, request)
        self.transport.write(frame(request))

    def outReceived(self, data: bytes) -> None:
        received = self._received
        received += data
        start = 0
        while len(received) - start >= HEADER.size:
            (size,) = HEADER.unpack_from(received, start)
            end = start + HEADER.size + size
            if len(received) < end:
                break
            self._answered(pickle.loads(received[start + HEADER.size:end]))
            start = end
        del received[:start]

    def _answered(self, message: Any) -> None:
        if message == READY:
            self.ready.callback(None)
            return
        job, extraction, seconds, failure = message
        result, _ = self.jobs.pop(job)
        if failure is None:
            result.callback((extraction, seconds))
        else:
            error_type, text, details = failure
            result.errback(WorkerError(text, error_type=error_type, details=details))

    def processEnded(self, reason: Failure) -> None:
        self.pool.ended(self, reason.value)


class WorkerPool:
    """``size`` worker processes extracting with one algorithm and its options.

    A page that kills its worker fails alone: the jobs queued behind it go to
    the replacement. If workers cannot start at all, :meth:`extract` fails
    with :class:`WorkersUnavailable` and the caller classifies in-process.
    """

    #: The arguments of the Python interpreter that make it a worker.
    command = ("-m", "scrapy_boilerplate.worker")

    def __init__(self, size: int, algorithm: str, options: Options, renderings: tuple[str, ...] = ()) -> None:
        self.size = size
        self.algorithm = algorithm
        self.options = options
        self.renderings = renderings
        self.workers: list[_Worker] = []
        self.restarts = 0
        self.unavailable: str | None = None
        self._jobs = itertools.count()
        self._closed: defer.Deferred[None] | None = None  # once closing
        self._configuration = b""

    def start(self) -> defer.Deferred[None]:
        """Start the workers; fires when they are ready, fails with :class:`WorkersUnavailable` if they cannot start."""
        try:
            self._configuration = frame((self.algorithm, self.options, *self.renderings))
            readies = [self._spawn().ready for _ in range(self.size)]
        except Exception as error:  # options that do not pickle, no process to spawn
            self.unavailable = f"the worker processes cannot start ({error})"
            return defer.fail(WorkersUnavailable(self.unavailable))
        return defer.DeferredList(readies, fireOnOneErrback=True, consumeErrors=True).addCallbacks(
            lambda _: None, lambda failure: failure.value.subFailure)

    def extract(self, body: bytes, url: str) -> defer.Deferred[tuple[dict[str, Any], float]]:
        """The extraction of ``body`` (see :func:`~scrapy_boilerplate.document.utf8_body`), JSON-ready,
        and the seconds it took in the worker."""
        if self.unavailable is not None:
            return defer.fail(WorkersUnavailable(self.unavailable))
        result: defer.Deferred[tuple[dict[str, Any], float]] = defer.Deferred()
        worker = min(self.workers, key=lambda worker: (not worker.ready.called, len(worker.jobs)))
        worker.send((next(self._jobs), body, url), result)
        return result

    def close(self) -> defer.Deferred[None]:
        """Let the workers finish their jobs and exit; fires when all have exited."""
        self._closed = defer.Deferred()
        for worker in self.workers:
            worker.transport.closeStdin()
        if not self.workers:
            self._closed.callback(None)
        return self._closed

    def ended(self, worker: _Worker, reason: BaseException) -> None:
        """``worker`` exited: fail the page it died on, and requeue the others."""
        self.workers.remove(worker)
        jobs = list(worker.jobs.values())
        if not worker.ready.called:
            self.unavailable = f"the worker processes cannot start ({reason})"
            worker.ready.errback(WorkersUnavailable(self.unavailable))
        elif jobs:
            result, _ = jobs.pop(0)
            result.errback(WorkerError(f"the worker process died on this page ({reason})"))
        if self._closed is not None or self.unavailable is not None:
            for result, _ in jobs:
                result.errback(WorkersUnavailable(self.unavailable or "the worker processes are closing"))
            if self._closed is not None and not self.workers:
                self._closed.callback(None)
            return
        self.restarts += 1
        logger.warning("A worker process exited (%s); starting another", reason)
        replacement = self._spawn()
        replacement.ready.addErrback(lambda failure: None)  # ended() has taken care of it
        for result, request in jobs:
            replacement.send(request, result)

    def _spawn(self) -> _Worker:
        from twisted.internet import reactor  # imported late: importing it early installs a reactor

        worker = _Worker(self)
        # The worker imports this package from wherever this process does.
        path = os.pathsep.join(entry or os.getcwd() for entry in sys.path)
        process = reactor.spawnProcess(worker, sys.executable, [sys.executable, *self.command],
                                       env={**os.environ, "PYTHONPATH": path}, childFDs={0: "w", 1: "r", 2: 2})
        _widen_pipes(process)
        worker.transport.write(self._configuration)
        self.workers.append(worker)
        return worker


#: Bytes a worker's pipes hold: several pages, so that a worker has its next
#: pages at hand while the crawl's process is busy elsewhere and cannot write.
PIPE_SIZE = 1 << 20


def _widen_pipes(process: Any) -> None:
    try:
        import fcntl

        for pipe in (process.pipes[0], process.pipes[1]):
            fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (ImportError, AttributeError, OSError):  # not Linux, or above the system's limit
        pass  # the default size works, more slowly
