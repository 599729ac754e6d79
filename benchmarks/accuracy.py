"""Accuracy on the devset (metric of ``../shared/devset/README.md``): every algorithm and its references.

    python benchmarks/accuracy.py [--limit N]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from references import REFERENCES  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, extract  # noqa: E402


def measure(pages: list[devset.Page], extract_text: Callable[[str], str]) -> tuple[devset.Score, float]:
    score = devset.Score()
    started = time.perf_counter()
    for page in pages:
        try:
            text = extract_text(page.text)
        except Exception:  # a reference that fails on a page extracts nothing from it
            text = ""
        score.add(page, text)
    return score, (time.perf_counter() - started) / len(pages) * 1000


#: The shipped learned model was trained on these very pages: its score here would be
#: in-sample. benchmarks/train.py prints its figures, cross-validated by site.
TRAINED_ON_THE_DEVSET = frozenset({"learned"})


def contenders() -> dict[str, Callable[[str], str]]:
    ours = {
        f"scrapy_boilerplate {name}": (lambda html, name=name: extract(html, algorithm=name).text)
        for name in ALGORITHMS if name not in TRAINED_ON_THE_DEVSET
    }
    ours["scrapy_boilerplate justext, English stoplist"] = lambda html: extract(html, stoplist="English").text
    theirs = {name: reference.extract_text for name, reference in REFERENCES.items()}
    return {**ours, **theirs}


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--only", help="only the contenders whose name contains this")
    args = parser.parse_args()
    pages = devset.pages(args.limit)
    print(f"{len(pages)} pages")
    print(f"{'extractor':<50} {'F1':>6} {'prec.':>6} {'recall':>6} {'ms/page':>8}")
    for name, extract_text in contenders().items():
        if args.only and args.only not in name:
            continue
        score, ms = measure(pages, extract_text)
        print(f"{name:<50} {score.f1:6.3f} {score.precision:6.3f} {score.recall:6.3f} {ms:8.1f}", flush=True)


if __name__ == "__main__":
    main()
