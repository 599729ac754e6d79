"""Where elements are, as XPaths in one format: ``/html[1]/body[1]/div[2]``, every step indexed.

A position is a chain of ``(parent position, tag, index)`` tuples, ``None``
above the root: walkers that number a whole tree as they go keep one per open
element, and the strings are made only for what they report, so that a deep
page costs memory in proportion to its depth and an element no block starts
in costs no string. The indices count the page's
elements as parsed, so every XPath selects its element in the caller's tree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from lxml import etree

Position = Optional[tuple]


def to_string(position: Position) -> str:
    """The XPath of ``position``."""
    return PathStrings().string(position)


class PathStrings:
    """The XPaths of the positions a walk reports.

    The XPath of every parent of a reported position is made once and kept:
    blocks in a row often share a parent, or are an element and its parent.
    Callers bind :meth:`string` once (``xpath_of = PathStrings().string``):
    pages have thousands of blocks, and a bound method is the cheapest call.
    """

    def __init__(self) -> None:
        # The strings by the ids of their positions, which are kept alive
        # beside them so that no other position takes their ids.
        self._strings: dict[int, str] = {}
        self._positions: list[tuple] = []

    def string(self, position: Position) -> str:
        """The XPath of ``position``."""
        if position is None:
            return ""
        parent, tag, index = position
        string = self._strings.get(id(parent))
        if string is None:
            string = self._parent_string(parent)
        return f"{string}/{tag}[{index}]"

    def _parent_string(self, position: Position) -> str:
        # Climb to the nearest position with a string, then make and keep the
        # strings of those below it, without recursion: pages can be absurdly deep.
        strings = self._strings
        chain = []
        while position is not None and id(position) not in strings:
            chain.append(position)
            position = position[0]
        string = strings[id(position)] if position is not None else ""
        for position in reversed(chain):
            string = strings[id(position)] = f"{string}/{position[1]}[{position[2]}]"
        self._positions += chain
        return string


def start_of_walk(root: etree._Element) -> tuple[Position, dict[str, int]]:
    """For a walk from ``root``: the position of its parent, and how many
    elements of ``root``'s tag precede it among its siblings."""
    preceding = sum(1 for _ in root.itersiblings(root.tag, preceding=True))
    parent = root.getparent()
    return (_position(parent) if parent is not None else None), {root.tag: preceding}


def xpaths(elements: Sequence[etree._Element]) -> list[str]:
    """The XPath of each element of one tree.

    Each parent's children are numbered once and shared: numbering each
    element on its own counts its siblings every time, which is quadratic on
    wide pages (a table of thousands of rows).
    """
    position_of: dict[etree._Element, tuple] = {}
    index_of: dict[etree._Element, int] = {}
    numbered: set[etree._Element] = set()
    xpath_of = PathStrings().string
    result = []
    for element in elements:
        # Climb to the nearest ancestor already placed, without recursion:
        # absurdly deep pages have thousands of levels.
        chain = []
        node = element
        while node is not None and node not in position_of:
            chain.append(node)
            node = node.getparent()
        position = position_of[node] if node is not None else None
        for node in reversed(chain):
            parent = node.getparent()
            if parent is None:
                index = 1 + sum(1 for _ in node.itersiblings(node.tag, preceding=True))
            else:
                if parent not in numbered:
                    _number_children(parent, index_of)
                    numbered.add(parent)
                index = index_of[node]
            position = position_of[node] = (position, node.tag, index)
        result.append(xpath_of(position))
    return result


def _position(element: etree._Element) -> Position:
    """The position of one element, counting the siblings of each of its ancestors."""
    chain = [element, *element.iterancestors()]
    position = None
    for node in reversed(chain):
        index = 1 + sum(1 for _ in node.itersiblings(node.tag, preceding=True))
        position = (position, node.tag, index)
    return position


def _number_children(parent: etree._Element, index_of: dict[etree._Element, int]) -> None:
    counts: dict[str, int] = {}
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):
            index_of[child] = counts[tag] = counts.get(tag, 0) + 1
