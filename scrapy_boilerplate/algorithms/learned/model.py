"""The shipped model: two stages of gradient-boosted trees, evaluated in pure Python.

The first stage scores each block's :mod:`.features`; the second scores the
first stage's probabilities of the block, its neighbours and its containers
(:mod:`.smoothing`). ``model.json`` holds each stage's trees as nested lists:
a leaf is its value, a split is ``[feature, threshold, left, right]`` (``left``
when the feature is at most the threshold, as LightGBM decides). On first use
each stage's trees become one Python function, compiled once per process: it
unpacks the row into local variables and sums one conditional expression per
tree, so that evaluating it costs a comparison of two locals per level of each
tree, and no call or indexing.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from . import smoothing

MODEL_FILE = "model.json"
#: The version of ``model.json``'s layout this module reads (2: the second stage under ``"smoothing"``).
FORMAT = 2


@dataclass(frozen=True)
class Trees:
    """One stage: the raw score (log-odds of main text) of a row of ``features`` numbers."""

    score: Callable[[Sequence[float]], float]
    features: int

    def probability(self, row: Sequence[float]) -> float:
        return 1.0 / (1.0 + math.exp(-self.score(row)))


@dataclass(frozen=True)
class Model:
    #: Scores a block's features.
    first: Trees
    #: Scores the first stage's probabilities around a block.
    second: Trees
    #: The probability threshold cross-validation chose (the default of ``LearnedOptions``).
    threshold: float

    def probabilities(self, xpaths: Sequence[str], rows: Sequence[Sequence[float] | None]) -> list[float]:
        """The second stage's probability of each block (0.0 where prefiltered: its row is ``None``)."""
        first = [0.0 if row is None else self.first.probability(row) for row in rows]
        return [0.0 if row is None else self.second.probability(row)
                for row in smoothing.rows(xpaths, rows, first)]


@functools.cache
def load() -> Model:
    """The shipped model, read and compiled on the first call."""
    data = json.loads(resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    return from_dict(data)


def from_dict(data: dict[str, Any]) -> Model:
    """A model from what ``model.json`` holds (as ``benchmarks/train.py`` writes it)."""
    if data.get("format") != FORMAT:
        raise ValueError(f"{MODEL_FILE} has format {data.get('format')!r}, this version reads {FORMAT}")
    return Model(trees(data["trees"], data["features"]),
                 trees(data["smoothing"]["trees"], data["smoothing"]["features"]), float(data["threshold"]))


def trees(nodes: list[Any], features: int) -> Trees:
    """One stage's trees, compiled."""
    # Left to right, as LightGBM adds its trees: the same sum to the last bit.
    expression = " + ".join(_expression(tree) for tree in nodes) or "0.0"
    unpacked = "".join(f"x{i}, " for i in range(int(features)))
    source = f"def score(row):\n    {unpacked}= row\n    return {expression}\n"
    namespace: dict[str, Any] = {"__builtins__": {}}
    exec(compile(source, MODEL_FILE, "exec"), namespace)
    return Trees(namespace["score"], int(features))


def _expression(node: Any) -> str:
    if not isinstance(node, list):
        return repr(float(node))
    feature, threshold, left, right = node
    return f"({_expression(left)} if x{int(feature)} <= {float(threshold)!r} else {_expression(right)})"
