"""What a whole page shows of its kind, as numbers: the page-level features of :mod:`.model`.

One row per page, from the parsed tree and the URL; what the page holds is read
by one walk in C over libxml2's nodes (:mod:`.parts`), which makes Python objects
only of the texts the features read words in, and the words of the ``class`` values and of the
text are counted in C (:mod:`.words`):

- the types the page declares (Open Graph, JSON-LD, microdata ``itemtype``) and
  the ``itemprop`` names it uses (prices, offers, authors, reviews), its
  declared publication dates and authors, its generator;
- the words of its address (``/product/``, ``/forum/``, ``/docs/``, a dated
  path, a long slug, a product code, the home page) and of its ``<title>``;
- how many elements of each kind it has (paragraphs, links, list items, tables,
  code, forms, inputs, buttons, images); the share of its text in links, list
  items, paragraphs, headings, code, buttons and labels; its paragraphs' lengths;
  its headings that are links;
- the words of its ``class`` attributes (cards, posts, replies, prices, carts,
  code, sidebars, filters) and its groups of elements alike (the same ``class``
  repeated: a grid's cards, a forum's posts, a listing's items);
- marker words and phrases in the start of its text ("cart", "reply",
  "joined", dates, "contact us", "read more", currency signs).
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from ..learned.address import TYPE_GROUPS, address_columns, address_names, title_columns, title_names
from ..learned.kind import json_ld_types
from .parts import TEXT_HOLDERS, read
from .words import Groups, TextMarkers

#: Words of the ``class`` attributes (lowercased, split at spaces, dashes and underscores) by what they
#: point to.
CLASS_WORDS: dict[str, frozenset[str]] = {name: frozenset(words.split()) for name, words in {
    "card": "card cards tile tiles grid item items teaser thumb thumbnail col",
    "product": "product products sku variant variants swatch swatches quantity qty size",
    "price": "price prices amount money currency sale discount was regular compare",
    "cart": "cart basket checkout add buy wishlist bag",
    "post": "post posts message messages reply replies comment comments answer answers thread topic vote votes "
            "avatar username user author quote signature postbody",
    "forum": "forum forums discourse discussion bbcode phpbb vbulletin xenforo question questions",
    "code": "highlight code hljs prism syntax language pre console terminal highlighttable codehilite",
    "docs": "doc docs toc sidebar sphinx mkdocs docusaurus gitbook api reference admonition rst markdown body wy "
            "theme md nav menu",
    "article": "article entry byline published dateline content story headline lede",
    "filter": "filter filters facet facets sort refine pagination pager load more results",
    "service": "hero cta testimonial testimonials pricing plan plans feature features benefit benefits contact "
               "booking appointment service services form",
    "listing": "list listing feed stream archive summary excerpt river result results",
    "rating": "rating ratings star stars review reviews",
}.items()}
#: Words of the page's text (lowercased, its first ``TEXT_READ`` characters, split at spaces) by what
#: they point to: counted in one pass over the words.
TEXT_WORDS: dict[str, frozenset[str]] = {name: frozenset(words.split()) for name, words in {
    "cart": "cart bag basket buy stock shipping checkout returns panier warenkorb wishlist",
    "product": "sku size quantity qty specification specifications specs dimensions material warranty color colour "
               "weight model reviews",
    "reply": "reply replies quote joined answered asked posts upvote upvotes accepted likes solved solution thread "
             "wrote member members views posted permalink report moderator registered",
    "date": "ago jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july "
            "august september october november december",
    "service": "contact quote estimate book appointment call schedule request services consultation enroll "
               "started team testimonials testimonial clients trial experts expert solutions",
    "docs": "parameter parameters returns example examples syntax function method class argument arguments default "
            "note see version install import command configuration api",
    "listing": "more all next previous page results sort filter items showing load view",
    "article": "by min read share published updated written author editor comments",
}.items()}
#: Phrases of the page's text counted as they are (``str.count``): a few, each telling.
TEXT_PHRASES: dict[str, tuple[str, ...]] = {
    "cart": ("add to ", "buy now", "in stock"),
    "reply": ("wrote:", "posts:", "joined"),
    "service": ("contact us", "quote", "call us", "our services"),
    "docs": ("on this page", "edit ", "()", "=>"),
    "listing": ("read more", "view all", "see all", "sort by"),
    "article": ("min read", "written by"),
}
#: How much of the page's text the markers are counted in: enough to tell its kind, bounded in time.
TEXT_READ = 3_000
_CURRENCIES = ("$", "€", "£", "¥", "₹", "zł")
#: The groups of class words, and the text's markers: its words, phrases, currency signs and years
#: (``(?:19|20)\d\d\b``), as the features count them.
_CLASS_GROUPS = Groups(list(CLASS_WORDS.values()))
_TEXT_MARKERS = TextMarkers(list(TEXT_WORDS.values()), [*TEXT_PHRASES.values(), _CURRENCIES])
#: Elements counted, each its own feature.
COUNTED = ("p", "a", "li", "ul", "ol", "h1", "h2", "h3", "h4", "table", "tr", "td", "pre", "code", "img", "form",
           "input", "select", "textarea", "button", "article", "section", "aside", "nav", "time", "blockquote", "dl",
           "dt", "figure", "iframe", "svg", "script", "label", "option", "span", "div", "header", "footer", "strong")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: The ``meta`` names (or properties) of an article's publication date and author.
_DATE_METAS = frozenset({"article:published_time", "date", "pubdate", "publishdate", "dc.date", "sailthru.date",
                         "parsely-pub-date", "article:modified_time"})
_AUTHOR_METAS = frozenset({"author", "article:author", "dc.creator", "parsely-author", "sailthru.author"})
#: Open Graph types, each its own feature.
OG_TYPES = ("article", "product", "website", "profile", "book", "video.other", "product.group")
#: ``itemprop`` names by what they point to.
ITEMPROPS: dict[str, frozenset[str]] = {
    "price": frozenset({"price", "pricecurrency", "offers", "availability", "sku", "gtin13", "brand", "lowprice"}),
    "article": frozenset({"author", "datepublished", "articlebody", "headline", "datemodified"}),
    "review": frozenset({"ratingvalue", "reviewcount", "aggregaterating", "review"}),
    "forum": frozenset({"upvotecount", "answercount", "comment", "suggestedanswer", "acceptedanswer", "text"}),
    "list": frozenset({"itemlistelement", "position", "item"}),
}
#: Words of the ``generator`` meta by the kind of site they make.
GENERATORS: dict[str, tuple[str, ...]] = {
    "docs": ("sphinx", "mkdocs", "docusaurus", "gitbook", "hugo", "jekyll", "vuepress", "docfx", "antora", "mediawiki"),
    "shop": ("shopify", "woocommerce", "magento", "prestashop", "bigcommerce"),
    "forum": ("discourse", "phpbb", "vbulletin", "xenforo", "invision", "mybb", "flarum", "fluxbb", "punbb"),
    "blog": ("wordpress", "ghost", "blogger", "medium", "substack"),
}


def names() -> list[str]:
    """The features' names, in the order of :func:`row`."""
    return [
        *(f"declarations of {group}" for group in TYPE_GROUPS), "declared types", "declares nothing",
        *(f"og:type {og_type}" for og_type in OG_TYPES), *(f"itemprop {name}" for name in ITEMPROPS),
        *address_names(), *title_names(),
        *(f"generator {name}" for name in GENERATORS),
        *(f"count {tag}" for tag in COUNTED), "elements", "headings",
        *(f"{tag} per element" for tag in ("p", "a", "li", "pre", "img", "h2", "tr", "article", "div", "span")),
        "links to the page itself", "phone links", "mail links", "links per 1k chars", "linked headings",
        "headings with an id", "publication dates declared", "authors declared", "inputs of text",
        "inputs of search", "hidden inputs",
        "text chars", *(f"text in {tag} share" for tag in ("a", "li", *TEXT_HOLDERS)),
        "paragraphs of 300+ chars", "paragraphs of 80 to 300 chars", "paragraphs under 80 chars",
        "longest paragraph", "median paragraph", "chars per heading", "chars per paragraph", "chars per link",
        *(f"class {name}" for name in CLASS_WORDS), *(f"class {name} share" for name in CLASS_WORDS),
        "largest group alike", "second group alike", "groups alike of 5+", "elements in groups alike of 5+ share",
        *(f"largest group {name}" for name in CLASS_WORDS),
        *(f"text {name}" for name in (*TEXT_WORDS, *(f"{name} phrases" for name in TEXT_PHRASES), "price", "year")),
        *(f"text {name} per 1k words" for name in (*TEXT_WORDS, *(f"{name} phrases" for name in TEXT_PHRASES),
                                                   "price", "year")), "text words",
    ]


