"""Purify: the kept part of the page as a small, well-formed HTML document, and the page's text segments.

One pre-order walk builds a new document: an element of the allow-list is
copied with its allowed attributes, any other one is unwrapped (its text and
children go to its parent), and nothing pruned or removed is copied. The same
walk cuts the whole page's text, kept or not, into segments at block-level
elements and at the elements prune and shake decided on, so that each
segment follows exactly one decision.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import cast

from lxml import etree
from lxml import html as lxml_html

from ...html.urls import SRCSET_ATTRIBUTES, URL_ATTRIBUTES, join_url, safe_srcset, safe_url
from ...html.walk import depth_left, too_deep
from ...model.text import NOT_XML, collapse
from .options import DeclutterOptions
from .prune import NON_TEXT_TAGS
from .shake import REMOVED, Verdict

#: Elements that start and end a line of text.
BLOCK_LEVEL = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
    "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main", "nav", "ol", "p", "pre",
    "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})



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
    purifier = _Purifier(root, pruned, verdicts, options.allowed_tags)
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            if node.tag in NON_TEXT_TAGS:
                purifier.start_hidden()
                walker.skip_subtree()
                continue
            purifier.start(node)
            if node.text:
                purifier.add_text(node.text)
            continue
        if event == "end":
            purifier.end(node)
        # the tail of an element, comment or instruction belongs to its parent
        if node.tail and node is not root:
            purifier.add_text(node.tail)
    return purifier.finish()


class _Purifier:
    """The state of purify's walk: the new document being written and the segment being cut.

    An element of the allow-list is copied with its allowed attributes; any
    other one is unwrapped, and a block among them ends its line of text.
    """

    def __init__(self, root: etree._Element, pruned: Collection[etree._Element],
                 verdicts: Mapping[etree._Element, Verdict], allowed: Mapping[str, frozenset[str]]) -> None:
        self._root = root
        self._pruned = pruned
        self._verdicts = verdicts
        self._allowed = allowed
        self._document = _empty_document(root)
        # Where the content of each open element goes in the new document; None when not copied.
        self._targets: list[etree._Element | None] = [self._document[1]]
        # An element d levels below ``root`` makes ``_targets`` d + 2 long.
        self._max_depth = depth_left(root) + 2
        # The text bound for the end of ``_unwritten_target``, written at once
        # when something else is written: writing each piece as it comes copies
        # all the text before it in that element, quadratic in a long run of pieces.
        self._unwritten: list[str] = []
        self._unwritten_target: etree._Element | None = None
        # An unwrapped block ended: the next inline content starts a new line.
        self._pending_break = False

        self._segments: list[Segment] = []
        # The decided elements holding the walk's position, innermost last;
        # the root decides what nobody did.
        self._deciders = [root]
        self._start = root
        self._pieces: list[str] = []
        self._chars_in_links = 0
        self._links = 0  # open <a> elements

    def start_hidden(self) -> None:
        """Start an element whose content is never text (a script): nothing of it is copied or cut."""
        self._targets.append(None)

    def start(self, element: etree._Element) -> None:
        tag = element.tag
        boundary = tag in BLOCK_LEVEL
        decided = element in self._pruned or element in self._verdicts
        # the segments: a new one starts at a block and at a decided element
        if boundary or decided:
            self._cut(element)
        if decided:
            self._deciders.append(element)
        if tag == "a":
            self._links += 1
        # the new document: the element is dropped, copied or unwrapped
        target = self._targets[-1]
        if target is None or (decided and not self._copied(element)):
            target = None
        elif tag in self._allowed:
            if boundary:
                self._pending_break = False
            elif self._pending_break:
                self._break_line(target)
                self._pending_break = False
            self._write_text(target)
            target = etree.SubElement(target, tag, _attributes(element, self._allowed[tag]))
        elif boundary:
            self._pending_break = True
        self._targets.append(target)
        if len(self._targets) > self._max_depth:
            raise too_deep()

    def end(self, element: etree._Element) -> None:
        tag = element.tag
        target = self._targets.pop()
        if tag in NON_TEXT_TAGS:
            return
        if tag == "a":
            self._links -= 1
        decided = element in self._pruned or element in self._verdicts
        if decided or tag in BLOCK_LEVEL:
            self._cut(element)
        if decided:
            self._deciders.pop()
        if target is not None and tag in BLOCK_LEVEL and target is self._targets[-1]:
            self._pending_break = True

    def add_text(self, text: str) -> None:
        self._pieces.append(text)
        if self._links:
            self._chars_in_links += len(collapse(text))
        target = self._targets[-1]
        if target is None:
            return
        text = NOT_XML.sub("", text)
        if target is not self._unwritten_target:
            self._write_text(self._unwritten_target)
            self._unwritten_target = target
        if self._pending_break and not text.isspace():
            self._break_line(target)
            self._pending_break = False
        self._unwritten.append(text)

    def finish(self) -> tuple[etree._Element, list[Segment]]:
        self._cut(self._root)
        self._write_text(self._unwritten_target)
        return self._document, self._segments

    def _copied(self, decided: etree._Element) -> bool:
        return decided not in self._pruned and self._verdicts[decided].decision != REMOVED

    def _cut(self, element: etree._Element) -> None:
        """End the current segment; the next one starts in ``element``."""
        text = collapse("".join(self._pieces)) if self._pieces else ""
        if text:
            self._segments.append(Segment(self._start, self._deciders[-1], text, self._chars_in_links))
        self._start, self._pieces, self._chars_in_links = element, [], 0

    def _write_text(self, target: etree._Element | None) -> None:
        """Write the text bound for the end of ``target``, if any: due before anything else goes in it."""
        if target is None or target is not self._unwritten_target or not self._unwritten:
            return
        text = "".join(self._unwritten)
        self._unwritten.clear()
        last = _last_child(target)
        if last is None:
            target.text = (target.text or "") + text
        else:
            last.tail = (last.tail or "") + text

    def _break_line(self, target: etree._Element) -> None:
        self._write_text(target)
        _break_line(target)


def serialize(document: etree._Element) -> str:
    """The clean document as HTML text, with its doctype."""
    return etree.tostring(document, encoding="unicode", method="html", doctype="<!DOCTYPE html>")


def _empty_document(root: etree._Element) -> etree._Element:
    document = lxml_html.Element("html")
    head = etree.SubElement(document, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    title = root.find(".//title")
    if title is not None:
        etree.SubElement(head, "title").text = NOT_XML.sub("", collapse(title.text or ""))
    etree.SubElement(document, "body")
    return document


def _attributes(element: etree._Element, names: frozenset[str]) -> dict[str, str]:
    if not names:
        return {}
    kept = {}
    # lxml gives attribute names and values as str; its stubs say str | bytes
    attributes = cast("list[tuple[str, str]]", element.items())
    for name, value in attributes:
        # event handlers run code and styles fetch, whatever the allowed list says
        if name not in names or name.startswith("on") or name == "style":
            continue
        written: str | None = value
        if name in URL_ATTRIBUTES:
            written = safe_url(value, element.base)
            # a malformed URL ("http://[::1"), which no browser can follow, is dropped
            if written is not None and join_url(element.base or "", written) is None:
                continue
        elif name in SRCSET_ATTRIBUTES:
            written = safe_srcset(value, element.base)
        if written is None:
            continue
        kept[name] = NOT_XML.sub("", written)
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
