"""Article metadata on the training corpus: headline, authors and date against trafilatura's ``with_metadata``.

For each page of ``../shared/trainset`` (its ``title``, ``author`` and ``date``),
in the same run, taking turns page by page:

- the learned extraction alone (``metadata=False``) and with its metadata;
- trafilatura 2.3's ``bare_extraction(with_metadata=True)``.

Printed per page type and overall: the share of pages whose title is right
(token F1 >= 0.9, lower-cased ``\\w+`` words as multisets), whose authors are
(token F1 >= 0.5, on the pages that have one), whose date is (the same day,
on the pages that have one); and the time per page, with metadata's cost
over the extraction alone.

    python benchmarks/metadata.py [--limit N] [--algorithm learned]
"""

from __future__ import annotations

import argparse
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
    parser.add_argument("--show", choices=("title", "author", "date"), help="print our misses of this field")
    arguments = parser.parse_args()
    import json

    truths = json.loads((trainset.TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    pages = trainset.pages(arguments.limit)
    right: dict[str, dict[str, Counter]] = {name: defaultdict(Counter) for name in ("ours", "trafilatura")}
    having: dict[str, Counter] = defaultdict(Counter)
    seconds = Counter()
    for number, page in enumerate(pages):
        truth = truths[page.key]
        # The parse is shared by both of ours; trafilatura parses for itself (its own time counted).
        contenders = ["alone", "ours", "trafilatura"]
        for name in contenders[number % 3:] + contenders[:number % 3]:
            begun = time.perf_counter()
            if name == "trafilatura":
                found = trafilatura_metadata(page.text, page.url)
            else:
                root = parse(page.text, url=page.url)
                extraction = extract(root, url=page.url, algorithm=arguments.algorithm, metadata=name == "ours")
            seconds[name] += time.perf_counter() - begun
            if name == "ours":
                metadata = extraction.metadata
                found = (metadata.title, "; ".join(metadata.authors), metadata.date_published)
            if name == "alone":
                continue
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


if __name__ == "__main__":
    main()
