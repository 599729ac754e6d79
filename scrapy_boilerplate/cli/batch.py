"""Classifying many inputs, in worker processes, with a progress bar: results come back in input order."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import ALGORITHMS, __distribution__, __version__, extract
from ..errors import BoilerplateError
from ..html.parse import HtmlInput, to_root
from ..inspect import FORMATS, Report, Style
from ..model.options import Options
from ..workers.pool import ProcessPool, WorkersUnavailable
from .sources import STDIN, SourceError, load

if TYPE_CHECKING:
    from tqdm import tqdm


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
                 progress: tqdm | None = None) -> Iterator[Outcome]:
    """The outcome of each of ``names``, in their order, computed in up to ``processes`` worker
    processes (the crawl's pool: an input that kills its worker costs that input alone, named in its
    outcome's error, and a new process takes the next). ``progress`` counts the inputs done."""
    ALGORITHMS[job.algorithm].prepare(job.options)
    if processes <= 1 or len(names) <= 1:
        for name in names:
            outcome = classify(job, name, stdin)
            _advance(progress, name)
            yield outcome
        return
    pool = ProcessPool(min(processes, len(names)), _classify_in_worker, initializer=_start_worker, initargs=(job,),
                       prepare=functools.partial(_start_worker, job), log_failures=False)
    pool.start()
    try:
        futures = [pool.submit((name, stdin if name == STDIN else None)) for name in names]
        indexes = {future: index for index, future in enumerate(futures)}
        finished: dict[int, Outcome] = {}
        next_index = 0
        for future in as_completed(futures):
            index = indexes[future]
            finished[index] = _result(job, future, names[index], stdin)
            _advance(progress, names[index])
            while next_index in finished:
                yield finished.pop(next_index)
                next_index += 1
    finally:
        pool.close()


def progress_bar(total: int) -> tqdm:
    """The bar of the inputs done, on standard error: ``12/40 |███       | page.html``."""
    from tqdm import tqdm

    return tqdm(total=total, unit=" inputs", file=sys.stderr, dynamic_ncols=True, leave=False,
                bar_format="{n_fmt}/{total_fmt} |{bar}| {desc}")


def _advance(progress: tqdm | None, name: str) -> None:
    if progress is not None:
        progress.set_description_str(name, refresh=False)
        progress.update()


_worker_job: Job | None = None


def _start_worker(job: Job) -> None:
    global _worker_job
    _worker_job = job
    ALGORITHMS[job.algorithm].prepare(job.options)


def _classify_in_worker(item: tuple[str, bytes | None]) -> Outcome:
    assert _worker_job is not None
    name, stdin = item
    return classify(_worker_job, name, stdin)


def _result(job: Job, future: Future, name: str, stdin: bytes | None) -> Outcome:
    try:
        return future.result()
    except WorkersUnavailable:  # no worker process can start: this process classifies it
        return classify(job, name, stdin)
    except Exception as error:  # noqa: BLE001 -- the worker died (killed, out of memory)
        return Outcome(name, error=f"{type(error).__name__}: {error}")
