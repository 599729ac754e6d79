"""What a worker process runs (``BOILERPLATE_WORKERS``, and an archive's run): :func:`serve`, at
the other end of a pipe from :class:`~scrapy_boilerplate.workers.pool.ProcessPool`.

The crawl's process hands pages over one at a time, each as the UTF-8 bytes
:func:`~scrapy_boilerplate.html.parse.utf8_body` gives, or a response's body
and the encoding Scrapy decoded it with, re-encoded here (the crawl's
process has checked that the page is not binary data), and gets back the
:class:`~scrapy_boilerplate.Extraction`, which pickles as one row of values
per block, with the renderings asked for (``markdown``, ``main_html``) made
here, where the parsed page is, inside a :class:`Classified` that the crawl's process
unpickles only if asked for more than the text and language. Errors travel as exceptions,
a bug's with its traceback.
Nothing here imports Scrapy.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import stat
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from .. import algorithms
from ..api import extract
from ..errors import BoilerplateError
from ..html.parse import decode_page, parse, parse_utf8
from ..model import Extraction, Metadata, Options

#: A page as the crawl hands it over: its body, its URL, the algorithm and options it asks for
#: instead of the configured ones, and the encoding of a response's body.
PageArguments = tuple[bytes, str, "tuple[str, Options] | None", "str | None"]
#: What comes back for an item: ``(value, None, None)``, or ``(None, error, traceback)``
#: when the task raised (the traceback ``None`` for the documented errors).
Outcome = tuple[Any, Any, "str | None"]
#: What pickling refuses, before any byte is sent.
PICKLING_ERRORS = (pickle.PicklingError, TypeError, AttributeError)


@dataclass(frozen=True)
class Classified:
    """A page's extraction as it travels back to the crawl: what every crawl reads (the text,
    the language, the number of good blocks and of all blocks, the metadata) and the whole extraction
    still pickled, which the crawl's process unpickles only when asked for it (most crawls
    never are: that is half the hand-off's cost to the crawl)."""

    text: str
    language: str | None
    good: int
    blocks: int
    pickled: bytes
    metadata: Metadata | None = None
    #: The page's type, when it was read in the worker (``classify(page_type=True)``).
    page_type: str | None = None

    @classmethod
    def of(cls, extraction: Extraction, page_type: bool = False) -> Classified:
        """``extraction``, with its type if ``page_type`` (read by then: asking for it reads it)."""
        return cls(extraction.text, extraction.language, extraction.good, len(extraction.blocks),
                   pickle.dumps(extraction, protocol=pickle.HIGHEST_PROTOCOL), extraction.metadata,
                   extraction.page_type if page_type else None)

    def extraction(self) -> Extraction:
        return pickle.loads(self.pickled)


#: What ends a worker past its CPU time limit: the timer of ``ITIMER_PROF`` (the process's CPU
#: time, user and system), whose signal's default action ends the process. ``None`` where the
#: system has no such timer: the pool's limit then counts the clock's seconds.
CPU_LIMIT_SIGNAL: int | None = getattr(signal, "SIGPROF", None) if hasattr(signal, "setitimer") else None

_algorithm: str = "justext"
_options: Options | None = None


def serve(connection: Connection, initializer: Callable[..., None], initargs: tuple,
          task: Callable[[Any], Any], cpu_limit: float | None = None) -> None:
    """The worker process: start (:func:`detach`, then ``initializer(*initargs)``), say so (its
    pid), then answer each item that comes through ``connection`` with the :data:`Outcome` of
    ``task(item)`` until the caller's process closes it (or is gone).

    With ``cpu_limit``, an item that takes more than ``cpu_limit`` seconds of this process's CPU
    time ends it (by :data:`CPU_LIMIT_SIGNAL`), wherever it is, in C code too: CPU time, unlike the
    clock, does not grow when other processes share the cores, so the same items time out on
    any machine, loaded or not."""
    detach(keep=connection.fileno())
    initializer(*initargs)
    connection.send(os.getpid())
    while True:
        try:
            item = connection.recv()
        except EOFError:  # the pool is closed, or the caller's process is gone
            return
        if cpu_limit:
            signal.setitimer(signal.ITIMER_PROF, cpu_limit)
        try:
            outcome: Outcome = (task(item), None, None)
        except BoilerplateError as error:
            outcome = (None, error, None)
        except Exception as error:  # noqa: BLE001 -- a bug costs its page, not the worker
            outcome = (None, error, traceback.format_exc())
        finally:
            if cpu_limit:
                signal.setitimer(signal.ITIMER_PROF, 0)
        try:
            connection.send(outcome)
        except PICKLING_ERRORS as error:  # pickled before any byte is sent
            connection.send((None, TypeError(f"the result cannot be sent back from the worker: {error}"),
                             traceback.format_exc()))


