"""boilerpipe against boilerpy3 1.0.7 on a sample of the development corpus (the full run is
``python benchmarks/accuracy.py --only boilerp``)."""

from __future__ import annotations

import logging

import pytest

boilerpy3 = pytest.importorskip("boilerpy3.extractors", reason="the reference boilerpy3 comes with the test extra")

from corpus import devset_sample, requires_devset, snippet_f1  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402

pytestmark = [requires_devset, pytest.mark.slow]


@pytest.fixture(scope="module")
def sample():
    return devset_sample(8)


@pytest.mark.parametrize(("algorithm", "reference"), [
    ("boilerpipe-article", "ArticleExtractor"),
    ("boilerpipe-default", "DefaultExtractor"),
])
def test_at_least_as_accurate_as_boilerpy3(sample, algorithm, reference):
    logging.getLogger("boilerpy3").setLevel(logging.ERROR)  # it warns on every nested link
    theirs_extractor = getattr(boilerpy3, reference)(raise_on_failure=False)
    ours = snippet_f1(sample, [extract(page.body, algorithm=algorithm).text for page in sample])
    theirs = snippet_f1(sample, [theirs_extractor.get_content(page.text) for page in sample])
    assert ours >= theirs, f"{algorithm}: F1 {ours:.3f} < boilerpy3 {reference} {theirs:.3f}"
