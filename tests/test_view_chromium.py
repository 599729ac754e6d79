"""The block view in a real browser: good blocks show the good tint, bad ones the bad tint, nothing runs or loads."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import ARTICLE
from lxml import etree
from parsel import Selector
from threaded_server import serving

from scrapy_boilerplate import extract
from scrapy_boilerplate.inspect import block_view

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")

#: ``getComputedStyle`` of every marked element, written into the page for ``--dump-dom`` to carry out.
PROBE = """<script>
const found = {};
const focusRule = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules])
  .find(rule => rule.selectorText && rule.selectorText.includes("[data-sb-info]:focus::after"));
for (const element of document.querySelectorAll("[data-sb-blocks]")) {
  const style = getComputedStyle(element), badge = getComputedStyle(element, "::before");
  const panel = getComputedStyle(element, "::after");
  const hidden = panel.content;
  element.focus();
  // :focus matches only while the window has the focus, which a loaded machine's headless Chromium
  // does not always give it: then the rule that focus would apply is read instead, with the
  // attribute its content comes from.
  const focused = element.matches(":focus")
    ? {content: panel.content, position: panel.position}
    : {content: element.dataset.sbInfo, position: focusRule.style.position};
  element.blur();
  for (const number of element.dataset.sbBlocks.split(" ")) {
    found[number] = {background: style.backgroundColor, outline: style.outlineColor,
                     outlineStyle: style.outlineStyle, badge: badge.content,
                     width: element.getBoundingClientRect().width, hidden: hidden, focused: focused};
  }
}
const probe = document.createElement("pre");
probe.id = "probe";
probe.textContent = JSON.stringify(found);
document.body.appendChild(probe);
</script>"""

GOOD_TINT, BAD_TINT = "rgb(220, 243, 226)", "rgb(236, 236, 236)"


def render(path, tmp_path) -> str:
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", path.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout


def test_good_and_bad_blocks_carry_their_tints_and_nothing_is_fetched(tmp_path):
    requests: list[str] = []
    with serving({}, requests) as base:
        page = ARTICLE.replace("</head>", f"""<link rel="stylesheet" href="{base}site.css">
<style>@import url("{base}import.css"); body {{ background: url({base}bg.png) }}</style>
<script src="{base}app.js"></script><script>document.write("script output")</script></head>""").replace(
            "<h1>", f'<img src="{base}photo.jpg" alt="Flood"><iframe src="{base}frame.html"></iframe>'
                    f'<h1 onmouseover="document.body.remove()" style="background-image: url({base}h.png)">')
        root = Selector(text=page).root
        extraction = extract(root)
        view = block_view(extraction, root, url=base + "article.html")
        (tmp_path / "view.html").write_text(view, encoding="utf-8")
        rendered = render(tmp_path / "view.html", tmp_path)
        # The same view with a probe of its styles; without the view's policy, so that the probe runs and
        # anything the clean-up missed would be fetched.
        probed = etree.HTML(view)
        policy = probed.xpath("//meta[@http-equiv='Content-Security-Policy']")[0]
        policy.getparent().remove(policy)
        probed.find("body").append(etree.fromstring(PROBE, etree.HTMLParser()).find(".//script"))
        (tmp_path / "probed.html").write_text(etree.tostring(probed, method="html", encoding="unicode"),
                                              encoding="utf-8")
        styles = json.loads(etree.HTML(render(tmp_path / "probed.html", tmp_path)).xpath("string(//pre[@id='probe'])"))
    assert requests == []
    assert "script output" not in rendered and "River levels rise" in rendered
    assert sorted(map(int, styles)) == list(range(1, len(extraction.blocks) + 1))
    for number, block in enumerate(extraction.blocks, 1):
        style = styles[str(number)]
        assert style["background"] == (GOOD_TINT if block.is_good else BAD_TINT), (block.text, style)
        assert style["width"] > 0
        assert style["badge"] == ("none" if block.cf_label == block.label else f'"{block.cf_label}"')
        # The features panel: none until the block has the focus (from the keyboard: Tab), then fixed on screen.
        assert style["hidden"] == "none"
        assert style["focused"]["position"] == "fixed"
        assert f"block {number}: {block.label}" in style["focused"]["content"]
        assert f"xpath: {block.xpath}" in style["focused"]["content"]
    short = [styles[str(number)]["outlineStyle"] for number, block in enumerate(extraction.blocks, 1)
             if block.cf_label == "short"]
    assert short and set(short) == {"dotted"}
