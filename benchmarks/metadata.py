"""Article metadata on the training corpus: headline, authors and date against trafilatura's ``with_metadata``.

For each page of ``../shared/trainset`` (its ``title``, ``author`` and ``date``),
in the same run, taking turns page by page:

- the learned extraction alone (``metadata=False``) and with its metadata;
- trafilatura 2.3's ``bare_extraction(with_metadata=True)``.

Printed for three sets of pages: the first edition's 454 (keys without the
``v1-`` prefix, on which the rules were tuned), the second edition's 385 ``v1-``
pages of other sites (held out for the title and author rules; the date rules
were revised on their misses, see docs/developer/metadata-dates.rst), and the
whole corpus: the share of pages whose title, authors and date are right, by the match
rules printed first; the time per page, with metadata's cost over the
extraction alone (each page's quickest of ``--repeat`` runs, from the page's
text: parsing included, as a crawl pays it); how many pages give an image URL
that is a fragment-only JSON-LD node id (``#primaryimage``), and whether
``canonical_url`` is the page's ``<link rel=canonical>`` where it has one.

Then htmldate (trafilatura's date library), where installed, against our dates:
its accuracy on the same sets and its cost beside our whole metadata's, and on
the development corpus (``../shared/devset``, no annotated dates) the date each
finds without the URL on the pages whose URL holds one (``/2019/05/01/``), that
URL's date taken as the truth, by the page's language. extruct's cost against
our structured-data reader, where installed.

    python benchmarks/metadata.py [--limit N] [--algorithm learned] [--repeat 2] [--no-devset]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import devset  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402
from scrapy_boilerplate.html.urls import join_url  # noqa: E402
from scrapy_boilerplate.metadata.dates import url_date  # noqa: E402

RULES = """match rules (each field on the pages whose annotation has it):
  title    right when the token F1 with the annotators' is >= 0.9 (lower-cased \\w+ words, as multisets)
  authors  right when the token F1 of the names joined by "; " with the annotators' is >= 0.5
  date     right when the date published is the annotators' day (its first 10 characters)"""
#: The three sets of pages reported: (name, whether a key belongs to it).
SPLITS = (
    ("tuned: the first edition's pages (rules written on these)", lambda key: not key.startswith("v1-")),
    ("the v1- pages (of other sites; held out for titles and authors, date rules revised on them)",
     lambda key: key.startswith("v1-")),
    ("the whole trainset", lambda key: True),
)
FIELDS = ("title", "author", "date")
#: An image URL ending in a fragment (``...#primaryimage``): a JSON-LD node's id, not an image.
_FRAGMENT_ID = re.compile(r"#[^/?#]*$")
_WORD = re.compile(r"\w+")


def token_f1(found: str | None, expected: str) -> float:
    first, second = Counter(_WORD.findall((found or "").lower())), Counter(_WORD.findall(expected.lower()))
    shared = sum((first & second).values())
    if not shared:
        return 0.0
    precision, recall = shared / sum(first.values()), shared / sum(second.values())
    return 2 * precision * recall / (precision + recall)


def scores(title: str | None, authors: str | None, date: str | None, truth: dict) -> dict[str, bool]:
    """Whether each field the page has is right: ``{"title": True, "author": False, ...}``."""
    right = {}
    if truth.get("title"):
        right["title"] = token_f1(title, truth["title"]) >= 0.9
    if truth.get("author"):
        right["author"] = token_f1(authors, truth["author"]) >= 0.5
    if truth.get("date"):
        right["date"] = bool(date) and date[:10] == truth["date"][:10]
    return right


