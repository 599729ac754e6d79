"""Segmentation of a parsed page into jusText's paragraphs.

The reference implementation cleans a copy of the tree with lxml's ``Cleaner``
and replays it through SAX. This module walks the caller's tree once, without
copying or changing it, and reproduces the same paragraphs: the elements the
cleaner deletes are skipped with their content, the ones it unwraps are
walked through, and the text on either side of a deleted or unwrapped element
is merged into one piece, as the cleaner's ``drop_tree`` and ``drop_tag`` do.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import chain

from lxml import etree

from ...html import xpath
from ...html.page import LOOKED_FOR_TAGS, note_skipped
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
#: The readings of ruby annotations, and their fallback parentheses: deleted with their content
#: when segmenting without ``ruby_text``.
RUBY_TEXT_TAGS = ("rt", "rp")
#: What a button left open by the parser holds: the page's main landmark, which no control holds.
SWALLOWED_TAG = "main"

HEADING_PATTERN = re.compile(r"\bh\d\b")

# What the walk does at an element (its kind): lets its text flow into the
# paragraph (inline), starts and ends a paragraph, breaks a line, ..., as the
# reference's cleaning and SAX handler do.
INLINE, PARAGRAPH, BR, LINK, IMAGE, UNWRAP, KILL, DECIDED_PER_ELEMENT = range(8)
_KIND_OF_TAG = {
    **{tag: PARAGRAPH for tag in PARAGRAPH_TAGS},
    **{tag: KILL for tag in KILLED_TAGS},
    **{tag: UNWRAP for tag in UNWRAPPED_TAGS},
    "br": BR,
    "a": LINK,
    "img": IMAGE,
    "link": DECIDED_PER_ELEMENT,  # see ``_cleaner_kind``
    "param": DECIDED_PER_ELEMENT,
}


@functools.lru_cache(maxsize=1024)  # a regular expression per tag and page was 1% of jusText's time
def _role(tag: str) -> tuple[int, int, int]:
    """The kind of a ``tag`` element, whether it is a heading (1 or 0), and whether it is named
    like ``select`` (1 or 0): what it adds to the counts of open headings and selects."""
    return _KIND_OF_TAG.get(tag, INLINE), int(HEADING_PATTERN.search(tag) is not None), int("select" in tag)


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


class _Paragraphs:
    """The paragraphs a walk has found, and the one it is filling: where that
    starts, its text pieces and link characters, and whether it has text
    besides images' alt text. The walk sets where the next paragraph starts
    (``element``, ``xpath``, ``heading``, ``in_select``) after closing the one before."""

    __slots__ = ("found", "element", "xpath", "heading", "in_select", "pieces", "chars_in_links", "has_text")

    def __init__(self, root: etree._Element) -> None:
        self.found: list[Paragraph] = []
        self.element, self.xpath = root, ""
        self.heading = self.in_select = False
        self.pieces: list[str] = []
        self.chars_in_links = 0
        self.has_text = False

    def add_text(self, text: str, in_link: bool) -> None:
        """The reference's ``characters()`` for a text node that is not blank."""
        self.pieces.append(text)
        self.has_text = True
        if in_link:
            self.chars_in_links += normalized_length(text)

    def add_blank(self, text: str) -> None:
        """A text node of whitespace alone, when segmenting with ``spaces``: kept only after text
        (at a paragraph's start it is stripped, and a blank between two block elements would
        have each boundary close an empty paragraph)."""
        if self.pieces:
            self.pieces.append(text)

    def close(self) -> None:
        """End the paragraph being filled, if it has text."""
        # A paragraph of line breaks alone collapses to nothing; the reference
        # drops it (its Paragraph is falsy when empty). Collapsing drops the
        # edges' whitespace, as the reference's strip() does.
        text = collapse_whitespace("".join(self.pieces))
        if text:
            self.found.append(Paragraph(self.element, self.xpath, text, self.chars_in_links,
                                        self.heading, self.in_select, not self.has_text))
        self.pieces, self.chars_in_links, self.has_text = [], 0, False


