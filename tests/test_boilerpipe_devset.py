"""boilerpipe against boilerpy3 1.0.7 on a sample of the development corpus (the full run is
``python benchmarks/accuracy.py --only boilerp``)."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest

boilerpy3 = pytest.importorskip("boilerpy3.extractors", reason="the reference boilerpy3 is in the bench extra")

from scrapy_boilerplate import extract  # noqa: E402


def _load_devset():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "devset.py"
    spec = importlib.util.spec_from_file_location("devset", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("devset", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


devset = _load_devset()

SAMPLE_STEP = 8

pytestmark = pytest.mark.skipif(
    not devset.available(),
    reason=f"the development corpus is not at {devset.DEVSET} (set DEVSET to its folder)",
)


@pytest.fixture(scope="module")
def sample():
    return devset.pages()[::SAMPLE_STEP]


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
