"""The user's pages say what the software does and how to use it: the development's history (issue
numbers, what was tried, sessions) belongs in docs/developer/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
USER_PAGES = sorted([REPOSITORY / "README.rst", *(REPOSITORY / "docs").glob("*.rst"),
                     *(REPOSITORY / "docs" / "algorithms").glob("*.rst")])
HISTORY = re.compile(r"\bissues? #?\d+|#\d{2,}\b|\btried\b|\bsessions?\b|\bon an earlier day\b", re.IGNORECASE)


@pytest.mark.parametrize("page", USER_PAGES, ids=[page.name for page in USER_PAGES])
def test_a_user_page_tells_no_history(page):
    found = [f"{page.name}:{number}: {line.strip()}" for number, line in
             enumerate(page.read_text(encoding="utf-8").splitlines(), 1) if HISTORY.search(line)]
    assert not found, "move to docs/developer/: " + "; ".join(found)
