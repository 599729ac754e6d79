"""Running an extraction over archives: records in worker processes, lines out in archive order.

The process reading the archives hands each record to the crawl's pool of
worker processes (:class:`~scrapy_boilerplate.workers.pool.ProcessPool`) with a
time limit in CPU seconds (a worker past it is killed and replaced; the clock's
seconds would skip more records on a busy machine) and keeps at most
:data:`IN_FLIGHT_PER_WORKER` records per worker in flight: memory stays flat
however large the archives. A record that times out, raises or kills its worker
is counted and skipped; Ctrl-C stops at a record boundary.
"""

from __future__ import annotations

import functools
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Protocol, TextIO

from ..workers.pool import PageTimeout, ProcessPool, WorkersUnavailable
from .records import MAX_BODY, TRUNCATED, UNREADABLE, ArchiveError, Record, Skipped, locations, read
from .worker import BINARY, TOO_COMPLEX, extract_record
from .worker import UNREADABLE as UNREADABLE_HTML

#: Records waiting for or in each worker: enough that none idles while the reader
#: catches up or an earlier record's line waits to be written, few enough to hold in memory.
IN_FLIGHT_PER_WORKER = 8
#: CPU seconds a record's extraction may take: past it the record is skipped and its worker
#: replaced. The slowest of the corpora's 3,442 pages takes 0.54 s with every field and the
#: slowest algorithm (learned; ``benchmarks/page_times.py``): about 4x that, for a margin.
DEFAULT_TIMEOUT = 2.0
TIMEOUT = "timeout"
CRASHED = "extractor crashed"
#: Why a worker lost a page, each named on standard error as it happens; the other reasons,
#: records that hold no page and pages without main text, are counted only.
LOST_IN_WORKER = frozenset({TIMEOUT, CRASHED, BINARY, UNREADABLE_HTML, TOO_COMPLEX})


class Progress(Protocol):
    def update(self, n: int = 1) -> Any: ...


@dataclass
class Tally:
    """What a run read, wrote and skipped (by reason), and the records that crashed the extractor."""

    read: int = 0
    written: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    crashed: list[tuple[str, str]] = field(default_factory=list)
    interrupted: bool = False

    def summary(self) -> str:
        reasons = ", ".join(f"{count} {reason}" for reason, count in self.skipped.most_common())
        return (f"{self.read} record{'' if self.read == 1 else 's'} read, {self.written} written, "
                f"{sum(self.skipped.values())} skipped"
                + (f" ({reasons})" if reasons else "") + (" (interrupted)" if self.interrupted else ""))


def run(names: Iterable[str], output: TextIO, *, processes: int = 1, timeout: float | None = DEFAULT_TIMEOUT,
        max_body: int = MAX_BODY, initializer: Callable[..., None], initargs: tuple = (),
        task: Callable[[Record], str | Skipped] = extract_record, progress: Progress | None = None,
        report: Callable[[str], None] = lambda message: None,
        note: Callable[[str], None] = lambda message: None) -> Tally:
    """Extract every record of the archives ``names`` name (see :func:`.records.locations`) into
    ``output``, one line each.

    ``initializer(*initargs)`` prepares each worker process (it runs here first, so that
    the processes forked inherit what it loads) and ``task`` makes a record's line there,
    or says why it is skipped. ``timeout`` is the CPU seconds a record may take in its worker.
    ``report`` hears, for a person, of each record that crashed the extractor and of each archive
    that could not be read; ``note``, of each other page lost (:data:`LOST_IN_WORKER`: past the
    time limit, binary data, unreadable HTML) and each record skipped because it could not be
    decoded (a broken content encoding, a chunked body cut short), named by URL and record id. Raises
    :class:`~scrapy_boilerplate.workers.pool.WorkersUnavailable` when no worker process can start.
    """
    tally = Tally()
    pending: deque[tuple[Future, Record]] = deque()

    def finish(future: Future, record: Record) -> None:
        try:
            outcome = future.result()
        except PageTimeout as error:
            outcome = Skipped(TIMEOUT, record.record_id, record.url, detail=str(error))
        except WorkersUnavailable:
            raise
        except Exception as error:  # noqa: BLE001 -- a bug, or the worker died: this record alone is lost
            outcome = Skipped(CRASHED, record.record_id, record.url)
            # A bug raised in the worker comes as a WorkerError naming the bug's own type.
            what = f"{getattr(error, 'error_type', type(error).__name__)}: {error}"
            tally.crashed.append((record.record_id, what))
            report(f"{outcome.name()}: the extractor crashed: {what}")
        if isinstance(outcome, Skipped) and outcome.reason in LOST_IN_WORKER - {CRASHED}:
            note(f"{outcome.name()}: skipped: {outcome.reason}" + (f" ({outcome.detail})" if outcome.detail else ""))
        done(outcome)

    def done(outcome: str | Skipped) -> None:
        if isinstance(outcome, Skipped):
            tally.skipped[outcome.reason] += 1
        else:
            output.write(outcome)
            tally.written += 1
        if progress is not None:
            progress.update()

    pool = ProcessPool(processes, task, initializer=initializer, initargs=initargs, page_timeout=timeout,
                       prepare=functools.partial(initializer, *initargs), describe=_name,
                       log_failures=False)
    pool.start()
    with _stop_on_interrupt() as stop:
        try:
            for item in _records(names, max_body, report, note):
                if stop.requested:
                    break
                tally.read += 1
                if isinstance(item, Skipped):
                    done(item)
                    continue
                pending.append((pool.submit(item), item))
                while len(pending) >= IN_FLIGHT_PER_WORKER * processes or (pending and pending[0][0].done()):
                    finish(*pending.popleft())
            while pending and not stop.requested:
                finish(*pending.popleft())
        finally:
            tally.interrupted = stop.requested
            tally.read -= len(pending)  # left unwritten: the output ends at a record boundary
            pool.close()
    return tally


def _name(record: Record) -> str:
    return Skipped("", record.record_id, record.url).name()


def _records(names: Iterable[str], max_body: int, report: Callable[[str], None],
             note: Callable[[str], None]) -> Iterator[Record | Skipped]:
    for name in names:
        try:
            archives = locations(name)
        except ArchiveError as error:
            report(str(error))
            continue
        for location in archives:
            try:
                for item in read(location, max_body=max_body):
                    if isinstance(item, Skipped) and item.reason in (TRUNCATED, UNREADABLE):
                        report(f"{location}: {item.reason}{f' {item.record_id}' if item.record_id else ''}: "
                               "the archive ends here" + (f" ({item.detail})" if item.detail else ""))
                    elif isinstance(item, Skipped) and item.detail:
                        note(f"{location}: {item.name()}: skipped: {item.detail}")
                    yield item
            except ArchiveError as error:
                report(str(error))


class _Stop:
    requested = False


class _stop_on_interrupt:
    """While it lasts, Ctrl-C (SIGINT) asks the run to stop at the next record boundary;
    a second one interrupts at once, as usual."""

    def __enter__(self) -> _Stop:
        self.stop = _Stop()
        self.previous = signal.getsignal(signal.SIGINT) or signal.default_int_handler
        try:
            signal.signal(signal.SIGINT, self._handle)
            self.installed = True
        except ValueError:  # not the main thread: Ctrl-C is not ours to handle
            self.installed = False
        return self.stop

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.stop.requested = True
        signal.signal(signal.SIGINT, self.previous)

    def __exit__(self, *exc_info: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.previous)
