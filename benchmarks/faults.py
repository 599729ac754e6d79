"""Crawls whose worker processes are killed or frozen: does every crawl end, with every page?

A server process holds the first devset pages (400) in memory; each crawl runs
in a process of its own, as ``scrapy crawl`` runs one (the add-on, 2 workers,
the default ``BOILERPLATE_PAGE_TIMEOUT``), while this process, from outside:

- in 10 crawls, kills (SIGKILL) one of the crawl's worker processes, chosen at
  random, 8 times, at random moments (0.05 to 0.8 s apart, from when both started);
- in 10 crawls, freezes (SIGSTOP) one of them once, at a random moment in the
  first 3 s after both started, and leaves it so.

(A crawl that ends before its faults are all made says so in the "faults" column.)

A run passes if its crawl ends within 90 s with exit code 0, one item per page
(those a fault cost carry an error), and no worker process left once it ended.
Prints each run's counts and a summary; exits 1 if a run failed.

With ``--archives``, the same faults hit the workers of ``scrapy-boilerplate -j 2``
reading a WARC file of the same pages instead (each five times, so that a run
lasts as long as a crawl): a run passes if it ends within
90 s, with exit code 0 (or 1, which says that records crashed the extractor),
every record read and either written or skipped with its reason, and no worker
process left.

    python benchmarks/faults.py [--limit N] [--runs N] [--kills N] [--seed N] [--archives]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from crawl import serve  # noqa: E402

#: Seconds a crawl may take, faults and all.
TIME_LIMIT = 90
#: How many times an archive run reads each page.
ARCHIVE_REPEATS = 5


def crawl(urls_file: str, output: str) -> None:
    """The crawl, in its own process: every URL of ``urls_file``; each item's URL and error,
    and the workers' stats, into ``output`` (JSON)."""
    import scrapy
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess

    urls = Path(urls_file).read_text().split()

    class Pages(scrapy.Spider):
        name = "pages"

        async def start(self):
            for url in urls:
                yield scrapy.Request(url, dont_filter=True)

        def parse(self, response):
            yield {"url": response.url, "html": response.text}

    process = CrawlerProcess({
        "ADDONS": {"scrapy_boilerplate.Addon": 0}, "BOILERPLATE_WORKERS": 2,
        "LOG_LEVEL": "WARNING", "TELNETCONSOLE_ENABLED": False, "ROBOTSTXT_OBEY": False,
        "RETRY_ENABLED": False, "DOWNLOAD_MAXSIZE": 0, "DOWNLOAD_WARNSIZE": 0,
    })
    crawler = process.create_crawler(Pages)
    items: list[tuple[str, str | None]] = []
    crawler.signals.connect(lambda item: items.append((item["url"], item.get("boilerplate_error"))),
                            signal=signals.item_scraped, weak=False)
    stats: dict[str, int] = {}
    crawler.signals.connect(lambda: stats.update({key.rpartition("/")[2]: value for key, value in
                                                  crawler.stats.get_stats().items()
                                                  if key.startswith("boilerplate/workers/")}),
                            signal=signals.spider_closed, weak=False)
    process.crawl(crawler)
    process.start()
    Path(output).write_text(json.dumps({"items": items, "stats": stats}))


def workers(pid: int) -> set[int]:
    """The processes ``pid`` forked (as it forks its workers) that are still there; not those it
    runs for a moment (``ldconfig``, ...)."""
    found: set[int] = set()
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:  # it has ended
        return found
    for task in tasks:
        try:
            found.update(int(child) for child in (task / "children").read_text().split())
        except OSError:  # a thread that has ended since (its children go to another)
            pass
    forks = set()
    for child in found:
        try:
            if Path(f"/proc/{child}/cmdline").read_bytes() == command:
                forks.add(child)
        except OSError:  # it has ended
            pass
    return forks


@dataclass
class Run:
    fault: str
    seconds: float
    exit_code: int | None
    faults: int
    pages: int
    items: int = 0
    distinct: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    stats: dict[str, int] = field(default_factory=dict)
    left: int = 0
    #: The exit codes of a run that went as it should: an archive run's 1 says records crashed the extractor.
    fine_exits: tuple[int, ...] = (0,)

    @property
    def passed(self) -> bool:
        return (self.exit_code in self.fine_exits and self.seconds < TIME_LIMIT and self.items == self.distinct == self.pages
                and self.left == 0)


def run(fault: str, source: str, pages: int, kills: int, chance: random.Random, folder: Path,
        archive: bool = False) -> Run:
    """One crawl of the URLs of ``source`` (or with ``archive``, one run over the archive
    ``source``), with its worker processes killed ``kills`` times or frozen once."""
    output = folder / "items.json"
    output.unlink(missing_ok=True)
    command = ([sys.executable, "-m", "scrapy_boilerplate", source, "-j", "2", "-o", str(output)] if archive
               else [sys.executable, __file__, "--crawl", source, str(output)])
    with open(folder / f"{fault}.log", "w") as log:
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=log, stderr=log)
        seen: set[int] = set()
        done = 0
        goal = kills if fault == "killed" else 1
        moment = math.inf
        while process.poll() is None and time.monotonic() - started < TIME_LIMIT:
            running = workers(process.pid)
            if moment == math.inf and len(running) == 2:  # the crawl begins
                moment = time.monotonic() + (chance.uniform(0.05, 0.8) if fault == "killed" else chance.uniform(0.2, 3))
            seen |= running
            if done < goal and running and time.monotonic() >= moment:
                os.kill(chance.choice(sorted(running)), signal.SIGKILL if fault == "killed" else signal.SIGSTOP)
                done += 1
                moment = time.monotonic() + chance.uniform(0.05, 0.8)
            time.sleep(0.02)
        seconds = time.monotonic() - started
        if process.poll() is None:  # past the time limit: a failed run
            process.kill()
        process.wait()
    time.sleep(0.5)  # what the crawl did not stop would still be there
    left = [pid for pid in seen if Path(f"/proc/{pid}").exists()]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    result = Run(fault, seconds, process.returncode, done, pages, left=len(left))
    if archive:
        read_archive_run(result, output, (folder / f"{fault}.log").read_text())
    elif output.exists():
        crawled = json.loads(output.read_text())
        result.items = len(crawled["items"])
        result.distinct = len({url for url, _ in crawled["items"]})
        result.errors = Counter(error.partition(":")[0] for _, error in crawled["items"] if error)
        result.stats = crawled["stats"]
    return result


