"""Whether a page reads as a modern page of another kind than an article: a listing, a grid of
products, a product, a service's page, a forum's thread.

On such a page the blocks' probabilities are the mean of the shipped model's and of a model
trained on the trainset alone (pages of 2025-26, whose reference keeps a listing's cards, a
product's specifications, a service's offers), which the older corpora's conventions would
otherwise outvote. The gate is a small model of trees over what the learned path has without a
walk of its own: sums over the blocks' rows as they are made (``features.RowSums``), the words of the
page's address and title (:mod:`.address`), its declared types and whether it declares a
``viewport`` (pages made for phones: the older corpora's seldom do).
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from lxml import etree

from .address import TYPE_GROUPS, address_columns, address_names, title_columns, title_names
from .features import SUMMED, RowSums

#: The gate's probability of another kind than an article at or above which it opens (on a page
#: that declares a ``viewport``).
OPENS_AT = 0.8


def opens(probability: float, columns: Sequence[float]) -> bool:
    """Whether the gate opens for a page of gate ``columns``, its trees giving ``probability``."""
    return probability >= OPENS_AT and columns[_VIEWPORT] > 0


def blended(shipped: Sequence[float], trainset_model: Sequence[float]) -> list[float]:
    """A gated page's blocks' probabilities: the mean of the shipped model's and the trainset's model's."""
    return [(ours + theirs) / 2 for ours, theirs in zip(shipped, trainset_model)]


def names() -> list[str]:
    """The names of the gate's columns, in the order of :func:`columns`."""
    return ["blocks", "scored blocks", "scored share", "log chars",
            *(f"mean {name}" for name in SUMMED), *(f"chars' mean {name}" for name in SUMMED),
            "headings", "in reviews", "recall group", "product", "viewport",
            *(f"declarations of {group}" for group in TYPE_GROUPS), "declared types", "declares nothing",
            *address_names(), *title_names()]


_VIEWPORT = names().index("viewport")


def columns(sums: RowSums, types: Set[str], url: str | None, head: PageHead, group: int, product: bool,
            ) -> list[float]:
    """The gate's columns of a page: its rows' ``sums``, its declared ``types``, its ``url``, what its
    ``head`` says, its place in ``kind.RECALL_GROUPS`` and whether it is a product's."""
    return [*sums.columns(), float(group), float(product), float(head.viewport),
            *(float(len(types & group_types)) for group_types in TYPE_GROUPS.values()),
            float(len(types)), float(not types), *address_columns(url), *title_columns(head.title)]


class PageHead:
    """The ``title`` of the page ``root`` is part of, and whether it declares a ``viewport`` (none and
    no: a page without a tree)."""

    __slots__ = ("title", "viewport")

    def __init__(self, root: etree._Element | None = None) -> None:
        self.title = ""
        self.viewport = False
        if root is None:
            return
        # The head's children alone: a walk of the page for them would cost a tenth of the learned path.
        head = root.getroottree().getroot().find("head")
        for element in () if head is None else head.iterchildren("title", "meta"):
            if element.tag == "title":
                if not self.title:
                    self.title = element.text or ""
            elif str(element.get("name", "")).lower() == "viewport":
                self.viewport = True
