"""The second stage's features: each block's first-stage probability beside its neighbours' and its containers'.

A headline, a caption or a "related articles" teaser next to the text looks
like text to the first stage; what the blocks around it and the other blocks
of its container scored tells more, and how sure the first stage is of the
page as a whole. The trainer fits the second stage on
out-of-fold first-stage probabilities, and the run-time gives it the shipped
first stage's, through the same :func:`rows`.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator, Sequence

#: How many neighbours on each side a row repeats the probability of (-1.0 past the page's ends).
NEIGHBOUR_REACH = 3
#: Their offsets.
NEIGHBOURS = (*range(-NEIGHBOUR_REACH, 0), *range(1, NEIGHBOUR_REACH + 1))
#: Half-widths of the windows whose mean and maximum a row holds (the block itself left out).
WINDOWS = (3, 10)
#: The first stage's columns a row repeats: the block's chars (log), link density and jusText's class.
FIRST_STAGE_COLUMNS = (0, 2, 5)
#: Those columns of a first-stage row.
first_stage_columns = operator.itemgetter(*FIRST_STAGE_COLUMNS)
#: How many elements up from the block's own its containers are (by XPath: parent, grandparent).
CONTAINER_LEVELS = (1, 2)


def rows(xpaths: Sequence[str], first_rows: Sequence[Sequence[float] | None],
         probabilities: Sequence[float]) -> list[list[float] | None]:
    """The second-stage row of each block (``None`` where the first stage's is: prefiltered).

    ``probabilities`` are the first stage's, 0.0 for prefiltered blocks.
    """
    columns = [None if row is None else first_stage_columns(row) for row in first_rows]
    return list(iter_rows(xpaths, columns, probabilities))


def iter_rows(xpaths: Sequence[str], columns: Sequence[Sequence[float] | None],
              probabilities: Sequence[float]) -> Iterator[list[float] | None]:
    """The rows of :func:`rows`, one at a time, from the :data:`first_stage_columns` of the
    first-stage rows (``None`` where prefiltered) rather than the whole rows, which the
    run-time lets go once scored."""
    count = len(probabilities)
    before = [0.0]  # running sums, for the window means
    for probability in probabilities:
        before.append(before[-1] + probability)
    # Padded with -1.0 on both sides, so that a neighbour or window past the page's ends reads
    # -1.0 with no test: a probability is never below it, so a window's maximum is unchanged.
    reach = max(NEIGHBOUR_REACH, *WINDOWS)
    padded = [-1.0] * reach + list(probabilities) + [-1.0] * reach
    containers = [_containers(xpaths, probabilities, level) for level in CONTAINER_LEVELS]

    page = _page_probabilities(columns, probabilities)
    for i, block_columns in enumerate(columns):
        if block_columns is None:
            yield None
            continue
        probability, at = probabilities[i], i + reach
        row = [probability, *block_columns,
               *padded[at - NEIGHBOUR_REACH:at], *padded[at + 1:at + NEIGHBOUR_REACH + 1]]
        for width in WINDOWS:
            low, high = max(0, i - width), min(count, i + width + 1)
            if high - low > 1:
                row.append((before[high] - before[low] - probability) / (high - low - 1))
                row.append(max(max(padded[at - width:at]), max(padded[at + 1:at + width + 1])))
            else:
                row += (-1.0, -1.0)
        for container in containers:
            row += container[i]
        row += page
        row.append(probabilities[i] - containers[0][i][0])
        yield row


def _containers(xpaths: Sequence[str], probabilities: Sequence[float], level: int) -> list[tuple[float, float]]:
    """Per block: the mean probability of the blocks of its element ``level`` levels up, and the log of their count."""
    keys = [xpath.rsplit("/", level)[0] for xpath in xpaths]
    totals: dict[str, list[float]] = {}
    for key, probability in zip(keys, probabilities):
        total = totals.setdefault(key, [0.0, 0.0])
        total[0] += probability
        total[1] += 1.0
    means = {key: (total[0] / total[1], math.log1p(total[1])) for key, total in totals.items()}
    return [means[key] for key in keys]


def _page_probabilities(columns: Sequence[Sequence[float] | None], probabilities: Sequence[float],
                        ) -> tuple[float, float]:
    # How sure the first stage is of the page as a whole: the mean over its scored blocks, and the
    # share of them it finds main text.
    scored = [probability for row, probability in zip(columns, probabilities) if row is not None]
    if not scored:
        return -1.0, -1.0
    return sum(scored) / len(scored), sum(probability >= 0.5 for probability in scored) / len(scored)


def names() -> list[str]:
    """The name of each column of a second-stage row."""
    result = ["probability", "chars", "link_density", "justext_good"]
    result += [f"{offset:+d}_probability" for offset in NEIGHBOURS]
    for width in WINDOWS:
        result += [f"window{width}_mean", f"window{width}_max"]
    for level in CONTAINER_LEVELS:
        result += [f"up{level}_mean", f"up{level}_blocks"]
    result += ["page_mean", "page_share_good", "to_up1_mean"]
    return result
