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

HEADING_PATTERN = re.compile(r"\bh\d\b")

# What a start or end event means to the walk: a kind in the low bits, and
# flags for headings and select-like elements, which the paragraph records.
_INLINE, _PARAGRAPH, _BR, _LINK, _ASK, _UNWRAP, _KILL = range(7)
_KIND_BITS = 7
_HEADING, _SELECT = 8, 16
_CODE_OF_TAG = {
    **{tag: _PARAGRAPH for tag in PARAGRAPH_TAGS},
    **{tag: _KILL for tag in KILLED_TAGS},
    **{tag: _UNWRAP for tag in UNWRAPPED_TAGS},
    "br": _BR,
    "a": _LINK,
    "link": _ASK,
    "param": _ASK,
}


def _code(tag: str) -> int:
    code = _CODE_OF_TAG.get(tag, _INLINE)
    if HEADING_PATTERN.search(tag):
        code |= _HEADING
    if "select" in tag:
        code |= _SELECT
    return code


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
    """The innermost open element where the paragraph starts."""
    xpath: str
    """Where ``element`` is, as ``/html[1]/body[1]/div[2]``, counting every sibling of the page."""
    text: str
    chars_in_links: int
    heading: bool
    """Some open element at its start is a heading (``h1`` ... ``h6``)."""
    in_select: bool
    """Some open element at its start is named like ``select``."""


def segment(root: etree._Element) -> list[Paragraph]:
    """Split the tree under ``root`` into paragraphs, in document order."""
    paragraphs: list[Paragraph] = []
    # The paragraph being filled: the event that opened it and its text pieces.
    opened_by, after_end, pieces, chars_in_links = root, False, [], 0
    # The XPath of each open element, and how many children of each tag it has had so far.
    root_xpath = root.getroottree().getpath(root)
    open_xpaths = [root_xpath]
    child_counts: list[dict[str, int]] = [{}]
    opened_at = root_xpath
    heading = in_select = False
    # How many open elements are headings, or named like "select".
    headings = selects = 0
    in_link = after_br = False
    # Text not yet separated by a kept node from the text before it: the
    # reference gets it as one text node.
    pending = ""

    def close() -> None:
        # A paragraph of line breaks alone has no text after stripping; the
        # reference drops it (its Paragraph is falsy when empty).
        text = "".join(pieces).strip()
        if text:
            element = opened_by.getparent() if after_end else opened_by
            paragraphs.append(Paragraph(
                root if element is None else element, opened_at,
                normalize_whitespace(text), chars_in_links, heading, in_select,
            ))

    code_of_tag = {tag: _code(tag) for tag in _CODE_OF_TAG}
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "comment":
            pending += node.tail or ""
            continue
        if event == "pi":
            kind = _INLINE
        else:
            tag = node.tag
            code = code_of_tag.get(tag)
            if code is None:
                code = code_of_tag[tag] = _code(tag)
            kind = code & _KIND_BITS
            if kind == _ASK:
                kind = _cleaner_action(node)
            if node is not root:
                if event == "start":
                    counts = child_counts[-1]
                    count = counts[tag] = counts.get(tag, 0) + 1
                    if kind != _KILL:
                        open_xpaths.append(f"{open_xpaths[-1]}/{tag}[{count}]")
                        child_counts.append({})
                elif kind != _KILL:
                    open_xpaths.pop()
                    child_counts.pop()
            if kind >= _UNWRAP:
                if kind == _KILL:
                    if event == "start":
                        walker.skip_subtree()
                    else:
                        pending += node.tail or ""
                    continue
                if kind == _UNWRAP:
                    pending += (node.text if event == "start" else node.tail) or ""
                    continue
            if code > _KIND_BITS:
                step = 1 if event == "start" else -1
                if code & _HEADING:
                    headings += step
                if code & _SELECT:
                    selects += step

        # A kept node ends the text node before it: the reference's characters().
        if pending:
            if not pending.isspace():
                pieces.append(pending)
                if in_link:
                    chars_in_links += len(normalize_whitespace(pending))
                after_br = False
            pending = ""

        if event == "start":
            if kind == _PARAGRAPH or (kind == _BR and after_br):
                if pieces:
                    close()
                opened_by, after_end, pieces, chars_in_links = node, False, [], 0
                heading, in_select = headings > 0, selects > 0
                opened_at = open_xpaths[-1]
            else:
                after_br = kind == _BR
                if after_br:
                    pieces.append(" ")
                elif kind == _LINK:
                    in_link = True
            pending = node.text or ""
        else:
            if kind == _PARAGRAPH:
                if pieces:
                    close()
                opened_by, after_end, pieces, chars_in_links = node, True, [], 0
                heading, in_select = headings > 0, selects > 0
                opened_at = open_xpaths[-1]
            elif kind == _LINK:
                in_link = False
            # The root's tail, outside the page, stays pending for ever.
            pending = node.tail or ""

    if pieces:
        close()
    return paragraphs


def _cleaner_action(element: etree._Element) -> int:
    """What the reference's preprocessing does to a ``link`` or ``param`` element."""
    if element.tag == "link":
        return _KILL if "stylesheet" in element.get("rel", "").lower() else _INLINE
    parent = element.getparent()
    while parent is not None and parent.tag not in ("applet", "object"):
        parent = parent.getparent()
    return _KILL if parent is None else _UNWRAP
