"""Extraction in a process of its own: pages in on stdin, extractions out on stdout.

The Scrapy layer starts ``python -m scrapy_boilerplate.worker`` processes
(``BOILERPLATE_WORKERS``) so that extraction, which is CPU-bound, runs on
other cores than the crawl. Every message is a frame: its length as 8 bytes,
big-endian, then a pickle.

- The first request configures the worker: ``(algorithm, options, *renderings)``,
  ``renderings`` naming the :class:`~scrapy_boilerplate.Extraction` renderings
  (``"markdown"``, ``"main_html"``) to add to each answer's extraction; it
  answers ``READY`` once the algorithm is prepared.
- Then each request is ``(job, body, url)``, ``body`` being the page as
  :func:`~scrapy_boilerplate.document.utf8_body` gives it (the crawl's
  process has encoded it, so it travels as bytes and is parsed as they
  are), and each answer, in the same
  order, ``(job, extraction, seconds, failure)``: the extraction in its
  JSON-ready form (:meth:`~scrapy_boilerplate.Extraction.to_dict`), what an
  item gets, and ``failure`` ``None``; or no extraction and ``failure``
  ``(error type, message, traceback)`` with no traceback for the documented
  errors (:class:`~scrapy_boilerplate.BoilerplateError`).
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
import time
import traceback
from typing import Any, BinaryIO

from . import algorithms
from .api import extract
from .document import parse_utf8
from .errors import BoilerplateError
from .result import Extraction

HEADER = struct.Struct("!Q")
READY = "ready"


def frame(message: Any) -> bytes:
    """``message`` as one frame."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def read_message(stream: BinaryIO) -> Any:
    """The next message on ``stream``; ``None`` at its end."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    data = stream.read(size)
    return pickle.loads(data) if len(data) == size else None


def answer(job: int, body: bytes, url: str, algorithm: str, options: Any, renderings: tuple[str, ...] = ()) -> tuple:
    """The answer to one request."""
    started = time.perf_counter()
    failure = None
    try:
        root = parse_utf8(body, url=url or None)
        extracted = (extract(root, algorithm=algorithm, options=options) if root is not None
                     else Extraction(algorithm=algorithm))
        extraction = extracted.to_dict()
        for name in renderings:  # made here, where the parsed page is
            extraction[name] = getattr(extracted, name)
    except BoilerplateError as error:
        extraction, failure = None, (type(error).__name__, str(error), None)
    except Exception as error:  # a bug must cost one page, not the worker
        extraction, failure = None, (type(error).__name__, str(error), traceback.format_exc())
    return job, extraction, time.perf_counter() - started, failure


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Answer the requests on ``requests`` until it ends."""
    configuration = read_message(requests)
    if configuration is None:
        return
    algorithm, options, *renderings = configuration
    algorithms.get(algorithm).prepare(options)
    answers.write(frame(READY))
    answers.flush()
    while (request := read_message(requests)) is not None:
        answers.write(frame(answer(*request, algorithm, options, tuple(renderings))))
        answers.flush()


def main() -> None:
    # The answers get a descriptor of their own, and stdout becomes stderr:
    # nothing else written to stdout, from Python or from C, can corrupt a frame.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
