"""What a page's address, title and declared types say of its kind, as numbers.

Read by the page-type model (:mod:`..pagetype`) among its features, and by the
learned model's gate (:mod:`.gate`), which needs no walk of the page for them.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .kind import ARTICLE_TYPES

#: Declared types by the page type they point to (lowercased, schema.org's without their URL).
TYPE_GROUPS: dict[str, frozenset[str]] = {
    "article": ARTICLE_TYPES,
    "product": frozenset({"product", "offer", "aggregateoffer", "productgroup", "individualproduct",
                          "product.item", "og:product", "productmodel", "vehicle"}),
    "forum": frozenset({"discussionforumposting", "qapage", "question", "answer", "comment",
                        "socialmediaposting", "conversation"}),
    "collection": frozenset({"itemlist", "collectionpage", "searchresultspage", "offercatalog", "listitem",
                             "productcollection"}),
    "documentation": frozenset({"techarticle", "apireference", "softwaresourcecode", "howto", "howtostep",
                                "definedterm", "definedtermset", "course", "learningresource"}),
    "service": frozenset({"service", "localbusiness", "organization", "professionalservice", "contactpage",
                          "aboutpage", "medicalbusiness", "place", "event", "faqpage", "corporation",
                          "educationalorganization", "collegeoruniversity", "store", "restaurant"}),
    "website": frozenset({"website", "webpage", "webpageelement", "sitenavigationelement", "breadcrumblist"}),
    "review": frozenset({"review", "aggregaterating", "rating"}),
    "person": frozenset({"person", "profilepage"}),
}
#: Words of the URL's path and of the title (split at anything but letters and digits) by what they point to.
URL_WORDS: dict[str, re.Pattern[str]] = {
    name: re.compile(rf"(?:^|[^a-z0-9])(?:{words})(?=$|[^a-z0-9])") for name, words in {
    "product": r"products?|p|item|dp|pdp|gp|sku|buy|shop/[a-z0-9-]+",
    "collection": r"collections?|category|categories|cat|c|catalog|catalogue|shop|store|department|range|browse|o",
    "listing": r"news|list|lists|latest|archive|archives|tag|tags|topics?|rankings?|reviews|best|top|events|page|"
               r"search|directory|results|recipes|jobs|podcasts|courses|trending|in-the-news",
    "forum": r"t|thread|threads|forum|forums|questions|topic|discussion|discussions|community|comments|posts?|r|"
             r"answers|showthread|showtopic|viewtopic|talk|d|board|boards|story",
    "documentation": r"docs?|documentation|reference|api|manual|guide|guides|userguide|tutorial|tutorials|handbook|"
                     r"glossary|wiki|learn|howto|faq|kb|help|support|book|stable|current|v\d+",
    "service": r"services?|solutions?|programs?|about|contact|pricing|plans?|movers|care|treatment|clinic|offers?|"
               r"deals|locations?|why-us|testimonials|membership|rentals?|hire|booking|quote|consulting|agency|"
               r"company|tutoring|calculator|department|departments|coupons|what-we-do|capabilities|certificates?",
    "article": r"blog|blogs|articles?|story|stories|insights|posts|news|features?|opinion|\d{4}/\d{2}|\d{4}",
}.items()}
#: Words of the URL's host (split at its dots and dashes) by what they point to.
HOST_WORDS: dict[str, frozenset[str]] = {
    "documentation": frozenset({"docs", "doc", "developer", "developers", "dev", "learn", "wiki", "manual", "api",
                                "reference", "guide", "readthedocs", "support", "help", "kb"}),
    "forum": frozenset({"forum", "forums", "community", "bbs", "discuss", "discourse", "answers", "talk", "board",
                        "boards", "stackexchange", "stackoverflow", "reddit", "quora", "lemmy"}),
    "shop": frozenset({"shop", "store", "buy", "market", "boutique"}),
    "news": frozenset({"news", "blog", "blogs", "times", "post", "daily", "magazine", "journal"}),
}
#: A path segment that reads as a product's code: letters and 5 or more digits, or 10+ characters
#: without a vowel-rich word (``B0D1XD1ZV3``, ``ca0581c002``, ``1005010537563439.html``).
_PRODUCT_ID = re.compile(r"/(?=[a-z0-9]*\d{3})[a-z0-9]{8,}(?:\.html?)?(?:/|$)")
_SEPARATOR = re.compile(r" [|\-–—:·] ")


def address_names() -> list[str]:
    """The names of :func:`address_columns`, in their order."""
    return [*(f"url {name}" for name in URL_WORDS), "url depth", "url length", "url query", "url digits",
            "url ends in slash", "url .html", *(f"host {name}" for name in HOST_WORDS), "url home page",
            "url last segment words", "url last segment length", "url number segment", "url product code"]


def address_columns(url: str | None) -> list[float]:
    """What the words, depth and shape of ``url`` say of the page's kind (see :func:`address_names`)."""
    try:
        parts = urlsplit(url or "")
    except ValueError:  # "http://[bad": a URL no browser goes to tells nothing of the page
        parts = urlsplit("")
    path = parts.path.lower()
    values = [float(len(pattern.findall(path))) for pattern in URL_WORDS.values()]
    segments = [segment for segment in path.split("/") if segment]
    last = segments[-1].rpartition(".")[0] or segments[-1] if segments else ""
    values += [float(len(segments)), float(len(path)), float(bool(parts.query)), float(sum(c.isdigit() for c in path)),
               float(path.endswith("/")), float(path.endswith((".html", ".htm", ".php", ".aspx")))]
    host_words = set(re.split(r"[.-]", (parts.hostname or "").lower()))
    values += [float(bool(host_words & words)) for words in HOST_WORDS.values()]
    values += [float(not segments and not parts.query), float(len(re.split(r"[-_+]", last)) if last else 0),
               float(len(last)), float(any(segment.isdigit() and len(segment) >= 4 for segment in segments)),
               float(bool(_PRODUCT_ID.search(path)))]
    return values


def title_names() -> list[str]:
    """The names of :func:`title_columns`, in their order."""
    return [*(f"title {name}" for name in URL_WORDS), "title chars", "title words", "title separators"]


def title_columns(title: str) -> list[float]:
    """What the words of the page's ``title`` say of its kind (see :func:`title_names`)."""
    lowered = title.strip().lower()
    values = [float(len(pattern.findall(lowered))) for pattern in URL_WORDS.values()]
    return values + [float(len(lowered)), float(len(lowered.split())), float(len(_SEPARATOR.findall(lowered)))]
