"""Resolving a page's URLs."""

from __future__ import annotations

import functools
from urllib.parse import urljoin


@functools.lru_cache(maxsize=4096)
def join_url(base: str, href: str) -> str | None:
    """``href`` made absolute against ``base`` as :func:`urllib.parse.urljoin` does; ``None`` for a
    URL that cannot be (an unclosed IPv6 bracket)."""
    # Cached: a page links to the same few URLs many times, and a crawl's pages to the same menus.
    try:
        return urljoin(base, href)
    except ValueError:
        return None
