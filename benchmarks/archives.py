"""Web archives to JSON lines: records per second per core, F1 and memory, against trafilatura and resiliparse.

Builds a WARC of every devset and trainset page (HTTP responses with their
headers), then runs each contender over it through the same reader, worker
pool and writer (scrapy_boilerplate.archives.run): our justext, learned and
boilerpipe-article; trafilatura's ``extract`` (FineWeb's extractor) and
resiliparse's ``extract_plain_text(main_content=True)`` (DCLM's). The archive
is cut in parts, and the contenders take turns part by part. Records per
second per core count the CPU time of the reading process and its workers;
the wall-clock rate is beside it; each contender's peak memory (PSS) is
sampled in a run of the first part of its own. Then the shingle F1 on the trainset records
(trainset README's metric), ``-j 2`` against ``-j 1`` (wall clock), and the
memory of a run as it goes from 1,000 to 20,000 records (the pages again and
again, each with a new record id, streamed through a pipe).

    python benchmarks/archives.py [--parts 4] [--rss-records 20000]
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import psutil
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate import JustextOptions, algorithms  # noqa: E402
from scrapy_boilerplate.archives import Record, Skipped, extract_record, run, start  # noqa: E402
from scrapy_boilerplate.html.parse import decode  # noqa: E402

UNSPACED = ("Chinese", "Japanese", "Thai")
#: The time limit per record here: far above any record's, so that the figures hold every record
#: (at FineWeb's 1 s, a loaded machine makes the slower extractors lose records, and time).
TIMEOUT = 60


@dataclass(frozen=True)
class Page:
    url: str
    body: bytes
    trainset_key: str | None = None


def build_archive(folder: Path, parts: int) -> tuple[list[str], dict[str, str], int]:
    """Every devset and trainset page as a record of one of ``parts`` WARC files in ``folder``: their
    paths, the trainset key of each record id that has one, and the count of devset pages."""
    pages = [Page(page.url, page.body) for page in devset.pages()]
    devset_count = len(pages)
    for page in trainset.pages():
        url = page.url if (page.url or "").startswith("http") else f"https://trainset.invalid/{page.key}"
        pages.append(Page(url, page.body, page.key))
    keys: dict[str, str] = {}
    paths = []
    for part in range(parts):
        path = folder / f"part-{part}.warc.gz"
        with open(path, "wb") as stream:
            keys.update(write_warc(stream, iter(pages[part::parts])))
        paths.append(str(path))
    return paths, keys, devset_count


def write_warc(stream: io.RawIOBase | io.BufferedIOBase, pages: Iterator[Page], gzipped: bool = True) -> dict[str, str]:
    """Write ``pages`` as HTTP responses; the trainset key of each record id that has one."""
    writer = WARCWriter(stream, gzip=gzipped)
    keys = {}
    for page in pages:
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html"), ("Content-Length", str(len(page.body)))],
                                   protocol="HTTP/1.1")
        record = writer.create_warc_record(page.url, "response", payload=io.BytesIO(page.body), http_headers=headers)
        writer.write_record(record)
        if page.trainset_key:
            keys[record.rec_headers.get_header("WARC-Record-ID")] = page.trainset_key
    return keys


# The references, as workers run them: the same decoding as ours, their text in the same line.

def start_reference() -> None:
    start("justext", JustextOptions(stoplist=None))  # the worker set-up; nothing to load


def start_trafilatura() -> None:
    """trafilatura's worker set-up: imported, and the stoplists its jusText fallback joins on its
    first use loaded, here where the reading process runs it before forking its workers (as ours
    load their model there), so that this set-up (0.5 s of CPU) counts once, not once per part of
    the archive in each part's new worker."""
    import trafilatura  # noqa: F401
    from trafilatura import external

    start_reference()
    if not external.JT_STOPLIST:
        external.jt_stoplist_init()


def start_resiliparse() -> None:
    """resiliparse's worker set-up: imported here, as :func:`start_trafilatura` imports trafilatura."""
    import resiliparse.extract.html2text  # noqa: F401
    import resiliparse.parse.html  # noqa: F401

    start_reference()


def _line(record: Record, text: str | None) -> str | Skipped:
    if not text:
        return Skipped("no main text", record.record_id)
    return json.dumps({"url": record.url, "warc_record_id": record.record_id, "warc_date": record.date,
                       "language": None, "text": text}, ensure_ascii=False) + "\n"


def trafilatura_record(record: Record) -> str | Skipped:
    import trafilatura

    return _line(record, trafilatura.extract(decode(record.body, record.content_type)))


def resiliparse_record(record: Record) -> str | Skipped:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    return _line(record, extract_plain_text(HTMLTree.parse(decode(record.body, record.content_type)),
                                            main_content=True))


@dataclass(frozen=True)
class Contender:
    name: str
    initializer: Callable[..., None]
    initargs: tuple = ()
    task: Callable[[Record], str | Skipped] = extract_record


def ours(algorithm: str) -> Contender:
    return Contender(f"scrapy_boilerplate {algorithm}", start, (algorithm, algorithms.get(algorithm).options()))


