"""Whitespace normalization, as the algorithms' references do it."""

from __future__ import annotations

import re

#: Runs of two spaces or more.
SPACE_RUNS = re.compile("  +")


def collapse(text: str) -> str:
    """``text`` stripped, and each run of whitespace in it made one space: ``" ".join(text.split())``."""
    # Every whitespace character but the space is unprintable (str.isprintable),
    # and most texts are printable: collapsing their runs of spaces costs
    # less than splitting them into words.
    if text.isprintable():
        return (SPACE_RUNS.sub(" ", text) if "  " in text else text).strip(" ")
    return " ".join(text.split())
