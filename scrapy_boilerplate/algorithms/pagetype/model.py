"""The shipped page-type model: gradient-boosted trees over :mod:`.features`.

``benchmarks/pagetype.py`` trains LightGBM's multiclass trees (one per page type
and round) and hands them over as the block model's trees are
(:mod:`scrapy_boilerplate.algorithms.learned.model`: a leaf is its value, a split ``[feature, threshold,
left, right]``); :func:`source` writes them as a Python module, ``forest.py``,
which ships: one function that unpacks the row into local variables and sums
each type's trees, one conditional expression per tree. :func:`declarations`
writes ``forest.pxd`` beside it, with which Cython compiles it where a C
compiler is at install time, as the block model's trees.
"""

from __future__ import annotations

import functools
import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..learned.model import declarations as tree_declarations
from ..learned.model import expression

#: The generated module holding the shipped trees, beside this one.
FOREST_MODULE = "forest"
#: The version of the trainer's layout this module reads.
FORMAT = 1


@dataclass(frozen=True)
class Forest:
    """Each page type's probability from a row of ``features`` numbers."""

    types: tuple[str, ...]
    features: int
    #: The raw score (before the softmax) of each type, in the order of ``types``.
    scores: Callable[[Sequence[float]], tuple[float, ...]]

    def probabilities(self, row: Sequence[float]) -> dict[str, float]:
        """Each type's probability (they sum to 1), in the order of ``types``."""
        scores = self.scores(row)
        top = max(scores)
        exponentials = [math.exp(score - top) for score in scores]
        total = sum(exponentials)
        return {name: value / total for name, value in zip(self.types, exponentials)}


@functools.cache
def load() -> Forest:
    """The shipped model, imported on the first call."""
    shipped = importlib.import_module(f"{__package__}.{FOREST_MODULE}")
    return Forest(tuple(shipped.TYPES), shipped.FEATURES, shipped.scores)


def forest(data: dict[str, Any]) -> Forest:
    """A model compiled here from the trainer's trees (the shipped one is imported from ``forest.py``)."""
    namespace: dict[str, Any] = {}
    exec(compile(source(data), f"{FOREST_MODULE}.py", "exec"), namespace)
    return Forest(tuple(namespace["TYPES"]), namespace["FEATURES"], namespace["scores"])


def declarations(features: int) -> str:
    """The text of ``forest.pxd``, with which Cython compiles ``forest.py`` (see compiled_core)."""
    return tree_declarations(features, "scores", "tuple", "object")


def source(data: dict[str, Any]) -> str:
    """The text of ``forest.py`` for the trainer's trees: ``data["types"]``, ``data["features"]`` and
    ``data["trees"]``, each type's trees in the order LightGBM adds them."""
    if data.get("format") != FORMAT:
        raise ValueError(f"the trained model has format {data.get('format')!r}, this version reads {FORMAT}")
    features = int(data["features"])
    # Left to right, as LightGBM adds its trees: the same sums to the last bit.
    sums = ",\n        ".join(" + ".join(map(expression, trees)) or "0.0" for trees in data["trees"])
    unpacked = "".join(f"x{i}, " for i in range(features))
    return (
        '"""The shipped page-type model, written by ``benchmarks/pagetype.py`` (model.source): do not edit."""\n\n'
        f"TYPES = {tuple(data['types'])!r}\n"
        f"FEATURES = {features}\n\n\n"
        f"def scores(row):\n    {unpacked}= row\n    return (\n        {sums},\n    )\n"
    )
