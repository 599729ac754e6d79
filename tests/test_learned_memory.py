"""The learned classifier's memory against jusText's, whose blocks it scores (issue #30).

Measured with ``tracemalloc`` in this process: the Python objects an extraction
holds at its peak, without lxml's tree (the same for both), which makes the
bound stricter than the process's peak RSS that ``benchmarks/limits.py`` prints.
"""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from scrapy_boilerplate import extract

pytestmark = pytest.mark.slow  # tracemalloc slows the extractions tenfold

SENTENCE = "It was the best of times, it was the worst of times, it was the age of wisdom."
PAGES = {
    "paragraphs": "<html><body>" + f"<p>{SENTENCE}</p>\n" * 2_000 + "</body></html>",
    "linked divs": "<html><body>"
                   + '<div><a href="/news/latest">Latest news</a> the river rose again today</div>\n' * 2_000
                   + "</body></html>",
}


def peak(page: str, algorithm: str) -> int:
    extract("<p>" + "words to load the stoplists " * 10 + "</p>", algorithm=algorithm)
    gc.collect()
    tracemalloc.start()
    try:
        extract(page, algorithm=algorithm)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("page", PAGES)
def test_learned_peaks_below_twice_justext(page):
    # Every block scored (none is prefiltered): a row of features each, made one at a time.
    ratio = peak(PAGES[page], "learned") / peak(PAGES[page], "justext")
    assert ratio < 2, f"learned peaks at {ratio:.2f}x jusText's memory"
