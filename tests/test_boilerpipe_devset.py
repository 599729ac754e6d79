"""boilerpipe against boilerpy3 1.0.7 on a sample of the development corpus (the full run is
``python benchmarks/accuracy.py --only boilerp``)."""

from __future__ import annotations

import logging

import pytest

boilerpy3 = pytest.importorskip("boilerpy3.extractors", reason="the reference boilerpy3 comes with the test extra")

import benchmark_scripts  # noqa: E402
from scrapy_boilerplate import extract  # noqa: E402


devset = benchmark_scripts.devset
pytestmark = benchmark_scripts.requires_devset


@pytest.fixture(scope="module")
def sample():
    return benchmark_scripts.devset_sample(8)


@pytest.mark.parametrize(("algorithm", "reference"), [
    ("boilerpipe-article", "ArticleExtractor"),
    ("boilerpipe-default", "DefaultExtractor"),
])
def test_at_least_as_accurate_as_boilerpy3(sample, algorithm, reference):
    logging.getLogger("boilerpy3").setLevel(logging.ERROR)  # it warns on every nested link
    theirs_extractor = getattr(boilerpy3, reference)(raise_on_failure=False)
    ours, theirs = devset.Score(), devset.Score()
    for page in sample:
        ours.add(page, extract(page.body, algorithm=algorithm).text)
        theirs.add(page, theirs_extractor.get_content(page.text))
    assert ours.f1 >= theirs.f1, f"{algorithm}: F1 {ours.f1:.3f} < boilerpy3 {reference} {theirs.f1:.3f}"
