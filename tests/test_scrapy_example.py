"""README's main command: the example project crawls its bundled site into JSON Lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent / "example_project"


@pytest.mark.slow  # a crawl in a scrapy process of its own
def test_articles_spider_writes_clean_text_records(tmp_path):
    output = tmp_path / "articles.jsonl"
    subprocess.run([sys.executable, "-m", "scrapy", "crawl", "articles", "-O", str(output)],
                   cwd=PROJECT, check=True, capture_output=True, timeout=120)
    records = {record["url"].split("/site/")[1]: record
               for record in map(json.loads, output.read_text(encoding="utf-8").splitlines())}
    assert set(records) == {"index.html", "articles/flood.html", "articles/orchard.html",
                            "articles/notice.html", "de/index.html", "de/hochwasser.html"}
    flood, german = records["articles/flood.html"], records["de/hochwasser.html"]
    assert set(flood) == {"url", "title", "text", "blocks", "language", "authors", "date_published", "date_modified",
                          "description", "site_name", "canonical_url", "image", "language_code"}
    assert flood["title"] == "River levels rise after a week of rain"
    assert "Farmers in the valley" in flood["text"] and "Most read" not in flood["text"]
    assert "Stay safe everyone" not in flood["text"]
    assert (flood["language"], german["language"]) == ("English", "German")
    assert records["index.html"]["text"] == ""
