"""The training corpus beside the project root (``../shared/trainset``) and its shingle metric."""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from devset import collapse

from scrapy_boilerplate.document import decode

TRAINSET = Path(os.environ.get("TRAINSET", Path(__file__).resolve().parents[2] / "shared" / "trainset"))
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Page:
    key: str
    url: str
    type: str
    body: bytes
    text: str
    main_content: str
    with_snippets: tuple[str, ...]
    without_snippets: tuple[str, ...]


def available() -> bool:
    return (TRAINSET / "ground-truth.json").is_file()


def pages(limit: int | None = None) -> list[Page]:
    """The pages with their main text, decoded as a crawler would (declared charset, then UTF-8)."""
    if not available():
        sys.exit(f"the training corpus is not at {TRAINSET} (set TRAINSET to its folder)")
    truth = json.loads((TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    loaded = []
    for key in sorted(truth)[:limit]:
        body = gzip.decompress((TRAINSET / "html" / f"{key}.html.gz").read_bytes())
        entry = truth[key]
        loaded.append(Page(key, entry["url"], entry["type"], body, decode(body), entry["main_content"],
                           tuple(entry["with"]), tuple(entry["without"])))
    return loaded


def shingles(text: str, size: int = 4) -> Counter[tuple[str, ...]]:
    """The multiset of ``size``-word shingles of ``text`` (words: ``\\w+``, Unicode, as they are)."""
    words = _WORD.findall(text)
    return Counter(tuple(words[i:i + size]) for i in range(len(words) - size + 1))


@dataclass
class ShingleScore:
    """Per-page shingle precision and recall, averaged as the corpus README says."""

    precisions: list[float] = field(default_factory=list)
    recalls: list[float] = field(default_factory=list)

    def add(self, page: Page, extracted: str, reference: Counter | None = None) -> None:
        reference = shingles(page.main_content) if reference is None else reference
        found = shingles(collapse(extracted))
        shared = sum((found & reference).values())
        if found:
            self.precisions.append(shared / sum(found.values()))
        if reference:
            self.recalls.append(shared / sum(reference.values()))

    @property
    def precision(self) -> float:
        return sum(self.precisions) / len(self.precisions) if self.precisions else 0.0

    @property
    def recall(self) -> float:
        return sum(self.recalls) / len(self.recalls) if self.recalls else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0
