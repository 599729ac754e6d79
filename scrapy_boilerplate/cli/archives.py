"""``scrapy-boilerplate ARCHIVE.warc.gz ...``: every HTML response of web archives to JSON lines."""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..archives import DEFAULT_TIMEOUT, FIELDS, MAX_BODY, run, start
from ..model.options import Options
from ..workers.pool import WorkersUnavailable
from .files import replacing
from .flags import count

if TYPE_CHECKING:
    from tqdm import tqdm

#: Exit status of a run Ctrl-C stopped (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def add_archive_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "web archives (.warc, .warc.gz, a Common Crawl path crawl-data/..., or a .paths list of them)",
        "each HTML response with status 200 becomes a JSON line: url, warc_record_id, warc_date, "
        "language, text; the records skipped are counted by reason on standard error at the end")
    group.add_argument("-o", "--output", metavar="FILE", type=Path,
                       help="write the JSON lines to FILE, gzipped if it ends in .gz (default: standard output)")
    group.add_argument("--fields", metavar="FIELD,...", type=_fields, default=(),
                       help=f"also write these fields: {', '.join(FIELDS)}")
    group.add_argument("--record-timeout", metavar="SECONDS", type=_seconds, default=DEFAULT_TIMEOUT,
                       help="skip a record whose extraction takes more CPU seconds, and replace its worker "
                            f"(default: {DEFAULT_TIMEOUT:g})")
    group.add_argument("--max-body", metavar="BYTES", type=count, default=MAX_BODY,
                       help="skip a record whose body is longer, decoded or not (default: 10 MiB; 0: no limit)")


def main(args: argparse.Namespace, options: Options) -> int:
    """Extract the archives ``args.inputs``; exit status 0, 1 if records crashed the
    extractor or an archive could not be read, 130 if interrupted."""
    problems = []

    def report(message: str) -> None:
        problems.append(message)
        _say(message, bar)

    bar = _progress_bar()
    try:
        with _output(args.output) as output:
            tally = run(args.inputs, output, processes=args.jobs, timeout=args.record_timeout,
                        max_body=args.max_body, initializer=start, initargs=(args.algorithm, options, args.fields),
                        progress=bar, report=report, note=lambda message: _say(message, bar))
    except WorkersUnavailable as error:
        _say(f"no record extracted: {error}", None)
        return 1
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, without a second error when Python flushes stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    finally:
        if bar is not None:
            bar.close()
    _say(tally.summary(), None)
    if tally.interrupted:
        return INTERRUPTED
    return 1 if problems else 0


def _output(path: Path | None) -> AbstractContextManager[TextIO]:
    return nullcontext(sys.stdout) if path is None else replacing(path)


def _progress_bar() -> tqdm | None:
    """A bar with the records per second on a terminal; none on a pipe or a file."""
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(desc="records", unit=" records", bar_format="{desc}: {n_fmt} [{elapsed}, {rate_noinv_fmt}]",
                file=sys.stderr, dynamic_ncols=True)


def _say(message: str, bar: tqdm | None) -> None:
    """``message`` on standard error, above the progress bar if there is one."""
    line = f"scrapy-boilerplate: {message}"
    if bar is not None:
        bar.write(line, file=sys.stderr)
    else:
        print(line, file=sys.stderr)


def _fields(text: str) -> tuple[str, ...]:
    fields = tuple(word.strip() for word in text.split(",") if word.strip())
    unknown = [name for name in fields if name not in FIELDS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown field {unknown[0]!r} (fields: {', '.join(FIELDS)})")
    return fields


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0: {text!r}")
    return value
