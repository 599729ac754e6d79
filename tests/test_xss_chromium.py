"""Every HTML output in a real browser, over the vector file an attacker would write: nothing runs.

``tests/data/xss_vectors.json`` holds scripts hidden in URLs (schemes split by tabs,
newlines and control characters, encoded in entities, in every URL attribute, in
``srcset`` lists, SVG and MathML links, ``<base>``, forms, ``<meta http-equiv=refresh>``,
CSS ``url()``) and in Markdown-shaped text. One page holds them all, each in a
paragraph of an article; every algorithm's outputs of it are opened in headless
Chromium with a hook that records each dialog and ``window.open``, clicks every link
and submits every form (letting through only what would run a script), and lists each
URL the browser itself reads with a scheme outside the allowed ones. A page that
navigated away loses the probe's report, which fails the test too.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree

from scrapy_boilerplate import ALGORITHMS, extract
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.inspect import block_view
from scrapy_boilerplate.inspect.view import CONTENT_SECURITY_POLICY

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")

VECTORS = json.loads((Path(__file__).parent / "data" / "xss_vectors.json").read_text(encoding="utf-8"))
URL = "https://news.example.com/2024/article.html"

#: Set before anything of the output: dialogs and window.open recorded instead of shown.
HOOK = """<script>
window.__sbEvents = [];
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = (...args) => { window.__sbEvents.push(name + ": " + args.join(" ")); };
}
window.open = (url) => { window.__sbEvents.push("open: " + url); };
</script>"""
#: After the output: every URL read by the browser, every link clicked, every form submitted;
#: the report written into the page a moment later, for --dump-dom to carry out.
PROBE = """<script>
(() => {
const events = window.__sbEvents, allowed = ["http:", "https:", "mailto:", "tel:", "ftp:", "file:"];
const names = ["href", "xlink:href", "src", "action", "formaction", "data", "poster", "background", "cite",
               "longdesc", "usemap", "lowsrc", "dynsrc", "codebase", "ping", "srcset"];
const read = (value) => { try { return new URL(value, document.baseURI).protocol; } catch (e) { return "bad:"; } };
if (!allowed.includes(read(document.baseURI))) events.push("base: " + document.baseURI);
for (const element of document.querySelectorAll("*")) {
  if (element.id === "sb-probe") continue;
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith("on")) events.push("handler: " + element.tagName + " " + name);
    if (name === "style" && /url\\s*\\(|expression/i.test(attribute.value)) events.push("css: " + attribute.value);
    if (!names.includes(name)) continue;
    const values = name === "srcset" ? attribute.value.split(",").map(part => part.trim().split(/\\s+/)[0]) : [attribute.value];
    for (const value of values) {
      if (!allowed.includes(read(value))) events.push("url: " + element.tagName + " " + name + "=" + value);
    }
  }
}
for (const meta of document.querySelectorAll("meta[http-equiv]")) {
  if (meta.httpEquiv.toLowerCase() === "refresh") events.push("refresh: " + meta.content);
}
document.addEventListener("click", (event) => {
  const link = event.target.closest("a, area");
  const href = link && (link.href.baseVal !== undefined ? link.href.baseVal : link.href);
  if (href === null || href === undefined || read(href) !== "javascript:") event.preventDefault();
}, true);
document.addEventListener("submit", (event) => {
  const action = (event.submitter && event.submitter.formAction) || event.target.action;
  if (read(action) !== "javascript:") event.preventDefault();
}, true);
for (const link of document.querySelectorAll("a, area")) {
  link.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
}
for (const form of document.querySelectorAll("form")) {
  const submitters = form.querySelectorAll("button, input[type=submit], input[type=image]");
  for (const submitter of submitters) submitter.click();
  if (!submitters.length) form.requestSubmit();
}
setTimeout(() => {
  const report = document.createElement("pre");
  report.id = "sb-probe";
  report.textContent = JSON.stringify({events: events, text: document.body.innerText});
  document.body.appendChild(report);
}, 500);
})();
</script>"""


def vector_page() -> str:
    """The article: a heading, then each vector in a paragraph long enough for every algorithm to keep."""
    paragraphs = "\n".join(
        f"<p>Finding {number} of the inquiry, reported by the council on Tuesday: the river rose again "
        f"and the engineers said the levees would hold through the week. {vector['html'].format(n=number)} "
        f"Residents of the lower town were told to keep watch and to report any leak at once.</p>"
        for number, vector in enumerate(VECTORS, 1))
    return (f"<html><head><title>Council report</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article><h1>The council's report on the flood</h1>{paragraphs}</article>"
            f"<footer>Copyright the Gazette</footer></body></html>")


def markdown_it_html(text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).render(text)


def python_markdown_html(text: str) -> str:
    markdown = pytest.importorskip("markdown", reason="Python-Markdown is not installed (the test extra has it)")
    return markdown.markdown(text)


def fragment_page(outputs: dict[str, str]) -> str:
    sections = "\n".join(f'<section data-output="{name}">{html}</section>' for name, html in outputs.items())
    return f"<!DOCTYPE html><html><head><meta charset='utf-8'>{HOOK}</head><body>{sections}{PROBE}</body></html>"


def document_page(document: str) -> str:
    """A whole HTML document (the view, declutter's page) with the hook first and the probe last."""
    root = etree.HTML(document)
    for policy in root.xpath("//meta[translate(@http-equiv, 'CSP', 'csp') = 'content-security-policy']"):
        policy.getparent().remove(policy)
    head = root.find("head")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    head.insert(0, etree.fromstring(HOOK, etree.HTMLParser()).find(".//script"))
    body = root.find("body")
    if body is None:
        body = etree.SubElement(root, "body")
    body.append(etree.fromstring(PROBE, etree.HTMLParser()).find(".//script"))
    return etree.tostring(root, method="html", encoding="unicode", doctype="<!DOCTYPE html>")


def run_in_chromium(page: str, tmp_path: Path, name: str) -> dict:
    path = tmp_path / f"{name}.html"
    path.write_text(page, encoding="utf-8")
    dumped = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=3000", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", path.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    report = etree.HTML(dumped or "<html/>").xpath("string(//pre[@id='sb-probe'])") if dumped.strip() else ""
    assert report, f"{name}: the page navigated away (no probe report)"
    return json.loads(report)


def shown_findings(report: dict) -> set[int]:
    return {number for number in range(1, len(VECTORS) + 1) if f"Finding {number} " in report["text"]}


@pytest.fixture(scope="module")
def root():
    return parse(vector_page(), url=URL)


def test_the_vector_file_has_the_cases_an_attacker_would_try():
    assert len(VECTORS) >= 60
    assert len({vector["name"] for vector in VECTORS}) == len(VECTORS)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_no_output_of_any_algorithm_runs_a_script_or_navigates(algorithm, root, tmp_path):
    extraction = extract(root, algorithm=algorithm, url=URL)
    from scrapy_boilerplate.integrations.articles import article_fields

    pytest.importorskip("zyte_common_items", reason="the Article item needs zyte-common-items (the test extra)")
    outputs = {
        "main_html": extraction.main_html,
        "main_html with images": extraction.to_main_html(images=True),
        "Article articleBodyHtml": article_fields(extraction, URL)["articleBodyHtml"] or "",
        "Markdown by markdown-it": markdown_it_html(extraction.markdown),
        "Markdown with images by markdown-it": markdown_it_html(extraction.to_markdown(images=True)),
        "Markdown by Python-Markdown": python_markdown_html(extraction.markdown),
        "Markdown with images by Python-Markdown": python_markdown_html(extraction.to_markdown(images=True)),
    }
    report = run_in_chromium(fragment_page(outputs), tmp_path, algorithm)
    assert report["events"] == [], report["events"]
    # not a vacuous pass: the outputs hold most of the vectors' paragraphs
    assert len(shown_findings(report)) >= len(VECTORS) * 0.8, sorted(shown_findings(report))
    if extraction.html is not None:  # declutter's clean page
        page_report = run_in_chromium(document_page(extraction.html), tmp_path, f"{algorithm}-page")
        assert page_report["events"] == [], page_report["events"]
        assert len(shown_findings(page_report)) >= len(VECTORS) * 0.8


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_block_view_without_its_policy_runs_nothing(algorithm, root, tmp_path):
    view = block_view(extract(root, algorithm=algorithm, url=URL), root, url=URL)
    assert CONTENT_SECURITY_POLICY in view
    report = run_in_chromium(document_page(view), tmp_path, f"{algorithm}-view")
    assert report["events"] == [], report["events"]
    assert len(shown_findings(report)) == len(VECTORS)
