"""Every algorithm's work grows linearly with the page, whatever its shape.

Each test times an extraction on pages of n and 4n units of one shape and
bounds the ratio of the best of several runs' CPU time (another process on
the same core does not count in it): about 4 when the work is
linear, 16 when it is quadratic, as it was for the shapes of issue 17
(declutter and an element with many children, boilerpipe and runs of
``<br>``). No absolute time is asserted. Depth has its own limit and tests
(``test_bad_input.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from scrapy_boilerplate import ALGORITHMS, extract
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.inspect import block_view

pytestmark = pytest.mark.slow

#: Pages of ``n`` units of each shape, and the ``n`` timed with 4n: large
#: enough for a quadratic part to show (boilerpipe's fusion needed 40,000 lines).
SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    "siblings": (lambda n: "<body>" + "<div>w</div>" * n + "</body>", 5000),
    # Nests of 100 levels, text at every level. The depth itself is capped
    # (walk.MAX_DEPTH): XPaths, which spell out their ancestors, grow with its square.
    "nesting": (lambda n: "<body>" + ("<div>w" * 100 + "</div>" * 100) * (n // 100) + "</body>", 5000),
    "br runs": (lambda n: "<p>" + "line of a poem<br>\n" * n + "</p>", 40000),
    "one huge text": (lambda n: "<p>" + "word " * (10 * n) + "</p>", 5000),
    "many children": (lambda n: "<pre>" + "<span>x</span> y\n" * n + "</pre>", 5000),
    # Siblings counted by tag for their XPaths, each of a tag of its own.
    "tags of their own": (lambda n: "<body>" + "".join(f"<t{i}>w</t{i}>" for i in range(n)) + "</body>", 5000),
}
RUNS = 5
#: Linear work gives about 4; quadratic work 16.
MAX_RATIO = 10


def best_times(runs: list[Callable[[], object]]) -> list[float]:
    """The best CPU time of each of ``runs`` over :data:`RUNS` rounds, the runs taking turns: a
    neighbour that slows the machine for a while slows them alike."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(RUNS):
        for run, run_times in zip(runs, times):
            started = time.process_time()
            run()
            run_times.append(time.process_time() - started)
    return [min(run_times) for run_times in times]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_four_times_the_page_is_about_four_times_the_work(algorithm, shape):
    make, units = SHAPES[shape]
    extract(make(units), algorithm=algorithm)  # loads what the first run needs (stoplists)
    roots = [parse(make(units)), parse(make(4 * units))]
    small, large = best_times([lambda root=root: extract(root, algorithm=algorithm) for root in roots])
    assert large / small < MAX_RATIO, f"{large / small:.1f} times the time for 4 times the page"


#: The view of a page of n ``<br>``-separated lines (one block each, all in one ``<p>``) with
#: boilerpipe-article: quadratic once (45.8 s for 8,000 blocks), now linear.
VIEW_BLOCKS = 8000


def test_the_view_of_four_times_the_blocks_is_about_four_times_the_work():
    pages = [parse("<p>" + "line of a poem<br>\n" * n + "</p>") for n in (VIEW_BLOCKS, 4 * VIEW_BLOCKS)]
    extractions = [extract(root, algorithm="boilerpipe-article") for root in pages]
    assert [len(extraction.blocks) for extraction in extractions] == [VIEW_BLOCKS, 4 * VIEW_BLOCKS]
    small, large = best_times([lambda root=root, extraction=extraction: block_view(extraction, root)
                               for root, extraction in zip(pages, extractions)])
    # linear work gives about 4 (4.3 to 4.8 measured on a shared machine: memory, not steps), quadratic 16
    assert large / small < MAX_RATIO, f"{large / small:.2f} times the time for 4 times the blocks"
