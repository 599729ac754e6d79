"""Making a page inert: nothing of it runs and nothing is fetched when a browser shows it.

Scripts, event handlers, links breaking the URL rule (:mod:`..html.urls`), frames, embedded objects,
linked stylesheets and fonts, images and every ``url(...)`` in styles go;
the page's text, structure and inline styles stay, so that it still looks
like itself. The view adds a Content-Security-Policy on top (see
:mod:`.view`), so that anything missed here is blocked by the browser.
"""

from __future__ import annotations

import re

from lxml import etree

from ..html.urls import URL_ATTRIBUTES, browser_form, safe_url
from ..model.text import NOT_XML, xml_safe

#: Elements removed with their content: code, and containers of other documents or media.
REMOVED_TAGS = frozenset({
    "script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet", "link", "base",
    "portal", "audio", "video", "source", "track", "template",
    # SVG animations set attributes (an ``href`` to ``javascript:``) the sanitizer never sees
    "animate", "set", "animatemotion", "animatetransform", "discard", "handler", "listener",
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
    make_xml_safe(root)
    for element in list(root.iter(etree.Comment, etree.ProcessingInstruction)):
        _drop(element)
    removed = [element for element in root.iter() if isinstance(element.tag, str) and _removed(element)]
    for element in removed:
        _drop(element)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        tag = element.tag.lower()
        _keep_safe_attributes(element, tag)
        style = element.get("style")
        if style is not None:
            element.set("style", _URL.sub("", style))
        if tag == "style" and element.text:
            element.text = _URL.sub("", element.text)
        elif tag == "img" or (tag == "input" and (element.get("type") or "").lower() == "image"):
            _replace_image(element)


def make_xml_safe(root: etree._Element) -> None:
    """Replace the characters lxml refuses to be given (control characters the HTML parser
    kept) in ``root``'s texts, so that text moved around in the tree can be set again."""
    for element in root.iter():
        for part in ("text", "tail"):
            try:
                text = getattr(element, part)
            except UnicodeDecodeError:  # a caller's XML tree holding an encoded surrogate
                text = "\ufffd"
                setattr(element, part, text)
            if text and NOT_XML.search(text):
                setattr(element, part, xml_safe(text))


def _keep_safe_attributes(element: etree._Element, tag: str) -> None:
    """Remove ``element``'s unsafe attributes; those named what lxml cannot name (``<p {>``,
    which the HTML parser lets through) go too, since lxml cannot remove them one by one."""
    try:
        items = [(str(name), str(value)) for name, value in element.items()]
    except UnicodeDecodeError:  # a caller's XML tree holding an encoded surrogate
        element.attrib.clear()
        return
    kept = [(name, xml_safe(value)) for name, value in items if not _unsafe_attribute(tag, name.lower(), value)]
    if kept == items:
        try:
            for name, _ in items:
                element.attrib.get(name)  # raises for a name lxml cannot take
            return
        except ValueError:
            pass
    element.attrib.clear()
    for name, value in kept:
        try:
            element.set(name, value)
        except ValueError:
            continue


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
        # anywhere: MathML lets any element be a link
        return safe_url(value) is None or (tag in _FETCHED_HREF_TAGS and not browser_form(value or "").startswith("#"))
    if name in URL_ATTRIBUTES:
        return safe_url(value) is None
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