def row(root: etree._Element, url: str | None = None) -> list[float]:
    """The features of the page ``root`` is part of (see :func:`names`)."""
    page = read(root.getroottree().getroot(), TEXT_READ, _CLASS_GROUPS)
    tags = page.tags
    text_in = page.text_in
    text_in["a"], text_in["li"] = page.link_chars, page.item_chars
    declared: Counter[str] = Counter()
    dates = authors = 0
    for text in page.json_ld:
        dates += "datePublished" in text
        authors += '"author"' in text
        declared.update(json_ld_types(text))
    og_types: set[str] = set()
    generator = ""
    for prop, content in page.metas:
        if prop == "og:type":
            og_types.add((content or "").strip().lower())
        elif prop in _DATE_METAS:
            dates += 1
        elif prop in _AUTHOR_METAS:
            authors += 1
        elif prop == "generator":
            generator += (content or "").lower()
    kinds = [(kind or "text").lower() for kind in page.input_types]
    text_inputs = sum(kind in ("text", "email", "tel", "number") for kind in kinds)
    search_inputs, hidden_inputs = kinds.count("search"), kinds.count("hidden")
    for itemtype in page.itemtypes:
        declared.update(name.rpartition("/")[2].lower() for name in itemtype.split())
    itemprops = [name for itemprop in page.itemprops for name in itemprop.lower().split()]
    paragraphs = page.paragraphs
    title = page.title
    declared.update(og_types)
    del declared[""]

    values: list[float] = [float(sum(declared[name] for name in group if name in declared))
                           for group in TYPE_GROUPS.values()]
    values += [float(len(declared)), float(not declared)]
    values += [float(og_type in og_types) for og_type in OG_TYPES]
    props = Counter(itemprops)
    values += [float(sum(props[name] for name in group)) for group in ITEMPROPS.values()]

    values += address_columns(url) + title_columns(title)
    values += [float(any(name in generator for name in words)) for words in GENERATORS.values()]

    total = page.body_chars
    elements = max(1, sum(tags.values()))
    headings = sum(tags.get(tag, 0) for tag in _HEADINGS)
    values += [float(tags.get(tag, 0)) for tag in COUNTED] + [float(elements), float(headings)]
    values += [tags.get(tag, 0) / elements for tag in ("p", "a", "li", "pre", "img", "h2", "tr", "article", "div",
                                                        "span")]
    chars = max(1, total)
    values += [float(page.self_links), float(page.phone_links), float(page.mail_links),
               1000 * tags.get("a", 0) / chars, float(page.linked_headings), float(page.headings_with_id),
               float(dates), float(authors), float(text_inputs),
               float(search_inputs), float(hidden_inputs)]
    values += [float(total)] + [text_in.get(tag, 0) / chars for tag in ("a", "li", *TEXT_HOLDERS)]
    paragraphs.sort()
    values += [float(sum(size >= 300 for size in paragraphs)), float(sum(80 <= size < 300 for size in paragraphs)),
               float(sum(size < 80 for size in paragraphs)), float(paragraphs[-1] if paragraphs else 0),
               float(paragraphs[len(paragraphs) // 2] if paragraphs else 0), chars / max(1, headings),
               sum(paragraphs) / max(1, len(paragraphs)), text_in.get("a", 0) / max(1, tags.get("a", 0))]

    # The class words of each value once (a grid's thousand cards are one group); the groups of
    # elements alike (a grid's cards, a forum's posts, a listing's items): parts.PageParts.
    hits = page.class_words
    values += [float(count) for count in hits] + [count / max(1, page.class_values) for count in hits]
    values += [float(page.largest_alike), float(page.second_alike), float(page.groups_alike),
               page.elements_alike / elements, *map(float, page.largest_alike_words)]

    markers, count_words = _TEXT_MARKERS.count(page.body_start.lower())
    count_words = max(1, count_words)
    values += [float(count) for count in markers] + [1000 * count / count_words for count in markers]
    values.append(float(count_words))
    return values
