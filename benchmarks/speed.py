"""Speed against the references, in one process, alternating the contenders page by page.

For each reference of ``references.py`` and our counterpart with the matching
options, both get the same decoded ``str``; they take turns by rounds of 20
pages, the starter alternating. Prints the median ms/page of each and the ratio, then our
engines' cost on an already-parsed tree (what a crawl pays: Scrapy has just parsed the
page; here each page is parsed, untimed, right before its extraction), relative to
lxml's parse alone and to the reference from text, and the share of the jusText time spent choosing the stoplist, and what reading ``.markdown``
adds to an extraction's time (the same extraction with and without it, alternating).
Our extractions read no metadata (``metadata=False``): the references extract text alone; and each
is timed with its ``.text`` written, as the references return theirs.

    python benchmarks/speed.py [--limit N] [--only NAME] [--markdown-only] [--cpu]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from references import REFERENCES  # noqa: E402

import scrapy_boilerplate  # noqa: E402
from scrapy_boilerplate import ALGORITHMS, compiled_core, extract  # noqa: E402
from scrapy_boilerplate.algorithms.justext.language import page_words, pick_stoplist  # noqa: E402
from scrapy_boilerplate.algorithms.justext.segment import segment  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402


def core() -> str:
    """Which path of scrapy_boilerplate runs (``SCRAPY_BOILERPLATE_PURE=1`` chooses the pure one)."""
    if scrapy_boilerplate.compiled:
        return "scrapy_boilerplate's compiled core"
    return f"scrapy_boilerplate's pure-Python path{' (chosen)' if compiled_core.pure_chosen() else ''}"


#: The clock :func:`timed` reads: wall time, or the process's CPU time after :func:`use_cpu_time`.
clock = time.perf_counter


def use_cpu_time() -> None:
    """Time in CPU time (``--cpu``): on a shared machine, wall time counts the other processes' turns."""
    global clock
    clock = time.process_time


def timed(function: Callable[[], object]) -> float:
    started = clock()
    try:
        function()
    except Exception:  # a reference failing on a page still spent the time
        pass
    return (clock() - started) * 1000


#: Pages each contender runs in a row before the other takes its turn.
ROUND = 20


def duel(pages: list[devset.Page], first: Callable[[str], object],
         second: Callable[[str], object]) -> tuple[list[float], list[float]]:
    """Per-page times of ``first`` and ``second``, taking turns by rounds of pages.

    Turns of a few pages, with the starter alternating, spread the machine's
    drift over both contenders; turns of single pages would also time each one
    in the memory and caches the other has just churned through, which no
    crawl, running one extractor, ever does.
    """
    times_first, times_second = [], []
    for start in range(0, len(pages), ROUND):
        chunk = [page.text for page in pages[start:start + ROUND]]
        turns = [(first, times_first), (second, times_second)]
        if start // ROUND % 2:
            turns.reverse()
        for function, times in turns:
            times.extend(timed(lambda: function(text)) for text in chunk)
    return times_first, times_second


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--only", help="only the contenders whose name or algorithm contains this")
    parser.add_argument("--markdown-only", action="store_true", help="only what reading .markdown costs")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time (a shared machine)")
    args = parser.parse_args()
    if args.cpu:
        use_cpu_time()
    pages = devset.pages(args.limit)
    extract(pages[0].text)  # load the stoplists before timing
    if args.markdown_only:
        markdown_cost(pages, [parse(page.text) for page in pages],
                      [name for name in ALGORITHMS if not args.only or args.only in name])
        return
    print(f"{len(pages)} pages; median {'CPU ' if args.cpu else ''}ms/page, same decoded str for both, taking turns; {core()}")
    print(f"{'reference':<42} {'theirs':>8} {'ours':>8} {'ratio':>7}  (total time ratio)")
    reference_medians = {}
    for name, reference in REFERENCES.items():
        if not reference.timed or (args.only and args.only not in name and args.only not in reference.algorithm):
            continue
        # Options validated once, as a crawl does, and as the reference's stoplist is loaded once.
        options = ALGORITHMS[reference.algorithm].options.from_mapping(reference.options)
        ours = lambda html, r=reference, o=options: extract(html, algorithm=r.algorithm, options=o, metadata=False).text  # noqa: E731
        theirs, mine = duel(pages, reference.extract_text, ours)
        ratio = statistics.median(theirs) / statistics.median(mine)
        reference_medians.setdefault(reference.algorithm, (reference, statistics.median(theirs)))
        print(f"{name:<42} {statistics.median(theirs):8.2f} {statistics.median(mine):8.2f} "
              f"{ratio:6.2f}x  ({sum(theirs) / sum(mine):.2f}x)", flush=True)

    print("\nour cost on a tree parsed beforehand (as in a crawl), relative to lxml's parse alone")
    # The parse is timed as extractions from text pay for it, its tree freed
    # after; trees kept alive for all pages would time the growth of memory.
    parse_median = statistics.median(timed(lambda: parse(page.text)) for page in pages)
    roots = [parse(page.text) for page in pages]
    print(f"{'lxml parse':<42} {parse_median:8.2f}")
    for name in ALGORITHMS:
        if args.only and args.only not in name:
            continue
        reference, reference_median = reference_medians.get(name, (None, None))
        options = reference.options if reference else {}
        times = [on_fresh_tree(page.text, lambda root: extract(root, algorithm=name, **options, metadata=False).text)
                 for page in pages]
        line = (f"{name + ' on the parsed tree':<42} {statistics.median(times):8.2f}  "
                f"({statistics.median(times) / parse_median:.2f}x the parse")
        if reference:
            line += f"; {reference_median / statistics.median(times):.1f}x faster than {reference.name} from text"
        print(line + ")", flush=True)
    if not args.only or "justext" in args.only:
        language_pick_share(roots)
    markdown_cost(pages, roots, [name for name in ALGORITHMS if not args.only or args.only in name])


