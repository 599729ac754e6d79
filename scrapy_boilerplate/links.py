"""The links of a page's main text: the ``<a href>`` inside its good blocks, as absolute URLs."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urljoin

from lxml import etree

from .result import Block

_NOT_PAGES = ("#", "javascript:", "mailto:")


def content_links(root: etree._Element, blocks: Sequence[Block], url: str) -> tuple[list[str], int]:
    """The absolute URLs of the links inside good blocks, in document order, without duplicates,
    and how many malformed ones (``http://[::1``, or under a malformed ``<base href>``) were skipped.

    A link belongs to the block of its nearest ancestor that starts a block;
    relative links are resolved against the page's ``<base href>``, else ``url``.
    """
    if not blocks:
        return [], 0
    found = _resolve(root, [block.xpath for block in blocks])
    good_starts: dict[etree._Element, bool] = {}
    for block in blocks:
        element = found.get(block.xpath)
        if element is not None:
            # An element opening several blocks is content if any of them is.
            good_starts[element] = good_starts.get(element, False) or block.is_good
    links: dict[str, None] = {}
    malformed = 0
    base = url
    base_href = next((element.get("href") for element in root.iter("base")), None)
    if base_href:
        # As browsers do, a malformed <base href> gives way to the page's own URL.
        joined = join_url(url, base_href.strip())
        malformed += joined is None
        base = joined or url
    for anchor in root.iter("a"):
        href = anchor.get("href")
        if not href or href.startswith(_NOT_PAGES) or not _owner_is_good(anchor, good_starts):
            continue
        link = join_url(base, href.strip())
        if link is None:
            malformed += 1
        else:
            links[link] = None
    return list(links), malformed


def _resolve(root: etree._Element, paths: list[str]) -> dict[str, etree._Element]:
    """The element each of ``paths`` (``/html[1]/body[1]/div[2]``, see :mod:`scrapy_boilerplate.xpath`)
    selects, and those of their prefixes.

    Walked from the longest prefix already resolved, each parent's children
    numbered once: the paths of a page share most of their steps, and
    libxml2's XPath engine takes ten times longer (and quadratic time on wide
    parents, counting siblings for every position).
    """
    top = root.getroottree().getroot()
    steps_of: dict[etree._Element | None, dict[str, etree._Element]] = {None: {f"{top.tag}[1]": top}}
    found: dict[str, etree._Element] = {}
    for path in paths:
        if path in found:
            continue
        cut = len(path)
        while cut > 0 and path[:cut] not in found:
            cut = path.rfind("/", 0, cut)
        node = found.get(path[:cut]) if cut > 0 else None
        for step in path[cut + 1:].split("/"):
            children = steps_of.get(node)
            if children is None:
                children = steps_of[node] = _steps(node)
            node = children.get(step)
            if node is None:
                break
            cut += 1 + len(step)
            found[path[:cut]] = node
    return found


def _steps(parent: etree._Element) -> dict[str, etree._Element]:
    """``parent``'s element children by their step: ``div[2]`` for its second ``div``."""
    counts: dict[str, int] = {}
    steps = {}
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):  # not a comment or a processing instruction
            counts[tag] = counts.get(tag, 0) + 1
            steps[f"{tag}[{counts[tag]}]"] = child
    return steps


def join_url(base: str, href: str) -> str | None:
    """``href`` made absolute against ``base``; ``None`` for a URL that cannot be (an unclosed IPv6 bracket)."""
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def _owner_is_good(anchor: etree._Element, good_starts: dict[etree._Element, bool]) -> bool:
    for element in anchor.iterancestors():
        if element in good_starts:
            return good_starts[element]
    return False
