"""The limits the README's "Bad input" section gives: seconds per MB and peak memory of each
algorithm on enormous pages of three shapes, each extraction in a process of its own (so that
the peak is its own), from the ``str``. Seconds are CPU time, which other processes sharing
the machine do not inflate.

    python benchmarks/limits.py [--only NAME]
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
}
ALGORITHMS = ("justext", "boilerpipe-article", "boilerpipe-default", "declutter")

MEASURE = """
import resource, time
from scrapy_boilerplate import extract
extract("<p>" + "words to load the stoplists " * 10 + "</p>", algorithm={algorithm!r})
{make}
megabytes = len(page.encode()) / 1e6
started = time.process_time()
extract(page, algorithm={algorithm!r})
seconds = time.process_time() - started
print(megabytes, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="only the pages whose name contains this")
    only = parser.parse_args().only
    print(f"{'page':17} {'algorithm':20} {'MB':>5} {'s':>6} {'s/MB':>5} {'peak MB':>8}")
    for name, make in PAGES.items():
        if only and only not in name:
            continue
        for algorithm in ALGORITHMS:
            code = MEASURE.format(algorithm=algorithm, make=make)
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            megabytes, seconds, peak = map(float, done.stdout.split())
            print(f"{name:17} {algorithm:20} {megabytes:5.1f} {seconds:6.1f} {seconds / megabytes:5.2f} {peak:8.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
