"""The modules of ``benchmarks/``, for the tests that run their comparisons on a sample of the devset."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

_BENCHMARKS = str(Path(__file__).resolve().parents[1] / "benchmarks")


def load(name: str) -> ModuleType:
    """A module of ``benchmarks/``, importing its siblings as the scripts do."""
    if _BENCHMARKS not in sys.path:
        sys.path.insert(0, _BENCHMARKS)
    return importlib.import_module(name)


devset = load("devset")

requires_devset = pytest.mark.skipif(
    not devset.available(),
    reason=f"the development corpus is not at {devset.DEVSET} (set DEVSET to its folder)",
)


def devset_sample(step: int, size: int | None = None) -> list:
    """Every ``step``-th page of the devset, at most ``size`` of them."""
    return devset.pages()[::step][:size]
