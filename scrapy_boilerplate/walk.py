"""Helpers for walking an lxml tree in document order with ``element.iter()``."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree


def skip_subtree(nodes: Iterator[etree._Element], element: etree._Element) -> None:
    """Advance ``nodes``, an ``iter()`` that has just yielded ``element``, past its descendants."""
    # ``unreached`` counts the nodes known to lie ahead in the subtree: each
    # one passed adds its own children. No recursion: pages can be absurdly deep.
    unreached = len(element)
    while unreached:
        unreached += len(next(nodes)) - 1
