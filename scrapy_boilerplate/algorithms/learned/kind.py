"""What a page says it is: an article, a page of another kind (a product, a forum, a listing, a
website), or a documentation page.

The kinds are read from its Open Graph type (``og:type``) and its schema.org
types (JSON-LD ``@type``, microdata ``itemtype``), documentation from its URL
(``/docs/``, ``/manual/``, ``docs.`` hosts...), which documentation pages seldom
declare a type for. Each page's choice weighs the recall by its group
(:func:`recall_group`, :mod:`.decision`): more on a page of another kind, whose
main text is spread over many smaller blocks that a corpus keeps, and on a
documentation page, whose long sections end in blocks of low probability.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

from lxml import etree

from ...html.search import tagged, with_attribute

#: The groups of pages each ``favor`` has a weight of the recall for, in the order of those weights:
#: a page that says it is an article or says nothing, a page that says it is of another kind, a
#: page whose URL names documentation and says it is of no other kind (a ``TechArticle`` may be one),
#: and a page the gate (:mod:`.gate`) reads as a modern page of another kind, whatever it says.
RECALL_GROUPS = ("article", "other kind", "documentation", "gated")
#: The group of a gated page.
GATED = RECALL_GROUPS.index("gated")

#: The types that say "article", lowercased (Open Graph's and schema.org's).
ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "techarticle", "scholarlyarticle", "report", "liveblogposting",
    "analysisnewsarticle", "opinionnewsarticle", "reportagenewsarticle", "backgroundnewsarticle", "reviewnewsarticle",
})
#: The types that say "a product on sale" (schema.org's, and Open Graph's and its catalogue's), lowercased.
PRODUCT_TYPES = frozenset({"product", "productgroup", "productmodel", "individualproduct", "og:product",
                           "product.item", "product.group"})
_SCHEMA_TYPES = re.compile(r'"@type"\s*:\s*(?:"([^"]*)"|\[([^\]]*)\])')
_QUOTED = re.compile(r'"([^"]*)"')
#: A word of a documentation page's host or path, between separators: ``docs.python.org``,
#: ``/en/stable/reference/``, ``/manual/``, ``/man1/``, ``/wiki/``, ``/api/``.
_DOCUMENTATION_WORDS = re.compile(
    r"(?:^|[/._-])(?:docs?|documentation|manual|reference|api|apidocs|guides?|tutorials?|handbook|man\d?|howto"
    r"|kb|wiki|learn|help|developers?)(?:$|[/._-])")


def json_ld_types(text: str) -> Iterator[str]:
    """The schema.org ``@type`` names a JSON-LD script's ``text`` gives, lowercased, one per mention
    (read by pattern: a page's JSON-LD is often not valid JSON, and its types are what counts)."""
    for one, several in _SCHEMA_TYPES.findall(text):
        yield from (name.lower() for name in ([one] if one else _QUOTED.findall(several)))


def declared_types(root: etree._Element) -> set[str]:
    """The Open Graph and schema.org types of the page ``root`` is part of, lowercased (schema.org's
    without their URL)."""
    document = root.getroottree().getroot()  # the head's meta too, when given the body
    # Searched in C, which makes an object of the elements found alone (a walk in Python makes one of each).
    types = {itemtype.rpartition("/")[2].lower() for element in with_attribute(document, b"itemtype")
             for itemtype in str(element.get("itemtype")).split()}
    for element in tagged(document, (b"meta", b"script")):
        if element.tag == "meta":
            if element.get("property") == "og:type":
                types.add(str(element.get("content", "")).strip().lower())
        elif element.get("type") == "application/ld+json" and element.text:
            types.update(json_ld_types(element.text))
    types.discard("")
    return types


def other_kind(types: set[str]) -> bool:
    """Whether the declared ``types`` name a kind and none of them is an article's."""
    return bool(types) and types.isdisjoint(ARTICLE_TYPES)


def product_page(types: set[str]) -> bool:
    """Whether the declared ``types`` say a product on sale and not an article (a review of a
    product names both)."""
    return not types.isdisjoint(PRODUCT_TYPES) and types.isdisjoint(ARTICLE_TYPES)


def documentation_url(url: str | None) -> bool:
    """Whether ``url``'s host or path holds a word of documentation pages (see ``_DOCUMENTATION_WORDS``)."""
    if not url:
        return False
    try:
        parts = urlsplit(url)
    except ValueError:  # "http://[::1" and the like: no host or path to read
        return False
    return bool(_DOCUMENTATION_WORDS.search(f"{parts.netloc}{parts.path}".lower()))


def recall_group(types: set[str], url: str | None) -> int:
    """The place in :data:`RECALL_GROUPS` of a page of declared ``types`` at ``url``."""
    if other_kind(types):
        return 1
    return 2 if documentation_url(url) else 0
