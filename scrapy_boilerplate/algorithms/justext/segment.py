"""Segmentation of a parsed page into jusText's paragraphs.

The reference implementation cleans a copy of the tree with lxml's ``Cleaner``
and replays it through SAX. This module walks the caller's tree once, without
copying or changing it, and reproduces the same paragraphs: the elements the
cleaner deletes are skipped with their content, the ones it unwraps are
walked through, and the text on either side of a deleted or unwrapped element
is merged into one piece, as the cleaner's ``drop_tree`` and ``drop_tag`` do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

#: The tags that start and end a paragraph.
PARAGRAPH_TAGS = frozenset({
    "body", "blockquote", "caption", "center", "col", "colgroup", "dd",
    "div", "dl", "dt", "fieldset", "form", "legend", "optgroup", "option",
    "p", "pre", "table", "td", "textarea", "tfoot", "th", "thead", "tr",
    "ul", "li", "h1", "h2", "h3", "h4", "h5", "h6",
})

#: Deleted with their content by the reference's preprocessing.
KILLED_TAGS = frozenset({
    "head", "base", "script", "style", "applet",
    "button", "input", "select", "textarea",
})
#: Replaced by their content by the reference's preprocessing.
UNWRAPPED_TAGS = frozenset({"form", "iframe", "embed", "layer", "object"})

_KEEP, _KILL, _UNWRAP = 0, 1, 2

HEADING_PATTERN = re.compile(r"\bh\d\b")

_SPACES = re.compile(r"[^\S\n]+")
_SPACED_NEWLINES = re.compile(r" ?\n[ \n]*")


def normalize_whitespace(text: str) -> str:
    """Collapse each run of whitespace to one newline if it holds a line break, else to one space."""
    if "\n" in text or "\r" in text:
        return _SPACED_NEWLINES.sub("\n", _SPACES.sub(" ", text.replace("\r", "\n")))
    return _SPACES.sub(" ", text)


@dataclass(slots=True)
class Paragraph:
    """A run of text between two paragraph boundaries, before classification."""

    element: etree._Element
    """Where the paragraph starts: the element whose start or end opened it."""
    text: str
    chars_in_links: int
    heading: bool
    """Some element on its path is a heading (``h1`` ... ``h6``)."""
    in_select: bool
    """Some element on its path is named like ``select``."""


def segment(root: etree._Element) -> list[Paragraph]:
    """Split the tree under ``root`` into paragraphs, in document order."""
    paragraphs: list[Paragraph] = []
    # The open elements the reference keeps, with their heading/select flags.
    path: list[tuple[etree._Element, bool, bool]] = []
    headings = selects = 0
    # The paragraph being filled: where it opened, its text pieces, its flags.
    start, pieces, chars_in_links = root, [], 0
    start_heading = start_select = False
    in_link = after_br = False
    pending: list[str] = []  # text not yet separated from what follows by a kept node
    actions: list[int] = []

    def flush_text() -> None:
        # The reference's ContentHandler.characters, for one merged text node.
        nonlocal chars_in_links, after_br
        text = pending[0] if len(pending) == 1 else "".join(pending)
        pending.clear()
        if not text or text.isspace():
            return
        pieces.append(text)
        if in_link:
            chars_in_links += len(normalize_whitespace(text))
        after_br = False

    def new_paragraph(element: etree._Element) -> None:
        nonlocal start, pieces, chars_in_links, start_heading, start_select
        # A paragraph of line breaks alone has no text after stripping; the
        # reference drops it too (its Paragraph is falsy when empty).
        text = "".join(pieces).strip() if pieces else ""
        if text:
            text = normalize_whitespace(text)
            paragraphs.append(Paragraph(start, text, chars_in_links, start_heading, start_select))
        start, pieces, chars_in_links = element, [], 0
        start_heading, start_select = headings > 0, selects > 0

    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "comment":
            if node.tail:
                pending.append(node.tail)
            continue
        if event == "pi":
            flush_text()
            if node.tail:
                pending.append(node.tail)
            continue

        tag = node.tag
        if event == "start":
            action = _cleaner_action(node)
            actions.append(action)
            if action == _KILL:
                walker.skip_subtree()
                continue
            if action == _KEEP:
                flush_text()
                is_heading = HEADING_PATTERN.search(tag) is not None
                is_select = "select" in tag
                headings += is_heading
                selects += is_select
                path.append((node, is_heading, is_select))
                if tag in PARAGRAPH_TAGS or (tag == "br" and after_br):
                    new_paragraph(node)
                else:
                    after_br = tag == "br"
                    if after_br:
                        pieces.append(" ")
                    elif tag == "a":
                        in_link = True
            if node.text:
                pending.append(node.text)
            continue

        # event == "end"
        action = actions.pop()
        if action == _KEEP:
            flush_text()
            _, is_heading, is_select = path.pop()
            headings -= is_heading
            selects -= is_select
            if tag in PARAGRAPH_TAGS:
                new_paragraph(path[-1][0] if path else root)
            if tag == "a":
                in_link = False
        if node.tail and node is not root:
            pending.append(node.tail)

    flush_text()
    new_paragraph(root)
    return paragraphs


def _cleaner_action(element: etree._Element) -> int:
    """What the reference's preprocessing does to ``element``: keep, kill or unwrap it."""
    tag = element.tag
    if not isinstance(tag, str):  # an entity
        return _KEEP
    if tag in KILLED_TAGS:
        return _KILL
    if tag in UNWRAPPED_TAGS:
        return _UNWRAP
    if tag == "link":
        return _KILL if "stylesheet" in element.get("rel", "").lower() else _KEEP
    if tag == "param":
        parent = element.getparent()
        while parent is not None and parent.tag not in ("applet", "object"):
            parent = parent.getparent()
        return _KILL if parent is None else _UNWRAP
    return _KEEP