def contenders() -> list[Contender]:
    found = [ours("justext"), ours("learned"), ours("boilerpipe-article"),
             Contender("trafilatura 2.3.1 extract", start_trafilatura, task=trafilatura_record)]
    try:
        import resiliparse  # noqa: F401
    except ImportError:
        print("resiliparse is not installed (pip install resiliparse): left out")
    else:
        found.append(Contender("resiliparse extract_plain_text(main_content)", start_resiliparse,
                               task=resiliparse_record))
    return found


@dataclass
class Measure:
    """Summed over a contender's runs."""

    records: int = 0
    written: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    peak_pss: int = 0
    skipped: int = 0
    timeouts: int = 0
    #: record id -> (text, language) of each line written
    lines: dict[str, tuple[str, str | None]] = field(default_factory=dict)


class MemoryWatch:
    """Samples the memory of this process and its children (the workers) every 50 ms: the sum of
    their proportional set sizes (PSS), in which the pages a forked worker shares with its
    parent count once, split between them (the sum of their RSS would count them twice)."""

    def __init__(self) -> None:
        self.process = psutil.Process()
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def now(self) -> int:
        total = self.process.memory_full_info().pss
        for child in self.process.children(recursive=True):
            try:
                total += child.memory_full_info().pss
            except psutil.Error:  # a worker replaced meanwhile
                pass
        return total

    def _watch(self) -> None:
        while not self._stop.wait(0.05):
            self.peak = max(self.peak, self.now())

    def __enter__(self) -> MemoryWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()


class Capture(io.StringIO):
    """The output: each line's text and language kept by record id (for the F1), or dropped."""

    def __init__(self, keep: dict[str, tuple[str, str | None]] | None) -> None:
        super().__init__()
        self.keep = keep

    def write(self, line: str) -> int:
        if self.keep is not None:
            values = json.loads(line)
            self.keep[values["warc_record_id"]] = values["text"], values["language"]
        return len(line)


def measure(contender: Contender, paths: list[str], into: Measure, processes: int = 1, keep: bool = True) -> None:
    before = os.times()
    started = time.perf_counter()
    tally = run(paths, Capture(into.lines if keep else None), processes=processes, timeout=TIMEOUT,
                initializer=contender.initializer, initargs=contender.initargs, task=contender.task)
    wall = time.perf_counter() - started
    after = os.times()
    into.cpu += sum(after[:4]) - sum(before[:4])  # user and system, of this process and its workers
    into.wall += wall
    into.records += tally.read
    into.written += tally.written
    into.skipped += sum(tally.skipped.values())
    into.timeouts += tally.skipped["timeout"]


def measure_memory(contender: Contender, paths: list[str], into: Measure) -> None:
    """The peak PSS of a run of ``contender`` over ``paths``, in a run of its own: sampling it reads
    each process's page tables (``/proc/PID/smaps``), which took half the CPU time of a run of
    ``learned`` and slowed its worker by a third."""
    with MemoryWatch() as memory:
        run(paths, Capture(None), processes=1, timeout=TIMEOUT, initializer=contender.initializer,
            initargs=contender.initargs, task=contender.task)
    into.peak_pss = max(into.peak_pss, memory.peak)


def rss_run(paths: list[str], records: int, processes: int) -> dict[int, int]:
    """The memory of a run of ``records`` records (those of the archive ``paths`` again and again,
    each with a new record id), streamed through a pipe: sampled as it passes each of the marks."""
    marks = [mark for mark in (1_000, 2_000, 5_000, 10_000, 20_000) if mark <= records] or [records]
    read_end, write_end = os.pipe()

    def again_and_again() -> Iterator[Page]:
        while True:
            for path in paths:
                with open(path, "rb") as stream:
                    for record in ArchiveIterator(stream):
                        yield Page(record.rec_headers.get_header("WARC-Target-URI"), record.content_stream().read())

    def feed() -> None:
        os.close(read_end)
        with os.fdopen(write_end, "wb") as stream:
            write_warc(stream, islice(again_and_again(), records), gzipped=False)

    # A process, whose end of the pipe this one closes before the pool forks its workers:
    # a worker holding it would keep the reader from ever seeing the end of the stream.
    feeder = multiprocessing.get_context("fork").Process(target=feed, daemon=True)
    feeder.start()
    os.close(write_end)
    seen: dict[int, int] = {}

    class AtMarks:
        done = 0

        def update(self, n: int = 1) -> None:
            self.done += n
            if self.done in marks:
                seen[self.done] = MemoryWatch().now()

    run([f"/dev/fd/{read_end}"], Capture(None), processes=processes, initializer=start,
        initargs=("justext", JustextOptions()), progress=AtMarks())
    feeder.join()
    os.close(read_end)
    return seen


