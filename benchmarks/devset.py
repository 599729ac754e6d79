"""The development corpus beside the project root (``../shared/devset``) and its metric."""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from w3lib.encoding import html_to_unicode

DEVSET = Path(os.environ.get("DEVSET", Path(__file__).resolve().parents[2] / "shared" / "devset"))
_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Page:
    key: str
    url: str
    body: bytes
    text: str
    with_snippets: tuple[str, ...]
    without_snippets: tuple[str, ...]


def argument_parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark script's command line: its docstring as help, and ``--limit``."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N devset pages")
    return parser


def available() -> bool:
    return (DEVSET / "snippets.json").is_file()


def pages(limit: int | None = None) -> list[Page]:
    """The annotated pages, decoded as a crawler would (declared charset, then UTF-8)."""
    if not available():
        sys.exit(f"the development corpus is not at {DEVSET} (set DEVSET to its folder)")
    return [Page(key, entry["url"], body, text, tuple(entry["with"]), tuple(entry["without"]))
            for key, entry, body, text in corpus(DEVSET, "snippets.json", limit)]


def corpus(folder: Path, index: str, limit: int | None) -> Iterator[tuple[str, dict, bytes, str]]:
    """Each page of a corpus (``folder/index``, a JSON object by key, and ``folder/html/KEY.html.gz``),
    in key order: its key, its entry, its bytes and its text, decoded as a crawler would."""
    entries = json.loads((folder / index).read_text(encoding="utf-8"))
    for key in sorted(entries)[:limit]:
        body = gzip.decompress((folder / "html" / f"{key}.html.gz").read_bytes())
        yield key, entries[key], body, html_to_unicode(None, body)[1]


@dataclass
class Score:
    """Snippet counts summed over pages; the figures of the corpus README."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, page: Page, extracted: str) -> None:
        text = collapse(extracted)
        for snippet in page.with_snippets:
            if collapse(snippet) in text:
                self.tp += 1
            else:
                self.fn += 1
        for snippet in page.without_snippets:
            if collapse(snippet) in text:
                self.fp += 1
            else:
                self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def collapse(text: str) -> str:
    return _WHITESPACE.sub(" ", text)
