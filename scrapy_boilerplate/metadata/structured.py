"""What a page declares about itself for machines: JSON-LD, microdata, OpenGraph and ``<meta>``.

Each reader adds what it finds to a :class:`Found`, field by field, in the
order the sources are trusted: JSON-LD's article first (the page's own
statement of the article it is), then microdata, then ``<meta>`` (OpenGraph,
Twitter cards, Dublin Core, Highwire ``citation_*``, the names news sites use).
The elements are found in one walk in C (:mod:`.elements`), the JSON-LD read
with the standard library's :mod:`json`: extruct would
parse the page again and build every vocabulary's full graph, for the dozen
properties used here.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from ..html.languages import XML_LANG
from ..html.search import with_attribute
from .dates import MODIFIED_NAME, PUBLISHED_NAME, iso_date
from .elements import PageElements
from .page import visible_text

#: A JSON-LD script longer than this is not a page's description of itself (a data dump).
MAX_JSON_LD = 1_000_000
#: How many JSON-LD objects of a page are looked at, and how deep.
MAX_NODES = 2000
MAX_DEPTH = 8

#: ``<meta>`` names and properties (lower case) of each field, the more trusted first.
META_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title", "citation_title", "dc.title", "dcterms.title", "parsely-title",
              "sailthru.title", "title", "headline"),
    "authors": ("author", "article:author", "citation_author", "dc.creator", "dcterms.creator",
                "parsely-author", "sailthru.author", "byl", "og:article:author", "book:author", "creator"),
    "date_published": ("article:published_time", "og:article:published_time", "datepublished",
                       "citation_publication_date", "citation_date", "citation_online_date", "dc.date",
                       "dc.date.issued", "dcterms.date", "dcterms.issued", "dcterms.created", "parsely-pub-date",
                       "sailthru.date", "pubdate", "publishdate", "publish-date", "publish_date",
                       "article.published", "published_time", "date", "og:published_time",
                       "article:published", "release_date", "created", "ms.date"),
    "date_modified": ("article:modified_time", "og:article:modified_time", "datemodified", "og:updated_time",
                      "dcterms.modified", "last-modified", "lastmod", "article.updated", "modified_time"),
    "description": ("og:description", "description", "twitter:description", "dc.description",
                    "dcterms.description"),
    "site_name": ("og:site_name", "application-name", "apple-mobile-web-app-title", "citation_journal_title"),
    "image": ("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"),
    "canonical_url": ("og:url", "twitter:url"),
    "language": ("og:locale", "content-language", "language", "dc.language", "inlanguage"),
}
_META_FIELD_OF = {name: key for key, names in META_FIELDS.items() for name in names}
#: Other ``<meta>`` names of dates, as sites and their platforms spell them (``published-date``,
#: ``article:first_published_time``, ``cxenseparse:publishtime``, ``dc.date.created``): trusted
#: after the names above, and only where their value is a date. A revision's first.
_OTHER_DATES = (("date_modified", MODIFIED_NAME), ("date_published", PUBLISHED_NAME))
#: ``<meta>`` names that may repeat, one value each (an article's several authors).
_REPEATED = {"citation_author", "article:author", "dc.creator", "dcterms.creator", "author"}

#: JSON-LD and microdata properties of each field.
LD_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("headline", "name", "alternativeHeadline"),
    "authors": ("author", "creator"),
    "date_published": ("datePublished", "dateCreated", "uploadDate"),
    "date_modified": ("dateModified",),
    "description": ("description",),
    "image": ("image", "thumbnailUrl"),
    "language": ("inLanguage",),
}


@dataclass
class Found:
    """The candidates of each field of :class:`~scrapy_boilerplate.model.Metadata`, the most trusted first.

    ``headline`` is the JSON-LD or microdata article's headline, the one title
    trusted over the page's visible ``<h1>``; ``invalid`` names what was unreadable.
    """

    values: defaultdict[str, list[Any]] = field(default_factory=lambda: defaultdict(list))
    headline: str | None = None
    invalid: set[str] = field(default_factory=set)

    def add(self, name: str, value: Any) -> None:
        if value:
            self.values[name].append(value)


def read_structured(root: etree._Element, elements: PageElements, found: Found) -> None:
    """Add to ``found`` what the JSON-LD, microdata, ``<meta>`` and ``<link>`` elements under ``root``
    say (``elements``: those of them the walk found)."""
    for href in elements.canonical_urls:
        found.add("canonical_url", href)
    _json_ld(elements.json_ld, found)
    # Microdata ranks below JSON-LD: looked for (a walk of the page) only for what JSON-LD lacks.
    if not all(found.values[name] for name in ("title", "authors", "date_published")):
        # The whole document's, as the XPath //*[@itemprop] finds them, searched in C.
        _microdata(itertools.islice(with_attribute(root.getroottree().getroot(), b"itemprop"), MAX_NODES), found)
    _meta(elements.metas, found)
    for title in elements.author_titles:
        if title:
            found.add("authors", [title])
    html = root.getroottree().getroot()
    found.add("language", html.get("lang") or html.get(XML_LANG))


def _json_ld(scripts: list[str], found: Found) -> None:
    documents: list[Any] = []
    for script in scripts:
        text = script.strip()
        if not text:
            continue
        if len(text) > MAX_JSON_LD:
            found.invalid.add("json_ld")
            continue
        if text.startswith("<!--"):  # old pages hide their scripts from older browsers
            text = text.removeprefix("<!--").removesuffix("-->").strip()
        try:  # strict=False: a raw line break inside a string, as hand-written JSON-LD has
            documents.append(json.loads(text.rstrip(";"), strict=False))
        except (ValueError, RecursionError):
            found.invalid.add("json_ld")
    nodes: list[dict[str, Any]] = []
    for data in documents:
        nodes.extend(_nodes(data, 0, MAX_NODES - len(nodes)))
    if not nodes:
        return
    # One graph across the page's scripts: a reference ({"@id": ...}) in one names a node of any.
    by_id: dict[str, dict[str, Any]] = {}
    _identified(documents, by_id, 0)
    ranked = sorted((rank, position, node) for position, node in enumerate(nodes)
                    if (rank := _rank(node)) is not None)
    for rank, _, node in ranked:
        for name, properties in LD_FIELDS.items():
            for prop in properties:
                value = node.get(prop)
                if value is None:
                    continue
                if name == "authors":
                    found.add(name, _names(value, by_id))
                elif name == "image":
                    found.add(name, _url(value, by_id))
                elif name == "title":
                    if isinstance(value, str) and rank == 0 and prop == "headline" and found.headline is None:
                        found.headline = value
                    found.add(name, value if isinstance(value, str) else None)
                else:
                    found.add(name, value if isinstance(value, str) else None)
        if rank == 0:
            found.add("publishers", _names(node.get("publisher"), by_id))
        if rank <= 1:
            found.add("canonical_url", _url(node.get("mainEntityOfPage"), by_id) or _url(node.get("url"), by_id))
    for node in nodes:
        if _types(node) & {"WebSite", "Organization", "NewsMediaOrganization"}:
            found.add("site_name", node.get("name") if isinstance(node.get("name"), str) else None)


def _identified(data: Any, by_id: dict[str, dict[str, Any]], depth: int) -> None:
    """Put into ``by_id`` the JSON-LD objects under ``data`` that define a node: an ``@id`` and
    properties beside it (``{"@id": ...}`` alone refers to one); the first definition of an id counts."""
    if depth > MAX_DEPTH or len(by_id) >= MAX_NODES:
        return
    if isinstance(data, list):
        for item in data[:MAX_NODES]:
            _identified(item, by_id, depth + 1)
    elif isinstance(data, dict):
        node_id = data.get("@id")
        if isinstance(node_id, str) and len(data.keys() - {"@id", "@context"}) > 0:
            by_id.setdefault(node_id, data)
        for value in data.values():
            if isinstance(value, (dict, list)):
                _identified(value, by_id, depth + 1)


def _resolved(value: Any, by_id: dict[str, dict[str, Any]]) -> Any:
    """A reference to a node of the page's graph (``{"@id": ...}``, or the id alone as text) made
    that node, its own properties over the node's; any other value as it is."""
    if isinstance(value, dict):
        node_id = value.get("@id")
        if isinstance(node_id, str) and node_id in by_id and by_id[node_id] is not value:
            return {**by_id[node_id], **value}
    elif isinstance(value, str) and value in by_id:
        return by_id[value]
    return value