def on_fresh_tree(text: str, function: Callable[[object], object]) -> float:
    """The time of ``function`` on the tree of ``text``, parsed just before and not timed: a crawl
    extracts from the tree Scrapy has just parsed, still in the processor's caches."""
    root = parse(text)
    return timed(lambda: function(root))


def language_pick_share(roots: list) -> None:
    """What share of ``stoplist="auto"`` extraction time the stoplist choice takes."""
    texts = [[paragraph.text.lower() for paragraph in segment(root)] for root in roots]
    pick_time = extraction_time = 0.0
    for root, page_texts in zip(roots, texts):
        extraction_time += timed(lambda: extract(root, metadata=False).text)
        # What the choice adds to jusText's scan of the words, which counts them and their stop words too.
        words = page_words(page_texts)
        pick_time += timed(lambda: pick_stoplist(words))
    print(f"stoplist=\"auto\": choosing the stoplist takes {100 * pick_time / extraction_time:.0f}% "
          f"of the extraction time on a parsed tree ({pick_time / len(roots):.2f} ms/page)")

def markdown_cost(pages: list[devset.Page], roots: list, names: list[str]) -> None:
    """What reading ``.markdown`` adds to each page's extraction, from text and on its parsed tree in ``roots``.

    Each page is extracted twice, once alone and once followed by reading its
    ``.markdown``, in turns (which goes first alternates page by page); the
    figure is the median over the pages of the ratio of the two times. Timed
    in CPU time (``time.process_time``), not wall time: on a shared machine a
    few-millisecond extraction is often preempted and a sub-millisecond
    rendering seldom, which makes wall-time ratios too kind.
    """
    print("\n.markdown: the extraction alone, then with .markdown read after it (CPU time; alternating page by page): "
          "medians over the pages, and the median of each page's ratio")
    clock = time.process_time

    def cost(html: object, url: str, name: str, markdown: bool) -> float:
        started = clock()
        extraction = extract(html, url=url, algorithm=name, metadata=False)
        if markdown:
            extraction.markdown
        return clock() - started

    for name in names:
        line = f"{name:<20}"
        for source in ("text", "tree"):
            alone, with_markdown, ratios = [], [], []
            for number, (page, root) in enumerate(zip(pages, roots)):
                html = page.text if source == "text" else root
                turns = (False, True) if number % 2 == 0 else (True, False)
                times = {markdown: cost(html, page.url, name, markdown) for markdown in turns}
                alone.append(times[False])
                with_markdown.append(times[True])
                if times[False] > 0:
                    ratios.append(times[True] / times[False] - 1)
            line += (f"  from {source}: {1000 * statistics.median(alone):5.2f} ms ->"
                     f" {1000 * statistics.median(with_markdown):5.2f} ms, {statistics.median(ratios):+.0%}")
        print(line, flush=True)

if __name__ == "__main__":
    main()
