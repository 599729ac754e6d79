"""Article metadata on the training corpus: headline, authors and date against trafilatura's ``with_metadata``.

For each page of ``../shared/trainset`` (its ``title``, ``author`` and ``date``),
in the same run, taking turns page by page:

- the learned extraction alone (``metadata=False``) and with its metadata;
- trafilatura 2.3's ``bare_extraction(with_metadata=True)``.

Printed per page type and overall: the share of pages whose title is right
(token F1 >= 0.9, lower-cased ``\\w+`` words as multisets), whose authors are
(token F1 >= 0.5, on the pages that have one), whose date is (the same day,
on the pages that have one); and the time per page, with metadata's cost
over the extraction alone (each page's quickest of ``--repeat`` runs, from the
page's text: parsing included, as a crawl pays it).

Then, where they are installed, what the libraries the metadata layer does
without would cost on the same pages: extruct (JSON-LD, microdata and
OpenGraph, from the text, as it parses) against our structured-data reader
on the parsed tree, and htmldate's ``find_date`` against our whole metadata.

    python benchmarks/metadata.py [--limit N] [--algorithm learned] [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import trainset  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402

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
    parser.add_argument("--show", choices=("title", "author", "date"), help="print our misses of this field")
    arguments = parser.parse_args()
    truths = json.loads((trainset.TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    pages = trainset.pages(arguments.limit)
    right: dict[str, dict[str, Counter]] = {name: defaultdict(Counter) for name in ("ours", "trafilatura")}
    having: dict[str, Counter] = defaultdict(Counter)
    seconds: Counter[str] = Counter()
    for number, page in enumerate(pages):
        truth = truths[page.key]
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
                ours = (metadata.title, "; ".join(metadata.authors), metadata.date_published)
        seconds.update(quickest)
        for name, found in (("ours", ours), ("trafilatura", theirs)):
            for field, ok in scores(*found, truth).items():
                right[name][field][truth["type"]] += ok
                right[name][field]["all"] += ok
                if name == "ours":
                    having[field][truth["type"]] += 1
                    having[field]["all"] += 1
                    if not ok and arguments.show == field:
                        print(f"{page.key} {page.url[:70]}\n   want {truth[field]!r}\n   got  "
                              f"{found[('title', 'author', 'date').index(field)]!r}")
    types = ["all"] + sorted({key for counts in having.values() for key in counts} - {"all"},
                             key=lambda kind: -having["title"][kind])
    print(f"{len(pages)} pages of {trainset.TRAINSET}; share right (pages with the field)")
    print(f"{'type':<14}" + "".join(f"{field + ' ours':>14}{'trafilatura':>12}" for field in ("title", "author", "date")))
    for kind in types:
        row = f"{kind:<14}"
        for field in ("title", "author", "date"):
            count = having[field][kind]
            if not count:
                row += f"{'-':>14}{'-':>12}"
                continue
            row += (f"{100 * right['ours'][field][kind] / count:>9.1f}% {count:>3}"
                    f"{100 * right['trafilatura'][field][kind] / count:>11.1f}%")
        print(row)
    per_page = {name: 1000 * value / len(pages) for name, value in seconds.items()}
    print(f"\ntime per page: {arguments.algorithm} alone {per_page['alone']:.2f} ms, with metadata "
          f"{per_page['ours']:.2f} ms (+{100 * (per_page['ours'] / per_page['alone'] - 1):.1f}%), "
          f"trafilatura with_metadata {per_page['trafilatura']:.2f} ms "
          f"({per_page['trafilatura'] / per_page['ours']:.1f}x ours)")
    libraries(pages, arguments.algorithm)


def libraries(pages: list[trainset.Page], algorithm: str) -> None:
    """The time per page of extruct and htmldate, where installed, against the parts of ours they would replace."""
    from scrapy_boilerplate import algorithms
    from scrapy_boilerplate.metadata import read_metadata
    from scrapy_boilerplate.metadata.structured import Found, read_structured

    chosen = algorithms.get(algorithm)
    options = chosen.options.from_mapping({})
    trees = [(parse(page.text, url=page.url), page) for page in pages]
    labelled = [chosen.run(root, options) for root, _ in trees]
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
    for (root, page), labels in zip(trees, labelled):
        begun = time.perf_counter()
        read_structured(root, Found())
        seconds["structured"] += time.perf_counter() - begun
        begun = time.perf_counter()
        read_metadata(root, page.url, labels)
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
            tree = lxml.html.fromstring(page.text.encode())  # parsed beforehand, as ours is: lxml.html's elements
            begun = time.perf_counter()
            htmldate.find_date(tree, url=page.url)
            seconds["htmldate"] += time.perf_counter() - begun
    per_page = {name: 1000 * value / len(trees) for name, value in seconds.items()}
    print(f"structured data: ours (lxml, parsed tree) {per_page['structured']:.2f} ms/page", end="")
    if "extruct" in per_page:
        print(f", extruct (json-ld, microdata, opengraph) {per_page['extruct']:.2f} ms/page "
              f"({per_page['extruct'] / per_page['structured']:.0f}x)", end="")
    print(f"\ndates: our whole metadata {per_page['metadata']:.2f} ms/page", end="")
    if "htmldate" in per_page:
        print(f", htmldate.find_date alone {per_page['htmldate']:.2f} ms/page "
              f"({per_page['htmldate'] / per_page['metadata']:.1f}x)", end="")
    print()


if __name__ == "__main__":
    main()
