"""Classifying many inputs, in worker processes, with a progress bar: results come back in input order."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TextIO

from .. import ALGORITHMS, __distribution__, __version__, extract
from ..errors import BoilerplateError
from ..html.parse import HtmlInput, to_root
from ..inspect import FORMATS, Report, Style
from ..model.options import Options
from .sources import SourceError, load


@dataclass(frozen=True)
class Job:
    """What to do with every input: the algorithm and its options, the format and how to show it."""

    algorithm: str
    options: Options
    format: str
    style: Style
    timeout: float = 30
    #: Inputs of more bytes fail unparsed (0: no limit; the command line's default is 20 MB).
    max_page_size: int = 0


@dataclass
class Outcome:
    """One input's rendered output, or why it failed."""

    name: str
    output: str | None = None
    error: str | None = None


def classify(job: Job, name: str, stdin: bytes | None = None) -> Outcome:
    """Read, classify and render one input; every failure becomes the outcome's ``error``."""
    try:
        loaded = load(name, stdin=stdin, timeout=job.timeout, user_agent=f"{__distribution__}/{__version__}",
                      max_size=job.max_page_size)
        output_format = FORMATS[job.format]
        page: HtmlInput | None  # its text, then its tree where the format needs one (None: none)
        page = loaded.page(job.max_page_size)
        root = None
        if output_format.needs_tree:
            # One parse for the blocks and the view: the view marks the very text the blocks came from.
            page = root = to_root(page, url=loaded.url)
        extraction = extract("" if page is None else page, url=loaded.url, algorithm=job.algorithm,
                             options=job.options)
        report = Report(extraction, job.options, url=loaded.url, file=loaded.file, root=root)
        return Outcome(name, output=output_format.render(report, job.style))
    except (SourceError, BoilerplateError) as error:
        return Outcome(name, error=str(error))
    except Exception as error:  # noqa: BLE001 -- a bug must cost one input, not the others
        return Outcome(name, error=f"{type(error).__name__}: {error}")


def classify_all(job: Job, names: Sequence[str], *, processes: int = 1, stdin: bytes | None = None,
                 progress: Progress | None = None) -> Iterator[Outcome]:
    """The outcome of each of ``names``, in their order, computed in up to ``processes`` processes."""
    ALGORITHMS[job.algorithm].prepare(job.options)
    if processes <= 1 or len(names) <= 1:
        for done, name in enumerate(names, 1):
            outcome = classify(job, name, stdin)
            if progress:
                progress.show(done, name)
            yield outcome
        return
    with ProcessPoolExecutor(min(processes, len(names)), initializer=_start_worker, initargs=(job,)) as pool:
        futures = {pool.submit(_classify_in_worker, name, stdin if name == "-" else None): index
                   for index, name in enumerate(names)}
        finished: dict[int, Outcome] = {}
        next_index = 0
        try:
            for done, future in enumerate(as_completed(futures), 1):
                finished[futures[future]] = _result(future, names[futures[future]])
                if progress:
                    progress.show(done, names[futures[future]])
                while next_index in finished:
                    yield finished.pop(next_index)
                    next_index += 1
        finally:
            pool.shutdown(cancel_futures=True)


_worker_job: Job | None = None


def _start_worker(job: Job) -> None:
    global _worker_job
    _worker_job = job
    ALGORITHMS[job.algorithm].prepare(job.options)


def _classify_in_worker(name: str, stdin: bytes | None) -> Outcome:
    assert _worker_job is not None
    return classify(_worker_job, name, stdin)


def _result(future: Future, name: str) -> Outcome:
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001 -- the worker died (killed, out of memory)
        return Outcome(name, error=f"{type(error).__name__}: {error}")


class Progress:
    """A one-line progress bar on a terminal: ``[#####.....] 12/40 page.html``."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False

    def show(self, done: int, name: str) -> None:
        width = shutil.get_terminal_size().columns
        bar_width = max(10, min(30, width // 3))
        filled = bar_width * done // self.total
        line = f"[{'#' * filled}{'.' * (bar_width - filled)}] {done}/{self.total} {name}"
        self.stream.write("\r" + line[: width - 1].ljust(width - 1))
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Clear the bar's line, so that a message can take it."""
        if self.shown:
            width = shutil.get_terminal_size().columns
            self.stream.write("\r" + " " * (width - 1) + "\r")
            self.stream.flush()
            self.shown = False
