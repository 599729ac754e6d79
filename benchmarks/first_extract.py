"""The first ``extract()`` of a new process, compiled and pure, in CPU milliseconds.

Each run is a new Python process with ``PYTHONDONTWRITEBYTECODE=1``: it imports
the package, then extracts one devset page twice with ``learned``; the first call
pays for what a process loads once (the stoplists' words for the per-page
language choice, the model), the second is the page alone. The compiled and
the pure path take turns. Pages: the devset's page of median size, and its
first page (a large one), unless ``--page`` names others.

    python benchmarks/first_extract.py [--runs N] [--page KEY ...] [--algorithm NAME]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402

TARGET_MS = 50

RUN = """
import gzip, json, sys, time
page = gzip.decompress(open(sys.argv[1], "rb").read())
started = time.process_time()
import scrapy_boilerplate
imported = time.process_time()
scrapy_boilerplate.extract(page, algorithm=sys.argv[2])
first = time.process_time()
scrapy_boilerplate.extract(page, algorithm=sys.argv[2])
second = time.process_time()
print(json.dumps([scrapy_boilerplate.compiled, imported - started, first - imported, second - first]))
"""


def run(path: Path, algorithm: str, pure: bool) -> tuple[bool, float, float, float]:
    environment = {key: value for key, value in os.environ.items() if key != "SCRAPY_BOILERPLATE_PURE"}
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    if pure:
        environment["SCRAPY_BOILERPLATE_PURE"] = "1"
    output = subprocess.run([sys.executable, "-c", RUN, str(path), algorithm], env=environment, check=True,
                            capture_output=True, text=True).stdout
    compiled, *seconds = json.loads(output)
    return compiled, *(1000 * value for value in seconds)


def default_pages() -> list[str]:
    folder = devset.DEVSET / "html"
    keys = sorted(path.name.removesuffix(".html.gz") for path in folder.glob("*.html.gz"))
    sizes = sorted(keys, key=lambda key: len(gzip.decompress((folder / f"{key}.html.gz").read_bytes())))
    return [sizes[len(sizes) // 2], keys[0]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--page", action="append", help="a devset key (default: the median-size and the first page)")
    parser.add_argument("--algorithm", default="learned")
    arguments = parser.parse_args()
    if not devset.available():
        sys.exit(f"the development corpus is not at {devset.DEVSET} (set DEVSET to its folder)")
    for key in arguments.page or default_pages():
        path = devset.DEVSET / "html" / f"{key}.html.gz"
        size = len(gzip.decompress(path.read_bytes()))
        found: dict[bool, list[tuple[float, float, float]]] = {True: [], False: []}
        for _ in range(arguments.runs):
            for pure in (False, True):
                compiled, *milliseconds = run(path, arguments.algorithm, pure)
                found[pure].append(tuple(milliseconds))
                if not pure and not compiled:
                    sys.exit("the compiled core is not built here: build it with `pip install -e .`")
        print(f"{key} ({size:,} bytes), {arguments.algorithm}, medians of {arguments.runs} processes (CPU ms):")
        for pure, label in ((False, "compiled"), (True, "pure")):
            imported, first, second = (statistics.median(column) for column in zip(*found[pure]))
            verdict = "met" if first < TARGET_MS else "not met"
            print(f"  {label:8}  import {imported:6.1f}  first extract {first:6.1f}  second {second:6.1f}"
                  + (f"   (target: first under {TARGET_MS} ms, {verdict})" if not pure else ""))


if __name__ == "__main__":
    main()
