"""Resolving a page's URLs, and the one rule that says which URLs the package writes out.

The rule reads a URL the way browsers do (the WHATWG URL standard): leading and
trailing C0 control characters and spaces are stripped, every ASCII tab and newline
is removed wherever it stands, and only then is the scheme read, so that
``jav\\tascript:`` is ``javascript:``. Of absolute URLs only :data:`ALLOWED_SCHEMES`
pass; relative references are resolved against the page's base. Attribute values
come from the HTML parser with their character references decoded; the rule also
reads the value with references decoded once more, since Markdown renderers decode
them in link destinations.
"""

from __future__ import annotations

import functools
import html
import re
from urllib.parse import urljoin

#: The schemes a written URL may have; anything else (``javascript:``, ``data:``, ``vbscript:``,
#: ``file:``, ...) is dropped.
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto", "tel", "ftp"})
#: Attributes whose value is a URL (``srcset`` and ``imagesrcset`` hold a list of them, see
#: :func:`safe_srcset`).
URL_ATTRIBUTES = frozenset({
    "href", "src", "poster", "action", "formaction", "xlink:href", "data", "cite", "background",
    "longdesc", "usemap", "lowsrc", "dynsrc", "codebase", "archive", "manifest", "ping", "profile",
    "classid", "icon", "itemtype", "itemid", "xml:base",
})
SRCSET_ATTRIBUTES = frozenset({"srcset", "imagesrcset"})

# What the URL parser strips from both ends: C0 controls and space.
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
# What it removes anywhere: ASCII tab and newline. The other controls (C0, DEL, C1), lone
# surrogates and noncharacters are dropped too: no written URL holds one.
_REMOVED = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")


@functools.lru_cache(maxsize=4096)
def join_url(base: str, href: str) -> str | None:
    """``href`` made absolute against ``base`` as :func:`urllib.parse.urljoin` does; ``None`` for a
    URL that cannot be (an unclosed IPv6 bracket)."""
    # Cached: a page links to the same few URLs many times, and a crawl's pages to the same menus.
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def browser_form(reference: str) -> str:
    """``reference`` as a browser's URL parser reads it before looking at the scheme: C0 controls
    and spaces stripped from both ends, tabs, newlines and other control characters removed."""
    # Stripped again: a control removed may leave a space at an end ("0 \x7f").
    return _REMOVED.sub("", reference.strip(_C0_AND_SPACE)).strip(_C0_AND_SPACE)


def allowed_scheme(reference: str) -> bool:
    """Whether ``reference`` (as :func:`browser_form` gives it) is relative or has an allowed
    scheme, read as written and with its character references decoded."""
    # Without "&" no reference is decoded, and ``reference`` is its browser form already.
    for form in (reference, browser_form(html.unescape(reference))) if "&" in reference else (reference,):
        match = _SCHEME.match(form)
        if match is not None and match.group(1).lower() not in ALLOWED_SCHEMES:
            return False
    return True


def safe_url(reference: str | None, base: str | None = None) -> str | None:
    """``reference`` as it may be written out: in its browser form, made absolute against
    ``base`` (itself ignored when it breaks the rule); ``None`` for no URL or one of a scheme
    outside :data:`ALLOWED_SCHEMES`."""
    if reference is None:
        return None
    url = browser_form(reference)
    if not url or not allowed_scheme(url):
        return None
    if base and _SCHEME.match(url) is None:
        base = browser_form(base)
        if base and allowed_scheme(base):
            joined = join_url(base, url)
            # A malformed URL (an invalid IPv6 host) is kept as it is, relative.
            if joined is not None:
                url = browser_form(joined)
                if not allowed_scheme(url):
                    return None
    return url


def safe_srcset(value: str | None, base: str | None = None) -> str | None:
    """A ``srcset`` list with each candidate's URL under :func:`safe_url`; candidates that
    break the rule are left out, ``None`` when none is left."""
    if value is None:
        return None
    kept = []
    for candidate in value.split(","):
        parts = candidate.split()
        if not parts:
            continue
        url = safe_url(parts[0], base)
        if url is not None:
            kept.append(" ".join([url.replace(",", "%2C"), *parts[1:]]))
    return ", ".join(kept) or None
