"""How often ``stoplist="auto"`` picks another language than the page declares, on both corpora.

For each page whose ``<html lang>`` names a shipped stoplist, compares that
language with the pick by coverage alone (before the declaration was
consulted) and with the pick as made now (the declared language settles near
ties), and lists the pages where they differ.

    python benchmarks/languages.py [--limit N]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate.algorithms.justext.language import declared_language, page_words, pick_stoplist  # noqa: E402
from scrapy_boilerplate.algorithms.justext.segment import segment  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402


def name(stoplist) -> str | None:
    return stoplist.name if stoplist is not None else None


def main() -> None:
    parser = devset.argument_parser(__doc__)
    args = parser.parse_args()
    corpora = {"devset": devset.pages(args.limit)}
    if trainset.available():
        corpora["trainset"] = trainset.pages(args.limit)
    for corpus, pages in corpora.items():
        declared_pages = 0
        disagreements = {"coverage alone": Counter(), "with the declaration": Counter()}
        for page in pages:
            root = parse(page.text)
            declared = declared_language(root) if root is not None else None
            if declared is None:
                continue
            declared_pages += 1
            words = page_words([paragraph.text.lower() for paragraph in segment(root)])
            for way, picked in (("coverage alone", pick_stoplist(words)),
                                ("with the declaration", pick_stoplist(words, declared))):
                if name(picked) != declared:
                    disagreements[way][declared, name(picked)] += 1
                    if way == "with the declaration":
                        print(f"  {corpus} {page.key}: declared {declared}, picked {name(picked)}")
        print(f"{corpus}: {len(pages)} pages, {declared_pages} declaring a shipped stoplist's language")
        for way, pairs in disagreements.items():
            common = ", ".join(f"{d}->{p} {n}" for (d, p), n in pairs.most_common(5))
            print(f"  {way:<22} disagrees on {sum(pairs.values()):3d} pages  ({common})")


if __name__ == "__main__":
    main()
