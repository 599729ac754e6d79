"""The images of the main content: their source as a browser loads it, decorations left out.

Lazy-loading pages leave ``src`` a placeholder and put the image in ``data-src``
or a ``srcset`` (of the ``img`` or of its ``<picture>``'s ``<source>``): the
largest candidate of a ``srcset`` is taken, then a lazy-loading attribute, then
``src``. Tracking pixels, spacers and icons are left out: declared 1 or 2 pixels
wide or high, or both sides under :data:`ICON_SIZE`, hidden from readers
(``aria-hidden``), of an emoji's or icon's class, or at a known beacon's path; and
those in an aside (sharing buttons, advertisements, related links, comments).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lxml import etree

from ..html.page import Page
from .inserts import among
from .placement import INLINE_TAGS, Piece

#: Images whose declared width and height are both under this many pixels are icons.
ICON_SIZE = 48
_LAZY_ATTRIBUTES = ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src")
_SRCSET_ATTRIBUTES = ("srcset", "data-srcset", "data-lazy-srcset")
_DESCRIPTOR = re.compile(r"^(\d+(?:\.\d+)?)([wx])$")
_BEACON = re.compile(
    r"(?:^|[/._-])(?:pixel|spacer|blank|clear|transparent|1x1|beacon|dot)\.(?:gif|png)$"
    r"|/(?:pixel|beacon|track|tracking|b/ss|tr|collect|wf/open)(?:/|$)"
    r"|doubleclick\.net/|google-analytics\.com/|scorecardresearch\.com/|quantserve\.com/|/emoji/|/smilies/",
    re.IGNORECASE)
_DECORATION_CLASS = re.compile(r"\b(?:emoji|wp-smiley|icon|avatar|sprite|spacer|tracking|pixel)\b", re.IGNORECASE)


def source(image: etree._Element) -> str | None:
    """The URL a browser loads for ``image`` (as written in the page: not yet resolved), or ``None``."""
    candidates = [image]
    # A <picture>'s sources (which the parser may have made the image's parents).
    near = (ancestor for _, ancestor in zip(range(3), image.iterancestors()))
    picture = next((ancestor for ancestor in near if ancestor.tag == "picture"), None)
    if picture is not None:
        candidates.extend(picture.iter("source"))
    for element in candidates:
        for attribute in _SRCSET_ATTRIBUTES:
            largest = _largest(element.get(attribute))
            if largest:
                return largest
    for attribute in _LAZY_ATTRIBUTES:
        value = (image.get(attribute) or "").strip()
        if value and not value.lower().startswith("data:"):
            return value
    value = (image.get("src") or "").strip()
    return value or None


def _largest(srcset: str | None) -> str | None:
    """The candidate of ``srcset`` of the largest width or density."""
    if not srcset or not srcset.strip():
        return None
    best, best_size = None, -1.0
    for candidate in re.split(r",\s+|,(?=\S+\s+\d)", srcset.strip()):
        parts = candidate.split()
        if not parts or parts[0].lower().startswith("data:"):
            continue
        size = 1.0
        if len(parts) > 1 and (match := _DESCRIPTOR.match(parts[1])):
            size = float(match.group(1))
        if size > best_size:
            best, best_size = parts[0], size
    return best


def is_decoration(image: etree._Element, url: str) -> bool:
    """Whether ``image``, loaded from ``url``, is a tracking pixel, a spacer or an icon."""
    # Not role="presentation": sites (Medium) set it on their articles' images.
    if (image.get("aria-hidden") or "").strip().lower() == "true":
        return True
    width, height = _size(image.get("width")), _size(image.get("height"))
    if (width is not None and width <= 2) or (height is not None and height <= 2):
        return True
    if width is not None and height is not None and width < ICON_SIZE and height < ICON_SIZE:
        return True
    if _DECORATION_CLASS.search(image.get("class") or ""):
        return True
    return bool(_BEACON.search(url.partition("?")[0]))


def _size(value: str | None) -> float | None:
    if not value:
        return None
    match = re.match(r"\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$", value)
    return float(match.group(1)) if match else None


def figures(page: Page, pieces: Sequence[Piece], written: Callable[[etree._Element], bool],
            in_data_table: Callable[[etree._Element], bool]) -> dict[int, list[etree._Element]]:
    """The images of the main content not written inside a piece (a figure between two
    paragraphs, a lead image), by the index of the piece each goes before (see :func:`.among`);
    of the images ``written`` accepts (a source, not a decoration), not in code or a data table,
    which write theirs."""
    # The images the walk placed in a piece's own element are written there; those it joined
    # to a piece from outside its element (a figure before a paragraph) are figures.
    inline = {run.inline[-1] for piece in pieces for run in piece.runs
              if run.inline and run.inline[-1].tag == "img" and holder(run.inline[-1]) is piece.element}
    candidates = [image for image in page.elements("img") if image not in inline and written(image)
                  and next(image.iterancestors("pre"), None) is None and not in_data_table(image)]
    if not candidates:
        return {}
    return among(candidates, [piece.element for piece in pieces])


def caption(image: etree._Element, covered: set[etree._Element | None]) -> etree._Element | None:
    """The caption of the figure holding ``image``, unless a good piece (one of the elements
    ``covered``) writes some of it."""
    figure = next(image.iterancestors("figure"), None)
    found = figure.find(".//figcaption") if figure is not None else None
    if found is None or any(element in covered for element in found.iter()):
        return None
    return found


def holder(element: etree._Element) -> etree._Element | None:
    """The nearest element holding ``element`` that is not inline."""
    parent = element.getparent()
    while parent is not None and parent.tag in INLINE_TAGS:
        parent = parent.getparent()
    return parent
