"""Helpers for walking an lxml tree in document order with ``element.iter()``."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from ..errors import ExtractionError

#: The deepest element the algorithms read, in levels below the document's
#: root: twice what libxml2 builds when it parses a page (2,047 levels), so
#: only trees built in code reach it. Each element's XPath spells out all its
#: ancestors, so a page's XPaths grow with the square of its depth.
MAX_DEPTH = 4096


def skip_subtree(nodes: Iterator[etree._Element], element: etree._Element) -> None:
    """Advance ``nodes``, an ``iter()`` that has just yielded ``element``, past its descendants."""
    # ``unreached`` counts the nodes known to lie ahead in the subtree: each
    # one passed adds its own children. No recursion: pages can be absurdly deep.
    unreached = len(element)
    while unreached:
        unreached += len(next(nodes)) - 1


def depth_left(root: etree._Element) -> int:
    """How many levels below ``root`` a walk may go before the tree is too deep (see :data:`MAX_DEPTH`)."""
    return MAX_DEPTH - sum(1 for _ in root.iterancestors())


def too_deep() -> ExtractionError:
    """The error for a tree deeper than :data:`MAX_DEPTH`."""
    return ExtractionError(f"the tree is more than {MAX_DEPTH} elements deep (a parsed page never is)")
