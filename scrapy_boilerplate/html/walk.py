"""Helpers for walking an lxml tree: down in document order with ``element.iter()``, and up to
the nearest ancestor a walk already knows."""

from __future__ import annotations

from collections.abc import Container, Iterator

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


def unknown_ancestors(element: etree._Element, known: Container[etree._Element | None],
                      ) -> tuple[list[etree._Element], etree._Element | None]:
    """``element`` and its ancestors up to the nearest one in ``known``, nearest first, and that
    one (``None`` past the root): what a walk keeping a value per element has yet to fill in,
    down from the nearest it has."""
    # No recursion: pages can be absurdly deep.
    missing = []
    node: etree._Element | None = element
    while node is not None and node not in known:
        missing.append(node)
        node = node.getparent()
    return missing, node
