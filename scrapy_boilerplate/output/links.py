"""The links of a page's main text: the ``<a href>`` inside its good blocks, as absolute URLs."""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from ..html.page import Page
from ..html.urls import join_url
from ..html.xpath import resolver
from ..model import Block

_NOT_PAGES = ("#", "javascript:", "mailto:")


def content_links(page: Page, blocks: Sequence[Block]) -> tuple[list[str], int]:
    """The absolute URLs of the links inside good blocks, in document order, without duplicates,
    and how many malformed ones (``http://[::1``, or under a malformed ``<base href>``) were skipped.

    A link belongs to the block of its nearest ancestor that starts a block;
    relative links are resolved against :attr:`Page.base <scrapy_boilerplate.html.page.Page.base>`.
    """
    if not blocks:
        return [], 0
    resolve = resolver(page.root)
    good_starts: dict[etree._Element, bool] = {}
    for block in blocks:
        element = resolve(block.xpath)
        if element is not None:
            # An element opening several blocks is content if any of them is.
            good_starts[element] = good_starts.get(element, False) or block.is_good
    links: dict[str, None] = {}
    malformed = int(page.base_is_malformed)
    base = page.base or ""
    for anchor in page.root.iter("a"):
        href = anchor.get("href")
        if not href or href.startswith(_NOT_PAGES) or not _owner_is_good(anchor, good_starts):
            continue
        link = join_url(base, href.strip())
        if link is None:
            malformed += 1
        else:
            links[link] = None
    return list(links), malformed


def _owner_is_good(anchor: etree._Element, good_starts: dict[etree._Element, bool]) -> bool:
    for element in anchor.iterancestors():
        if element in good_starts:
            return good_starts[element]
    return False
