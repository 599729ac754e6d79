"""The slowest pages of the corpora, in CPU seconds, as a worker extracts an archive's record:
what the page time limit (``--record-timeout``, ``BOILERPLATE_PAGE_TIMEOUT``,
``BoilerplateExtractor(timeout=...)``) is sized on (docs/archives.rst).

Every page of the devset, the trainset and the classic corpus goes through
:func:`scrapy_boilerplate.archives.worker.extract_record` with every field
(Markdown, clean HTML, blocks, metadata: the most a record costs), each
algorithm in turn on the same page. CPU time (``time.process_time``) is what the
limit counts, and what other processes sharing the machine do not inflate.

    python benchmarks/page_times.py [--limit N] [--algorithm NAME ...] [--top N]
"""

from __future__ import annotations

import argparse
import gzip
import time
from pathlib import Path

from scrapy_boilerplate.algorithms import get
from scrapy_boilerplate.archives.records import Record
from scrapy_boilerplate.archives.worker import FIELDS, extract_record, start

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPORA = ("devset", "trainset", "classic")
ALGORITHMS = ("justext", "boilerpipe-article", "boilerpipe-default", "declutter", "learned")


def pages(limit: int | None) -> list[tuple[str, bytes]]:
    found = []
    for corpus in CORPORA:
        for path in sorted((SHARED / corpus / "html").glob("*.html.gz"))[:limit]:
            found.append((f"{corpus}/{path.name.removesuffix('.html.gz')}", gzip.decompress(path.read_bytes())))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="at most N pages of each corpus")
    parser.add_argument("--algorithm", action="append", choices=ALGORITHMS, help="only this algorithm (repeat)")
    parser.add_argument("--top", type=int, default=5, help="how many of the slowest pages to print (default: 5)")
    args = parser.parse_args()
    algorithms = args.algorithm or ALGORITHMS
    corpus = pages(args.limit)
    seconds: dict[str, list[tuple[float, str, int]]] = {name: [] for name in algorithms}
    for algorithm in algorithms:  # loads each algorithm's data before the clock runs
        start(algorithm, get(algorithm).options(), FIELDS)
        extract_record(Record("http://example.com/", "<warm-up>", "", "text/html", b"<p>words</p>"))
    for key, body in corpus:
        record = Record(f"http://corpus.invalid/{key}", f"<{key}>", "", "text/html", body)
        for algorithm in algorithms:
            start(algorithm, get(algorithm).options(), FIELDS)
            began = time.process_time()
            extract_record(record)
            seconds[algorithm].append((time.process_time() - began, key, len(body)))
    print(f"{len(corpus)} pages, CPU seconds per page with every field")
    print(f"{'algorithm':20} {'median':>7} {'p99':>7} {'max':>7}  slowest pages (s, KB)")
    for algorithm, times in seconds.items():
        times.sort(reverse=True)
        ordered = sorted(each[0] for each in times)
        median, p99 = ordered[len(ordered) // 2], ordered[int(len(ordered) * 0.99)]
        slowest = ", ".join(f"{key} {spent:.2f} {size // 1000}" for spent, key, size in times[:args.top])
        print(f"{algorithm:20} {median:7.3f} {p99:7.3f} {times[0][0]:7.2f}  {slowest}", flush=True)


if __name__ == "__main__":
    main()
