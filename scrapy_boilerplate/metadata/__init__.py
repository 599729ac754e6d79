"""A page's article record: headline, authors, dates, description, site, canonical URL, image, language.

:func:`read_metadata` takes the parsed page, its URL and the classifier's
labelled blocks and gives a :class:`~scrapy_boilerplate.model.Metadata`. The
structured data comes first (:mod:`.structured`), then what the page shows
(:mod:`.page`). Every value is checked and bounded here: a value that is not
what its field holds is left out, an overlong one capped, and either is named
in ``Metadata.invalid`` to be counted; no page's metadata raises.
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from lxml import etree

from ..html.languages import LANGUAGE_CODES, language_code
from ..html.urls import join_url
from ..model import Block, Labelled, Metadata
from ..model.text import shown
from . import page
from .authors import person
from .dates import iso_date, local_day, url_date
from .elements import find
from .page import words
from .structured import Found, read_structured

__all__ = ["read_metadata"]

#: A longer title is not a headline (a paragraph in ``og:title``): refused.
MAX_TITLE = 400
#: Longer descriptions are cut to this many characters.
MAX_DESCRIPTION = 2000
#: Names and site names longer than this are refused.
MAX_NAME = 100
#: More authors than this are cut to this many.
MAX_AUTHORS = 20
#: Longer URLs are refused.
MAX_URL = 4096
#: What separates a title from the site's name in ``<title>`` and ``og:title``: " | Site", " - Site".
_TITLE_SEPARATORS = re.compile(r"\s+[|\-–—·•»:/]\s+|\s+::\s+|\s*\|\s*")
#: Parts of host names that name no site.
_HOST_WORDS = frozenset({"www", "com", "org", "net", "co", "uk", "io", "de", "fr", "gov", "edu"})


def read_metadata(root: etree._Element, url: str | None = None, labelled: Labelled | None = None,
                  base: str | None = None) -> Metadata:
    """The metadata of the page under ``root``; ``labelled`` (the classifier's blocks, their
    elements and the stoplist's language) points to the headline, ``base`` (the URL relative
    links resolve against, by default ``url``) makes URLs absolute."""
    elements = find(root, page.MAX_CANDIDATES)
    found = Found()
    read_structured(root, elements, found)
    invalid = found.invalid
    blocks: Sequence[Block] = labelled.blocks if labelled is not None else ()
    starts: Sequence[object] = labelled.starts if labelled is not None else ()
    site_name = _first_text(found.values["site_name"], MAX_NAME, "site_name", invalid)
    modified = _date(found.values["date_modified"], "date_modified", invalid)
    published = _published(found.values["date_published"], modified, invalid)
    base = base or url
    # An <h1> naming the site (its logo) is no headline.
    headlines = [(text, element) for text, element in page.headline(root, elements.headings, blocks, starts)
             if len(text) <= MAX_TITLE and not names_site(text, site_name, url)]
    canonical_url = _absolute(found.values["canonical_url"], base, "canonical_url", invalid)
    return Metadata(
        title=_title(elements.title, found, headlines, site_name, url, invalid),
        authors=_authors(root, found, [element for _, element in headlines[:1]], _Site(site_name, url, found), invalid),
        # The permalink's date where the URL fetched has none (an archive's copy, a short link).
        date_published=_date_published(root, elements.times, url if url_date(url) else canonical_url, published,
                                       modified, [element for _, element in headlines[:3]]),
        date_modified=modified,
        description=_description(found.values["description"], invalid),
        site_name=site_name,
        canonical_url=canonical_url,
        image=_absolute(found.values["image"], base, "image", invalid),
        language=_language(found.values["language"], labelled),
        invalid=sorted(invalid),
    )


def clean(value: object) -> str:
    """Text as a field holds it: character references resolved (JSON-LD carries ``&amp;``), whitespace
    collapsed, format hints left out (soft hyphens: see ``model.text.FORMAT_HINTS``)."""
    if not isinstance(value, str):
        return ""
    return shown(html.unescape(value) if "&" in value else value)


def _first_text(values: list[object], limit: int, name: str, invalid: set[str]) -> str | None:
    for value in values:
        text = clean(value)
        if len(text) > limit:
            invalid.add(name)
        elif text:
            return text
    return None


def _title(title_text: str, found: Found, headlines: list[tuple[str, etree._Element]], site_name: str | None,
           url: str | None, invalid: set[str]) -> str | None:
    """The headline: ``title_text`` is the page's first ``<title>``'s."""
    declared = [text for value in found.values["title"] if (text := _bounded_title(value, invalid))]
    page_title = _bounded_title(title_text, invalid)
    if page_title:
        declared.append(page_title)
    stripped = [strip_site(text, site_name, url) for text in declared]
    # The visible <h1> that the page's declared titles name, whole (a JSON-LD headline may be cut short).
    best: tuple[str, etree._Element] | None = None
    best_score = 0.0
    # Each declared title's first part, split once for all the <h1>s (pages repeat a title in og:title,
    # twitter:title and JSON-LD: compared once).
    titles = [(_first_part(title), short) for title, short in dict.fromkeys(zip(declared, stripped))]
    for text, element in headlines:
        score = max((_naming(text, first, short) for first, short in titles), default=0.0)
        if score >= 0.5 and score > best_score:
            best, best_score = (text, element), score
    if best is not None:
        # An <h1> that shows the page's <title> and, in elements of its own, what the title does
        # not say (a date, a byline, a tagline): the title.
        inner = strip_site(page_title, site_name, url) if page_title else None
        if inner and words(inner) != words(best[0]) and page.shows_aside(best[1], words(inner)):
            return inner
        return best[0]
    headline = _bounded_title(found.headline, invalid)
    if headline:
        return headline
    # No <h1> the declared titles name: the page's own title over an <h1> they do not name (a
    # landing page's slogan, a section's name); an <h1> only where the page declares no title.
    return stripped[0] if stripped else (headlines[0][0] if headlines else None)


def _first_part(title: str) -> str:
    """The first part of ``title`` between its separators ("Quickstart" of "Quickstart — Flask
    Documentation (3.1.x)"); the whole where it has none."""
    return next((part for part in _TITLE_SEPARATORS.split(title) if part.strip()), title)


def _naming(text: str, first: str, stripped: str) -> float:
    """How well a declared title (its :func:`_first_part` ``first``, ``stripped`` of the site's name)
    names the <h1> ``text``: the token F1 of the two; 1.0 where ``text`` is the title's first part,
    whatever the other parts name; at least 0.5, enough to name it, where ``text`` says the title's
    words (two or more) and more ("River levels" of "River levels rise after a week of rain")."""
    if token_f1(text, first) >= 0.9:
        return 1.0
    short = words(stripped)
    score = token_f1(text, stripped)
    return max(score, 0.5) if len(short) > 1 and page.runs_inside(short, words(text)) else score


def _bounded_title(value: object, invalid: set[str]) -> str | None:
    text = clean(value)
    if len(text) > MAX_TITLE:
        invalid.add("title")
        return None
    return text or None


def strip_site(title: str, site_name: str | None, url: str | None) -> str:
    """``title`` without the site's name that ``<title>`` and ``og:title`` add: "Headline | Site"
    gives "Headline". The part naming the site (its name, or its host's) goes; of several
    parts left, the longest stays."""
    parts = [part for part in _TITLE_SEPARATORS.split(title) if part.strip()]
    if len(parts) < 2:
        return title
    kept = [part for part in parts if not names_site(part, site_name, url)]
    if not kept:
        return title
    longest = max(kept, key=len)
    # "Headline | Site", or "Headline / Section / Site": the headline is the longest part, when
    # it holds half the title's words (else the separators were the headline's own punctuation).
    if len(kept) < len(parts) or len(parts) == 2 or 2 * len(words(longest)) >= len(words(title)):
        return longest
    return title


def names_site(text: str, site_name: str | None, url: str | None) -> bool:
    """Whether ``text`` is the site's name: words all of its ``site_name`` or of its host's name."""
    named = [word for word in words(text) if word not in _HOST_WORDS]
    if not named:
        return False
    site_words, host_words, unhyphenated = _site_words(site_name, url)
    return (set(named) <= site_words or set(named) <= host_words
            or "".join(named) in host_words or "".join(named) in unhyphenated)


@functools.lru_cache(maxsize=8)
def _site_words(site_name: str | None, url: str | None) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The words of ``site_name``, those of the host's name, and these without hyphens: the same for
    every text of a page that :func:`names_site` is asked about (a dozen a page)."""
    try:
        host = urlsplit(url or "").hostname or ""
    except ValueError:  # an unclosed IPv6 bracket: no host to name the site
        host = ""
    host_words = frozenset(host.split(".")) - _HOST_WORDS
    return frozenset(words(site_name or "")), host_words, frozenset(word.replace("-", "") for word in host_words)


def token_f1(one: str, other: str) -> float:
    """The F1 of the words two texts share (lower case, as multisets)."""
    first, second = words(one), words(other)
    if not first or not second:
        return 0.0
    remaining = list(second)
    shared = 0
    for word in first:
        if word in remaining:
            remaining.remove(word)
            shared += 1
    return 2 * shared / (len(first) + len(second))


class _Site:
    """The names of the site and its publisher: a page's author field holds them where no person signs."""

    def __init__(self, site_name: str | None, url: str | None, found: Found) -> None:
        self.site_name, self.url = site_name, url
        self.publishers = {tuple(words(clean(name))) for names in found.values["publishers"] for name in names}

    def named(self, name: str) -> bool:
        return names_site(name, self.site_name, self.url) or tuple(words(name)) in self.publishers


def _authors(root: etree._Element, found: Found, headlines: list[etree._Element], site: _Site,
             invalid: set[str]) -> list[str]:
    """The first source's people; the site's or publisher's own name only where no source names one:
    it signs the articles nobody else does, and stands in for the writer where a page names both."""
    sources = itertools.chain(found.values["authors"], page.bylines(root, headlines))
    fallback: list[str] = []
    for candidates in sources:
        names = _names(candidates, invalid)
        people = [name for name in names if not site.named(name)]
        if people:
            return people
        fallback = fallback or names
    return fallback


def _names(candidates: Sequence[object], invalid: set[str]) -> list[str]:
    names: list[str] = []
    for value in candidates:
        text = clean(value)
        if not text or "://" in text or text.startswith("@"):  # a profile's URL, a Twitter handle
            continue
        if len(text) > MAX_NAME:
            invalid.add("authors")
            continue
        # One structured value is one name ("Doe, Jane", "Ann Lee, Editor") unless it lists several.
        for split in page.split_names(text, commas=text.count(",") > 1 or " and " in text) or [text]:
            name = person(split)
            if name is None or name in names:
                continue
            if len(names) == MAX_AUTHORS:
                invalid.add("authors")
                return names
            names.append(name)
    return names


def _date(values: list[object], name: str, invalid: set[str]) -> str | None:
    for value in values:
        date = iso_date(value)
        if date:
            return date
        invalid.add(name)
    return None


def _published(values: list[object], modified: str | None, invalid: set[str]) -> str | None:
    """The first declared publication date no later than the declared modification: a later one is
    the page's (a CMS's rendering, a feed's), not the article's. The first, where all are later."""
    dates = []
    for value in values:
        date = iso_date(value)
        if not date:
            invalid.add("date_published")
        elif not modified or date[:10] <= modified[:10]:
            return date
        else:
            dates.append(date)
    return dates[0] if dates else None


def _date_published(root: etree._Element, times: list[etree._Element], url: str | None, published: str | None,
                    modified: str | None, headlines: list[etree._Element]) -> str | None:
    """The declared publication date, unless the page shows its readers another by its headline,
    not labelled as a revision's ("Updated ..."), earlier than the declared modification, not the
    declared UTC time's local day, and the declared one nowhere: then the one it shows. A declared
    UTC time whose local day the URL gives (the day before or after): that day. Without a declared
    date, the URL's (a permalink's, set when the article was published), else the date by the
    headline, else one in a ``<time>`` or marked element."""
    near, updated = next(filter(None, map(page.date_near, headlines)), (None, False))
    if published:
        # A date after the last modification is not the article's (the site's clock, a later comment).
        if (near and not updated and near[:10] != published[:10] and not (modified and near[:10] >= modified[:10])
                and not local_day(published, near)
                and published[:10] not in {date[:10] for date in page.dates(root, times)[0]}):
            return near
        # The URL's date is the site's own day (a CMS's permalink); a UTC time may fall on the next or the last.
        in_url = url_date(url)
        return in_url if in_url and local_day(published, in_url) else published
    if in_url := url_date(url):
        return in_url
    dates, original = page.dates(root, times)
    if original:
        return original
    if near:
        return near
    return dates[0] if dates else page.attribute_date(root)


def _description(values: list[object], invalid: set[str]) -> str | None:
    for value in values:
        text = clean(value)
        if len(text) > MAX_DESCRIPTION:
            invalid.add("description")
            return text[:MAX_DESCRIPTION].rsplit(" ", 1)[0] + "…"
        if text:
            return text
    return None


def _absolute(values: list[object], base: str | None, name: str, invalid: set[str]) -> str | None:
    for value in values:
        text = value.strip() if isinstance(value, str) else ""
        if len(text) > MAX_URL or text.startswith("data:"):
            invalid.add(name)
            continue
        if not base and not text.startswith(("http://", "https://")):
            continue  # relative, and nothing to resolve it against: not the value's fault
        if text:
            absolute = join_url(base or "", text)
            if absolute and absolute.startswith(("http://", "https://")):
                return absolute
            invalid.add(name)
    return None


def _language(values: list[object], labelled: Labelled | None) -> str | None:
    """The stoplist's language when the classifier used one (it read the text), else the declared one."""
    code = language_code(labelled.language) if labelled is not None else None
    if code:
        return code
    for value in values:
        if isinstance(value, str):
            declared = value.strip().lower().replace("_", "-")
            primary = declared.partition("-")[0]
            if primary in LANGUAGE_CODES or (len(primary) == 2 and primary.isalpha()):
                return primary
    return None