def _nodes(data: Any, depth: int, room: int) -> Iterator[dict[str, Any]]:
    """The objects of a JSON-LD document: those in lists and ``@graph``s, and those nested in them
    that have a type (an article inside a web page's ``mainEntity``)."""
    if depth > MAX_DEPTH or room <= 0:
        return
    if isinstance(data, list):
        for item in data[:room]:
            yield from _nodes(item, depth + 1, room)
    elif isinstance(data, dict):
        if "@type" in data:
            yield data
        for key in ("@graph", "mainEntity", "mainEntityOfPage", "hasPart", "itemListElement"):
            if isinstance(data.get(key), (dict, list)):
                yield from _nodes(data[key], depth + 1, room - 1)


def _types(node: dict[str, Any]) -> set[str]:
    kind = node.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {value.rpartition("/")[2] for value in kinds if isinstance(value, str)}


def _rank(node: dict[str, Any]) -> int | None:
    """0 for an article (or a post, a question, a product: the page's main thing), 1 for a web page."""
    kinds = _types(node)
    if any(kind.endswith(("Article", "Posting")) for kind in kinds) or kinds & {
            "Report", "Question", "Recipe", "Review", "HowTo", "Product", "Course", "Event", "Book"}:
        return 0
    if any(kind.endswith("Page") for kind in kinds):
        return 1
    return None


