"""The stats reference (docs/reference.rst, "Stats") names every stat the plugin sets, and no other."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
PREFIX = "boilerplate/"


def stats_in_code() -> set[str]:
    """The stat keys the package's code writes: constants as they are, f-strings with each
    replacement field as ``{}``."""
    keys = set()
    for path in (REPOSITORY / "scrapy_boilerplate").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                key = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                key = node.value
            else:
                continue
            if key.startswith(PREFIX) and " " not in key and not key.endswith("/"):  # not an f-string's part
                keys.add(key)
    return keys


def stats_in_docs() -> set[str]:
    text = (REPOSITORY / "docs" / "reference.rst").read_text(encoding="utf-8")
    section = text[text.index("\nStats\n=====\n") + 13:]
    following = re.search(r"\n[A-Z][^\n]*\n=+\n", section)
    return set(re.findall(r"^``(boilerplate/[^`]+)``", section[:following.start() if following else None],
                          flags=re.MULTILINE))


def test_every_stat_the_code_sets_is_documented_and_every_documented_one_is_set():
    in_code, in_docs = stats_in_code(), stats_in_docs()
    # A key with a field ({}) is documented by its values or by a name in capitals standing for them.
    patterns = {key: re.compile(re.escape(key).replace(r"\{\}", "[A-Za-z_]+") + "$") for key in in_code}
    undocumented = [key for key, pattern in patterns.items() if not any(map(pattern.match, in_docs))]
    assert not undocumented, f"add to docs/reference.rst's stats: {undocumented}"
    unset = [key for key in in_docs if not any(pattern.match(key) for pattern in patterns.values())]
    assert not unset, f"documented but never set: {unset}"
