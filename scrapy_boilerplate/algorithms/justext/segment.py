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


class _Roles(dict[str, _Role]):
    """The role of each tag, made when first asked for (a page has few tags, met many times)."""

    def __missing__(self, tag: str) -> _Role:
        role = self[tag] = _Role(_KINDS.get(tag, INLINE), HEADING_PATTERN.search(tag) is not None, "select" in tag)
        return role


#: The tags whose role depends on the element (see :func:`_element_role`).
_ELEMENT_ROLE_TAGS = frozenset({"link", "param"})


def _element_role(element: etree._Element) -> _Role:
    """What the reference's preprocessing (lxml's ``Cleaner``) does with a ``link`` or ``param``."""
    if element.tag == "link":  # a style sheet is deleted
        return _Role(KILLED if "stylesheet" in element.get("rel", "").lower() else INLINE)
    # A param is deleted, but unwrapped inside an applet or object.
    parent = element.getparent()
    while parent is not None and parent.tag not in ("applet", "object"):
        parent = parent.getparent()
    return _Role(KILLED if parent is None else UNWRAPPED)


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
    paragraphs: list[Paragraph] = []
    # The paragraph being filled: where it starts, its text pieces and link characters, whether
    # it has text besides images' alt text, and whether a heading or an element named like
    # "select" holds its start. Only text fills them, so a paragraph without pieces has nothing
    # to reset.
    start_element, start_path = root, ""
    pieces: list[str] = []
    chars_in_links = 0
    has_text = heading = in_select = False
    # How many open elements are headings, or named like "select".
    headings = selects = 0
    in_link = after_break = False
    # Text not yet separated by a kept node from the text before it: the reference gets it as
    # one text node.
    pending = ""

    def text_node(text: str) -> None:
        # The reference's characters() for a text node that is not blank.
        nonlocal chars_in_links, has_text, after_break
        pieces.append(text)
        has_text = True
        if in_link:
            chars_in_links += normalized_length(text)
        after_break = False

    def close() -> None:
        # A paragraph of line breaks alone collapses to nothing; the reference drops it (its
        # Paragraph is falsy when empty). Collapsing drops the edges' whitespace, as the
        # reference's strip() does.
        nonlocal pieces, chars_in_links, has_text
        text = collapse_whitespace("".join(pieces))
        if text:
            paragraphs.append(Paragraph(start_element, start_path, text, chars_in_links, heading, in_select,
                                        not has_text))
        pieces, chars_in_links, has_text = [], 0, False

    def next_paragraph(element: etree._Element, element_path: str) -> None:
        # Ends the paragraph being filled; the next starts in ``element``.
        nonlocal start_element, start_path, heading, in_select
        if pieces:
            close()
        start_element, start_path = element, element_path
        heading, in_select = headings > 0, selects > 0

    # For each open element with children: its role, and its parent's XPath and how many
    # children of each tag the parent has had so far (see ``xpath``), which are the walk's again
    # at its end. A leaf ends where it starts: its end event is passed over.
    opened: list[tuple[_Role, str, dict[str, int]]] = []
    leaf = None
    roles = _Roles()
    path, counts = xpath.start_of_walk(root)
    max_depth = depth_left(root)
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start" and isinstance(node.tag, str):
            tag = node.tag
            role = _element_role(node) if tag in _ELEMENT_ROLE_TAGS else roles[tag]
            kind = role.kind
            count = counts[tag] = counts.get(tag, 0) + 1
            if kind == KILLED:
                walker.skip_subtree()
            elif kind == UNWRAPPED:
                pending += node.text or ""
            else:
                if pending and not pending.isspace():  # a kept element ends the text node before it
                    text_node(pending)
                headings += role.heading
                selects += role.select
                if kind == PARAGRAPH or (kind == BREAK and after_break):
                    next_paragraph(node, f"{path}/{tag}[{count}]")
                else:
                    after_break = kind == BREAK
                    if kind == BREAK:
                        pieces.append(" ")
                    elif kind == LINK:
                        in_link = True
                    elif kind == IMAGE and images:
                        alt = node.get("alt", "")
                        if alt and not alt.isspace():
                            pieces.append(f" {alt} ")
                pending = node.text or ""
            if len(node) and kind != KILLED:
                opened.append((role, path, counts))
                if len(opened) > max_depth:
                    raise too_deep()
                path, counts = f"{path}/{tag}[{count}]", {}
                continue
            leaf = node  # it ends here
        elif event == "end":
            if node is leaf:
                continue
            role, path, counts = opened.pop()
            kind = role.kind
        elif event == "comment":  # deleted by the reference: its tail joins the text before
            pending += node.tail or ""
            continue
        else:  # a processing instruction (or an entity) ends the text node before it
            if pending and not pending.isspace():
                text_node(pending)
            pending = node.tail or ""
            leaf = node  # an entity's end event is passed over
            continue

        # The end of ``node``, of ``role``, whose parent's XPath is ``path``.
        if kind == UNWRAPPED or kind == KILLED:
            pending += node.tail or ""
            continue
        if pending and not pending.isspace():
            text_node(pending)
        headings -= role.heading
        selects -= role.select
        if kind == PARAGRAPH:
            # What follows starts in its parent (after the root's end, nothing follows).
            parent = node.getparent()
            if parent is not None:
                next_paragraph(parent, path)
        elif kind == LINK:
            in_link = False
        # The root's tail, outside the page, stays pending for ever.
        pending = node.tail or ""
    if pieces:
        close()
    return paragraphs
