"""``python -m scrapy_boilerplate`` and ``scrapy-boilerplate``: classify pages and show the result.

Exit status: 0 when every input was classified, 1 when some failed (each
named on standard error), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .. import ALGORITHMS, __distribution__, __version__, compiled_core
from ..algorithms.justext import stoplists
from ..archives import is_archive
from ..html.parse import MAX_PAGE_SIZE
from ..inspect import FORMATS, Style
from . import archives
from .batch import Job, Outcome, classify_all, progress_bar
from .files import clashes, write_text
from .flags import add_option_flags, count, flag, options_from
from .sources import STDIN, is_url, read_bounded

if TYPE_CHECKING:
    from tqdm import tqdm

PROG = "scrapy-boilerplate"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage="%(prog)s [-h] [-a ALGORITHM] [-f FORMAT] [-d DIR] [-j N] [--OPTION VALUE ...] INPUT ...\n"
              "       %(prog)s [-a ALGORITHM] [-j N] [-o FILE] [--fields FIELD,...] [--OPTION VALUE ...] ARCHIVE ...",
        description="Split web pages into blocks and label each as main text (good) or boilerplate (bad).",
        epilog="Exit status: 0 ok, 1 some inputs failed, 2 bad arguments.",
    )
    parser.add_argument("inputs", nargs="*", metavar="INPUT",
                        help="an HTML file (.html or .html.gz), - for standard input, an http(s) URL, "
                             "or a web archive (see below)")
    parser.add_argument("-a", "--algorithm", choices=list(ALGORITHMS), default="justext",
                        help="the classifier (default: justext)")
    parser.add_argument("-f", "--format", choices=list(FORMATS), default="text",
                        help="text: the good blocks; markdown: the good blocks with their structure; "
                             "json, jsonl: every block with its features; "
                             "blocks: a table of the blocks; html: the coloured block view (default: text)")
    parser.add_argument("--markdown-images", action="store_true",
                        help="with --format markdown: write the main content's images, ![alt](URL)")
    parser.add_argument("-d", "--output-dir", metavar="DIR", type=Path,
                        help="write one file per input into DIR instead of printing")
    parser.add_argument("-j", "--jobs", metavar="N", type=_positive, default=1,
                        help="classify in N processes (default: 1)")
    parser.add_argument("--timeout", metavar="SECONDS", type=float, default=30,
                        help="how long to wait for a URL (default: 30)")
    parser.add_argument("--max-page-size", metavar="BYTES", type=count, default=MAX_PAGE_SIZE,
                        help="skip inputs of more bytes, unparsed, as failed "
                             f"(default: {MAX_PAGE_SIZE:,}; 0: no limit)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the blocks table: auto (on a terminal, unless NO_COLOR is set), always, never")
    parser.add_argument("--list-algorithms", action="store_true", help="list the algorithms and their option flags")
    parser.add_argument("--list-stoplists", action="store_true", help="list the stoplists --stoplist accepts")
    core = "compiled core" if compiled_core.compiled() else "pure Python"
    parser.add_argument("--version", action="version", version=f"{__distribution__} {__version__} ({core})")
    archives.add_archive_arguments(parser)
    add_option_flags(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.list_algorithms:
        _list_algorithms()
        return 0
    if args.list_stoplists:
        print("\n".join(["auto", *stoplists.available().values()]))
        return 0
    if not args.inputs:
        parser.error("the following arguments are required: INPUT (a file, - or a URL)")
    options = options_from(parser, args, args.algorithm)
    if any(map(is_archive, args.inputs)):
        if not all(map(is_archive, args.inputs)):
            parser.error("argument INPUT: web archives and pages cannot be read in one run")
        if args.format != "text" or args.output_dir is not None:
            parser.error("web archives give JSON lines: write them with --output FILE, not --format or --output-dir")
        if args.output is not None and clashes([args.output], args.inputs) is not None:
            parser.error(f"argument -o/--output: {args.output} is an input archive; choose another file")
        return archives.main(args, options)
    if args.output is not None:
        parser.error("argument --output: only for web archives; for pages, use --output-dir DIR")
    output_format = FORMATS[args.format]
    if args.inputs.count(STDIN) > 1:
        parser.error("argument INPUT: - (standard input) can be read once only")
    if output_format.several == "apart" and len(args.inputs) > 1 and args.output_dir is None:
        parser.error(f"argument --format: {args.format} gives one document per input; "
                     "with several inputs, write them with --output-dir DIR")
    output_paths: list[Path] = []
    if args.output_dir is not None:
        problem = _unwritable(args.output_dir)
        if problem:
            parser.error(f"argument -d/--output-dir: {problem}")
        taken: set[str] = set()
        output_paths = [args.output_dir / _file_name(name, output_format.suffix, taken) for name in args.inputs]
        clash = clashes(output_paths, args.inputs)
        if clash is not None:
            parser.error(f"argument -d/--output-dir: {clash} would overwrite an input; choose another directory")
    stdin = read_bounded(sys.stdin.buffer, args.max_page_size) if STDIN in args.inputs else None
    colour = args.output_dir is None and (
        args.color == "always" or (args.color == "auto" and sys.stdout.isatty() and "NO_COLOR" not in os.environ))
    if args.markdown_images and args.format != "markdown":
        parser.error("argument --markdown-images: only with --format markdown")
    style = Style(colour=colour, width=shutil.get_terminal_size().columns, images=args.markdown_images)
    job = Job(args.algorithm, options, args.format, style,
              timeout=args.timeout, max_page_size=args.max_page_size)
    progress = progress_bar(len(args.inputs)) if len(args.inputs) > 1 and sys.stderr.isatty() else None
    outcomes = classify_all(job, args.inputs, processes=args.jobs, stdin=stdin, progress=progress)
    try:
        if args.output_dir is not None:
            failed = _write_files(outcomes, output_paths, progress)
        else:
            failed = _print(outcomes, output_format.several, len(args.inputs), progress)
    except KeyboardInterrupt:
        _report(progress, "interrupted")
        return 130
    except BrokenPipeError:
        # The reader left (``| head``): stop quietly, without a second error when Python flushes stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    finally:
        if progress:
            progress.close()
    return 1 if failed else 0


def _print(outcomes: Iterable[Outcome], several: str, count: int, progress: tqdm | None) -> int:
    failed = printed = 0
    array = several == "array" and count > 1
    for outcome in outcomes:
        if outcome.error is not None:
            failed += 1
            _report(progress, f"{outcome.name}: {outcome.error}")
            continue
        output = outcome.output or ""
        if array:
            output = ("[\n" if not printed else ",\n") + output.rstrip("\n")
        elif several == "titled" and count > 1:
            output = ("\n" if printed else "") + f"==> {outcome.name} <==\n" + output
        with _beside(progress):
            sys.stdout.write(output)
            sys.stdout.flush()
        printed += 1
    if array:
        sys.stdout.write("\n]\n" if printed else "[]\n")
    return failed


def _unwritable(directory: Path) -> str | None:
    """Why no file can be written into ``directory`` (created if missing), or ``None``."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{directory} exists and is not a directory"
    except OSError as error:
        return f"cannot create {directory}: {error.strerror or error}"
    if not os.access(directory, os.W_OK | os.X_OK):
        return f"cannot write into {directory}: permission denied"
    return None


