"""The learned classifier's faster paths give the rows they replaced, and its speed benchmark reports each part."""

from __future__ import annotations

import importlib.util
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from corpus import requires_devset

from scrapy_boilerplate import LearnedOptions
from scrapy_boilerplate.algorithms import learned
from scrapy_boilerplate.algorithms.learned import features
from scrapy_boilerplate.html.parse import parse

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "learned_speed.py"
PARTS = ["parse", "jusText", "of which choosing the stoplist", "features", "trees"]


def test_like_elements_count_distinct_elements_one_and_two_levels_up():
    card = '<li class="card"><div><p>A teaser of the story number {}</p></div></li>'
    html = (f"<html><body><ul>{''.join(card.format(i) for i in range(3))}</ul>"
            f"<div><p>{'Some words of the text, ' * 20}</p></div></body></html>")
    blocks, rows, _ = learned.featurize(parse(html), LearnedOptions())
    named = {block.text[:20]: dict(zip(features.names(), row)) for block, row in zip(blocks, rows) if row}
    teaser = named["A teaser of the stor"]
    # A teaser's p and div each have a parent of their own (up0, up1: no other like it);
    # the three li.card share the ul (up2: two others like it).
    assert (teaser["like_elements_up0"], teaser["like_elements_up1"], teaser["like_elements_up2"]) == (
        0.0, 0.0, math.log1p(2))
    assert named["Some words of the te"]["like_elements_up2"] == 0.0


requires_trafilatura = pytest.mark.skipif(
    importlib.util.find_spec("trafilatura") is None,
    reason='benchmarks/learned_speed.py compares with trafilatura, of the bench extra: pip install -e ".[test,bench]"')


def run_script(*arguments: str) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), *arguments, "--limit", "4"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
@requires_devset
@requires_trafilatura
def test_speed_benchmark_reports_the_ratios_and_the_features_budget():
    lines = run_script()
    assert lines[0].startswith("4 pages")
    assert [line[:26].strip() for line in lines[1:]] == [
        "trafilatura 2.3 extract", "learned", "learned on a parsed tree", "learned, features free"]
    assert re.search(r"\(its [0-9.]+ in this duel; 2\.5x leaves the features -?[0-9.]+ ms\)$", lines[-1]), lines[-1]


@pytest.mark.slow
@requires_devset
@requires_trafilatura
def test_speed_benchmark_reports_the_time_of_each_part():
    lines = run_script("--parts")
    assert lines[0].startswith("4 pages")
    assert [line[:34].strip() for line in lines[1:]] == PARTS
    assert all(float(line[34:]) >= 0 for line in lines[1:])