def trafilatura_metadata(html: str, url: str) -> tuple[str | None, str | None, str | None]:
    import trafilatura

    document = trafilatura.bare_extraction(html, url=url, with_metadata=True)
    if document is None:
        return None, None, None
    return document.title, document.author, document.date


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int)
    parser.add_argument("--algorithm", default="learned")
    parser.add_argument("--repeat", type=int, default=2, help="runs of ours per page (its quickest counts)")
    parser.add_argument("--show", choices=FIELDS, help="print our misses of this field on the tuned pages")
    parser.add_argument("--no-devset", action="store_true", help="leave out htmldate on the development corpus")
    arguments = parser.parse_args()
    truths = json.loads((trainset.TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    pages = trainset.pages(arguments.limit)
    found: dict[str, dict[str, tuple[Any, ...]]] = {}
    seconds: Counter[str] = Counter()
    fragments, canonicals = [], Counter()
    for number, page in enumerate(pages):
        # Each from the page's text, parsing included; the contenders take turns.
        contenders = ["alone", "ours", "trafilatura"]
        quickest: dict[str, float] = {}
        for name in (contenders[number % 3:] + contenders[:number % 3]) * arguments.repeat:
            if name == "trafilatura" and name in quickest:
                continue  # once: its time is far from ours, and its figures are what it found
            begun = time.perf_counter()
            if name == "trafilatura":
                theirs = trafilatura_metadata(page.text, page.url)
            else:
                extraction = extract(page.text, url=page.url, algorithm=arguments.algorithm, metadata=name == "ours")
            quickest[name] = min(quickest.get(name, float("inf")), time.perf_counter() - begun)
            if name == "ours":
                metadata = extraction.metadata
        seconds.update(quickest)
        found[page.key] = {"ours": (metadata.title, "; ".join(metadata.authors), metadata.date_published),
                           "trafilatura": theirs}
        if metadata.image and _FRAGMENT_ID.search(metadata.image):
            fragments.append(f"{page.key} {metadata.image}")
        declared = canonical_link(page.text, page.url)
        if declared:
            canonicals["has"] += 1
            canonicals["equal"] += metadata.canonical_url == declared
        if arguments.show and not page.key.startswith("v1-"):
            truth = truths[page.key]
            if not scores(*found[page.key]["ours"], truth).get(arguments.show, True):
                print(f"{page.key} {page.url[:70]}\n   want {truth[arguments.show]!r}\n   got  "
                      f"{found[page.key]['ours'][FIELDS.index(arguments.show)]!r}")
    print(f"{len(pages)} pages of {trainset.TRAINSET}\n{RULES}\n")
    for split, member in SPLITS:
        keys = [page.key for page in pages if member(page.key)]
        if keys:
            table(split, keys, truths, found, by_type=member is SPLITS[2][1])
    per_page = {name: 1000 * value / len(pages) for name, value in seconds.items()}
    print(f"time per page: {arguments.algorithm} alone {per_page['alone']:.2f} ms, with metadata "
          f"{per_page['ours']:.2f} ms (+{100 * (per_page['ours'] / per_page['alone'] - 1):.1f}%), "
          f"trafilatura with_metadata {per_page['trafilatura']:.2f} ms "
          f"({per_page['trafilatura'] / per_page['ours']:.1f}x ours)")
    print(f"image URLs ending in a fragment-only node id: {len(fragments)} of {len(pages)} pages")
    for line in fragments[:10]:
        print(f"   {line}")
    print(f"canonical_url equal to <link rel=canonical>: {canonicals['equal']} of the {canonicals['has']} "
          f"pages that have one\n")
    libraries(pages, arguments.algorithm, truths)
    if not arguments.no_devset and devset.available():
        devset_dates(devset.pages(arguments.limit))


def canonical_link(html: str, url: str) -> str | None:
    """The absolute URL of the page's first ``<link rel=canonical href>``, read apart from ours."""
    root = parse(html, url=url)
    for link in root.iter("link"):
        if "canonical" in (link.get("rel") or "").lower().split() and (link.get("href") or "").strip():
            base = next((element.get("href") for element in root.iter("base") if element.get("href")), None)
            return join_url(join_url(url, base) if base else url, link.get("href").strip())
    return None


def table(split: str, keys: list[str], truths: dict, found: dict[str, dict[str, tuple[Any, ...]]],
          by_type: bool) -> None:
    """The share of ``keys``' pages each contender has right, per field (per page type too where ``by_type``)."""
    right: dict[str, dict[str, Counter]] = {name: defaultdict(Counter) for name in ("ours", "trafilatura")}
    having: dict[str, Counter] = defaultdict(Counter)
    for key in keys:
        truth = truths[key]
        for name in ("ours", "trafilatura"):
            for field, ok in scores(*found[key][name], truth).items():
                for kind in ("all", truth["type"]):
                    right[name][field][kind] += ok
                    if name == "ours":
                        having[field][kind] += 1
    types = ["all"] + (sorted({kind for counts in having.values() for kind in counts} - {"all"},
                              key=lambda kind: -having["title"][kind]) if by_type else [])
    print(f"{split}: {len(keys)} pages")
    print(f"{'type':<14}" + "".join(f"{field + ' ours':>14}{'trafilatura':>12}{'':>8}" for field in FIELDS))
    for kind in types:
        row = f"{kind:<14}"
        for field in FIELDS:
            count = having[field][kind]
            if not count:
                row += f"{'-':>14}{'-':>12}{'':>8}"
                continue
            ours, theirs = (100 * right[name][field][kind] / count for name in ("ours", "trafilatura"))
            row += f"{ours:>9.1f}% {count:>3}{theirs:>11.1f}%{ours - theirs:>+7.1f} "
        print(row)
    print()


def libraries(pages: list[trainset.Page], algorithm: str, truths: dict) -> None:
    """htmldate's dates and time per page, and extruct's time, where installed, against the parts of ours
    they would replace."""
    from scrapy_boilerplate import algorithms
    from scrapy_boilerplate.metadata import read_metadata
    from scrapy_boilerplate.metadata.elements import find
    from scrapy_boilerplate.metadata.page import MAX_CANDIDATES
    from scrapy_boilerplate.metadata.structured import Found, read_structured

    chosen = algorithms.get(algorithm)
    options = chosen.options.from_mapping({})
    seconds: Counter[str] = Counter()
    try:
        import extruct
    except ImportError:
        extruct = None
    try:
        import htmldate
        import lxml.html
    except ImportError:
        htmldate = None
    dates: dict[str, dict[str, str | None]] = defaultdict(dict)
    for page in pages:
        root = parse(page.text, url=page.url)
        labels = chosen.run(root, options, page.url)
        begun = time.perf_counter()
        read_structured(root, find(root, MAX_CANDIDATES), Found())
        seconds["structured"] += time.perf_counter() - begun
        begun = time.perf_counter()
        dates["ours"][page.key] = read_metadata(root, page.url, labels).date_published
        seconds["metadata"] += time.perf_counter() - begun
        if extruct is not None:
            begun = time.perf_counter()
            try:
                extruct.extract(page.text, base_url=page.url, syntaxes=["json-ld", "microdata", "opengraph"],
                                errors="ignore")
            except Exception:  # noqa: BLE001 -- its failures cost their time too
                pass
            seconds["extruct"] += time.perf_counter() - begun
        if htmldate is not None:
            for name, original in (("htmldate", False), ("htmldate original", True)):
                tree = lxml.html.fromstring(page.text.encode())  # parsed beforehand, as ours is
                begun = time.perf_counter()
                dates[name][page.key] = htmldate.find_date(tree, url=page.url, original_date=original)
                seconds[name] += time.perf_counter() - begun
    per_page = {name: 1000 * value / len(pages) for name, value in seconds.items()}
    print(f"structured data: ours (lxml, parsed tree) {per_page['structured']:.2f} ms/page", end="")
    if "extruct" in per_page:
        print(f", extruct (json-ld, microdata, opengraph) {per_page['extruct']:.2f} ms/page "
              f"({per_page['extruct'] / per_page['structured']:.0f}x)", end="")
    print(f"\ndates: our whole metadata {per_page['metadata']:.2f} ms/page", end="")
    for name in ("htmldate", "htmldate original"):
        if name in per_page:
            print(f", {name.replace(' original', '(original_date=True)')} find_date alone "
                  f"{per_page[name]:.2f} ms/page ({per_page[name] / per_page['metadata']:.1f}x)", end="")
    print()
    if htmldate is None:
        return
    print("date published right (same day), trainset pages with an annotated date")
    print(f"{'set':<58}{'pages':>6}" + "".join(f"{name:>20}" for name in dates))
    for split, member in SPLITS:
        keys = [page.key for page in pages if member(page.key) and truths[page.key].get("date")]
        if keys:
            print(f"{split:<58}{len(keys):>6}" + "".join(
                f"{100 * sum(_same_day(found[key], truths[key]['date']) for key in keys) / len(keys):>19.1f}%"
                for found in dates.values()))
    print()


def devset_dates(pages: list[devset.Page]) -> None:
    """Our date and htmldate's on the development corpus, found without the URL, against the URL's date."""
    try:
        import htmldate
        import lxml.html
    except ImportError:
        return
    contenders = ["ours", "htmldate", "htmldate original"]
    right: dict[str, Counter[str]] = defaultdict(Counter)
    having: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    for number, page in enumerate(pages):
        truth = url_date(page.url)
        if not truth:
            continue
        found: dict[str, str | None] = {}
        language = "?"
        for name in contenders[number % 3:] + contenders[:number % 3]:
            begun = time.perf_counter()
            if name == "ours":
                metadata = extract(page.text).metadata  # the URL hidden: its date is the truth
                found[name], language = metadata.date_published, metadata.language or "?"
            else:
                tree = lxml.html.fromstring(page.text.encode())
                found[name] = htmldate.find_date(tree, original_date=name == "htmldate original")
            seconds[name] += time.perf_counter() - begun
        for kind in ("all", language):
            having[kind] += 1
            for name in contenders:
                right[name][kind] += _same_day(found[name], truth)
    if not having:
        return
    print(f"development corpus: {having['all']} pages whose URL holds a date, each date found without the URL "
          f"(the URL's day taken as the truth), by the page's language")
    print(f"{'language':<10}{'pages':>6}" + "".join(f"{name:>20}" for name in contenders))
    for kind, count in having.most_common(14):
        print(f"{kind:<10}{count:>6}" + "".join(f"{100 * right[name][kind] / count:>19.1f}%" for name in contenders))
    print("time per page: " + ", ".join(f"{name} {1000 * seconds[name] / having['all']:.2f} ms"
                                        for name in contenders) + " (ours: the whole extraction with its metadata)")


def _same_day(found: str | None, truth: str) -> bool:
    return bool(found) and found[:10] == truth[:10]


if __name__ == "__main__":
    main()
