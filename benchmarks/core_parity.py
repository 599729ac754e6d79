"""The compiled core against its own source: the same learned output on every page of the corpora.

Runs the learned algorithm over the devset, the trainset and the classic pages
in two processes, one on the compiled core and one with ``SCRAPY_BOILERPLATE_PURE=1``,
and compares each page's text, labels, blocks' probabilities and page type's
probabilities (to 1e-9). Prints
the pages compared per corpus and every page that differs.

    python benchmarks/core_parity.py [--limit N]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from outputs import CORPORA  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, BoilerplateError, compiled_core, extract  # noqa: E402

TOLERANCE = 1e-9


def outputs(limit: int | None) -> dict[str, dict[str, list]]:
    """corpus -> page key -> [text, labels, blocks' probabilities, page types' probabilities] of the
    learned algorithm on that page."""
    options = ALGORITHMS["learned"].options()
    found: dict[str, dict[str, list]] = {}
    for name, corpus in CORPORA.items():
        if not corpus.available():
            continue
        found[name] = {}
        for page in corpus.pages(limit):
            try:
                extraction = extract(page.text, algorithm="learned", options=options, metadata=False)
            except BoilerplateError as error:  # refused the same way by both paths, or not
                found[name][page.key] = [f"{type(error).__name__}: {error}", [], [], []]
                continue
            found[name][page.key] = [extraction.text, [block.label for block in extraction.blocks],
                                     [getattr(block, "probability", None) for block in extraction.blocks],
                                     list((extraction.page_type_probabilities or {}).values())]
    return found


def run(pure: bool, limit: int | None) -> tuple[bool, dict[str, dict[str, list]]]:
    environment = {key: value for key, value in os.environ.items() if key != compiled_core.PURE_VARIABLE}
    if pure:
        environment[compiled_core.PURE_VARIABLE] = "1"
    command = [sys.executable, __file__, "--child", *(["--limit", str(limit)] if limit else [])]
    child = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if child.returncode:
        sys.exit(f"the {'pure' if pure else 'compiled'} run failed:\n{child.stderr}")
    compiled, found = json.loads(child.stdout)
    return compiled, found


def same(ours: list, theirs: list) -> bool:
    return ours[:2] == theirs[:2] and all(close(mine, other) for mine, other in zip(ours[2:], theirs[2:], strict=True))


def close(ours: list[float | None], theirs: list[float | None]) -> bool:
    return len(ours) == len(theirs) and all(
        (a is None and b is None) or (a is not None and b is not None and math.isclose(a, b, abs_tol=TOLERANCE))
        for a, b in zip(ours, theirs))


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        import scrapy_boilerplate

        print(json.dumps([scrapy_boilerplate.compiled, outputs(args.limit)]))
        return
    compiled, by_core = run(pure=False, limit=args.limit)
    interpreted, by_source = run(pure=True, limit=args.limit)
    if not compiled or interpreted:
        sys.exit("the compiled core is not built here: nothing to compare (pip install -e . with a C compiler)")
    differing = 0
    for name, pages in by_core.items():
        unlike = [key for key, output in pages.items() if not same(output, by_source[name][key])]
        differing += len(unlike)
        print(f"{name:<9} {len(pages):5d} pages, {len(pages) - len(unlike):5d} the same"
              + (f"; differing: {', '.join(unlike[:20])}" if unlike else ""))
    print("compiled and pure: the same text, labels and probabilities (1e-9) on every page" if not differing
          else f"{differing} pages differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
