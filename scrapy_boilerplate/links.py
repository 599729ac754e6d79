"""The links of a page's main text: the ``<a href>`` inside its good blocks, as absolute URLs."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urljoin

from lxml import etree

from .result import Block
from .xpath import resolver

_NOT_PAGES = ("#", "javascript:", "mailto:")


def content_links(root: etree._Element, blocks: Sequence[Block], url: str) -> tuple[list[str], int]:
    """The absolute URLs of the links inside good blocks, in document order, without duplicates,
    and how many malformed ones (``http://[::1``, or under a malformed ``<base href>``) were skipped.

    A link belongs to the block of its nearest ancestor that starts a block;
    relative links are resolved against the page's ``<base href>``, else ``url``.
    """
    if not blocks:
        return [], 0
    resolve = resolver(root)
    good_starts: dict[etree._Element, bool] = {}
    for block in blocks:
        element = resolve(block.xpath)
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
