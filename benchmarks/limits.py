"""The limits docs/limits.rst and docs/robustness.rst give: seconds per MB and peak memory of
each algorithm on enormous pages of six shapes, each extraction in a process of its own (so
that the peak is its own), from the ``str``. Seconds are CPU time, which other processes
sharing the machine do not inflate. After each page, the learned classifier's peak and time
against jusText's, whose blocks it scores (at most 2x the peak and 3x the time; a page of more
blocks than learned's ``max_blocks`` is skipped before they are scored, and says so).

    python benchmarks/limits.py [--only NAME] [--algorithm NAME]... [--no-max-blocks]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

#: Python statements making ``page``.
PAGES = {
    "20 MB of prose": (
        'sentence = "It was the best of times, it was the worst of times, it was the age of wisdom."\n'
        'paragraph = "<p>" + " ".join([sentence] * 25) + "</p>\\n"\n'
        'page = "<html><body>" + paragraph * (20_000_000 // len(paragraph)) + "</body></html>"'
    ),
    "1M <br> lines": 'page = "<p>" + "line of a poem<br>\\n" * 1_000_000 + "</p>"',
    "1M sibling divs": 'page = "<body>" + "<div>w</div>" * 1_000_000 + "</body>"',
    "100k <p> sentences": (
        'sentence = "It was the best of times, it was the worst of times, it was the age of wisdom."\n'
        'page = "<html><body>" + f"<p>{sentence}</p>\\n" * 100_000 + "</body></html>"'
    ),
    "100k <div> links": (
        'item = \'<div><a href="/news/latest">Latest news</a> the river rose again today</div>\\n\'\n'
        'page = "<html><body>" + item * 100_000 + "</body></html>"'
    ),
    # Elements of 1,000 attributes each: libxml2 parses one element's attributes in time that grows
    # with their square, so the parse keeps the first MAX_ATTRIBUTES (one such element alone: 11 s).
    "crowded elements": (
        'tag = "<div " + " ".join(f"data-a{n}=1" for n in range(1000)) + ">the river rose again</div>\\n"\n'
        'page = "<html><body>" + tag * (20_000_000 // len(tag)) + "</body></html>"'
    ),
}
ALGORITHMS = ("justext", "boilerpipe-article", "boilerpipe-default", "declutter", "learned")

MEASURE = """
import resource, time
from scrapy_boilerplate import extract
from scrapy_boilerplate.errors import PageTooComplex
extract("<p>" + "words to load the stoplists " * 10 + "</p>", algorithm={algorithm!r})
{make}
megabytes = len(page.encode()) / 1e6
started = time.process_time()
try:
    extract(page, algorithm={algorithm!r}, **{options!r})
    skipped = 0
except PageTooComplex:
    skipped = 1
seconds = time.process_time() - started
print(megabytes, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, skipped)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="only the pages whose name contains this")
    parser.add_argument("--algorithm", action="append", choices=ALGORITHMS,
                        help="only this algorithm (repeat for several)")
    parser.add_argument("--no-max-blocks", action="store_true",
                        help="learned without its max_blocks: every page classified, however many blocks")
    args = parser.parse_args()
    learned_options = {"max_blocks": 0} if args.no_max_blocks else {}
    print(f"{'page':18} {'algorithm':20} {'MB':>5} {'s':>6} {'s/MB':>5} {'peak MB':>8}")
    for name, make in PAGES.items():
        if args.only and args.only not in name:
            continue
        peaks: dict[str, float] = {}
        seconds: dict[str, float] = {}
        for algorithm in args.algorithm or ALGORITHMS:
            code = MEASURE.format(algorithm=algorithm, make=make,
                                  options=learned_options if algorithm == "learned" else {})
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            megabytes, seconds[algorithm], peaks[algorithm], skipped = map(float, done.stdout.split())
            print(f"{name:18} {algorithm:20} {megabytes:5.1f} {seconds[algorithm]:6.1f} "
                  f"{seconds[algorithm] / megabytes:5.2f} {peaks[algorithm]:8.0f}"
                  + ("  skipped: more than max_blocks" if skipped else ""), flush=True)
        if "learned" in peaks and "justext" in peaks:
            print(f"{name:18} learned/justext peak {peaks['learned'] / peaks['justext']:.2f}x, "
                  f"time {seconds['learned'] / max(seconds['justext'], 1e-3):.2f}x", flush=True)


if __name__ == "__main__":
    main()
