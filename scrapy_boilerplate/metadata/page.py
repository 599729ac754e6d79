"""What the page shows a reader: its headline, byline and dates, where the structured data is silent.

The headline is the ``<h1>`` the classifier's blocks point to; the byline an
element the page marks as the author's (``rel="author"``, a class or id with
"author" or "byline"); the date a ``<time datetime>``, an element marked as a
date, or the URL's ``/2025/12/19/``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from typing import cast

from lxml import etree

from ..html.nodes import address, addresses
from ..html.search import dated_near, last_before, marked, marked_near, named
from ..model import GOOD, Block
from ..model.text import shown
from .authors import BY
from .dates import MODIFIED_NAME, PUBLISHED_NAME, iso_date, text_date

#: How many candidates of each kind are looked at: a page of a thousand bylines has none.
MAX_CANDIDATES = 50
#: Bylines longer than this are a biography or a paragraph, not a name.
MAX_BYLINE = 120

#: How many elements after the headline, and before it, its date is looked for in.
AFTER = 150
BEFORE = 40
#: How much farther an element before the headline counts than one after it, for the date nearest it.
BEFORE_WEIGHT = 3
#: Longer texts are sentences that may mention a date, not a dateline.
MAX_DATE_TEXT = 80
#: A short text of this many words or more that ends as a sentence does is one, not a dateline.
SENTENCE_WORDS = 8
_YEAR = re.compile(r"\d{4}")
#: How many characters before a date its label is looked for in.
LABEL = 30
#: Words that label a date as a revision's, in the languages of the stoplists most used.
UPDATED = re.compile(r"updat|modifi|revised|aktualisiert|geändert|mis à jour|actualizad|atualizad|aggiornat"
                     r"|bijgewerkt|zaktualizowan|обновлен|оновлен|güncellen|uppdaterad|opdateret|oppdatert"
                     r"|päivitetty|aktualizov|更新|업데이트", re.IGNORECASE)
#: Words that label a date as the article's first publication, though it has been revised since.
ORIGINAL = re.compile(r"(?:originally|first) (?:published|posted)"
                      r"|(?:ursprünglich|erstmals) (?:veröffentlicht|erschienen)"
                      r"|publié (?:initialement|à l'origine|pour la première fois)|originalmente publicado"
                      r"|publicado (?:originalmente|originariamente|por primera vez)"
                      r"|pubblicato (?:originariamente|originalmente|per la prima volta)|oorspronkelijk gepubliceerd"
                      r"|pierwotnie opublikowan", re.IGNORECASE)
_WORDS = re.compile(r"\w+")
#: Elements that are never a byline or a date, whatever their class.
_NOT_MARKED = frozenset({"meta", "link", "script", "style", "body", "html", "article", "main", "img"})
#: Elements whose attributes give no publication time: read already (``<meta>``), or an image's upload.
_NOT_DATED = frozenset({"meta", "link", "script", "style", "img", "picture", "source", "video"})
#: Words of a class or id that mark a byline; of a class, and of an id, that mark a date; of an
#: attribute's name that may give a publication time (its pattern decides).
_AUTHOR_MARKS = ("author", "byline")
_DATE_CLASS_MARKS = ("date", "publish", "posted", "time")
_DATE_ID_MARKS = ("date",)
_DATE_NAME_PARTS = ("pub", "creat", "issue", "upload")


def _encoded(words: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(word.encode() for word in words)


#: What the page-wide searches look for in C (``html.search``): a superset of what ``_marked_author``,
#: ``_marked_date`` and ``attribute_date`` accept, which decide.
_MAYBE_AUTHOR = {b"class": _encoded(_AUTHOR_MARKS), b"id": _encoded(_AUTHOR_MARKS), b"rel": (b"author",)}
_MAYBE_DATE = {b"class": _encoded(_DATE_CLASS_MARKS), b"id": _encoded(_DATE_ID_MARKS)}
_MAYBE_DATED = _encoded(_DATE_NAME_PARTS)
_NAME_SEPARATORS = re.compile(r"\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b)\s*")
_NAME_SEPARATORS_BUT_COMMAS = re.compile(r"\s*(?:;|&|\band\b|\bund\b|\bet\b|\by\b)\s*")


def headline(root: etree._Element, h1s: list[etree._Element], blocks: Sequence[Block],
             starts: Sequence[object]) -> list[tuple[str, etree._Element]]:
    """The page's ``<h1>`` elements (``h1s``, the first :data:`MAX_CANDIDATES`) and their texts, the
    likeliest headline first: one that starts a good block, then the last before the first good
    block, then the others in document order."""
    if not h1s:
        return []
    # The good blocks' starts by their nodes' addresses: an element object each would cost more
    # than the rest (jusText's starts make theirs when read).
    good = [number for number, block in enumerate(blocks[:len(starts)]) if block.label == GOOD]
    nodes = memoryview(addresses(starts)).cast("P")  # pointer-sized: a size_t each
    good_nodes = {nodes[number] for number in good}
    first = [starts[number] for number in good[:5]]
    ranked: list[tuple[int, int, etree._Element]] = []
    before = last_before(root, h1s, first[0]) if first else None
    for position, element in enumerate(h1s):
        in_good = address(element) in good_nodes or any(_inside(start, element) for start in first)
        ranked.append((0 if in_good else 1 if element is before else 2, position, element))
    ranked.sort(key=lambda item: item[:2])
    return [(text, element) for *_, element in ranked if (text := visible_text(element))]


def shows_aside(element: etree._Element, title: list[str]) -> bool:
    """Whether the headline ``element`` shows the ``title`` (its words) and, in child elements
    of its own, words beside it that the title does not have: a date, a byline, a tagline, a
    source in a ``<span>``. Its text without those children is the title's."""
    kept: list[str] = []
    aside = _without_asides(element, title, kept)
    return aside and words(" ".join(kept)) == title


