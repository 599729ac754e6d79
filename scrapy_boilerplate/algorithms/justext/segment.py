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
from itertools import chain

from lxml import etree

from ...html import xpath
from ...html.walk import depth_left, skip_subtree, too_deep
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

# What a start or end event means to the walk: a kind in the low bits, and
# flags for headings and select-like elements, which the paragraph records.
_INLINE, _PARAGRAPH, _BR, _LINK, _IMAGE, _ASK, _UNWRAP, _KILL = range(8)
_KIND_BITS = 7
# Counted as 8 per open heading and 16 per open select-like element.
_HEADING, _SELECT = 8, 16
_CODE_OF_TAG = {
    **{tag: _PARAGRAPH for tag in PARAGRAPH_TAGS},
    **{tag: _KILL for tag in KILLED_TAGS},
    **{tag: _UNWRAP for tag in UNWRAPPED_TAGS},
    "br": _BR,
    "a": _LINK,
    "img": _IMAGE,
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


#: The code of every tag that is not inline and has no flags, and of the headings,
#: but ``link`` and ``param``, whose code depends on the element.
_CODES = {tag: code for tag in _CODE_OF_TAG if (code := _code(tag)) != _ASK}


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
    # The paragraph being filled: where it starts, its text pieces and link
    # characters, and whether it has text besides images' alt text. Only
    # text fills them, so a paragraph without pieces has nothing to reset.
    start_element, start_path, pieces, chars_in_links = root, "", [], 0
    has_text = False
    heading = in_select = False
    # How many open elements are headings, or named like "select".
    headings = selects = 0
    in_link = after_br = False
    # Text not yet separated by a kept node from the text before it: the
    # reference gets it as one text node.
    pending = ""
    # The XPath of the innermost open element with children (see ``xpath``),
    # and how many children of each tag it has had so far.
    path, counts = xpath.start_of_walk(root)

    def add_text(text: str) -> None:
        # The reference's characters() for a text node that is not blank.
        nonlocal has_text, chars_in_links, after_br
        pieces.append(text)
        has_text = True
        if in_link:
            chars_in_links += normalized_length(text)
        after_br = False

    def close() -> None:
        # Ends a paragraph with pieces and empties them for the next one.
        # A paragraph of line breaks alone collapses to nothing; the reference
        # drops it (its Paragraph is falsy when empty). Collapsing drops the
        # edges' whitespace, as the reference's strip() does.
        nonlocal pieces, chars_in_links, has_text
        text = collapse_whitespace("".join(pieces))
        if text:
            paragraphs.append(Paragraph(
                start_element, start_path, text,
                chars_in_links, heading, in_select,
                not has_text,
            ))
        pieces, chars_in_links, has_text = [], 0, False

    code_of_tag = dict(_CODES)  # grows with the page's other tags
    # A depth-first walk in document order, without recursion (lxml's iter()).
    # Every element but the text-only inline ones stays open, beside what it
    # hides of its parent's state, until ``left``, its children not reached
    # yet, is 0: it ends before the next node starts. The final None ends all.
    open_elements: list[tuple] = []  # (element, kind, code, and its parent's counts, path and left)
    max_depth = depth_left(root)
    nodes = root.iter()
    left = 2  # the root, then the None
    for node in chain(nodes, (None,)):
        while not left:
            # The end of ``element``.
            element, kind, code, counts, path, left = open_elements.pop()
            if kind == _UNWRAP:
                pending += element.tail or ""
                continue
            if code > _KIND_BITS:
                headings -= code & _HEADING
                selects -= code & _SELECT
            if pending:
                if not pending.isspace():
                    add_text(pending)
                pending = ""
            if kind == _PARAGRAPH:
                if pieces:
                    close()
                # What follows the end of a paragraph tag starts in its parent.
                start_element = open_elements[-1][0] if open_elements else element.getparent()
                start_path = path
                heading, in_select = headings > 0, selects > 0
            elif kind == _LINK:
                in_link = False
            # The root's tail, outside the page, stays pending for ever.
            pending = element.tail or ""
        if node is None:
            break

        # The start of ``node``.
        left -= 1
        tag = node.tag
        code = code_of_tag.get(tag)
        if code is None:
            if not isinstance(tag, str):
                if tag is etree.Comment:  # deleted by the reference: its tail joins the text before
                    pending += node.tail or ""
                else:  # a processing instruction: it ends at once, ending the text node before it
                    open_elements.append((node, _INLINE, _INLINE, counts, path, left))
                    left = 0
                continue
            code = _code(tag)
            if code == _ASK:  # decided for each element
                code = _cleaner_action(node)
            else:
                code_of_tag[tag] = code
        kind = code & _KIND_BITS
        count = counts[tag] = counts.get(tag, 0) + 1
        if kind == _KILL:
            pending += node.tail or ""
            skip_subtree(nodes, node)
            continue
        children = len(node)
        if not children and (code == _INLINE or code == _LINK):
            # The commonest elements, inline or links, empty or holding
            # text only (<b>word</b>, <a>link</a>, <img>): each ends the
            # text node before it, and its text is a text node of its own.
            if pending and not pending.isspace():
                add_text(pending)
            after_br = False
            if code == _LINK:
                in_link = True
            pending = node.text or ""
            if pending and not pending.isspace():
                add_text(pending)
            if code == _LINK:
                in_link = False
            pending = node.tail or ""
            continue
        node_path = f"{path}/{tag}[{count}]"
        if kind == _UNWRAP:
            pending += node.text or ""
            if children:
                open_elements.append((node, kind, code, counts, path, left))
                if len(open_elements) > max_depth:
                    raise too_deep()
                counts, path, left = {}, node_path, children
            else:
                pending += node.tail or ""
            continue
        if code > _KIND_BITS:
            headings += code & _HEADING
            selects += code & _SELECT

        # A kept element ends the text node before it.
        if pending:
            if not pending.isspace():
                add_text(pending)
            pending = ""

        if kind == _PARAGRAPH or (kind == _BR and after_br):
            if pieces:
                close()
            start_element, start_path = node, node_path
            heading, in_select = headings > 0, selects > 0
        else:
            after_br = kind == _BR
            if after_br:
                pieces.append(" ")
            elif kind == _LINK:
                in_link = True
            elif kind == _IMAGE and images:
                alt = node.get("alt", "")
                if alt and not alt.isspace():
                    pieces.append(f" {alt} ")
        pending = node.text or ""
        open_elements.append((node, kind, code, counts, path, left))
        if children:  # a leaf ends before the next node, its parent's state untouched
            if len(open_elements) > max_depth:
                raise too_deep()
            counts, path = {}, node_path
        left = children

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
