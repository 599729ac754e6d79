"""Every output of every algorithm on the corpora, hashed: to show that a change leaves them as they were.

For each page of the devset, the trainset and the classic pages (those beside
the checkout) and each algorithm: a hash of the text, of the Markdown, of the
clean HTML and of the blocks' labels. ``--write FILE`` keeps them; ``--compare
FILE`` prints, per algorithm and output, how many pages differ from FILE's and
names the first of them (exit status 1 when any does).

    python benchmarks/outputs.py --write /tmp/before.json [--limit N]
    (change the code)
    python benchmarks/outputs.py --compare /tmp/before.json [--limit N]
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classic  # noqa: E402
import devset  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, BoilerplateError, extract  # noqa: E402

CORPORA = {"devset": devset, "trainset": trainset, "classic": classic}
OUTPUTS = ("text", "markdown", "html", "labels")


def digest(value: str) -> str:
    return hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def page_outputs(html: str, url: str, algorithm: str) -> dict[str, str]:
    """The hash of each output of ``algorithm`` on one page (of its error, when it refuses the page)."""
    try:
        extraction = extract(html, url=url, algorithm=algorithm)
    except BoilerplateError as error:
        return dict.fromkeys(OUTPUTS, digest(f"{type(error).__name__}: {error}"))
    return {"text": digest(extraction.text), "markdown": digest(extraction.markdown),
            "html": digest(extraction.main_html),
            "labels": digest(" ".join(block.label for block in extraction.blocks))}


def hashes(limit: int | None) -> dict[str, dict[str, str]]:
    """``algorithm corpus:key`` -> output -> hash."""
    found = {}
    for name, corpus in CORPORA.items():
        if not corpus.available():
            continue
        for page in corpus.pages(limit):
            for algorithm in ALGORITHMS:
                found[f"{algorithm} {name}:{page.key}"] = page_outputs(page.text, page.url, algorithm)
    return found


def main() -> None:
    parser = devset.argument_parser(__doc__)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="FILE", help="keep the hashes in FILE")
    action.add_argument("--compare", type=Path, metavar="FILE", help="compare with the hashes in FILE")
    args = parser.parse_args()
    found = hashes(args.limit)
    if args.write:
        args.write.write_text(json.dumps(found, sort_keys=True), encoding="utf-8")
        print(f"{len(found)} pages x algorithms hashed into {args.write}")
        return
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    differing: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], str] = {}
    for page, outputs in found.items():
        algorithm = page.split(" ")[0]
        for output in OUTPUTS:
            if before.get(page, {}).get(output) != outputs[output]:
                differing[algorithm, output] += 1
                first.setdefault((algorithm, output), page.split(" ")[1])
    pages = len({page.split(" ")[1] for page in found})
    print(f"{pages} pages, {len(ALGORITHMS)} algorithms, compared with {args.compare}")
    for algorithm in ALGORITHMS:
        row = "  ".join(f"{output} {differing[algorithm, output]}" for output in OUTPUTS)
        firsts = ", ".join(f"{output}: {first[algorithm, output]}" for output in OUTPUTS
                           if (algorithm, output) in first)
        print(f"{algorithm:<20} differing: {row}" + (f"  (first: {firsts})" if firsts else ""))
    missing = len(set(before) - set(found))
    if missing:
        print(f"{missing} of FILE's pages were not hashed here")
    print("every output identical" if not differing else f"{sum(differing.values())} outputs differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
