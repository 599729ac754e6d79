"""Block-for-block parity with justext 3.0.2 on a sample of the development corpus.

The full comparison is ``python benchmarks/parity.py``; this compares every
16th page (about 60) to stay fast.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

justext = pytest.importorskip("justext", reason="the reference justext comes with the test extra")

from corpus import Page, devset_sample, requires_devset  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.algorithms.justext.stoplists import Stoplist, available, builtin  # noqa: E402

pytestmark = [requires_devset, pytest.mark.slow]

SAMPLE_SIZE = 60


@pytest.fixture(scope="module")
def sample() -> list[Page]:
    return devset_sample(16, SAMPLE_SIZE)


def blocks(page: Page, stoplist: Stoplist | None) -> tuple[list[tuple], list[tuple]]:
    """Each block's text (whitespace collapsed), label, context-free label and heading flag: ours, the reference's."""
    ours = [(" ".join(block.text.split()), block.label, block.cf_label, block.heading)
            for block in extract(page.text, stoplist=stoplist if stoplist else ()).blocks]
    theirs = [(" ".join(paragraph.text.split()), paragraph.class_type,
               "near-good" if paragraph.cf_class == "neargood" else paragraph.cf_class, paragraph.heading)
              for paragraph in justext.justext(page.text, frozenset(stoplist.words) if stoplist else frozenset())]
    return ours, theirs


def mismatches(pages: list[Page], stoplist_of: Callable[[Page], Stoplist | None]) -> list[str]:
    found = []
    for page in pages:
        ours, theirs = blocks(page, stoplist_of(page))
        if ours != theirs:
            first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
            found.append(f"{page.key}: block {first} of {len(ours)} here, {len(theirs)} in the reference")
    return found


def test_sample_size(sample):
    assert len(sample) == SAMPLE_SIZE


def test_english_stoplist(sample):
    english = builtin("English")
    assert mismatches(sample, lambda page: english) == []


def test_best_stoplist(sample):
    def best(page: Page) -> Stoplist | None:
        language = extract(page.text).language
        return builtin(language) if language and language.lower() in available() else None

    assert mismatches(sample, best) == []
