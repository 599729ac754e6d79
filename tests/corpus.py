"""The development corpus (``/work/shared/devset``, or ``$DEVSET``) for the tests that read it.

Each page is decoded as a crawler decodes it (the declared charset, then a
fallback); tests that need the corpus skip when it is absent.
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import pytest
from w3lib.encoding import html_to_unicode

DEVSET = Path(os.environ.get("DEVSET", Path(__file__).resolve().parents[2] / "shared" / "devset"))

requires_devset = pytest.mark.skipif(
    not (DEVSET / "snippets.json").is_file(),
    reason=f"the development corpus is not at {DEVSET} (set DEVSET to its folder)",
)


@dataclass(frozen=True)
class Page:
    """A devset page: its key, its bytes and its entry of ``snippets.json``."""

    key: str
    body: bytes
    #: ``url``, and passages of the main text (``with``) and of boilerplate (``without``).
    entry: dict[str, Any]

    @property
    def url(self) -> str:
        return self.entry["url"]

    @cached_property
    def text(self) -> str:
        """The page decoded as a crawler decodes it."""
        return html_to_unicode(None, self.body)[1]


@cache
def devset_pages() -> tuple[Page, ...]:
    """Every page of the devset, in key order."""
    snippets = json.loads((DEVSET / "snippets.json").read_text(encoding="utf-8"))
    pages = []
    for key in sorted(snippets):
        body = gzip.decompress((DEVSET / "html" / f"{key}.html.gz").read_bytes())
        pages.append(Page(key, body, snippets[key]))
    return tuple(pages)


def devset_sample(step: int, size: int | None = None) -> list[Page]:
    """Every ``step``-th page of the devset, at most ``size`` of them."""
    return list(devset_pages()[::step][:size])


def snippet_f1(pages: list[Page], texts: list[str]) -> float:
    """The corpus's F1 of ``texts``, the extracted text of each of ``pages`` (see the devset's README):
    a ``with`` snippet found is a true positive, a ``without`` snippet found a false positive."""
    found = missed = wrong = 0
    for page, text in zip(pages, texts, strict=True):
        words = " ".join(text.split())
        for snippet in page.entry["with"]:
            if " ".join(snippet.split()) in words:
                found += 1
            else:
                missed += 1
        wrong += sum(" ".join(snippet.split()) in words for snippet in page.entry["without"])
    return 2 * found / (2 * found + missed + wrong) if found else 0.0