def read_archive_run(result: Run, output: Path, log: str) -> None:
    """Fill ``result`` from an archive run's lines and its closing summary (``N records read,
    W written, S skipped (C reason, ...)``): each record written, or skipped with its reason."""
    lines = [json.loads(line) for line in output.read_text().splitlines()] if output.exists() else []
    summary = re.search(r"(\d+) records read, (\d+) written, \d+ skipped(?: \((.*)\))?", log)
    if summary is None:
        return
    skipped = Counter({reason: int(count) for count, reason in
                       (part.split(" ", 1) for part in (summary.group(3) or "").split(", ") if part)})
    read, written = int(summary.group(1)), int(summary.group(2))
    if read == result.pages and written == len(lines) and written + sum(skipped.values()) == read:
        result.items = result.pages  # every record is accounted for
        result.distinct = len({line["warc_record_id"] for line in lines}) + sum(skipped.values())
    result.errors = skipped
    if skipped["extractor crashed"]:
        result.fine_exits = (0, 1)


def write_archive(pages: list[devset.Page], path: Path) -> None:
    """The pages as the HTTP responses of a WARC file."""
    from archives import Page, write_warc

    with open(path, "wb") as stream:
        write_warc(stream, iter([Page(page.url or f"https://devset.invalid/{page.key}", page.body) for page in pages]))


def listed(errors: Counter[str]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in sorted(errors.items())) or "-"


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.set_defaults(limit=400)
    parser.add_argument("--runs", type=int, default=10, help="crawls with each fault")
    parser.add_argument("--kills", type=int, default=8, help="workers killed in each crawl of the first kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--archives", action="store_true", help="fault the workers of an archive run instead")
    parser.add_argument("--crawl", nargs=2, metavar=("URLS", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.crawl:
        crawl(*args.crawl)
        return

    pages = devset.pages(args.limit)
    keys = [page.key for page in pages]
    receive, send = multiprocessing.Pipe(duplex=False)
    server = multiprocessing.Process(target=serve, args=(args.limit, send), daemon=True)
    server.start()
    port = receive.recv()
    chance = random.Random(args.seed)
    runs = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            if args.archives:
                source = Path(folder) / "pages.warc.gz"
                keys *= ARCHIVE_REPEATS
                write_archive(pages * ARCHIVE_REPEATS, source)
                print(f"{len(keys)} records, scrapy-boilerplate -j 2; {args.kills} kills or 1 freeze a run\n")
            else:
                source = Path(folder) / "urls.txt"
                source.write_text("\n".join(f"http://127.0.0.1:{port}/{key}.html" for key in keys))
                print(f"{len(keys)} pages, 2 workers; {args.kills} kills or 1 freeze a crawl\n")
            print(f"{'fault':7} {'run':>3} {'seconds':>7} {'exit':>4} {'faults':>6} {'items':>5} {'errors':18} "
                  f"{'restarts':>8} {'timeouts':>8} {'failed starts':>13} {'left':>4}  passed")
            for fault in ("killed", "frozen"):
                for number in range(1, args.runs + 1):
                    outcome = run(fault, str(source), len(keys), args.kills, chance, Path(folder), args.archives)
                    runs.append(outcome)
                    print(f"{fault:7} {number:3d} {outcome.seconds:7.1f} {outcome.exit_code!s:>4} {outcome.faults:6d} "
                          f"{outcome.items:5d} {listed(outcome.errors):18} {outcome.stats.get('restarts', 0):8d} "
                          f"{outcome.stats.get('timeouts', 0):8d} {outcome.stats.get('failed_starts', 0):13d} "
                          f"{outcome.left:4d}  {'yes' if outcome.passed else 'NO'}",
                          flush=True)
    finally:
        server.terminate()
    print()
    for fault in ("killed", "frozen"):
        mine = [outcome for outcome in runs if outcome.fault == fault]
        errors = sum((outcome.errors for outcome in mine), Counter())
        print(f"{fault}: {sum(outcome.passed for outcome in mine)} of {len(mine)} runs passed; "
              f"{sum(outcome.faults for outcome in mine)} faults, "
              f"{sum(outcome.items for outcome in mine)} items of {sum(outcome.pages for outcome in mine)} pages, "
              f"{sum(errors.values())} with an error ({listed(errors)}); "
              f"longest run {max(outcome.seconds for outcome in mine):.1f} s; "
              f"{sum(outcome.left for outcome in mine)} processes left")
    sys.exit(0 if all(outcome.passed for outcome in runs) else 1)


if __name__ == "__main__":
    main()