#: An element the walk is in, and what it hides of its parent's state until it ends: the element, its
#: kind (``INLINE``, ``PARAGRAPH``, ...), what it adds to the counts of open headings and of elements
#: named like ``select`` (1 or 0), and its parent's children counted by tag so far, XPath and
#: children not reached yet. A plain tuple: a NamedTuple or a slotted class, made and unpacked once
#: per element, made the walk 12% slower.
_Open = tuple[etree._Element, int, int, int, dict[str, int], str, int]


def segment(root: etree._Element, *, images: bool = False, spaces: bool = False, ruby_text: bool = True,
            unclosed_buttons: bool = False, spaces_between_elements: bool = False,
            noted: list[etree._Element] | None = None) -> list[Paragraph]:
    """Split the tree under ``root`` into paragraphs, in document order.

    With ``images``, an ``<img>`` adds its ``alt`` text to its paragraph, as
    the Java port of jusText does; the reference ignores images. With
    ``spaces``, a text node of whitespace alone counts as what it is (a space,
    or a line break where it holds one, once collapsed); the reference drops
    it, which joins the words of the inline elements it separates
    (``<b>from</b> <i>here</i>`` reads "fromhere", and code highlighted by
    spans loses every space). Without ``ruby_text``, the readings of ruby
    annotations (``<rt>``, and ``<rp>``'s parentheses) go with their content,
    as browsers print them beside the text, not in it: ``<ruby>漢字<rt>かんじ</rt></ruby>``
    reads "漢字", where the reference reads "漢字かんじ". With ``unclosed_buttons``, a
    ``<button>`` that holds a ``<main>`` is walked through as an inline element
    rather than deleted with its content: a control never holds the page's main
    landmark, so the parser left the button open (libxml2 ignores ``</button>``
    while an element opened inside it is still open) and it swallowed the rest of
    the page. With ``spaces_between_elements``, text that follows the end of an
    element and the start of another, with nothing between them, starts a word of
    its own: ``<span>id</span><span>string</span>`` reads "id string" (cells of a
    grid, an API's name and type, a list of countries in ``<span>`` s), where the
    reference and a browser's text read "idstring"; text that runs on out of an
    element (``<b>W</b>ord``, a drop cap) or into one joins as before. With ``noted``, the walk
    adds to it the page's elements that the renderers look for (see :attr:`.Page.noted`),
    sparing them a walk.
    """
    paragraphs = _Paragraphs(root)
    add_text = paragraphs.add_text
    # How many open elements are headings, or named like "select".
    headings = selects = 0
    in_link = after_br = False
    # An element has ended since the last text (only with ``spaces_between_elements``): the next
    # element to start starts a word, a space that collapses into any other whitespace.
    ended = False
    # Text not yet separated by a kept node from the text before it: the
    # reference gets it as one text node.
    pending = ""
    # The XPath of the innermost open element with children (see ``xpath``),
    # and how many children of each tag it has had so far.
    path, counts = xpath.start_of_walk(root)
    # The role of each tag met (see ``_role``).
    roles: dict[str, tuple[int, int, int]] = {} if ruby_text else dict.fromkeys(RUBY_TEXT_TAGS, (KILL, 0, 0))

    # A depth-first walk in document order, without recursion (lxml's iter()).
    # Every element but the text-only inline ones stays open, beside what it
    # hides of its parent's state, until ``left``, its children not reached
    # yet, is 0: it ends before the next node starts. The final None ends all.
    open_elements: list[_Open] = []
    max_depth = depth_left(root)
    nodes = root.iter()
    left = 2  # the root, then the None
    for node in chain(nodes, (None,)):
        while not left:
            # The end of ``element``.
            element, kind, heading, select, counts, path, left = open_elements.pop()
            if kind == UNWRAP:
                pending += element.tail or ""
                continue
            headings -= heading
            selects -= select
            if pending and not pending.isspace():
                add_text(pending, in_link)
                after_br = False
            elif pending and spaces:
                paragraphs.add_blank(pending)
            ended = spaces_between_elements
            if kind == PARAGRAPH:
                # What follows the end of a paragraph tag starts in its parent.
                if paragraphs.pieces:
                    paragraphs.close()
                parent = open_elements[-1][0] if open_elements else element.getparent()
                # Only a root without a parent has none, and no text follows the root.
                paragraphs.element = parent if parent is not None else element
                paragraphs.xpath = path
                paragraphs.heading, paragraphs.in_select = headings > 0, selects > 0
            elif kind == LINK:
                in_link = False
            # The root's tail, outside the page, stays pending for ever.
            pending = element.tail or ""
        if node is None:
            break

        # The start of ``node``.
        left -= 1
        tag = node.tag
        role = roles.get(tag)
        if role is None:
            if not isinstance(tag, str):
                if tag is etree.Comment:  # deleted by the reference: its tail joins the text before
                    pending += node.tail or ""
                else:  # a processing instruction: it ends at once, ending the text node before it
                    open_elements.append((node, INLINE, 0, 0, counts, path, left))
                    left = 0
                continue
            role = roles[tag] = _role(tag)
        kind, heading, select = role
        if kind == DECIDED_PER_ELEMENT:
            kind = _cleaner_kind(node)
        count = counts[tag] = counts.get(tag, 0) + 1
        if kind == KILL and unclosed_buttons and tag == "button" and _swallowed(node):
            kind = INLINE
        if kind == KILL:
            if noted is not None:  # what the walk skips too
                note_skipped(noted, node)
            pending += node.tail or ""
            skip_subtree(nodes, node)
            continue
        children = len(node)
        if not children and (kind == INLINE or kind == LINK) and not (heading or select):
            # The commonest elements, inline or links, empty or holding
            # text only (<b>word</b>, <a>link</a>, <img>): each ends the
            # text node before it, and its text is a text node of its own.
            if pending and not pending.isspace():
                add_text(pending, in_link)
                ended = False
            elif pending and spaces:
                paragraphs.add_blank(pending)
            if ended:
                paragraphs.add_blank(" ")
            after_br = False
            if kind == LINK:
                in_link = True
            text = node.text
            if text and not text.isspace():
                add_text(text, in_link)
            elif text and spaces:
                paragraphs.add_blank(text)
            if kind == LINK:
                in_link = False
            ended = spaces_between_elements
            pending = node.tail or ""
            continue
        # Past the commonest elements, which none of those looked for is (a table and a pre are
        # paragraphs, a base is deleted).
        if noted is not None and tag in LOOKED_FOR_TAGS:
            noted.append(node)
        node_path = f"{path}/{tag}[{count}]"
        if kind == UNWRAP:
            pending += node.text or ""
            if children:
                open_elements.append((node, kind, heading, select, counts, path, left))
                if len(open_elements) > max_depth:
                    raise too_deep()
                counts, path, left = {}, node_path, children
            else:
                pending += node.tail or ""
            continue
        headings += heading
        selects += select

        # A kept element ends the text node before it.
        if pending and not pending.isspace():
            add_text(pending, in_link)
            after_br = False
            ended = False
        elif pending and spaces:
            paragraphs.add_blank(pending)
        pending = ""
        if ended:
            paragraphs.add_blank(" ")
            ended = False

        if kind == PARAGRAPH or (kind == BR and after_br):
            if paragraphs.pieces:
                paragraphs.close()
            paragraphs.element, paragraphs.xpath = node, node_path
            paragraphs.heading, paragraphs.in_select = headings > 0, selects > 0
        else:
            after_br = kind == BR
            if after_br:
                paragraphs.pieces.append(" ")
            elif kind == LINK:
                in_link = True
            elif kind == IMAGE and images:
                alt = node.get("alt", "")
                if alt and not alt.isspace():
                    paragraphs.pieces.append(f" {alt} ")
        pending = node.text or ""
        open_elements.append((node, kind, heading, select, counts, path, left))
        if children:  # a leaf ends before the next node, its parent's state untouched
            if len(open_elements) > max_depth:
                raise too_deep()
            counts, path = {}, node_path
        left = children

    paragraphs.close()
    return paragraphs.found


def _swallowed(button: etree._Element) -> bool:
    """Whether a ``button`` holds the page's main landmark: the parser left it open."""
    return next(button.iter(SWALLOWED_TAG), None) is not None


def _cleaner_kind(element: etree._Element) -> int:
    """What the reference's preprocessing does to a ``link`` or ``param`` element."""
    if element.tag == "link":
        return KILL if "stylesheet" in element.get("rel", "").lower() else INLINE
    parent = element.getparent()
    while parent is not None and parent.tag not in ("applet", "object"):
        parent = parent.getparent()
    return KILL if parent is None else UNWRAP
