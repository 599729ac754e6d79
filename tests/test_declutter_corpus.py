"""declutter on the trainset's real pages: few come out near-empty (issue #30's target, with room)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from scrapy_boilerplate import extract

TRAINSET = Path(os.environ.get("TRAINSET", Path(__file__).resolve().parents[2] / "shared" / "trainset"))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (TRAINSET / "ground-truth.json").is_file(),
                       reason=f"the training corpus is not at {TRAINSET} (set TRAINSET to its folder)"),
]


def test_few_pages_with_a_long_main_text_come_out_near_empty():
    # The second edition's 777 long pages (the first's 427: 90 near-empty before prune spared the
    # article's container, 12 after).
    truth = json.loads((TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    long_pages = near_empty = 0
    for key, entry in truth.items():
        main_text = entry["main_content"]
        if len(main_text) <= 1000:
            continue
        body = gzip.decompress((TRAINSET / "html" / f"{key}.html.gz").read_bytes())
        long_pages += 1
        near_empty += len(extract(body, url=entry["url"], algorithm="declutter").text) < len(main_text) / 10
    assert long_pages == 777
    assert near_empty <= 20
