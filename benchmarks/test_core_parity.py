"""``core_parity.py`` beside it: what counts as the same output, and a run on a few pages of each corpus."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import core_parity
import pytest

from scrapy_boilerplate import compiled_core

SCRIPT = Path(core_parity.__file__)


def test_probabilities_may_differ_by_1e_9_and_nothing_else_may():
    output = ["text", ["good", "bad"], [0.25, None], [0.75, 0.25]]
    assert core_parity.same(output, ["text", ["good", "bad"], [0.25 + 1e-10, None], [0.75, 0.25 - 1e-10]])
    assert not core_parity.same(output, ["text", ["good", "bad"], [0.25 + 1e-8, None], [0.75, 0.25]])
    assert not core_parity.same(output, ["text", ["good", "good"], [0.25, None], [0.75, 0.25]])
    assert not core_parity.same(output, ["text ", ["good", "bad"], [0.25, None], [0.75, 0.25]])
    assert not core_parity.same(output, ["text", ["good", "bad"], [0.25, 0.5], [0.75, 0.25]])
    assert not core_parity.same(output, ["text", ["good", "bad"], [0.25, None], [0.25, 0.75]])


@pytest.mark.skipif(not compiled_core.built(), reason="the compiled core is not built here")
@pytest.mark.skipif(not core_parity.devset.available(), reason="the devset is not beside the checkout (../shared)")
def test_a_few_pages_of_each_corpus_come_out_the_same_both_ways():
    run = subprocess.run([sys.executable, str(SCRIPT), "--limit", "3"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "devset        3 pages,     3 the same" in run.stdout
    assert run.stdout.rstrip().endswith("on every page")
