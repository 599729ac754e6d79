"""Parity with the reference: justext 3.0.2 and scrapy_boilerplate, block for block, on the devset.

Both get the same decoded ``str`` and the same stoplist: English on every page,
then each page's own best stoplist (the one ``stoplist="auto"`` picks). A page
matches when both block sequences agree in whitespace-collapsed text, final
class, context-free class and heading flag.

    python benchmarks/parity.py [--limit N] [--show N]
"""

from __future__ import annotations

import sys
from pathlib import Path

import justext

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.algorithms.justext.stoplists import available, builtin  # noqa: E402

_REFERENCE_CLASS = {"neargood": "near-good"}


def reference_blocks(text: str, stopwords: frozenset[str]) -> list[tuple]:
    try:
        paragraphs = justext.justext(text, stopwords)
    except Exception as error:  # the reference fails on some pages; count them as mismatches
        return [("reference failed", type(error).__name__)]
    return [(devset.collapse(p.text), p.class_type, _REFERENCE_CLASS.get(p.cf_class, p.cf_class), p.heading)
            for p in paragraphs]


def our_blocks(text: str, stoplist) -> list[tuple]:
    extraction = extract(text, stoplist=stoplist)
    return [(devset.collapse(b.text), b.label, b.cf_label, b.heading) for b in extraction.blocks]


def first_difference(ours: list[tuple], theirs: list[tuple]) -> str:
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            return f"block {i}: ours {a!r:.160} / reference {b!r:.160}"
    return f"{len(ours)} blocks here, {len(theirs)} in the reference"


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--show", type=int, default=20, help="print the first difference of N mismatching pages")
    args = parser.parse_args()
    pages = devset.pages(args.limit)
    english = builtin("English")
    for mode in ("English", "best"):
        mismatches = []
        for page in pages:
            if mode == "English":
                stoplist = english
            else:
                stoplist = extract(page.text).language
                # A language without a shipped stoplist (Chinese) is jusText's language-independent mode.
                stoplist = builtin(stoplist) if stoplist and stoplist.lower() in available() else None
            # Where no stoplist fits, both sides get an empty one with the usual
            # thresholds: the reference's language-independent mode is a CLI feature.
            stopwords = frozenset(stoplist.words) if stoplist else frozenset()
            ours = our_blocks(page.text, stoplist if stoplist else ())
            theirs = reference_blocks(page.text, stopwords)
            if ours != theirs:
                mismatches.append((page.key, first_difference(ours, theirs)))
        matched = len(pages) - len(mismatches)
        print(f"stoplist {mode}: {matched}/{len(pages)} pages match ({100 * matched / len(pages):.1f}%)")
        for key, difference in mismatches[: args.show]:
            print(f"  {key}: {difference}")


if __name__ == "__main__":
    main()
