"""The shipped model: gradient-boosted trees over :mod:`.features`, evaluated in pure Python.

``model.json`` holds the trees as nested lists: a leaf is its value, a split is
``[feature, threshold, left, right]`` (``left`` when the feature is at most the
threshold, as LightGBM decides). On first use the trees become one Python
function, compiled once per process: it unpacks the row into local variables
and sums one conditional expression per tree, so that evaluating it costs a
comparison of two locals per level of each tree, and no call or indexing.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

MODEL_FILE = "model.json"


@dataclass(frozen=True)
class Model:
    #: The raw score (log-odds of main text) of one feature row.
    score: Callable[[Sequence[float]], float]
    #: The probability threshold cross-validation chose (the default of ``LearnedOptions``).
    threshold: float
    #: How many features a row holds.
    features: int

    def probability(self, row: Sequence[float]) -> float:
        return 1.0 / (1.0 + math.exp(-self.score(row)))


@functools.cache
def load() -> Model:
    """The shipped model, read and compiled on the first call."""
    data = json.loads(resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    return from_dict(data)


def from_dict(data: dict[str, Any]) -> Model:
    """A model from what ``model.json`` holds (as ``benchmarks/train.py`` writes it)."""
    features = int(data["features"])
    # Left to right, as LightGBM adds its trees: the same sum to the last bit.
    expression = " + ".join(_expression(tree) for tree in data["trees"]) or "0.0"
    unpacked = "".join(f"x{i}, " for i in range(features))
    source = f"def score(row):\n    {unpacked}= row\n    return {expression}\n"
    namespace: dict[str, Any] = {"__builtins__": {}}
    exec(compile(source, MODEL_FILE, "exec"), namespace)
    return Model(namespace["score"], float(data["threshold"]), features)


def _expression(node: Any) -> str:
    if not isinstance(node, list):
        return repr(float(node))
    feature, threshold, left, right = node
    return f"({_expression(left)} if x{int(feature)} <= {float(threshold)!r} else {_expression(right)})"
