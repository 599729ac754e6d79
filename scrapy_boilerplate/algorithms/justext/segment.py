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
from functools import lru_cache

from lxml import etree

from ...html import xpath
from ...html.walk import depth_left, too_deep
from ...model.text import SPACE_RUNS, collapse

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

# What an element does to the paragraphs around it.
INLINE = "inline"  # its text continues the paragraph
PARAGRAPH = "paragraph"  # starts and ends one
BREAK = "break"  # a space; the second of two in a row starts a paragraph
LINK = "link"  # its text counts as link text
IMAGE = "image"  # its alt text joins the paragraph, with ``images``
UNWRAPPED = "unwrapped"  # replaced by its content: its text and tail join the text around
KILLED = "killed"  # deleted with its content: its tail joins the text before


@dataclass(frozen=True, slots=True)
class _Role:
    """What the reference makes of an element: its kind, and whether it is named like a heading
    or like ``select`` (a paragraph records whether one holds it)."""

    kind: str
    heading: bool = False
    select: bool = False


_KINDS = {
    **dict.fromkeys(PARAGRAPH_TAGS, PARAGRAPH),
    **dict.fromkeys(KILLED_TAGS, KILLED),
    **dict.fromkeys(UNWRAPPED_TAGS, UNWRAPPED),
    "br": BREAK,
    "a": LINK,
    "img": IMAGE,
}


@lru_cache(maxsize=4096)
def _tag_role(tag: str) -> _Role:
    return _Role(_KINDS.get(tag, INLINE), HEADING_PATTERN.search(tag) is not None, "select" in tag)


def _role(element: etree._Element) -> _Role:
    """What the reference's preprocessing (lxml's ``Cleaner``) and paragraph maker do with ``element``."""
    tag = element.tag
    if tag == "link":  # a style sheet is deleted
        return _KILLED if "stylesheet" in element.get("rel", "").lower() else _INLINE
    if tag == "param":  # deleted, but unwrapped inside an applet or object
        parent = element.getparent()
        while parent is not None and parent.tag not in ("applet", "object"):
            parent = parent.getparent()
        return _KILLED if parent is None else _UNWRAPPED
    return _tag_role(tag)


_INLINE, _KILLED, _UNWRAPPED = _Role(INLINE), _Role(KILLED), _Role(UNWRAPPED)


def normalized_length(text: str) -> int:
    """The length of ``text`` once the reference has normalized its whitespace: each run of
    whitespace becomes one character (a newline if it holds a line break, else a space)."""
    if text.isprintable():  # its only whitespace is spaces (see ``whitespace.collapse``)
        return len(SPACE_RUNS.sub(" ", text)) if "  " in text else len(text)
    core = len(" ".join(text.split()))
    if not core:  # nothing, or one run of whitespace
        return 1 if text else 0
    return core + text[0].isspace() + text[-1].isspace()


def collapse_whitespace(text: str) -> str:
    """The reference's paragraph text from ``text``: stripped, then each run of whitespace
    collapsed to one newline if it holds a line break, else to one space."""
    # str.split() and the reference's regular expression agree on what
    # whitespace is (Py_UNICODE_ISSPACE), and split() is much faster.
    if "\n" in text or "\r" in text:
        lines = (" ".join(line.split()) for line in text.replace("\r", "\n").split("\n"))
        return "\n".join(line for line in lines if line)
    return collapse(text)


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
    image_only: bool = False
    """All its text is images' alternative text (only when segmenting with ``images``)."""


def segment(root: etree._Element, *, images: bool = False) -> list[Paragraph]:
    """Split the tree under ``root`` into paragraphs, in document order.

    With ``images``, an ``<img>`` adds its ``alt`` text to its paragraph, as
    the Java port of jusText does; the reference ignores images.
    """
    paragraphs = _Paragraphs(root, images)
    # For each open element: its role, and its parent's XPath and how many children of each tag
    # the parent has had so far (see ``xpath``), which are the walk's again at its end.
    opened: list[tuple[_Role, str, dict[str, int]]] = []
    path, counts = xpath.start_of_walk(root)
    max_depth = depth_left(root)
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            role = _role(node)
            tag = node.tag
            count = counts[tag] = counts.get(tag, 0) + 1
            opened.append((role, path, counts))
            path, counts = f"{path}/{tag}[{count}]", {}
            if role.kind == KILLED:
                walker.skip_subtree()
                continue
            if len(opened) > max_depth and len(node):
                raise too_deep()
            paragraphs.start(node, role, path)
        elif event == "end":
            role, path, counts = opened.pop()
            paragraphs.end(node, role, path)
        elif event == "comment":  # deleted by the reference: its tail joins the text before
            paragraphs.pending += node.tail or ""
        else:  # a processing instruction ends the text node before it
            paragraphs.end_text_node()
            paragraphs.pending = node.tail or ""
    paragraphs.close()
    return paragraphs.found