def _without_asides(element: etree._Element, title: list[str], kept: list[str]) -> bool:
    """Put into ``kept`` the text of ``element`` without its descendants whose words are neither
    a part of ``title`` nor hold it (a link around the headline and its date); whether there was one."""
    aside = False
    kept.append(element.text or "")
    for child in element:
        if isinstance(child.tag, str) and child.tag not in _UNSEEN:
            shown = words(visible_text(child))
            if runs_inside(shown, title):
                kept.append(f" {visible_text(child)} ")
            elif runs_inside(title, shown):
                kept.append(" ")
                aside = _without_asides(child, title, kept) or aside
                kept.append(" ")
            else:
                aside = True
        kept.append(child.tail or "")
    return aside


def words(text: str) -> list[str]:
    """The words of ``text``, lower-cased (``\\w+``): what titles are compared by."""
    return _WORDS.findall(text.lower())


def runs_inside(run: list[str], other: list[str]) -> bool:
    """Whether the words ``run`` are ``other``'s or a run of them (no words are)."""
    return not run or any(other[start:start + len(run)] == run for start in range(len(other) - len(run) + 1))


def date_near(anchor: etree._Element) -> tuple[str, bool] | None:
    """The date written in a short text nearest ``anchor`` (the headline: a byline's date follows
    it, a dateline precedes it), after it where two are as near, and whether the page labels it as
    a revision's ("Updated", "Last modified", "Aktualisiert", "Mis à jour"); or ``None``."""
    # The :data:`AFTER` nodes after it and :data:`BEFORE` before it that may show one, found in C.
    following, preceding = dated_near(anchor, AFTER, BEFORE)
    after = _first_date(following)
    before = _first_date(preceding)
    if after is None or before is None:
        found = after or before
        return found[1] if found else None
    # A revision's date gives way to the other; else the nearer, counting elements before the headline
    # (its page's header and navigation) as farther than those after it (a byline, an image, a share bar).
    if after[1][1] != before[1][1]:
        return before[1] if after[1][1] else after[1]
    return before[1] if BEFORE_WEIGHT * before[0] < after[0] else after[1]


def _first_date(elements: list[tuple[int, etree._Element]]) -> tuple[int, tuple[str, bool]] | None:
    """The first date of a short text among ``elements``, with the place of its element."""
    for position, element in elements:
        # A <time>'s machine-readable value over the text it shows ("3 days ago", a reformatted date).
        declared = iso_date(element.get("datetime") or "") if element.tag == "time" else None
        if declared and visible_text(element):  # an empty <time> shows the reader nothing
            return position, (declared, _labelled_update(element, element.text or ""))
        texts = (element.tail,) if element.tag in _UNSEEN or not isinstance(element.tag, str) else (
            element.text, element.tail)
        for text in texts:
            if text and len(text) <= MAX_DATE_TEXT and _YEAR.search(text) and not _sentence(text):
                found = text_date(text)
                if found:
                    return position, (found, _labelled_update(element, text))
    return None


def _labelled_update(element: etree._Element, text: str) -> bool:
    """Whether ``text`` (of ``element``, its text or tail) or what its line shows just before it
    (in the text of its parent or grandparent, up to it) says that the date in it is a revision's."""
    if UPDATED.search(text):
        return True
    shown = " ".join(text.split())
    line = element.getparent() if text is element.tail else element
    for _ in range(2):
        if line is None:
            break
        seen = visible_text(line)
        if shown in seen:
            before = seen[:seen.index(shown)]
            if UPDATED.search(before[-LABEL:]):
                return True
        line = line.getparent()
    return False


def _sentence(text: str) -> bool:
    """Whether ``text`` reads as a sentence ("... remain open after April 15, 2025."), which mentions
    a date, rather than a dateline ("Posted on April 15, 2025")."""
    return text.rstrip()[-1:] in ".!?" and len(text.split()) >= SENTENCE_WORDS


def _inside(start: object, element: etree._Element) -> bool:
    return isinstance(start, etree._Element) and any(parent is element for parent in start.iterancestors())


