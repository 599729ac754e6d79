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
from collections.abc import Sequence

#: Offsets of the neighbours whose probability a row repeats (-1.0 past the page's ends).
NEIGHBOURS = (-3, -2, -1, 1, 2, 3)
#: Half-widths of the windows whose mean and maximum a row holds (the block itself left out).
WINDOWS = (3, 10)
#: The first stage's columns a row repeats: the block's chars (log), link density and jusText's class.
FIRST_STAGE_COLUMNS = (0, 2, 5)
#: How many elements up from the block's own its containers are (by XPath: parent, grandparent).
CONTAINER_LEVELS = (1, 2)


def rows(xpaths: Sequence[str], first_rows: Sequence[Sequence[float] | None],
         probabilities: Sequence[float]) -> list[list[float] | None]:
    """The second-stage row of each block (``None`` where the first stage's is: prefiltered).

    ``probabilities`` are the first stage's, 0.0 for prefiltered blocks.
    """
    count = len(probabilities)
    before = [0.0]  # running sums, for the window means
    for probability in probabilities:
        before.append(before[-1] + probability)
    containers = []
    for level in CONTAINER_LEVELS:
        keys = [xpath.rsplit("/", level)[0] for xpath in xpaths]
        totals: dict[str, list[float]] = {}
        for key, probability in zip(keys, probabilities):
            total = totals.setdefault(key, [0.0, 0.0])
            total[0] += probability
            total[1] += 1.0
        containers.append([(totals[key][0] / totals[key][1], math.log1p(totals[key][1])) for key in keys])

    page = _page_probabilities(first_rows, probabilities)
    result: list[list[float] | None] = []
    for i, first_row in enumerate(first_rows):
        if first_row is None:
            result.append(None)
            continue
        row = [probabilities[i], *(first_row[column] for column in FIRST_STAGE_COLUMNS)]
        row += [probabilities[i + offset] if 0 <= i + offset < count else -1.0 for offset in NEIGHBOURS]
        for width in WINDOWS:
            low, high = max(0, i - width), min(count, i + width + 1)
            if high - low > 1:
                row.append((before[high] - before[low] - probabilities[i]) / (high - low - 1))
                row.append(max(max(probabilities[low:i], default=-1.0), max(probabilities[i + 1:high], default=-1.0)))
            else:
                row += (-1.0, -1.0)
        for container in containers:
            row += container[i]
        row += page
        row.append(probabilities[i] - containers[0][i][0])
        result.append(row)
    return result


def _page_probabilities(first_rows: Sequence[Sequence[float] | None], probabilities: Sequence[float],
                        ) -> tuple[float, float]:
    # How sure the first stage is of the page as a whole: the mean over its scored blocks, and the
    # share of them it finds main text.
    scored = [probability for row, probability in zip(first_rows, probabilities) if row is not None]
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
