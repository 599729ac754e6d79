"""Making a page inert: nothing of it runs and nothing is fetched when a browser shows it.

Scripts, event handlers, ``javascript:`` links, frames, embedded objects,
linked stylesheets and fonts, images and every ``url(...)`` in styles go;
the page's text, structure and inline styles stay, so that it still looks
like itself. The view adds a Content-Security-Policy on top (see
:mod:`.view`), so that anything missed here is blocked by the browser.
"""

from __future__ import annotations

import re

from lxml import etree

#: Elements removed with their content: code, and containers of other documents or media.
REMOVED_TAGS = frozenset({
    "script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet", "link", "base",
    "portal", "audio", "video", "source", "track", "template",
})
#: Attributes that make a browser fetch something.
RESOURCE_ATTRIBUTES = frozenset({
    "src", "srcset", "data", "poster", "background", "lowsrc", "dynsrc", "archive", "codebase",
    "longdesc", "ping", "manifest", "xlink:href", "imagesrcset", "formaction", "action",
})
#: Elements whose ``href`` is fetched, not followed: in SVG, images and references.
_FETCHED_HREF_TAGS = frozenset({"image", "use", "feimage", "pattern", "script", "style"})
#: Attributes of this prefix are the view's own and stay on replaced images.
KEPT_ATTRIBUTE_PREFIX = "data-sb-"
_URL = re.compile(r"url\s*\([^)]*\)?|@import[^;]*;?|expression\s*\(", re.IGNORECASE)
_IMAGE_STYLE = "display:inline-block;border:1px dashed #999;padding:0 .3em;color:#666;font:italic 12px sans-serif"


def make_inert(root: etree._Element) -> None:
    """Strip ``root``'s tree, in place, of what runs or fetches; images become their alt text."""
    for element in list(root.iter(etree.Comment, etree.ProcessingInstruction)):
        _drop(element)
    removed = [element for element in root.iter() if isinstance(element.tag, str) and _removed(element)]
    for element in removed:
        _drop(element)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        tag = element.tag.lower()
        for name in list(element.attrib):
            if _unsafe_attribute(tag, str(name).lower(), str(element.get(name, ""))):
                del element.attrib[name]
        style = element.get("style")
        if style is not None:
            element.set("style", _URL.sub("", style))
        if tag == "style" and element.text:
            element.text = _URL.sub("", element.text)
        elif tag == "img" or (tag == "input" and (element.get("type") or "").lower() == "image"):
            _replace_image(element)


def _removed(element: etree._Element) -> bool:
    tag = element.tag.lower()
    if tag in REMOVED_TAGS:
        return True
    # A refresh navigates away; other meta elements are harmless.
    return tag == "meta" and (element.get("http-equiv") or "").lower() == "refresh"


def _unsafe_attribute(tag: str, name: str, value: str | None) -> bool:
    if name.startswith("on") or name in RESOURCE_ATTRIBUTES:
        return True
    if name in ("href", "xlink:href"):
        link = "".join((value or "").split()).lower()
        return link.startswith(("javascript:", "vbscript:", "data:")) or (
            tag in _FETCHED_HREF_TAGS and not link.startswith("#"))
    return False


def _replace_image(element: etree._Element) -> None:
    alt = (element.get("alt") or "").strip()
    kept = {name: value for name, value in element.attrib.items() if str(name).startswith(KEPT_ATTRIBUTE_PREFIX)}
    tail = element.tail
    element.clear()
    element.tag = "sb-image"
    element.attrib.update(kept)
    element.set("style", _IMAGE_STYLE)
    element.text = f"image: {alt}" if alt else "image"
    element.tail = tail


def _drop(element: etree._Element) -> None:
    """Remove ``element`` and its content, keeping the text that follows it."""
    parent = element.getparent()
    if parent is None:
        return
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)
