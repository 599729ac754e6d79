"""The shipped model: gradient-boosted trees over each block's :mod:`.features`, evaluated in pure Python.

The trainer hands over the trees as nested lists (a leaf is its value, a
split is ``[feature, threshold, left, right]``, ``left`` when the feature is
at most the threshold, as LightGBM decides), and :func:`source` writes them as
a Python module, ``trees.py``, which ships: one function that reads the row
into local variables and sums one conditional expression per tree, so that
evaluating it costs a comparison of two locals per level of each tree, and no
call. :func:`declarations` writes ``trees.pxd`` beside it, which types the row
as an array of C doubles (as :mod:`.features` writes it) and those locals as C
doubles: where ``pip install`` finds a C compiler, Cython turns the same module
into an extension in which every split is one C comparison
(:mod:`scrapy_boilerplate.compiled_core`), 5.8 times faster than the
interpreted module and loaded at once, where the source takes a second to
compile without its bytecode.
"""

from __future__ import annotations

import functools
import importlib
import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: The generated module holding the shipped trees, beside this one.
TREES_MODULE = "trees"
#: The version of the trainer's layout this module reads (2: a second stage under ``"smoothing"``;
#: 3: the thresholds of ``favor`` under ``"favor"``; 4: instead of thresholds, each ``favor``'s
#: weight of the recall in the pages' choice under ``"recall_weights"``; 5: one stage, no
#: ``"smoothing"``; 6: each ``favor``'s two weights, of pages that say they are articles or say
#: nothing, and of pages that say they are of another kind; 7: a weight for each of
#: ``kind.RECALL_GROUPS``, documentation pages' third; 8: beside the shipped trees, the trainset's
#: model's under ``"trainset_trees"`` and the gate's under ``"gate_trees"``, and a fourth weight, of
#: gated pages).
FORMAT = 8


@dataclass(frozen=True)
class Trees:
    """The raw score (log-odds of main text) of a row of ``features`` numbers."""

    score: Callable[[Sequence[float]], float]
    features: int

    def probability(self, row: Sequence[float]) -> float:
        """The probability of main text of ``row``: an array of doubles, or any sequence of floats."""
        return 1.0 / (1.0 + math.exp(-self.score(row if isinstance(row, array) else array("d", row))))


@dataclass(frozen=True)
class Model:
    #: Scores a block's features.
    trees: Trees
    #: Scores a block's features as the trainset's pages alone taught (``gate.blended``).
    trainset_trees: Trees
    #: Scores a page's gate columns: another kind than an article (``gate.opens``).
    gate: Trees
    #: The weights of the recall in each page's choice that cross-validation chose for each ``favor``,
    #: one for each group of pages of ``kind.RECALL_GROUPS`` (:mod:`.kind`).
    recall_weights: dict[str, tuple[float, ...]]

    def probabilities(self, rows: Iterable[Sequence[float] | None], trees: Trees | None = None) -> list[float]:
        """The probability of each block (0.0 where prefiltered: its row is ``None``) by ``trees``
        (the shipped ones unless given).

        ``rows`` may come one at a time (``features.iter_rows``): each is let go once scored, and may
        be written over by the next.
        """
        probability = (trees or self.trees).probability
        return [0.0 if row is None else probability(row) for row in rows]


@functools.cache
def load() -> Model:
    """The shipped model, imported on the first call."""
    shipped = importlib.import_module(f"{__package__}.{TREES_MODULE}")
    return Model(Trees(shipped.score, shipped.FEATURES), Trees(shipped.score_trainset, shipped.FEATURES),
                 Trees(shipped.gate, shipped.GATE_FEATURES), dict(shipped.RECALL_WEIGHTS))


def source(data: dict[str, Any]) -> str:
    """The text of ``trees.py`` for the trainer's trees (as ``benchmarks/train.py`` exports them)."""
    if data.get("format") != FORMAT:
        raise ValueError(f"the trained model has format {data.get('format')!r}, this version reads {FORMAT}")
    weights = ", ".join(f"{favor!r}: ({', '.join(repr(float(weight)) for weight in group_weights)})"
                        for favor, group_weights in sorted(data["recall_weights"].items()))
    return (
        f'"""The shipped model\'s trees, written by ``benchmarks/train.py`` (model.source): do not edit."""\n\n'
        f"RECALL_WEIGHTS = {{{weights}}}\n"
        f"FEATURES = {int(data['features'])}\n"
        f"GATE_FEATURES = {int(data['gate_features'])}\n\n\n"
        f"{_function('score', data['trees'], data['features'])}\n\n"
        f"{_function('score_trainset', data['trainset_trees'], data['features'])}\n\n"
        f"{_function('gate', data['gate_trees'], data['gate_features'])}"
    )


_DECLARATIONS_HEADER = ("# Generated trees typed for Cython, written by the trainer (learned.model.declarations): "
                        "do not edit.\nimport cython\n")


def declarations(features: int, function: str = "score", returns: str = "double",
                 row: str = "const double[::1]") -> str:
    """The text of the ``.pxd`` beside a generated module of trees: ``function``'s ``row`` (of that C
    type) read into C doubles, for Cython (pure-Python mode); ``returns`` its C return type."""
    return _DECLARATIONS_HEADER + _declaration(features, function, returns, row)


def trees_declarations(features: int, gate_features: int) -> str:
    """The text of ``trees.pxd``: the shipped trees', the trainset's model's and the gate's functions
    (:func:`source`), of ``features`` and ``gate_features`` columns."""
    return _DECLARATIONS_HEADER + "".join(
        _declaration(count, function) for function, count in
        (("score", features), ("score_trainset", features), ("gate", gate_features)))


def _declaration(features: int, function: str, returns: str = "double", row: str = "const double[::1]") -> str:
    typed = ", ".join(f"x{i}=cython.double" for i in range(int(features)))
    return f"\n@cython.locals({typed})\ncpdef {returns} {function}({row} row)\n"


def trees(nodes: list[Any], features: int) -> Trees:
    """Trees compiled here (the shipped ones are imported from ``trees.py``)."""
    namespace: dict[str, Any] = {}
    exec(compile(_function("score", nodes, features), f"{TREES_MODULE}.py", "exec"), namespace)
    return Trees(namespace["score"], int(features))


def _function(name: str, nodes: list[Any], features: int) -> str:
    # Left to right, as LightGBM adds its trees: the same sum to the last bit.
    total = " + ".join(expression(tree) for tree in nodes) or "0.0"
    # The columns the trees split on, one index each: compiled, a C double read from the array.
    read = "".join(f"    x{i} = row[{i}]\n" for i in sorted(_split_features(nodes)))
    return f"def {name}(row):\n{read}    return {total}\n"


def _split_features(nodes: list[Any]) -> set[int]:
    found: set[int] = set()
    for node in nodes:
        if isinstance(node, list):
            feature, _, left, right = node
            found.add(int(feature))
            found |= _split_features([left, right])
    return found


def expression(node: Any) -> str:
    """One tree as a Python conditional expression over ``x0``, ``x1``..., its leaves' values as floats."""
    if not isinstance(node, list):
        return repr(float(node))
    feature, threshold, left, right = node
    return f"({expression(left)} if x{int(feature)} <= {float(threshold)!r} else {expression(right)})"
