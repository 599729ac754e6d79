"""What a worker process runs (``BOILERPLATE_WORKERS``), behind a ``concurrent.futures.ProcessPoolExecutor``.

The crawl's process hands pages over, several at a time when several wait
(a call per page costs the crawl's process more than the page's bytes), each as the UTF-8 bytes
:func:`~scrapy_boilerplate.document.utf8_body` gives, or a response's body
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
from dataclasses import dataclass

from .. import algorithms
from ..api import extract
from ..errors import BoilerplateError
from ..html.parse import decode, parse, parse_utf8
from ..model import Extraction, Metadata, Options



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

    @classmethod
    def of(cls, extraction: Extraction) -> Classified:
        good = sum(block.is_good for block in extraction.blocks)
        return cls(extraction.text, extraction.language, good, len(extraction.blocks),
                   pickle.dumps(extraction, protocol=pickle.HIGHEST_PROTOCOL), extraction.metadata)

    def extraction(self) -> Extraction:
        return pickle.loads(self.pickled)


_algorithm: str = "justext"
_options: Options | None = None


def initialize(algorithm: str, options: Options) -> None:
    """The pool's initializer, in the new process: :func:`configure` it.

    In a process forked from the crawl's, the objects inherited are first
    frozen out of the garbage collector's reach, so that their memory pages
    stay shared; the crawl's signal handling is undone, so that Ctrl-C is the
    crawl's alone to handle (it closes the workers) and no signal reaches the
    crawl's event loop through the wake-up descriptor both share; and the
    crawl's sockets are closed, so that a connection the crawl closes does close.
    """
    gc.freeze()
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _close_inherited_sockets()
    configure(algorithm, options)


def configure(algorithm: str, options: Options) -> None:
    """Classify with ``algorithm`` and ``options``, loading what they need now rather than on the first page."""
    global _algorithm, _options
    algorithms.get(algorithm).prepare(options)
    _algorithm, _options = algorithm, options


def _close_inherited_sockets() -> None:
    try:
        descriptors = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # not Linux: processes are spawned there, and inherit no socket
        return
    for descriptor in descriptors:
        try:
            if stat.S_ISSOCK(os.fstat(descriptor).st_mode):
                os.close(descriptor)
        except OSError:  # the descriptor listing the directory, closed since
            pass


def started() -> int:
    """Answers once the process runs and is configured: its pid."""
    return os.getpid()


def classify_all(pages: list[tuple[bytes, str, tuple[str, Options] | None, str | None]],
                 renderings: tuple[str, ...] = (), metadata: bool = True) -> list[tuple]:
    """:func:`classify` each page: ``(Classified, seconds, None)``, or ``(None, error, traceback)``
    when it raised (the traceback ``None`` for the documented errors), so that one page's
    error leaves the others' results."""
    outcomes = []
    for page in pages:
        try:
            extraction, seconds = classify(*page, renderings=renderings, metadata=metadata)
            outcomes.append((Classified.of(extraction), seconds, None))
        except BoilerplateError as error:
            outcomes.append((None, error, None))
        except Exception as error:  # noqa: BLE001 -- a bug costs its page, not the others
            outcomes.append((None, error, traceback.format_exc()))
    return outcomes


def classify(body: bytes, url: str, choice: tuple[str, Options] | None = None,
             encoding: str | None = None, *, renderings: tuple[str, ...] = (),
             metadata: bool = True) -> tuple[Extraction, float]:
    """The extraction of ``body`` with the configured algorithm and options, or those of
    ``choice``, and the seconds it took.

    ``body`` is what :func:`~scrapy_boilerplate.document.utf8_body` gives, or
    with ``encoding`` a response's body, decoded as Scrapy's
    ``TextResponse.text`` decodes it with ``TextResponse.encoding``. The
    extraction's ``renderings`` (names of its properties, ``"markdown"``,
    ``"main_html"``) are made and kept in it, to travel with it; ``metadata`` reads the
    page's metadata (see :func:`~scrapy_boilerplate.extract`).
    """
    begun = time.perf_counter()
    algorithm, options = choice or (_algorithm, _options)
    if encoding is None:
        root = parse_utf8(body, url=url or None)
    else:  # the crawl's process has refused binary data from the same text (response.text)
        root = parse(decode(body, f"charset={encoding}"), url=url or None)
    extraction = (extract(root, algorithm=algorithm, options=options, metadata=metadata) if root is not None
                  else Extraction(algorithm=algorithm, metadata=Metadata() if metadata else None))
    for name in renderings:
        getattr(extraction, name)
    return extraction, time.perf_counter() - begun