class _Paragraphs:
    """The paragraphs of a walk, made as the walk starts and ends each element."""

    def __init__(self, root: etree._Element, images: bool) -> None:
        self.images = images
        self.found: list[Paragraph] = []
        # The paragraph being filled: where it starts, its text pieces and link characters,
        # whether it has text besides images' alt text, and whether a heading or an element named
        # like "select" holds its start. Only text fills them, so a paragraph without pieces has
        # nothing to reset.
        self.start_element, self.start_path = root, ""
        self.pieces: list[str] = []
        self.chars_in_links = 0
        self.has_text = False
        self.heading = self.in_select = False
        # How many open elements are headings, or named like "select".
        self.headings = self.selects = 0
        self.in_link = self.after_break = False
        # Text not yet separated by a kept node from the text before it: the reference gets it as
        # one text node.
        self.pending = ""

    def start(self, element: etree._Element, role: _Role, path: str) -> None:
        """The start of ``element`` (at XPath ``path``), which the reference does not delete."""
        kind = role.kind
        if kind == UNWRAPPED:
            self.pending += element.text or ""
            return
        self.headings += role.heading
        self.selects += role.select
        self.end_text_node()  # a kept element ends the text node before it
        if kind == PARAGRAPH or (kind == BREAK and self.after_break):
            self.close()
            self.begin(element, path)
        else:
            self.after_break = kind == BREAK
            if kind == BREAK:
                self.pieces.append(" ")
            elif kind == LINK:
                self.in_link = True
            elif kind == IMAGE and self.images:
                alt = element.get("alt", "")
                if alt and not alt.isspace():
                    self.pieces.append(f" {alt} ")
        self.pending = element.text or ""

    def end(self, element: etree._Element, role: _Role, parent_path: str) -> None:
        """The end of ``element``, whose parent is at XPath ``parent_path``."""
        kind = role.kind
        if kind == UNWRAPPED or kind == KILLED:
            self.pending += element.tail or ""
            return
        self.headings -= role.heading
        self.selects -= role.select
        self.end_text_node()
        if kind == PARAGRAPH:
            self.close()
            # What follows the end of a paragraph tag starts in its parent (after the root's end,
            # nothing follows).
            parent = element.getparent()
            if parent is not None:
                self.begin(parent, parent_path)
        elif kind == LINK:
            self.in_link = False
        # The root's tail, outside the page, stays pending for ever.
        self.pending = element.tail or ""

    def end_text_node(self) -> None:
        """The reference's characters() for the pending text, unless it is blank."""
        if self.pending:
            if not self.pending.isspace():
                self.pieces.append(self.pending)
                self.has_text = True
                if self.in_link:
                    self.chars_in_links += normalized_length(self.pending)
                self.after_break = False
            self.pending = ""

    def begin(self, element: etree._Element, path: str) -> None:
        """Start the next paragraph in ``element``, at XPath ``path``."""
        self.start_element, self.start_path = element, path
        self.heading, self.in_select = self.headings > 0, self.selects > 0

    def close(self) -> None:
        """End the paragraph being filled, if it has pieces, and empty them for the next one.

        A paragraph of line breaks alone collapses to nothing; the reference
        drops it (its Paragraph is falsy when empty). Collapsing drops the
        edges' whitespace, as the reference's strip() does.
        """
        if not self.pieces:
            return
        text = collapse_whitespace("".join(self.pieces))
        if text:
            self.found.append(Paragraph(self.start_element, self.start_path, text, self.chars_in_links,
                                        self.heading, self.in_select, not self.has_text))
        self.pieces, self.chars_in_links, self.has_text = [], 0, False
