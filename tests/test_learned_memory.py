"""The learned classifier's memory against jusText's, whose blocks it scores (issue #30): at most
twice jusText's peak on a page of 100,000 blocks.

Measured as ``benchmarks/limits.py`` measures it, the peak resident size of a process extracting
the page from its ``str`` (parse included). Traced Python objects alone would compare learned's
rows with jusText's blocks, whose words jusText no longer keeps as objects.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("resource", reason="the peak resident size is read with resource.getrusage")
pytestmark = pytest.mark.slow  # a process a page and algorithm, some 3 s each

PAGES = {
    "paragraphs": 'page = "<html><body>" + "<p>It was the best of times, it was the worst of times.</p>\\n" * 100_000'
                  ' + "</body></html>"',
    "linked divs": 'page = "<html><body>" + \'<div><a href="/news/latest">Latest news</a> the river rose again'
                   ' today</div>\\n\' * 100_000 + "</body></html>"',
}
MEASURE = """
import resource
from scrapy_boilerplate import extract
extract(page, algorithm={algorithm!r})
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak(page: str, algorithm: str) -> int:
    """The peak resident size of a process extracting the page ``page`` makes, in the unit of ``ru_maxrss``."""
    code = PAGES[page] + "\n" + MEASURE.format(algorithm=algorithm)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


@pytest.mark.parametrize("page", PAGES)
def test_learned_peaks_below_twice_justext(page):
    # Every block scored (none is prefiltered): a row of features each, made one at a time.
    ratio = peak(page, "learned") / peak(page, "justext")
    assert ratio < 2, f"learned peaks at {ratio:.2f}x jusText's memory"
