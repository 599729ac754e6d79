"""The classic corpus beside the project root (``../shared/classic``): its pages, the site of a page
of any corpus (by which the trainer's folds group the pages), and the shingle F1 of our
algorithms, trafilatura and readability-lxml on it, per type.

Four public data sets of 2007-2013 (Dragnet, Mozilla Readability's tests, CleanPortalEval,
CleanEval's development set) with the main text of each page; scored with the trainset's
shingle F1. The learned classifier's figures here are fair only cross-validated
(``benchmarks/train.py``): its shipped model was trained on these pages.

    python benchmarks/classic.py [--limit N] [--algorithms justext boilerpipe-article ...]
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

CLASSIC = Path(os.environ.get("CLASSIC", Path(__file__).resolve().parents[2] / "shared" / "classic"))
#: Where a page without a URL names its own address.
_ADDRESS = re.compile(r"<(?:link[^>]+rel=[\"']?canonical|meta[^>]+og:url)[^>]*>", re.IGNORECASE)
_HOST = re.compile(r"(?:href|content)=[\"']?https?://([^/\"' >]+)", re.IGNORECASE)
#: A Readability test page's key is its site and a number: ``readability-yahoo-2``.
_NUMBERED = re.compile(r"-\d+$")
#: A page the Wayback Machine kept: its site is the archived address's, with or without a scheme.
_ARCHIVED = re.compile(r"https?://web\.archive\.org/web/[^/]+/(?:https?://)?(.*)")


def available() -> bool:
    return (CLASSIC / "ground-truth.json").is_file()


def pages(limit: int | None = None) -> list[trainset.Page]:
    """The pages with their main text (no snippets), decoded as a crawler would."""
    if not available():
        sys.exit(f"the classic corpus is not at {CLASSIC} (set CLASSIC to its folder)")
    return [trainset.Page(key, entry["url"] or "", body, text, (), (), entry["type"], repaired(entry["main_content"]))
            for key, entry, body, text in devset.corpus(CLASSIC, "ground-truth.json", limit)]


def repaired(main_content: str) -> str:
    """The main text as its page shows it: 63 of the 114 Readability tests' texts in the corpus are
    their UTF-8 bytes read as Latin-1 (``Itâ\x80\x99s``, and their Chinese and Japanese pages
    wholly so, which no extractor's text matched). A text that is not such (plain ASCII, or
    Latin-1 that is no valid UTF-8) comes back as it is."""
    try:
        return main_content.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return main_content


def host(url: str) -> str:
    """The URL's host without ``www.``; of a Wayback Machine copy, the archived address's."""
    archived = _ARCHIVED.match(url)
    if archived:
        url = f"http://{archived.group(1)}"
    return (urlsplit(url).hostname or "").removeprefix("www.")


def site(page: devset.Page | trainset.Page) -> str:
    """The page's site, as the corpora's READMEs group them: the URL's host; without one (the classic
    pages without a URL, the devset pages whose URL names a file: ``hard::zeit.de.zugverkehr.html``),
    the host of its ``<link rel=canonical>`` or ``og:url``; else its own (a Readability test's key
    names its site)."""
    if found := host(page.url):
        return found
    address = _ADDRESS.search(page.text)
    named = _HOST.search(address.group(0)) if address else None
    if named:
        return named.group(1).lower().removeprefix("www.")
    if not isinstance(page, trainset.Page):
        return f"devset:{page.key}"
    return f"{page.type}:{_NUMBERED.sub('', page.key) if page.type == 'readability' else page.key}"


def readability_text(html: str) -> str:
    """readability-lxml's main text: its summary's text, paragraphs on their own lines."""
    from lxml import html as lxml_html
    from readability import Document

    summary = Document(html).summary(html_partial=True)
    return "\n".join(lxml_html.fromstring(summary).itertext()) if summary.strip() else ""


def trafilatura_text(html: str) -> str:
    import trafilatura

    return trafilatura.extract(html) or ""


def scores(pages: list[trainset.Page], texts: list[str]) -> dict[str, trainset.ShingleScore]:
    """The shingle scores per type, and over all pages under ``"all"``."""
    result: dict[str, trainset.ShingleScore] = defaultdict(trainset.ShingleScore)
    for page, text in zip(pages, texts):
        reference = trainset.shingles(page.main_content)
        result[page.type].add(page, text, reference)
        result["all"].add(page, text, reference)
    return dict(result)


def run(pages: list[trainset.Page], extract_text: Callable[[str], str]) -> tuple[list[str], float]:
    """Each page's text (empty where the extractor fails) and the median ms per page."""
    texts, times = [], []
    for page in pages:
        started = time.perf_counter()
        try:
            text = extract_text(page.text)
        except Exception:  # a page it fails on gives nothing
            text = ""
        times.append((time.perf_counter() - started) * 1000)
        texts.append(text)
    return texts, statistics.median(times)


TYPES = ("dragnet", "readability", "cleanportaleval", "cleaneval-dev", "all")


def table_row(name: str, by_type: dict[str, trainset.ShingleScore], ms: float | None = None) -> str:
    cells = "".join(f" {by_type[t].f1:>15.3f}" if t in by_type else f" {'':>15}" for t in TYPES)
    overall = by_type.get("all")
    extra = f"  (P {overall.precision:.3f} R {overall.recall:.3f})" if overall else ""
    return f"{name:<28}{cells}{extra}" + (f" {ms:6.1f} ms" if ms is not None else "")


def table_header(pages: list[trainset.Page]) -> str:
    counts = defaultdict(int)
    for page in pages:
        counts[page.type] += 1
        counts["all"] += 1
    return f"{'shingle F1':<28}" + "".join(f" {f'{t} ({counts[t]})':>15}" for t in TYPES)


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--algorithms", nargs="*", default=["justext", "boilerpipe-article"])
    args = parser.parse_args()
    from scrapy_boilerplate import extract

    corpus = pages(args.limit)
    print(f"{len(corpus)} pages of {len({site(page) for page in corpus})} sites")
    print(table_header(corpus))
    for name, function in (("trafilatura 2.3 extract", trafilatura_text), ("readability-lxml", readability_text),
                           *((algorithm, lambda html, a=algorithm: extract(html, algorithm=a).text)
                             for algorithm in args.algorithms)):
        texts, ms = run(corpus, function)
        print(table_row(name, scores(corpus, texts), ms), flush=True)


if __name__ == "__main__":
    main()