def _names(value: Any, by_id: dict[str, dict[str, Any]], depth: int = 0) -> list[str] | None:
    """The names of JSON-LD authors: text, a Person or Organization, a reference to one, a list of them."""
    if depth > 2:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = _resolved(value, by_id)
        name = value.get("name")
        if isinstance(name, list):
            name = next((item for item in name if isinstance(item, str)), None)
        if not isinstance(name, str):
            parts = (value.get("givenName"), value.get("familyName"))
            given = " ".join(part for part in parts if isinstance(part, str))
            name = given or None
        return [name] if name else None
    if isinstance(value, list):
        names = [name for item in value[:MAX_NODES] for name in _names(item, by_id, depth + 1) or ()]
        return names or None
    return None


def _url(value: Any, by_id: dict[str, dict[str, Any]], depth: int = 0) -> str | None:
    """A URL from a JSON-LD value: text, an ``ImageObject`` or ``WebPage`` (its ``url`` or ``contentUrl``),
    a reference to one, the first of a list that gives one. A node's ``@id`` names the node, not a
    URL to show: never the value."""
    if depth > 2:
        return None
    if isinstance(value, list):
        return next(filter(None, (_url(item, by_id, depth + 1) for item in value[:MAX_NODES])), None)
    value = _resolved(value, by_id)
    if isinstance(value, dict):
        return _url(value.get("url"), by_id, depth + 1) or _url(value.get("contentUrl"), by_id, depth + 1)
    return value if isinstance(value, str) and value not in by_id else None


def _microdata(props: Iterable[etree._Element], found: Found) -> None:
    for element in props:
        for prop in (element.get("itemprop") or "").split():
            if prop == "headline":
                text = visible_text(element)
                found.add("title", text)
                if found.headline is None:
                    found.headline = text
            elif prop in ("datePublished", "dateCreated", "dateModified"):
                value: str | None = element.get("content") or element.get("datetime") or visible_text(element)
                found.add("date_modified" if prop == "dateModified" else "date_published", value)
            elif prop == "author" or prop == "creator":
                if element.get("itemscope") is not None:
                    name = element.find(".//*[@itemprop='name']")
                    value = (name.get("content") or visible_text(name)) if name is not None else None
                else:
                    value = element.get("content") or visible_text(element)
                found.add("authors", [value] if value else None)


def _meta(metas: list[tuple[str, str]], found: Found) -> None:
    seen: dict[str, list[str]] = {}
    others: dict[str, list[str]] = defaultdict(list)
    for key, content in metas:
        name = key.strip().lower()
        if name not in _META_FIELD_OF:
            field_name = next((field_name for field_name, pattern in _OTHER_DATES if pattern.search(name)), None)
            if field_name and iso_date(content):
                others[field_name].append(content)
            continue
        if name in seen and name not in _REPEATED:
            continue
        seen.setdefault(name, []).append(content)
    for field_name, names in META_FIELDS.items():
        for name in names:
            values = seen.get(name)
            if values:
                found.add(field_name, values if field_name == "authors" else values[0])
    for field_name, values in others.items():
        found.values[field_name].extend(values)
