"""Purify: the kept part of the page as a small, well-formed HTML document, and the page's text segments.

One pre-order walk builds a new document: an element of the allow-list is
copied with its allowed attributes, any other one is unwrapped (its text and
children go to its parent), and nothing pruned or removed is copied. The same
walk cuts the whole page's text, kept or not, into segments at block-level
elements and at the elements prune and shake decided on, so that each
segment follows exactly one decision.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from urllib.parse import urljoin

from lxml import etree, html as lxml_html

from ...html.walk import depth_left, too_deep
from ...model.text import collapse
from .options import DeclutterOptions
from .shake import REMOVED, Verdict

#: Elements that start and end a line of text.
BLOCK_LEVEL = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
    "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main", "nav", "ol", "p", "pre",
    "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})
#: Elements whose content is never shown as text, whether pruned or not.
NON_TEXT_TAGS = frozenset({"head", "noscript", "script", "style", "template"})
#: Attributes holding a URL: made absolute when the page has one, dropped when they run code.
URL_ATTRIBUTES = frozenset({"cite", "href", "src"})

# Characters the HTML parser lets through but an lxml tree refuses to be given.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_CODE_SCHEMES = ("javascript:", "vbscript:", "data:text/html")


@dataclass(slots=True)
class Segment:
    """A run of the page's text between two block boundaries, under one decision."""

    start: etree._Element
    """The element the segment starts in."""
    decider: etree._Element
    """The innermost element prune or shake decided on that holds the segment (or the walked root)."""
    text: str
    chars_in_links: int


def purify(root: etree._Element, pruned: Collection[etree._Element],
           verdicts: Mapping[etree._Element, Verdict], options: DeclutterOptions,
           ) -> tuple[etree._Element, list[Segment]]:
    """The clean document (an ``html`` element) and the text segments of the tree under ``root``."""
    allowed = options.allowed_tags
    document = _empty_document(root)
    segments: list[Segment] = []
    # The decided elements holding the walk's position, innermost last, each
    # with whether its content is copied; the root decides what nobody did.
    deciders: list[tuple[etree._Element, bool]] = [(root, True)]
    # Where the content of each open element goes in the new document; None when not copied.
    targets: list[etree._Element | None] = [document[1]]
    start, pieces, chars_in_links = root, [], 0
    links = 0
    pending_break = False  # an unwrapped block ended: the next inline content starts a new line

    def cut(element: etree._Element) -> None:
        nonlocal start, pieces, chars_in_links
        text = collapse("".join(pieces)) if pieces else ""
        if text:
            segments.append(Segment(start, deciders[-1][0], text, chars_in_links))
        start, pieces, chars_in_links = element, [], 0

    # The text bound for the end of ``unwritten_target``, written at once when
    # something else is written: writing each piece as it comes copies all
    # the text before it in that element, quadratic in a long run of pieces.
    unwritten: list[str] = []
    unwritten_target = None

    def write_text(target: etree._Element | None) -> None:
        """Write the text bound for the end of ``target``, if any: due before anything else goes in it."""
        if not unwritten or target is not unwritten_target:
            return
        text = "".join(unwritten)
        unwritten.clear()
        last = _last_child(target)
        if last is None:
            target.text = (target.text or "") + text
        else:
            last.tail = (last.tail or "") + text

    def break_line(target: etree._Element) -> None:
        write_text(target)
        _break_line(target)

    def add_text(text: str) -> None:
        nonlocal chars_in_links, pending_break, unwritten_target
        pieces.append(text)
        if links:
            chars_in_links += len(collapse(text))
        target = targets[-1]
        if target is None:
            return
        text = _NOT_XML.sub("", text)
        if target is not unwritten_target:
            write_text(unwritten_target)
            unwritten_target = target
        if pending_break and not text.isspace():
            break_line(target)
            pending_break = False
        unwritten.append(text)

    # An element d levels below ``root`` makes ``targets`` d + 2 long.
    max_depth = depth_left(root) + 2
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            tag = node.tag
            if tag in NON_TEXT_TAGS:
                targets.append(None)
                walker.skip_subtree()
                continue
            boundary = tag in BLOCK_LEVEL
            decided = node in pruned or node in verdicts
            if boundary or decided:
                cut(node)
            if decided:
                copied = node not in pruned and verdicts[node].decision != REMOVED
                deciders.append((node, copied))
            target = targets[-1]
            if target is None or not deciders[-1][1]:
                target = None
            elif tag in allowed:
                if boundary:
                    pending_break = False
                elif pending_break:
                    break_line(target)
                    pending_break = False
                write_text(target)
                target = etree.SubElement(target, tag, _attributes(node, allowed[tag]))
            elif boundary:
                pending_break = True
            targets.append(target)
            if len(targets) > max_depth:
                raise too_deep()
            if tag == "a":
                links += 1
            if node.text:
                add_text(node.text)
            continue

        if event == "end":
            tag = node.tag
            if tag == "a":
                links -= 1
            target = targets.pop()
            if tag not in NON_TEXT_TAGS:
                decided = node in pruned or node in verdicts
                if decided or tag in BLOCK_LEVEL:
                    cut(node)
                if decided:
                    deciders.pop()
                if target is not None and tag in BLOCK_LEVEL and target is targets[-1]:
                    pending_break = True
        if node.tail and node is not root:
            add_text(node.tail)
    cut(root)
    write_text(unwritten_target)
    return document, segments


def serialize(document: etree._Element) -> str:
    """The clean document as HTML text, with its doctype."""
    return etree.tostring(document, encoding="unicode", method="html", doctype="<!DOCTYPE html>")


def _empty_document(root: etree._Element) -> etree._Element:
    document = lxml_html.Element("html")
    head = etree.SubElement(document, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    title = root.find(".//title")
    if title is not None:
        etree.SubElement(head, "title").text = _NOT_XML.sub("", collapse(title.text or ""))
    etree.SubElement(document, "body")
    return document


def _attributes(element: etree._Element, names: frozenset[str]) -> dict[str, str]:
    if not names:
        return {}
    kept = {}
    for name, value in element.items():
        if name not in names:
            continue
        if name in URL_ATTRIBUTES:
            value = value.strip()
            if value.lower().startswith(_CODE_SCHEMES):
                continue
            base = element.base
            if base:
                try:
                    value = urljoin(base, value)
                except ValueError:  # a malformed URL ("http://[::1"): the attribute is dropped
                    continue
        kept[name] = _NOT_XML.sub("", value)
    return kept


def _break_line(target: etree._Element) -> None:
    """End the line of inline content at the end of ``target``, if there is one."""
    last = _last_child(target)
    if last is not None:
        inline = bool(last.tail and not last.tail.isspace()) or (
            last.tag not in BLOCK_LEVEL and last.tag != "br")
    else:
        inline = bool(target.text and not target.text.isspace())
    if inline:
        etree.SubElement(target, "br")


def _last_child(element: etree._Element) -> etree._Element | None:
    # len(element) and element[-1] count the children one by one.
    return next(reversed(element), None)
