"""``outputs.py`` beside it: hashes written, then compared, name what changed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import outputs
import pytest

SCRIPT = Path(outputs.__file__)


def test_each_output_of_a_page_has_its_hash_and_a_refused_page_that_of_its_error():
    page = outputs.page_outputs("<html><body><h1>The title of the page</h1><p>" + "A sentence of the page. " * 20
                                + "</p></body></html>",
                                "https://example.com/", "justext")
    assert set(page) == set(outputs.OUTPUTS) and len(set(page.values())) == 4
    refused = outputs.page_outputs("\x00" * 100, "https://example.com/", "justext")
    assert len(set(refused.values())) == 1


@pytest.mark.skipif(not outputs.devset.available(), reason="the devset is not beside the checkout (../shared)")
def test_a_changed_output_is_counted_and_its_page_named(tmp_path):
    kept = tmp_path / "hashes.json"
    run = [sys.executable, str(SCRIPT), "--limit", "1"]
    subprocess.run([*run, "--write", str(kept)], check=True, capture_output=True)
    same = subprocess.run([*run, "--compare", str(kept)], capture_output=True, text=True, check=False)
    assert same.returncode == 0 and same.stdout.rstrip().endswith("every output identical")
    hashes = json.loads(kept.read_text())
    page = next(key for key in hashes if key.startswith("learned devset:"))
    hashes[page]["markdown"] = "0"
    kept.write_text(json.dumps(hashes))
    changed = subprocess.run([*run, "--compare", str(kept)], capture_output=True, text=True, check=False)
    assert changed.returncode == 1
    assert f"markdown 1  html 0  labels 0  (first: markdown: {page.split(' ')[1]})" in changed.stdout
