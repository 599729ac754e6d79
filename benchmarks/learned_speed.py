"""Speed of the learned classifier against trafilatura's ``extract``, in one process, taking turns.

Both get the same decoded ``str`` of each devset page, by rounds of pages with
the starter alternating (``speed.duel``); prints the median ms/page of each and
the ratio, ours timed with its ``.text`` written, as trafilatura returns its
text. Then the same duel with the learned classifier given the tree parsed
beforehand (what a crawl pays), beside lxml's parse alone; and once more with
the features free (their rows made beforehand): the most any model on jusText's
blocks could gain by cheaper features, and what a ratio of 2.5x would leave them.
With ``--parts``,
only the CPU time of each part of the learned path instead (median ms per page):
lxml's parse, jusText (and, within it, choosing the stoplist), the features and the
model's trees.

    python benchmarks/learned_speed.py [--limit N] [--parts] [--cpu]
"""

from __future__ import annotations

import statistics
import sys
import time
from array import array
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trafilatura  # noqa: E402
from speed import core, duel, timed, use_cpu_time  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, extract  # noqa: E402
from scrapy_boilerplate.algorithms import justext, learned  # noqa: E402
from scrapy_boilerplate.algorithms.justext.language import declared_language, page_words, pick_stoplist  # noqa: E402
from scrapy_boilerplate.algorithms.justext.segment import segment  # noqa: E402
from scrapy_boilerplate.algorithms.learned import features  # noqa: E402
from scrapy_boilerplate.algorithms.learned.kind import declared_types  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--parts", action="store_true", help="only the CPU time of each part of the learned path")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time (a shared machine)")
    args = parser.parse_args()
    if args.cpu:
        use_cpu_time()
    pages = devset.pages(args.limit)
    options = ALGORITHMS["learned"].options()
    ALGORITHMS["learned"].prepare(options)  # the model and the stoplists, loaded once as a crawl does
    if args.parts:
        parts(pages, options)
        return
    trafilatura.extract(pages[0].text)  # its lazy imports, outside the timing
    theirs, ours = duel(pages, trafilatura.extract,
                        lambda html: extract(html, algorithm="learned", options=options, metadata=False).text)
    ratio = statistics.median(theirs) / statistics.median(ours)
    print(f"{len(pages)} pages; median {'CPU ' if args.cpu else ''}ms/page, same decoded str for both, "
          f"taking turns; {core()}")
    print(f"trafilatura 2.3 extract   {statistics.median(theirs):8.2f}")
    print(f"learned                   {statistics.median(ours):8.2f}   {ratio:.2f}x faster "
          f"(total time {sum(theirs) / sum(ours):.2f}x)")
    parse_median = statistics.median(timed(lambda: parse(page.text)) for page in pages)
    root_of = {page.text: parse(page.text) for page in pages}
    theirs, on_tree = duel(pages, trafilatura.extract,
                           lambda html: extract(root_of[html], algorithm="learned", options=options, metadata=False).text)
    print(f"learned on a parsed tree  {statistics.median(on_tree):8.2f}   "
          f"{statistics.median(theirs) / statistics.median(on_tree):.2f}x faster than trafilatura from text "
          f"(its {statistics.median(theirs):.2f} in this duel; lxml's parse alone {parse_median:.2f})")
    rows_of = {html: [row if row is None else array("d", row) for row in learned.featurize(root, options)[1]]
               for html, root in root_of.items()}
    theirs, free = duel(pages, trafilatura.extract, lambda html: without_features(html, rows_of[html], options))
    budget = statistics.median(theirs) / 2.5 - statistics.median(free)
    print(f"learned, features free    {statistics.median(free):8.2f}   "
          f"{statistics.median(theirs) / statistics.median(free):.2f}x faster than trafilatura from text "
          f"(its {statistics.median(theirs):.2f} in this duel; 2.5x leaves the features {budget:.2f} ms)")


def without_features(html: str, rows: list[array | None], options: learned.LearnedOptions) -> None:
    """The shipped learned path from the ``str``, all of it but the features: the page's ``rows``
    were made beforehand and stand in for them."""
    with mock.patch.object(learned, "PageRows", lambda paragraphs, blocks, types: MadeRows(rows)):
        extract(html, algorithm="learned", options=options, metadata=False).text


class MadeRows:
    """Stands in for ``features.PageRows``: a page's rows made beforehand."""

    def __init__(self, rows: list[array | None]) -> None:
        self.rows = rows

    def iterate(self, *, shared: bool = True, sums: features.RowSums | None = None) -> Iterator[array | None]:
        for row in self.rows:
            if sums is not None:
                sums.add(row)
            yield row


def parts(pages: list[devset.Page], options: learned.LearnedOptions) -> None:
    """Print the median CPU time per page of each part of the learned path, run part by part.

    Choosing the stoplist, a part of jusText's time, is timed apart: on another parse of
    the page, just after segmenting it, from the same words, as jusText does.
    """
    model = learned.load()
    clock = time.process_time
    times: dict[str, list[float]] = {}
    for page in pages:
        marks = [("", clock())]
        root = parse(page.text)
        marks.append(("parse", clock()))
        paragraphs, blocks, _ = justext.classify(root, options, learned.LearnedBlock)
        marks.append(("jusText", clock()))
        # Each row kept in an array of its own (the run-time scores each in the one array it is written in).
        rows = [row if row is None else array("d", row)
                for row in features.iter_rows(paragraphs, blocks, declared_types(root), shared=True)]
        marks.append(("features", clock()))
        model.probabilities(rows)
        marks.append(("trees", clock()))
        for (_, started), (name, ended) in zip(marks, marks[1:]):
            times.setdefault(name, []).append((ended - started) * 1000)
        root = parse(page.text)
        words = page_words([paragraph.text.lower() for paragraph in segment(root)])
        started = clock()
        pick_stoplist(words, declared_language(root))
        times.setdefault("  of which choosing the stoplist", []).append((clock() - started) * 1000)
    print(f"{len(pages)} pages; CPU ms/page of each part of the learned path, median; {core()}")
    for name in ("parse", "jusText", "  of which choosing the stoplist", "features", "trees"):
        print(f"{name:<34} {statistics.median(times[name]):6.2f}")


if __name__ == "__main__":
    main()