def _write_files(outcomes: Iterable[Outcome], paths: Sequence[Path], progress: tqdm | None) -> int:
    failed = 0
    for outcome, path in zip(outcomes, paths, strict=True):
        if outcome.error is not None:
            failed += 1
            _report(progress, f"{outcome.name}: {outcome.error}")
            continue
        try:
            write_text(path, outcome.output or "")
        except OSError as error:  # a full disk, a name the file system refuses: this input fails alone
            failed += 1
            _report(progress, f"{outcome.name}: cannot write {path}: {error.strerror or error}")
            continue
        with _beside(progress):
            print(path)
    return failed


def _file_name(name: str, suffix: str, taken: set[str]) -> str:
    """A file name for the output of input ``name``, unlike those ``taken``: the input's, less its suffixes."""
    if name == STDIN:
        stem = "stdin"
    elif is_url(name):
        stem = re.sub(r"[^\w.-]+", "_", name.split("://", 1)[1]).strip("_")
    else:
        stem = Path(name).name
    stem = re.sub(r"(\.html?|\.xhtml)?(\.gz)?$", "", stem, flags=re.IGNORECASE) or "page"
    candidate, number = stem + suffix, 1
    while candidate in taken:
        number += 1
        candidate = f"{stem}-{number}{suffix}"
    taken.add(candidate)
    return candidate


def _report(progress: tqdm | None, message: str) -> None:
    with _beside(progress):
        print(f"{PROG}: {message}", file=sys.stderr)


@contextmanager
def _beside(progress: tqdm | None) -> Iterator[None]:
    """Writing to the terminal with the progress bar cleared first, and shown again after."""
    if progress is None:
        yield
        return
    with progress.external_write_mode():
        yield


def _list_algorithms() -> None:
    width = max(map(len, ALGORITHMS))
    for name, algorithm in ALGORITHMS.items():
        flags = " ".join(flag(option) for option in algorithm.options.names()) or "(no options)"
        print(f"{name.ljust(width)}  {flags}")


def _positive(text: str) -> int:
    return count(text, minimum=1)
