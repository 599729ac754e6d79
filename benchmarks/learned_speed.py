"""Speed of the learned classifier against trafilatura's ``extract``, in one process, taking turns.

Both get the same decoded ``str`` of each devset page, by rounds of pages with
the starter alternating (``speed.duel``); prints the median ms/page of each and
the ratio. Then the same duel with the learned classifier given the tree parsed
beforehand (what a crawl pays), beside lxml's parse alone.

    python benchmarks/learned_speed.py [--limit N]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from speed import duel, timed  # noqa: E402

import trafilatura  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, extract  # noqa: E402
from scrapy_boilerplate.document import parse  # noqa: E402


def main() -> None:
    args = devset.argument_parser(__doc__).parse_args()
    pages = devset.pages(args.limit)
    options = ALGORITHMS["learned"].options()
    ALGORITHMS["learned"].prepare(options)  # the model and the stoplists, loaded once as a crawl does
    trafilatura.extract(pages[0].text)  # its lazy imports, outside the timing
    theirs, ours = duel(pages, trafilatura.extract,
                        lambda html: extract(html, algorithm="learned", options=options))
    ratio = statistics.median(theirs) / statistics.median(ours)
    print(f"{len(pages)} pages; median ms/page, same decoded str for both, taking turns")
    print(f"trafilatura 2.3 extract   {statistics.median(theirs):8.2f}")
    print(f"learned                   {statistics.median(ours):8.2f}   {ratio:.2f}x faster "
          f"(total time {sum(theirs) / sum(ours):.2f}x)")
    parse_median = statistics.median(timed(lambda: parse(page.text)) for page in pages)
    root_of = {page.text: parse(page.text) for page in pages}
    theirs, on_tree = duel(pages, trafilatura.extract,
                           lambda html: extract(root_of[html], algorithm="learned", options=options))
    print(f"learned on a parsed tree  {statistics.median(on_tree):8.2f}   "
          f"{statistics.median(theirs) / statistics.median(on_tree):.2f}x faster than trafilatura from text "
          f"(its {statistics.median(theirs):.2f} in this duel; lxml's parse alone {parse_median:.2f})")


if __name__ == "__main__":
    main()