def bylines(root: etree._Element, anchors: Sequence[etree._Element]) -> Iterator[list[str]]:
    """The names in the elements the page marks as its author's (``rel="author"``, a class or id
    with "author" or "byline"): near the first of the headline ``anchors``, or anywhere in a page
    without one; each element's in a list."""
    candidates: Iterator[etree._Element]
    if anchors:
        candidates = filter(_marked_author, marked_near(anchors[0], AFTER, BEFORE, _MAYBE_AUTHOR))
    else:  # a search of the whole page: only without a headline
        candidates = itertools.islice(filter(_marked_author, marked(root, _MAYBE_AUTHOR)), MAX_CANDIDATES)
    for element in candidates:
        text = visible_text(element)
        if not text or len(text) > MAX_BYLINE:
            continue
        names = split_names(BY.sub("", text))
        if names:
            yield names


def _marked_author(element: etree._Element) -> bool:
    if not isinstance(element.tag, str) or element.tag in _NOT_MARKED:
        return False
    marks = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    return any(word in marks for word in _AUTHOR_MARKS) or element.get("rel") == "author"


def _marked_date(element: etree._Element) -> bool:
    if element.tag in _NOT_MARKED:
        return False
    marks, id_marks = (element.get("class") or "").lower(), (element.get("id") or "").lower()
    return any(word in marks for word in _DATE_CLASS_MARKS) or any(word in id_marks for word in _DATE_ID_MARKS)


def split_names(text: str, *, commas: bool = True) -> list[str]:
    """The names in a byline: "A, B and C" is three (with ``commas=False``, "Doe, Jane" stays one);
    text that is not a few words of a name is none."""
    text = re.split(r"\s+(?:on|updated|published|posted|\||·|•|—|–|-)\s+|\d", text, maxsplit=1)[0]
    parts = (_NAME_SEPARATORS if commas else _NAME_SEPARATORS_BUT_COMMAS).split(text)
    names = [" ".join(part.split()).strip(" .:") for part in parts]
    return [name for name in names if name and is_name(name)]


def is_name(text: str) -> bool:
    """Whether ``text`` looks like a person's (or an organization's) name: one to six words, none of them long."""
    words = text.split()
    return (0 < len(words) <= 6 and len(text) <= 60 and not any(len(word) > 25 for word in words)
            and any(character.isalpha() for character in text) and "@" not in text and "://" not in text)


def dates(root: etree._Element, times: list[etree._Element]) -> tuple[list[str], str | None]:
    """The dates the page shows, ISO 8601, in the order found: those of the ``<time>`` elements
    ``times`` (the page's first :data:`MAX_CANDIDATES`), then those in the text of elements marked
    as dates; and the one of these that the page labels as the article's first publication ("This
    article was originally published on 26 Sep 2019 but has been updated"), or ``None``."""
    found = []
    for element in times:
        value = iso_date(element.get("datetime") or "") or text_date(visible_text(element)[:100])
        if value:
            found.append(value)
    original = None
    for element in itertools.islice(filter(_marked_date, marked(root, _MAYBE_DATE)), MAX_CANDIDATES):
        # A long one (a post's header with its edits, its tags) gives the date it starts with.
        text = visible_text(element)[:MAX_DATE_TEXT]
        value = text_date(text)
        if value:
            found.append(value)
            label = ORIGINAL.search(text) if original is None else None
            original = text_date(text[label.end():]) if label else original
    return found, original


def attribute_date(root: etree._Element) -> str | None:
    """The first publication time an element's attribute holds (``<shreddit-post created-timestamp>``,
    ``data-published``): where a page's own elements carry the time, a script shows it."""
    for element in named(root, _MAYBE_DATED):
        for name in cast("list[str]", element.keys()):  # lxml gives text
            # Most names are "class", "href", "src": a cheap test before the pattern.
            if any(part in name for part in _DATE_NAME_PARTS) and (
                    PUBLISHED_NAME.search(name) and not MODIFIED_NAME.search(name)
                    and element.tag not in _NOT_DATED and (date := iso_date(element.get(name)))):
                return date
    return None


#: Elements whose start or end separates words, as a browser shows them.
_BREAKS = frozenset({"br", "p", "div", "li", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section",
                     "header", "ul", "ol", "dd", "dt", "figcaption", "blockquote", "hr", "small"})
#: Elements whose text a reader does not see.
_UNSEEN = frozenset({"script", "style", "svg", "noscript", "template", "title"})


def visible_text(element: etree._Element) -> str:
    """The text of ``element`` as a reader sees it: a space where a line break or a block separates
    words, nothing of scripts, styles and icons, nor of format hints (soft hyphens)."""
    parts: list[str] = []
    _collect(element, parts)
    return shown("".join(parts))


def _collect(element: etree._Element, parts: list[str]) -> None:
    parts.append(element.text or "")
    for child in element:
        if isinstance(child.tag, str) and child.tag not in _UNSEEN:
            apart = " " if child.tag in _BREAKS else ""
            parts.append(apart)
            _collect(child, parts)
            parts.append(apart)
        parts.append(child.tail or "")
