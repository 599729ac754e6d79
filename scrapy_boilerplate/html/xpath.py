"""Where elements are, as XPaths in one format: ``/html[1]/body[1]/div[2]``, every step indexed.

The indices count the page's elements as parsed, so every XPath selects its
element in the caller's tree. Walkers that number a whole tree as they go keep
the XPath of each open element with children, and how many children of each
tag it has had so far: a child's XPath is its parent's and one step,
``f"{parent}/{tag}[{index}]"``. One string per such element costs less than
any way of making strings only for the elements blocks start in; the price
is memory quadratic in the depth of the open chain: about 15 MB for a page
nested to the 2,047 levels libxml2 parses, about 60 MB at ``walk.MAX_DEPTH``,
beyond which the walkers refuse a tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice

from lxml import etree

from .walk import unknown_ancestors


def start_of_walk(root: etree._Element) -> tuple[str, dict[str, int]]:
    """For a walk from ``root``: the XPath of its parent (``""`` above the
    document's root), and how many elements of ``root``'s tag precede it among its siblings."""
    preceding = sum(1 for _ in root.itersiblings(root.tag, preceding=True))
    parent = root.getparent()
    return (_xpath(parent) if parent is not None else ""), {root.tag: preceding}


def xpaths(elements: Sequence[etree._Element]) -> list[str]:
    """The XPath of each element of one tree.

    Each parent's children are numbered once and shared: numbering each
    element on its own counts its siblings every time, which is quadratic on
    wide pages (a table of thousands of rows).
    """
    xpath_of: dict[etree._Element, str] = {}
    index_of: dict[etree._Element, int] = {}
    numbered: set[etree._Element] = set()
    result = []
    for element in elements:
        missing, placed = unknown_ancestors(element, xpath_of)
        path = xpath_of[placed] if placed is not None else ""
        for node in reversed(missing):
            parent = node.getparent()
            if parent is None:
                index = _index(node)
            else:
                if parent not in numbered:
                    _number_children(parent, index_of)
                    numbered.add(parent)
                index = index_of[node]
            path = xpath_of[node] = f"{path}/{node.tag}[{index}]"
        result.append(path)
    return result


def _xpath(element: etree._Element) -> str:
    """The XPath of one element, counting the siblings of each of its ancestors."""
    chain = [element, *element.iterancestors()]
    return "".join(f"/{node.tag}[{_index(node)}]" for node in reversed(chain))


def _index(element: etree._Element) -> int:
    return 1 + sum(1 for _ in element.itersiblings(element.tag, preceding=True))


def _number_children(parent: etree._Element, index_of: dict[etree._Element, int]) -> None:
    counts: dict[str, int] = {}
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):
            index_of[child] = counts[tag] = counts.get(tag, 0) + 1


def resolver(root: etree._Element) -> Callable[[str], etree._Element | None]:
    """A function from XPaths of this format to the elements of ``root``'s
    document (``None`` for one that selects nothing), remembering every element it passes."""
    top = root.getroottree().getroot()
    found: dict[str, etree._Element | None] = {"": None}
    children: dict[tuple[etree._Element, str], list[etree._Element]] = {}

    def resolve(path: str) -> etree._Element | None:
        if path in found:
            return found[path]
        # Climb to the nearest known ancestor, without recursion: pages can be very deep.
        missing = []
        while path not in found:
            missing.append(path)
            path = path.rpartition("/")[0]
        for path in reversed(missing):
            parent_path, _, name = path.rpartition("/")
            if not parent_path:
                found[path] = top if name == f"{top.tag}[1]" else None
            else:
                parent = found[parent_path]
                found[path] = _child(parent, name, children) if parent is not None else None
        return found[path]

    return resolve


def _child(parent: etree._Element, step: str,
           children: dict[tuple[etree._Element, str], list[etree._Element]]) -> etree._Element | None:
    """The child of ``parent`` that the XPath step ``tag[n]`` selects."""
    tag, _, index = step[:-1].rpartition("[")
    if not index.isdigit():
        return None
    number = int(index)
    if number <= _COUNTED_CHILDREN:
        return next(islice(_children_named(parent, tag), number - 1, None), None)
    # Listed once per tag: counting for each child on its own is quadratic on wide pages.
    key = (parent, tag)
    same_tag = children.get(key)
    if same_tag is None:
        same_tag = children[key] = list(_children_named(parent, tag))
    return same_tag[number - 1] if number <= len(same_tag) else None


def _children_named(parent: etree._Element, tag: str) -> Iterator[etree._Element]:
    try:
        return parent.iterchildren(tag)
    except ValueError:  # a name the HTML parser made ("a\x1f") but lxml refuses to look for
        return (child for child in parent if child.tag == tag)


#: Up to which index :func:`_child` counts the children rather than listing them.
_COUNTED_CHILDREN = 8
