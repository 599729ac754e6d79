"""Block-for-block parity with justext 3.0.2 on a sample of the development corpus.

The full comparison is ``python benchmarks/parity.py``; this runs its
comparison on every 16th page (about 60) to stay fast.
"""

from __future__ import annotations

import pytest

pytest.importorskip("justext", reason="the reference justext comes with the test extra")

import benchmark_scripts  # noqa: E402
from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.algorithms.justext.stoplists import available, builtin  # noqa: E402


parity = benchmark_scripts.load("parity")
pytestmark = benchmark_scripts.requires_devset

SAMPLE_SIZE = 60


@pytest.fixture(scope="module")
def sample():
    return benchmark_scripts.devset_sample(16, SAMPLE_SIZE)


def mismatches(pages, stoplist_of) -> list[str]:
    found = []
    for page in pages:
        stoplist = stoplist_of(page)
        ours = parity.our_blocks(page.text, stoplist if stoplist else ())
        theirs = parity.reference_blocks(page.text, frozenset(stoplist.words) if stoplist else frozenset())
        if ours != theirs:
            found.append(f"{page.key}: {parity.first_difference(ours, theirs)}")
    return found


def test_sample_size(sample):
    assert len(sample) == SAMPLE_SIZE


def test_english_stoplist(sample):
    english = builtin("English")
    assert mismatches(sample, lambda page: english) == []


def test_best_stoplist(sample):
    def best(page):
        language = extract(page.text).language
        return builtin(language) if language and language.lower() in available() else None

    assert mismatches(sample, best) == []
