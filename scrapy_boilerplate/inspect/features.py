"""What the table and the view say about a block and about the options: short, readable values."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from ..model import Block, Extraction
from ..model.options import Options

#: Block fields that hold a block's second label, the first one present wins: jusText's
#: context-free class, declutter's decision, boilerpipe's filter labels; with what the
#: table's column and the view's legend call it.
SECOND_LABELS = {
    "cf_label": ("context-free", "context-free label"),
    "decision": ("decision", "declutter's decision"),
    "labels": ("labels", "boilerpipe's labels"),
}


def second_label(block: Mapping[str, Any]) -> str:
    """The label a block had before its final one (jusText: ``short``, ``near-good``...); ``""`` if none."""
    for name in SECOND_LABELS:
        if name in block:
            value = block[name]
            return ",".join(value) if isinstance(value, (list, tuple)) else str(value)
    return ""


def second_label_names(blocks: Iterable[Mapping[str, Any]]) -> tuple[str, str]:
    """What the second label of ``blocks`` is called: short (a column) and long (a legend)."""
    for block in blocks:
        for name, names in SECOND_LABELS.items():
            if name in block:
                return names
        break
    return SECOND_LABELS["cf_label"]


#: How the view names block fields whose name, with spaces for ``_``, says less.
_FEATURE_NAMES = {"cf_label": "context-free label", "stopword_density": "stop-word density"}


def features(block: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every field of a block's ``to_dict()`` but its text, as (name for a person, value) pairs."""
    return [(_FEATURE_NAMES.get(name, name.replace("_", " ")), value_text(value))
            for name, value in block.items() if name != "text"]


def value_text(value: Any, *, limit: int = 60) -> str:
    """``value`` for a person: numbers rounded, collections joined and cut at ``limit`` characters."""
    if isinstance(value, float):
        return f"{value:.2f}"
    name = getattr(value, "name", None)
    if isinstance(name, str) and hasattr(value, "words"):  # a resolved stoplist
        return name
    if isinstance(value, Mapping):
        text = ", ".join(sorted(str(key) for key in value))
    elif isinstance(value, (frozenset, set)):
        text = ", ".join(sorted(map(str, value)))
    elif isinstance(value, (list, tuple)):
        text = ", ".join(map(str, value))
    elif value is None:
        text = "none"
    else:
        text = str(value)
    return shorten(text, limit)


def shorten(text: str, limit: int) -> str:
    """``text``, or its start and an ellipsis where it is longer than ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def option_values(options: Options) -> list[tuple[str, str]]:
    """The options as (name, value) pairs for display."""
    return [(field.name, value_text(getattr(options, field.name))) for field in dataclasses.fields(options)]


def counts(blocks: Iterable[Block]) -> tuple[int, int]:
    """How many blocks are good and how many bad."""
    good = bad = 0
    for block in blocks:
        if block.is_good:
            good += 1
        else:
            bad += 1
    return good, bad


def summary(extraction: Extraction, options: Options | None = None) -> str:
    """One line: the algorithm, the stoplist it picked, the options that differ from their defaults, the counts."""
    good, bad = counts(extraction.blocks)
    parts = [extraction.algorithm]
    if extraction.language is not None or _has_option(options, "stoplist"):
        parts.append(f"stoplist {extraction.language or 'none'}")
    changed = [f"{name}={value}" for name, value in _changed_options(options)]
    parts.append("options: " + (", ".join(changed) if changed else "defaults"))
    parts.append(f"{len(extraction.blocks)} blocks: {good} good, {bad} bad")
    return " · ".join(parts)


def _has_option(options: Options | None, name: str) -> bool:
    return options is not None and name in options.names()


def _changed_options(options: Options | None) -> list[tuple[str, str]]:
    if options is None:
        return []
    defaults = dict(option_values(type(options)()))
    return [(name, value) for name, value in option_values(options) if defaults.get(name) != value]
