"""The links of a page's main text: the ``<a href>`` inside its good blocks, as absolute URLs."""

from __future__ import annotations

import functools
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
    """``href`` made absolute against ``base``; ``None`` for a URL that cannot be (an unclosed IPv6 bracket).

    The result is :func:`urllib.parse.urljoin`'s. Most links of a page are a
    path under an ``http(s)`` base, which joins by concatenation: those skip
    urljoin's parsing of both URLs (its cost in a Markdown rendering).
    """
    joined = _joined_path(base, href)
    if joined is not None:
        return joined
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def _joined_path(base: str, href: str) -> str | None:
    """``urljoin(base, href)`` when ``href`` is a path (with its query and fragment) whose join is a
    concatenation; ``None`` when urljoin must decide."""
    if (not href or href[0] == " " or ";" in href or "?#" in href or href.endswith(("?", "#"))
            or not href.isprintable()):
        return None  # parameters, empty queries and fragments (dropped), characters urljoin removes
    path = href.partition("#")[0].partition("?")[0]
    if not path or "/." in "/" + path:
        return None  # a query or fragment alone, dot segments
    parts = _base_parts(base)
    if parts is None:
        return None
    origin, directory = parts
    if path[0] == "/":
        return None if path.startswith("//") else origin + href
    if directory is None or "//" in path or ":" in path.partition("/")[0]:
        return None  # empty segments (dropped), a scheme
    return origin + directory + href


@functools.lru_cache(maxsize=16)
def _base_parts(base: str) -> tuple[str, str | None] | None:
    """The ``scheme://host`` of an ``http(s)`` ``base`` and the directory relative paths join to
    (``None`` when its path has parameters, empty or dot segments, which urljoin settles); ``None``
    for another base."""
    if not base.startswith(("https://", "http://")) or not base.isprintable():
        return None
    # urlsplit's parts of such a URL, without its general parsing (a page's URL is new to the cache):
    # the host runs to the first "/", "?" or "#", the path from there to the first "?" or "#".
    scheme, _, rest = base.partition("://")
    path = rest.partition("#")[0].partition("?")[0]
    slash = path.find("/")
    host, path = (path, "") if slash < 0 else (path[:slash], path[slash:])
    if "[" in host or "]" in host:
        return None  # an IPv6 host, which urlsplit checks
    directory = None if ";" in path or "//" in path or "/." in path else path[:path.rfind("/") + 1] or "/"
    return f"{scheme}://{host}", directory


def _owner_is_good(anchor: etree._Element, good_starts: dict[etree._Element, bool]) -> bool:
    for element in anchor.iterancestors():
        if element in good_starts:
            return good_starts[element]
    return False
