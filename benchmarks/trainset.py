"""The training corpus beside the project root (``../shared/trainset``), its shingle metric and the
2026 benchmark's word F1."""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import devset
from devset import collapse

TRAINSET = Path(os.environ.get("TRAINSET", Path(__file__).resolve().parents[2] / "shared" / "trainset"))
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Page(devset.Page):
    """A devset-like page (its snippets score the same way) with its type and its main text."""

    type: str
    main_content: str


def available() -> bool:
    return (TRAINSET / "ground-truth.json").is_file()


def pages(limit: int | None = None) -> list[Page]:
    """The pages with their main text, decoded as a crawler would (declared charset, then UTF-8)."""
    if not available():
        sys.exit(f"the training corpus is not at {TRAINSET} (set TRAINSET to its folder)")
    return [Page(key, entry["url"], body, text, tuple(entry["with"]), tuple(entry["without"]),
                 entry["type"], entry["main_content"])
            for key, entry, body, text in devset.corpus(TRAINSET, "ground-truth.json", limit)]


def words(text: str) -> list[str]:
    """The words of ``text`` as the shingle metric reads them: ``\\w+``, Unicode, as they are."""
    return _WORD.findall(text)


def shingles(text: str, size: int = 4) -> Counter[tuple[str, ...]]:
    """The multiset of ``size``-word shingles of ``text`` (see :func:`words`)."""
    tokens = words(text)
    return Counter(tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1))


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


def bag_of_words(text: str) -> Counter[str]:
    """The multiset of the words of ``text`` as the word F1 reads them: ``\\w+``, Unicode, lowercased."""
    return Counter(word.lower() for word in _WORD.findall(text))


@dataclass
class WordScore:
    """The 2026 web content extraction benchmark's metric: the bag-of-words F1 of each page (its
    extraction's words against its main text's), averaged over the pages; an empty extraction
    of a page with words scores 0, an empty extraction of a page without any scores 1."""

    f1s: list[float] = field(default_factory=list)

    def add(self, page: Page, extracted: str, reference: Counter[str] | None = None) -> None:
        reference = bag_of_words(page.main_content) if reference is None else reference
        found = bag_of_words(extracted)
        shared = sum((found & reference).values())
        if not found or not reference:
            self.f1s.append(float(not found and not reference))
            return
        self.f1s.append(2 * shared / (sum(found.values()) + sum(reference.values())))

    @property
    def f1(self) -> float:
        return sum(self.f1s) / len(self.f1s) if self.f1s else 0.0
