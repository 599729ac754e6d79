"""What a page says it is: an article, or a page of another kind (a product, a forum, a listing, a website).

Read from its Open Graph type (``og:type``) and its schema.org types (JSON-LD
``@type``, microdata ``itemtype``). Each page's choice weighs the recall more
on a page of another kind (:mod:`.decision`): its main text is spread over
many smaller blocks, and a corpus keeps more of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from ...html.search import tagged, with_attribute

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
