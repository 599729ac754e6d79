"""The clean document, rendered by headless Chromium, shows the article and none of the pruned parts."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from scrapy_boilerplate import extract

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

PAGE = """<!DOCTYPE html><html><head><title>River levels</title>
<script>document.write("script output")</script><style>p { display: none }</style></head><body>
<div id="menu"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/contact">Contact</a></div>
<div id="content"><h1>River levels rise after a week of rain</h1>
<p>The river that runs through the old town rose by almost two metres over the weekend, and the
authorities have asked the people who live along its banks to move their cars to higher ground.</p>
<p>Several bridges have been closed, and the ferry that connects the two halves of the town is not
running until further notice.</p></div>
<div class="sidebar"><h3>Most read</h3><p>Ten things to do this summer</p></div>
<div id="comments"><p>Reader comment: what a disaster</p></div>
<div class="ad-slot">Buy cheap insurance now</div>
</body></html>"""


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_chromium_renders_the_article_and_none_of_the_pruned_parts(tmp_path):
    page = tmp_path / "clean.html"
    page.write_text(extract(PAGE, algorithm="declutter").html, encoding="utf-8")
    rendered = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    assert "<h1>River levels rise after a week of rain</h1>" in rendered
    assert "move their cars to higher ground." in rendered
    assert "until further notice." in rendered
    for boilerplate in ("Contact", "Most read", "Ten things", "Reader comment", "insurance", "script output"):
        assert boilerplate not in rendered