def detach(keep: int = -1) -> None:
    """Undo what a process forked from the crawl's (or any parent) inherited: Ctrl-C is the
    parent's alone to handle (it stops the workers) and no signal reaches its event loop
    through the wake-up descriptor both share; its sockets (but ``keep``), the other workers'
    pipes among them, are closed, so that a connection it closes does close and a pipe's end
    tells when its process is gone; the objects inherited are frozen out of the garbage
    collector's reach, so that their memory pages stay shared."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if CPU_LIMIT_SIGNAL is not None:  # a profiler's handler would keep the process alive past its limit
        signal.signal(CPU_LIMIT_SIGNAL, signal.SIG_DFL)
    _close_inherited_sockets(keep)
    gc.freeze()


def configure(algorithm: str, options: Options) -> None:
    """Classify with ``algorithm`` and ``options``, loading what they need now rather than on the first page."""
    global _algorithm, _options
    algorithms.get(algorithm).prepare(options)
    _algorithm, _options = algorithm, options


def _close_inherited_sockets(keep: int) -> None:
    try:
        descriptors = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # not Linux: processes are spawned there, and inherit no socket
        return
    for descriptor in descriptors:
        try:
            if descriptor != keep and stat.S_ISSOCK(os.fstat(descriptor).st_mode):
                os.close(descriptor)
        except OSError:  # the descriptor listing the directory, closed since
            pass


def answer(page: PageArguments, renderings: tuple[str, ...] = (), metadata: bool = True,
           page_type: bool = False) -> tuple[Classified, float]:
    """The crawl's task: :func:`classify` the page, and the seconds it took."""
    extraction, seconds = classify(*page, renderings=renderings, metadata=metadata, page_type=page_type)
    return Classified.of(extraction, page_type), seconds


def classify(body: bytes, url: str, choice: tuple[str, Options] | None = None,
             encoding: str | None = None, *, renderings: tuple[str, ...] = (),
             metadata: bool = True, page_type: bool = False) -> tuple[Extraction, float]:
    """The extraction of ``body`` with the configured algorithm and options, or those of
    ``choice``, and the seconds it took.

    ``body`` is what :func:`~scrapy_boilerplate.html.parse.utf8_body` gives, or
    with ``encoding`` a response's body, decoded as Scrapy's
    ``TextResponse.text`` decodes it with ``TextResponse.encoding``. The
    extraction's ``renderings`` (names of :meth:`Extraction.rendering <scrapy_boilerplate.Extraction.rendering>`,
    ``"markdown"``, ``"main_html"``...) are made and kept in it, to travel with it, and so is its
    ``page_type`` (:attr:`Extraction.page_type <scrapy_boilerplate.Extraction.page_type>`) when asked
    for; ``metadata`` reads the page's metadata (see :func:`~scrapy_boilerplate.extract`).
    """
    begun = time.perf_counter()
    algorithm, options = choice or (_algorithm, _options)
    if encoding is None:
        root = parse_utf8(body, url=url or None)
    else:  # the crawl's process has refused binary data from the same text (response.text)
        root = parse(decode_page(body, f"charset={encoding}").text, url=url or None)
    extraction = (extract(root, url=url or None, algorithm=algorithm, options=options, metadata=metadata)
                  if root is not None
                  else Extraction(algorithm=algorithm, metadata=Metadata() if metadata else None))
    for name in renderings:
        extraction.rendering(name)
    if page_type:
        extraction.page_type_probabilities  # read here, where the parsed page is
    return extraction, time.perf_counter() - begun
