"""Speed against the references, in one process, alternating the contenders page by page.

For each reference of ``references.py`` and our counterpart with the matching
options, both get the same decoded ``str``; the order of the two alternates
from page to page. Prints the median ms/page of each and the ratio, then our
engines' cost on an already-parsed tree, relative to lxml's parse alone.

    python benchmarks/speed.py [--limit N] [--only NAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from references import REFERENCES  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, extract  # noqa: E402
from scrapy_boilerplate.document import parse  # noqa: E402


def timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    try:
        function()
    except Exception:  # a reference failing on a page still spent the time
        pass
    return (time.perf_counter() - started) * 1000


def duel(pages: list[devset.Page], first: Callable[[str], object],
         second: Callable[[str], object]) -> tuple[list[float], list[float]]:
    """Per-page times of ``first`` and ``second``, alternating which runs first."""
    times_first, times_second = [], []
    for i, page in enumerate(pages):
        if i % 2:
            times_second.append(timed(lambda: second(page.text)))
            times_first.append(timed(lambda: first(page.text)))
        else:
            times_first.append(timed(lambda: first(page.text)))
            times_second.append(timed(lambda: second(page.text)))
    return times_first, times_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N pages")
    parser.add_argument("--only", help="only the contenders whose name contains this")
    args = parser.parse_args()
    pages = devset.pages(args.limit)
    extract(pages[0].text)  # load the stoplists before timing
    print(f"{len(pages)} pages; median ms/page, same decoded str for both, alternating")
    print(f"{'reference':<42} {'theirs':>8} {'ours':>8} {'ratio':>7}  (total time ratio)")
    for name, reference in REFERENCES.items():
        if args.only and args.only not in name:
            continue
        ours = lambda html, r=reference: extract(html, algorithm=r.algorithm, **r.options)  # noqa: E731
        theirs, mine = duel(pages, reference.extract_text, ours)
        ratio = statistics.median(theirs) / statistics.median(mine)
        print(f"{name:<42} {statistics.median(theirs):8.2f} {statistics.median(mine):8.2f} "
              f"{ratio:6.1f}x  ({sum(theirs) / sum(mine):.1f}x)", flush=True)

    print("\nour cost on a tree parsed beforehand (as in a crawl), relative to lxml's parse alone")
    roots = []
    parse_times = []
    for page in pages:
        started = time.perf_counter()
        roots.append(parse(page.text))
        parse_times.append((time.perf_counter() - started) * 1000)
    parse_median = statistics.median(parse_times)
    print(f"{'lxml parse':<42} {parse_median:8.2f}")
    for name in ALGORITHMS:
        if args.only and args.only not in name:
            continue
        times = [timed(lambda: extract(root, algorithm=name)) for root in roots]
        print(f"{name + ' on the parsed tree':<42} {statistics.median(times):8.2f}  "
              f"({statistics.median(times) / parse_median:.2f}x the parse)", flush=True)
    if not args.only or "justext" in args.only:
        fixed = [timed(lambda: extract(root, stoplist="English")) for root in roots]
        auto = [timed(lambda: extract(root)) for root in roots]
        share = 1 - sum(fixed) / sum(auto)
        print(f"{'justext, English stoplist, parsed tree':<42} {statistics.median(fixed):8.2f}")
        print(f"stoplist=\"auto\": the language pick costs {100 * share:.0f}% of the extraction time")


if __name__ == "__main__":
    main()
