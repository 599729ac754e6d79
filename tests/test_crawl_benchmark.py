"""benchmarks/crawl.py runs its five crawls on a sample of the devset and reports each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from corpus import requires_devset

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "crawl.py"
CRAWLS = ["parsing spider, no plugin", "add-on", "add-on, 1 workers", "pipeline only", "pipeline only, 1 workers"]


@pytest.mark.slow
@requires_devset
def test_crawl_benchmark_reports_every_crawl_against_the_parsing_spider():
    done = subprocess.run([sys.executable, str(SCRIPT), "--limit", "20", "--rounds", "1", "--workers", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "scraped" not in done.stderr  # every crawl scraped every page
    table = done.stdout.split("CPU ms per page\n", 1)[1].splitlines()[1:]
    assert [line.split("  ")[0] for line in table] == CRAWLS
    assert "100.0%" in table[0] and all("%" in line for line in table)
