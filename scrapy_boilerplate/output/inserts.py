"""Where the page's images and tables that no good block holds go among the good pieces.

A figure between two paragraphs of the main text, a lead image beside its first
paragraph, a data table inside the article: each is placed before the piece it
precedes, unless it lies in an aside (advertisement, sharing, related links,
comments).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from .placement import INLINE_TAGS

#: Containers of what is not the content's, by their class or id.
_ASIDE = re.compile(r"(?:^|[\s_-])(?:ad|ads|advert\w*|sponsor\w*|promo\w*|share|sharing|social|related|avatar|author"
                    r"|comments?|newsletter|banner|byline)(?:$|[\s_-])", re.IGNORECASE)
#: How many structure levels above a candidate the good pieces around it are looked for.
_NEAR = 4
#: Wrappers that do not count as levels: inline elements, figures, pictures.
_WRAPPERS = INLINE_TAGS | {"figure", "picture", "noscript", "center"}


def in_aside(element: etree._Element) -> bool:
    """Whether ``element`` lies in an aside (advertisement, sharing, related links, comments) within
    :data:`_NEAR` levels."""
    for _, ancestor in zip(range(_NEAR + 1), element.iterancestors()):
        if _ASIDE.search(f"{ancestor.get('class') or ''} {ancestor.get('id') or ''}"):
            return True
    return False


def among(candidates: Sequence[etree._Element], elements: Sequence[etree._Element | None], *,
          near: int = _NEAR, one_side: int = 2) -> dict[int, list[etree._Element]]:
    """Where each of ``candidates`` (images, tables) belongs among the good pieces whose elements
    are ``elements`` (document order): the index of the piece it is written before
    (``len(elements)``: after the last), for those of the main content.

    A candidate belongs to it when, within ``near`` structure levels above it, the nearest
    element holding good pieces holds them on both sides of it (a figure between two
    paragraphs), or within ``one_side`` levels of good pieces on one side only (a lead image
    beside the first paragraph, a listing ending a section); not inside an aside
    (advertisement, sharing, related links, comments) on the way.
    """
    # Each ancestor of a piece's element, up to the levels looked at, with its pieces in order.
    holding: dict[etree._Element, list[int]] = {}
    for index, element in enumerate(elements):
        node = element
        for _ in range(near + 2):
            if node is None:
                break
            holding.setdefault(node, []).append(index)
            node = node.getparent()
    placed: dict[int, list[etree._Element]] = {}
    for candidate in candidates:
        child, node, levels = candidate, candidate.getparent(), 0
        while node is not None and levels <= near:
            if node.tag not in _WRAPPERS:
                levels += 1
            if _ASIDE.search(f"{child.get('class') or ''} {child.get('id') or ''}") and child is not candidate:
                break
            around = holding.get(node)
            if around is not None:
                before = _place(node, child, around, elements, levels <= one_side)
                if before is not None:
                    placed.setdefault(before, []).append(candidate)
                break
            child, node = node, node.getparent()
    return placed


def _place(holder: etree._Element, child: etree._Element, around: list[int],
           elements: Sequence[etree._Element | None], one_side: bool) -> int | None:
    """The index of the piece a candidate in ``child`` of ``holder`` goes before, or ``None``."""
    position = holder.index(child)
    before = after = None
    for index in around:
        element = elements[index]
        if element is holder:  # the image lies in the piece's own element, after or among its text
            before = index
            continue
        while element is not None and element.getparent() is not holder:
            element = element.getparent()
        if element is None or element is child:  # a piece inside the candidate itself
            continue
        if holder.index(element) < position:
            before = index
        elif after is None:
            after = index
    if before is not None and after is not None:
        return after
    if not one_side:
        return None
    if after is not None:
        return after
    return None if before is None else before + 1