def shingle_f1(keys: dict[str, str], texts: dict[str, dict[str, str]]) -> dict[str, float]:
    """The shingle F1 of each contender's ``texts`` (by record id) on the trainset records (``keys``)."""
    train = {page.key: page for page in trainset.pages()}
    scores = {}
    for name, by_record in texts.items():
        score = trainset.ShingleScore()
        for record_id, key in keys.items():
            score.add(train[key], by_record.get(record_id, ""))
        scores[name] = score.f1
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", type=int, default=4, help="parts of the archive the contenders take turns by")
    parser.add_argument("--rss-records", type=int, default=20_000, help="records of the memory run")
    parser.add_argument("--only", help="only the contenders whose name contains one of these words (comma-separated)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="archives-bench-") as folder:
        # Built in a process of its own: the corpus it reads would stay in this one's memory.
        with ProcessPoolExecutor(1) as builder:
            paths, keys, devset_count = builder.submit(build_archive, Path(folder), args.parts).result()
        compare(paths, keys, devset_count, args)


def compare(paths: list[str], keys: dict[str, str], devset_count: int, args: argparse.Namespace) -> None:
    """Run the contenders over the archive ``paths``, then -j 2 against -j 1, then the memory run."""
    size = sum(Path(path).stat().st_size for path in paths)
    print(f"{devset_count + len(keys)} records ({devset_count} of the devset, {len(keys)} of the trainset) "
          f"in {args.parts} WARC parts, {size / 2**20:.0f} MiB gzipped; "
          f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")

    only = args.only.split(",") if args.only else [""]
    chosen = [contender for contender in contenders() if any(word in contender.name for word in only)]
    results = {contender.name: Measure() for contender in chosen}
    for part, path in enumerate(paths):
        turn = chosen[part % len(chosen):] + chosen[:part % len(chosen)]
        for contender in turn:
            measure(contender, [path], results[contender.name])
            print(f"  part {part + 1}/{len(paths)}: {contender.name} done", file=sys.stderr, flush=True)
    for contender in chosen:
        measure_memory(contender, paths[:1], results[contender.name])

    print("\n-j 1, the contenders taking turns by parts; records/s per core = records / CPU seconds "
          "of the reader and its worker; peak PSS in a run of the first part of its own")
    print(f"{'extractor':<46} {'rec/s/core':>10} {'rec/s wall':>10} {'written':>8} {'timeouts':>8} "
          f"{'F1 train':>8} {'peak PSS':>9}")
    rates = {}
    with ProcessPoolExecutor(1) as scorer:  # the trainset it reads would stay in this process's memory
        f1 = scorer.submit(shingle_f1, keys, {name: {record_id: text for record_id, (text, _) in result.lines.items()}
                                              for name, result in results.items()}).result()
    for name, result in results.items():
        rates[name] = result.records / result.cpu
        print(f"{name:<46} {rates[name]:10.1f} {result.records / result.wall:10.1f} {result.written:8d} "
              f"{result.timeouts:8d} {f1[name]:8.3f} {result.peak_pss / 2**20:7.0f} MB", flush=True)
    print()
    tra = rates.get("trafilatura 2.3.1 extract")
    res = rates.get("resiliparse extract_plain_text(main_content)")
    for name in ("scrapy_boilerplate justext", "scrapy_boilerplate learned"):
        if name in rates and tra:
            print(f"{name}: {rates[name] / tra:.2f}x trafilatura" + (f", {rates[name] / res:.2f}x resiliparse"
                                                                      if res else ""))
    justext = results.get("scrapy_boilerplate justext")
    if justext is not None:
        languages = Counter(language if language in UNSPACED or language is None else "stoplist"
                            for _, language in justext.lines.values())
        by_stoplist, independent = languages.pop("stoplist", 0), languages.pop(None, 0)
        unspaced = ", ".join(f"{count} {language}" for language, count in languages.most_common())
        print(f"scrapy_boilerplate justext, stoplist 'auto', records written: {by_stoplist} with a stoplist, "
              f"{independent} in the language-independent mode, {unspaced or 'none'} in it with the lengths "
              "of unspaced scripts")
    if justext is None:
        return
    print("\n-j 2 against -j 1, scrapy_boilerplate justext, whole archive, wall clock, alternating")
    one, two = Measure(), Measure()
    for order in ((1, one), (2, two)), ((2, two), (1, one)):
        for processes, into in order:
            measure(ours("justext"), paths, into, processes=processes, keep=False)
    for processes, result in ((1, one), (2, two)):
        print(f"-j {processes}: {result.records / result.wall:.1f} records/s, "
              f"{result.records / result.cpu:.1f} records/s per core")
    print(f"-j 2 / -j 1: {one.wall / two.wall:.2f}x (load average now {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores)")

    if not args.rss_records:
        return
    print(f"\nmemory (PSS) of one run (reader and workers), -j 2, as it passes each mark of {args.rss_records} records")
    seen = rss_run(paths, args.rss_records, processes=2)
    first = seen[min(seen)]
    for mark, rss in sorted(seen.items()):
        print(f"{mark:>7} records: {rss / 2**20:6.0f} MB ({rss / first - 1:+.1%})")


if __name__ == "__main__":
    main()
