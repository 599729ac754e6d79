"""The images of the main content: their source as a browser loads it, decorations left out, and
the figures between good blocks that belong to them.

Lazy-loading pages leave ``src`` a placeholder and put the image in ``data-src``
or a ``srcset`` (of the ``img`` or of its ``<picture>``'s ``<source>``): the
largest candidate of a ``srcset`` is taken, then a lazy-loading attribute, then
``src``. Tracking pixels, spacers and icons are left out: declared 1 or 2 pixels
wide or high, or both sides under :data:`ICON_SIZE`, hidden from readers
(``aria-hidden``, ``role="presentation"``), or at a known beacon's path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from .placement import INLINE_TAGS

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
#: Containers of images that are not the content's, by their class or id.
_ASIDE = re.compile(r"(?:^|[\s_-])(?:ad|ads|advert\w*|sponsor\w*|promo\w*|share|sharing|social|related|avatar|author"
                    r"|comments?|newsletter|banner|byline)(?:$|[\s_-])", re.IGNORECASE)
#: How many structure levels above an image the good blocks around it are looked for.
_NEAR = 4
#: Wrappers of an image that do not count as levels: inline elements, figures, pictures.
_WRAPPERS = INLINE_TAGS | {"figure", "picture", "noscript", "center"}


def source(image: etree._Element) -> str | None:
    """The URL a browser loads for ``image`` (as written in the page: not yet resolved), or ``None``."""
    candidates = [image]
    parent = image.getparent()
    if parent is not None and parent.tag == "picture":
        candidates.extend(parent.iterchildren("source"))
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
    if (image.get("aria-hidden") or "").strip().lower() == "true" or (image.get("role") or "").strip().lower() in (
            "presentation", "none"):
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


def figures(images: Sequence[etree._Element], elements: Sequence[etree._Element | None],
            ) -> dict[int, list[etree._Element]]:
    """Where each of ``images`` belongs among the good pieces whose elements are ``elements``
    (document order): the index of the piece it is written before (``len(elements)``: after
    the last), for those of the main content.

    An image belongs to it when, within :data:`_NEAR` structure levels above it, the nearest
    element holding good pieces holds them on both sides of it (a figure between two
    paragraphs), or it is that close to one (a lead image beside the first paragraph); not
    inside an aside (advertisement, sharing, related links, comments) on the way.
    """
    # Each ancestor of a piece's element, up to the levels looked at, with its pieces in order.
    holding: dict[etree._Element, list[int]] = {}
    for index, element in enumerate(elements):
        node = element
        for _ in range(_NEAR + 2):
            if node is None:
                break
            holding.setdefault(node, []).append(index)
            node = node.getparent()
    placed: dict[int, list[etree._Element]] = {}
    for image in images:
        child, node, levels = image, image.getparent(), 0
        while node is not None and levels <= _NEAR:
            if node.tag not in _WRAPPERS:
                levels += 1
            if _ASIDE.search(f"{child.get('class') or ''} {child.get('id') or ''}") and child is not image:
                break
            around = holding.get(node)
            if around is not None:
                before = _place(node, child, around, elements, levels)
                if before is not None:
                    placed.setdefault(before, []).append(image)
                break
            child, node = node, node.getparent()
    return placed


def _place(holder: etree._Element, child: etree._Element, around: list[int],
           elements: Sequence[etree._Element | None], levels: int) -> int | None:
    """The index of the piece an image in ``child`` of ``holder`` goes before, or ``None``."""
    position = holder.index(child)
    before = after = None
    for index in around:
        element = elements[index]
        if element is holder:  # the image lies in the piece's own element, after or among its text
            before = index
            continue
        while element is not None and element.getparent() is not holder:
            element = element.getparent()
        if element is None:
            continue
        if holder.index(element) < position:
            before = index
        elif after is None:
            after = index
    if before is not None and after is not None:
        return after
    if levels > 2:
        return None
    if after is not None:
        return after
    return None if before is None else before + 1
