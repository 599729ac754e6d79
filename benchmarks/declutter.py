"""html-declutter on the trainset and the classic corpus: shingle F1 and near-empty results.

A page's result is *near-empty* when its text holds less than a tenth of the
characters of the page's main text; it is counted over the pages whose main
text is over 1,000 characters (427 of the trainset's 454). The shingle F1 is
the one of ``../shared/trainset/README.md``.

    python benchmarks/declutter.py [--limit N] [--corpus trainset|classic] [--show N]
    python benchmarks/declutter.py --digest FILE   # one line per devset and trainset page

``--show N`` lists the first N near-empty pages with the element whose
decision took the most text (its tag, class and decision). ``--digest``
writes, for every devset and trainset page, the SHA-256 of
``extract(html, algorithm="declutter").to_dict()`` and of its ``.markdown``:
compare two such files to see that a change leaves the output as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate import Extraction, ExtractionError, extract  # noqa: E402
from scrapy_boilerplate.algorithms.declutter import DeclutterOptions  # noqa: E402

CLASSIC = Path(os.environ.get("CLASSIC", trainset.TRAINSET.parent / "classic"))
#: A page counts for the near-empty figure when its main text is longer than this.
LONG_MAIN_TEXT = 1000
#: A result is near-empty when it holds less than this share of the main text's characters.
NEAR_EMPTY_SHARE = 0.1


@dataclass(frozen=True)
class Page:
    key: str
    url: str | None
    text: str
    type: str
    main_content: str


def corpus(name: str, limit: int | None) -> list[Page]:
    folder = {"trainset": trainset.TRAINSET, "classic": CLASSIC}[name]
    if not (folder / "ground-truth.json").is_file():
        sys.exit(f"the {name} corpus is not at {folder}")
    return [Page(key, entry["url"], text, entry["type"], entry["main_content"])
            for key, entry, _, text in devset.corpus(folder, "ground-truth.json", limit)]


def near_empty(page: Page, extracted: str) -> bool:
    return len(devset.collapse(extracted).strip()) < NEAR_EMPTY_SHARE * len(page.main_content)


def biggest_loss(extraction: Extraction) -> str:
    """The decider that dropped the most characters: its tag, decision and score."""
    lost: Counter[tuple[str, str, str]] = Counter()
    for block in extraction.blocks:
        if block.label == "bad":
            lost[(block.tag, block.decision, block.xpath.rsplit("/", 1)[0])] += block.chars
    if not lost:
        return "nothing dropped"
    (tag, decision, parent), chars = lost.most_common(1)[0]
    return f"{chars} chars {decision} under a <{tag}> in {parent}"


def measure(name: str, pages: list[Page], options: DeclutterOptions, show: int) -> None:
    score = trainset.ShingleScore()
    long_pages = empties = 0
    by_type: dict[str, trainset.ShingleScore] = {}
    started = time.perf_counter()
    shown = refused = 0
    for page in pages:
        try:
            extraction = extract(page.text, url=page.url, algorithm="declutter", options=options)
        except ExtractionError:  # a page the package refuses (binary data) extracts nothing
            refused += 1
            extraction = Extraction(algorithm="declutter")
        score.add(page, extraction.text)  # type: ignore[arg-type]
        by_type.setdefault(page.type, trainset.ShingleScore()).add(page, extraction.text)  # type: ignore[arg-type]
        if len(page.main_content) > LONG_MAIN_TEXT:
            long_pages += 1
            if near_empty(page, extraction.text):
                empties += 1
                if shown < show:
                    shown += 1
                    print(f"  near-empty {page.key} ({page.type}, {len(extraction.text)} of "
                          f"{len(page.main_content)} chars): {biggest_loss(extraction)}")
    ms = (time.perf_counter() - started) / len(pages) * 1000
    print(f"{name:<10} {len(pages):>5} {score.f1:6.3f} {score.precision:6.3f} {score.recall:6.3f} "
          f"{empties:>4} of {long_pages:<4} {ms:8.1f}" + (f"  ({refused} refused)" if refused else ""))
    for kind, kind_score in sorted(by_type.items()):
        print(f"  {kind:<16} {len(kind_score.recalls):>5} {kind_score.f1:6.3f} "
              f"{kind_score.precision:6.3f} {kind_score.recall:6.3f}")


def digest(path: Path) -> None:
    pages = [(f"devset/{page.key}", page.url, page.text) for page in devset.pages()]
    pages += [(f"trainset/{page.key}", page.url, page.text) for page in trainset.pages()]
    with path.open("w", encoding="utf-8") as out:
        for key, url, text in pages:
            extraction = extract(text, url=url, algorithm="declutter")
            data = json.dumps(extraction.to_dict(), sort_keys=True, ensure_ascii=False)
            out.write(f"{key} {_sha(data)} {_sha(extraction.markdown)}\n")
    print(f"{len(pages)} pages written to {path}")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--corpus", choices=("trainset", "classic"), action="append",
                        help="only this corpus (repeatable; default: both)")
    parser.add_argument("--show", type=int, default=0, help="list the first N near-empty pages")
    parser.add_argument("--digest", type=Path, help="write the output hashes of every devset and trainset page")
    args = parser.parse_args()
    if args.digest:
        digest(args.digest)
        return
    options = DeclutterOptions()
    print(f"{'corpus':<10} {'pages':>5} {'F1':>6} {'prec.':>6} {'recall':>6} {'near-empty':>10} {'ms/page':>8}")
    for name in args.corpus or ("trainset", "classic"):
        measure(name, corpus(name, args.limit), options, args.show)


if __name__ == "__main__":
    main()
