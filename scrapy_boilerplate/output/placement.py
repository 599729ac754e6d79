"""Where the good blocks' text lies in the page, and what structure holds it: the input of the renderers.

Every algorithm gives each block its text and the XPath of the element it
starts in; none of them is asked for more. From that element a walk in
document order finds the block's text in the page's text nodes, ignoring
whitespace (algorithms differ in how they join and collapse it), and cuts it
into runs, each held by one text node. A run's element says everything the
renderers need: the nearest element that is not inline (a paragraph, a list
item, a table cell...) groups runs into :class:`Piece` objects, that
element's ancestors give the structure (headings, lists, quotes, code, tables)
and the inline elements between them and the text the markup (links,
emphasis, inline code, images). A block whose text comes right after the
previous one's, as good blocks' often does, is found by walking on, without
looking its XPath up; so are the images between the two, which go with the
second. Renderings without images leave out the images whose alt text is not
the block's (they would write nothing, or empty cells and items), and place a
block that is all the text of the element it starts in there, without a walk; so
is a block whose algorithm tells that its text is all that of one text node
held by that element (its text or a child's tail). A block the algorithm joined
from several (boilerpipe's fusions) is placed line by line, each line from the
element the algorithm tells it starts in.

A block whose text the walk cannot find in the page (an algorithm's own
additions, text it skipped coinciding with its own) becomes one piece without
inline markup in the element it starts in: the renderers always write every
word of every good block, in order. Without the page (an unpickled
:class:`~scrapy_boilerplate.Extraction`), each block is placed in a skeleton
rebuilt from the XPaths alone: the same structure, no inline markup.

One module for one idea, the blocks' text found in the page's text nodes: its
length is the cases of that search (runs, lines, skeletons, whole elements).
Writing a piece's markup is :mod:`.markup`'s; placing the images and tables no
block holds, :mod:`.inserts`'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from lxml import etree

from ..html.page import Page
from ..html.walk import unknown_ancestors
from ..html.xpath import resolver
from ..model import GOOD, Block
from ..model.text import collapse

#: Elements that do not end a run of text: their text continues the text around them.
INLINE_TAGS = frozenset({
    "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "cite", "code", "data", "del", "dfn", "em",
    "font", "i", "img", "ins", "kbd", "label", "mark", "nobr", "q", "s", "samp", "small", "span", "strike",
    "strong", "sub", "sup", "time", "tt", "u", "var", "wbr", "br",
})
#: Inline elements the renderers write as markup; the others are only their text.
MARKUP_TAGS = frozenset({"a", "b", "strong", "i", "em", "code", "kbd", "samp", "tt", "img"})
#: Inline elements that are only their text.
_PLAIN_TAGS = INLINE_TAGS - MARKUP_TAGS
#: Elements whose position in the page's structure the renderers write.
STRUCTURE_TAGS = frozenset({
    "blockquote", "ul", "ol", "menu", "li", "dl", "dt", "dd", "table", "tr", "th", "td", "pre",
    "h1", "h2", "h3", "h4", "h5", "h6",
})
#: Elements whose text no algorithm counts as the page's text.
_NOT_TEXT_TAGS = frozenset({"script", "style", "template", "head"})
#: How many characters of text nodes that are not the block's the walk passes before it gives up.
_MAX_SKIPPED = 20_000


@dataclass(slots=True)
class Run:
    """``text[start:end]`` of a piece, held by one text node (or an image's ``alt``, or an image
    without text when ``start == end``), inside the markup elements ``inline``, outermost first."""

    start: int
    end: int
    inline: tuple[etree._Element, ...]


@dataclass(slots=True)
class Piece:
    """Text of one good block inside one element that is not inline (``element``; ``None`` when the
    block's XPath selects nothing in the page).

    ``structure`` holds the element's ancestors (itself included) that are in
    :data:`STRUCTURE_TAGS`, outermost first; ``runs`` index ``text``, the block's text.
    """

    element: etree._Element | None
    structure: tuple[etree._Element, ...]
    text: str
    runs: list[Run]


#: What an algorithm tells of a block's text, beside the element it starts in: ``True`` when the
#: text is all that of one text node held by that element (its own text or a child's tail),
#: ``False`` when it does not tell, and for a block it joined from several, one per line of the
#: text (``"\n"`` between them), the element the line starts in and whether the same holds of it.
Shape = bool | Sequence[tuple[etree._Element, bool]]


def pieces(blocks: Sequence[Block], page: Page | None,
           starts: tuple[Sequence[str], Sequence[etree._Element | None], Sequence[Shape]] | None = None, *,
           images: bool = True) -> list[Piece]:
    """The pieces of the good blocks of ``blocks``, in document order.

    ``starts``, when the algorithm gave them, holds the blocks' XPaths as it
    made them, the element each selects, and each block's :data:`Shape` (empty
    if the algorithm does not tell): a block whose XPath is still that is placed
    without looking it up. Without ``images``, the images whose alt text is not
    the block's are left out (they would write nothing).
    """
    xpaths: Sequence[str] = ()
    elements: Sequence[etree._Element | None] = ()
    shapes: Sequence[Shape] = ()
    if page is None:
        walk = _Walk(_skeleton([block for block in blocks if block.label == GOOD and block.text]))
    else:
        walk = _Walk(resolver(page.root))
        if starts is not None:
            xpaths, elements, shapes = starts
    # For each element holding text: its piece's element, its markup elements and its structure.
    placements: dict[etree._Element | None,
                     tuple[etree._Element | None, tuple[etree._Element, ...], tuple[etree._Element, ...]]] = {}
    structures: dict[etree._Element | None, tuple[etree._Element, ...]] = {None: ()}
    result: list[Piece] = []
    placed = -2  # the number of the block placed last
    for number in [number for number, block in enumerate(blocks) if block.label == GOOD and block.text]:
        block = blocks[number]
        text = block.text
        known = number < len(xpaths) and xpaths[number] == block.xpath
        shape = shapes[number] if known and shapes else False
        # A block joined from several is placed line by line, each from its own start (with
        # images, as one: the walk finds the images between its lines, which go with the first).
        lines: Sequence[tuple[int, int, etree._Element | None, bool]] | None = None
        if not images and not isinstance(shape, bool):
            lines = _lines(text, shape)
        if lines is None:
            lines = [(0, len(text), elements[number] if known else None, shape is True)]
        follows = number == placed + 1  # right after the block placed last
        current = None
        for line_start, line_end, start, one_text_node in lines:
            line = text if line_end - line_start == len(text) else text[line_start:line_end]
            # Most lines are all the text of one text node of the element they start in, as the
            # algorithm tells or, in a leaf, as its text reads: placed there without a walk (but
            # with images: the walk on from the text before finds those between the two, its own).
            runs: Sequence[tuple[int, int, etree._Element | None]]
            if not images and start is not None and (
                    one_text_node or (not len(start) and _holds_exactly(start, line))):
                walk.placed_in(start, line, follows=follows)
                if current is None and start.tag not in INLINE_TAGS:  # most: a paragraph, an item...
                    structure = structures.get(start)
                    if structure is None:
                        structure = structure_of(start, structures)
                    current = Piece(start, structure, text, [Run(line_start, line_end, ())])
                    result.append(current)
                    follows = True
                    continue
                runs = [(0, len(line), start)]
            else:
                runs = walk.find(line, start, None if known else block.xpath, follows=follows, images=images)
            follows = True
            for begin, end, holder in runs:
                begin += line_start
                end += line_start
                placement = placements.get(holder)
                if placement is None:
                    element: etree._Element | None
                    inline: tuple[etree._Element, ...]
                    if holder is None or holder.tag not in INLINE_TAGS:  # most: a paragraph, an item...
                        element, inline = holder, ()
                    else:
                        element, inline = _placement(holder)
                    placement = placements[holder] = (element, inline, structure_of(element, structures))
                element, inline, structure = placement
                # A new piece where the text moves to another element, unless the block's text
                # runs on without a space there (an algorithm that ignores that element's edges).
                if current is None or (current.element is not element
                                       and (begin == 0 or text[begin - 1].isspace())):
                    current = Piece(element, structure, text, [Run(begin, end, inline)])
                    result.append(current)
                    continue
                last = current.runs[-1]
                # Text without markup after text without markup: one run (the renderers write both
                # alike), unless an "&" ends the first, which the Markdown writer tells an entity by
                # what follows it in its run.
                if inline or last.inline or text[last.end - 1] == "&":
                    current.runs.append(Run(begin, end, inline))
                else:
                    last.end = end
        placed = number
    return result


def _lines(text: str, shape: Sequence[tuple[etree._Element, bool]],
           ) -> list[tuple[int, int, etree._Element, bool]] | None:
    """Where each line of ``text`` lies in it, with what ``shape`` tells of it; ``None`` when the
    text's lines are not the shape's."""
    if text.count("\n") + 1 != len(shape):
        return None
    lines = []
    start = 0
    for element, one_text_node in shape:
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        lines.append((start, end, element, one_text_node))
        start = end + 1
    return lines


@dataclass(slots=True)
class _Walk:
    """Where texts lie in the page, looked for one after another in document order."""

    #: The element of an XPath.
    resolve: Callable[[str], etree._Element | None]
    #: The text nodes after the last text placed: the next text, when it comes right after (as
    #: good blocks often do), is found there without looking its element up. Only when no other
    #: block lies between: a bad block's text, which does, could be taken for it.
    following: Iterator[tuple[str | None, etree._Element]] | None = None

    def placed_in(self, start: etree._Element, text: str, *, follows: bool) -> None:
        """Note that ``text``, placed last, is all that of one text node held by ``start``."""
        if not len(start):
            self.following = _text_from(start, inside=False)
        elif follows and self.following is not None:
            # Its text node lies among ``start``'s children's: the walk on passes it.
            if _find(text, self.following, strict=True, images=False) is None:
                self.following = None
        else:
            self.following = None

    def find(self, text: str, start: etree._Element | None, xpath: str | None, *, follows: bool,
             images: bool) -> Sequence[tuple[int, int, etree._Element | None]]:
        """Where ``text`` lies: (start, end, holder) of each text node holding some of it (see
        :func:`_find`); after the last text placed when it ``follows`` it, else from ``start``
        (the element ``xpath`` selects, when given): if not found, all of it in that element."""
        if follows and self.following is not None:
            runs = _find(text, self.following, strict=True, images=images)
            if runs is not None:
                return runs
        if xpath is not None:
            start = self.resolve(xpath)
        self.following = None
        if start is None:
            return [(0, len(text), None)]
        if _holds_exactly(start, text):  # most texts: a paragraph's and nothing else
            self.following = _text_from(start, inside=False)
            return [(0, len(text), start)]
        self.following = _text_from(start)
        runs = _find(text, self.following, images=images)
        if runs is None:  # not found: all of it in the element it starts in
            self.following = None
            return [(0, len(text), start)]
        return runs


def _holds_exactly(element: etree._Element, text: str) -> bool:
    """Whether ``text`` is all the text of ``element``, which holds neither markup nor any element
    that is not inline."""
    if not len(element):
        whole = element.text or ""
    else:
        for node in element.iterdescendants():
            if node.tag not in _PLAIN_TAGS:
                return False
        whole = "".join(cast("Iterator[str]", element.itertext()))
    if whole == text:
        return True
    stripped = whole.strip()  # the source's line breaks and indentation around a paragraph
    if stripped == text:
        return True
    # The same words start and end alike (block texts are stripped): a block that runs on beyond
    # its first element, as many do, differs at its end.
    if not stripped or stripped[0] != text[0] or stripped[-1] != text[-1]:
        return False
    # Splitting ``text`` no further than ``whole``'s word count costs what the element's text costs.
    words = stripped.split()
    return text.split(None, len(words)) == words


def _find(text: str, nodes: Iterator[tuple[str | None, etree._Element]], *, strict: bool = False,
          images: bool = True) -> list[tuple[int, int, etree._Element]] | None:
    """Where ``text`` lies in the text ``nodes`` (see :func:`_text_from`): (start, end, holder) of each
    node that holds some of it (an image without text in the block at its place, with ``images``);
    ``None`` if it is not found there, or with ``strict`` if any node before its end (whitespace
    aside) is not part of it."""
    runs: list[tuple[int, int, etree._Element]] = []
    waiting: list[tuple[int, int, etree._Element]] = []  # images seen before the first run
    position = 0
    length = len(text)
    skipped = 0
    for piece, holder in nodes:
        begin = position
        while begin < length and text[begin].isspace():
            begin += 1
        if piece is None:  # an image: its alt text may be part of the block, but not when walking
            # on from the block before, where an image's alt text often repeats a heading after it
            piece = None if strict else holder.get("alt")
            if not piece or piece.isspace() or (end := _match(text, begin, piece)) is None:
                if images:
                    (runs if runs else waiting).append((position, position, holder))
                continue
        elif (end := _match(text, begin, piece)) is None:
            skipped += len(piece)
            if strict or skipped > _MAX_SKIPPED:
                return None
            waiting.clear()
            continue
        if not runs and waiting:
            runs.extend(waiting)
        runs.append((begin, end, holder))
        position = end
        if position == length:  # block texts are stripped
            return runs
    return None


def _match(text: str, position: int, piece: str) -> int | None:
    """Where ``piece`` ends in ``text`` if it starts at ``position`` (not whitespace), whitespace aside;
    ``None`` if it does not."""
    # Most text nodes lie in the block's text as they are, or but for whitespace at their ends
    # (the source's line breaks and indentation): collapsing them is wasted.
    stripped = piece.strip()
    if text.startswith(stripped, position):
        return position + len(stripped)
    if not text.startswith(stripped[0], position):  # most other nodes: another text than the block's
        return None
    words = collapse(piece)
    end = position + len(words)
    if text.startswith(words, position):
        return end
    if text[position:end].replace("\n", " ") == words:  # line breaks kept (jusText)
        return end
    # The algorithm's whitespace differs otherwise from one space.
    for word in words.split(" "):
        while position < len(text) and text[position].isspace():
            position += 1
        if not text.startswith(word, position):
            return None
        position += len(word)
    return position


def _text_from(start: etree._Element, *, inside: bool = True) -> Iterator[tuple[str | None, etree._Element]]:
    """The page's text nodes from the start of ``start`` (its end, unless ``inside``) to the end of
    the page, in document order, each with the element holding it (whitespace alone left out);
    ``(None, img)`` for each image."""
    if inside:
        yield from _subtree_text(start)
    node = start
    while True:
        # The tail of ``node``, then its following siblings, then those of its ancestors (the
        # page's root, a tail of nothing, has none that any algorithm reads).
        parent = node.getparent()
        if parent is None:
            return
        if (text := _readable(node, "tail")) and not text.isspace():
            yield text, parent
        sibling = node.getnext()
        if sibling is None:
            node = parent
        else:
            node = sibling
            if isinstance(node.tag, str):  # not a comment or a processing instruction
                yield from _subtree_text(node)


def _subtree_text(top: etree._Element, *, breaks: bool = False) -> Iterator[tuple[str | None, etree._Element]]:
    """The text nodes of ``top`` and its descendants (its tail aside), as :func:`_text_from`;
    with ``breaks``, ``("\\n", br)`` for each line break, and whitespace alone too."""
    if not isinstance(top.tag, str):  # an entity reference of an XML tree: no text nodes
        return
    walker = etree.iterwalk(top, events=("start", "end", "comment", "pi"))
    for event, element in walker:
        if event == "start":
            tag = element.tag
            if breaks and tag == "br":
                yield "\n", element
            if tag == "img":
                walker.skip_subtree()
                yield None, element
            elif not isinstance(tag, str) or tag in _NOT_TEXT_TAGS:  # an entity, a script...
                walker.skip_subtree()
            elif (text := _readable(element, "text")) and (breaks or not text.isspace()):
                yield text, element
            continue
        # The end of an element, a comment or a processing instruction: its tail.
        if element is not top and (text := _readable(element, "tail")) and (breaks or not text.isspace()):
            yield text, element.getparent()


def _readable(element: etree._Element, part: str) -> str | None:
    """``element.text`` or ``.tail`` (``part``); ``None`` for one lxml cannot decode (a caller's XML
    tree holding an encoded surrogate where no algorithm read it: no block holds it)."""
    try:
        return getattr(element, part)
    except UnicodeDecodeError:
        return None


def _placement(holder: etree._Element) -> tuple[etree._Element, tuple[etree._Element, ...]]:
    """The nearest element holding ``holder`` (itself included) that is not inline, and the markup
    elements from there down to ``holder``, outermost first."""
    inline = []
    element = holder
    while element.tag in INLINE_TAGS:
        if element.tag in MARKUP_TAGS:
            inline.append(element)
        parent = element.getparent()
        if parent is None:
            break
        element = parent
    inline.reverse()
    return element, tuple(inline)


def structure_of(element: etree._Element | None, known: dict[etree._Element | None, tuple[etree._Element, ...]],
               ) -> tuple[etree._Element, ...]:
    """The ancestors of ``element`` (itself included) in :data:`STRUCTURE_TAGS`, outermost first.

    ``known`` holds those of the elements met before: the blocks of a page
    share most of their ancestors, so most elements climb one step.
    """
    structure = known.get(element)
    if structure is not None:
        return structure
    assert element is not None  # known[None] is ()
    above = known.get(element.getparent())
    if above is not None:  # most elements: the next child of a parent met before
        structure = known[element] = (*above, element) if element.tag in STRUCTURE_TAGS else above
        return structure
    missing, nearest = unknown_ancestors(element, known)
    structure = known[nearest]
    for node in reversed(missing):
        if node.tag in STRUCTURE_TAGS:
            structure = (*structure, node)
        known[node] = structure
    return structure


def _skeleton(blocks: Sequence[Block]) -> Callable[[str], etree._Element | None]:
    """A resolver over a tree rebuilt from the blocks' XPaths, each block's text in its element."""
    elements: dict[str, etree._Element] = {}
    for block in blocks:
        element = elements.get(block.xpath)
        if element is None:
            element = _skeleton_element(block.xpath, elements)
        if element is None:
            continue
        text = _XML_REFUSED.sub("\ufffd", block.text)
        if len(element) or element.text:
            # A second block in the element: after everything it holds so far.
            marker = etree.SubElement(element, "wbr")
            marker.tail = text
        else:
            element.text = text
    return elements.get


#: Characters a parsed page's text can hold (the HTML parser lets ``&#7;`` through) but lxml
#: refuses to set: in a skeleton they become U+FFFD, which keeps the words where they were.
_XML_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _skeleton_element(path: str, elements: dict[str, etree._Element]) -> etree._Element | None:
    parent = None
    prefix = ""
    for name in path.split("/")[1:]:
        prefix = f"{prefix}/{name}"
        element = elements.get(prefix)
        if element is None:
            tag = name.partition("[")[0]
            try:
                element = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
            except ValueError:  # not a valid element name
                return None
            elements[prefix] = element
        parent = element
    return parent


#: Elements that are not inline and hold only text when they have no children (not a line break,
#: an image or a script): the elements written whole.
_TEXT_LEAF_TAGS = frozenset({"td", "th", "caption", "figcaption"})


def element_piece(element: etree._Element, structure: tuple[etree._Element, ...]) -> Piece:
    """All the text of ``element`` as one piece in ``structure``, with its inline markup: a table
    cell written whole, good or not. The texts of the elements inside that are not inline, and
    those a ``<br>`` separates, are joined with a space."""
    if not len(element) and element.tag in _TEXT_LEAF_TAGS:  # most cells: their text alone
        own = _readable(element, "text") or ""
        stripped = own.strip()
        if not stripped:
            return Piece(element, structure, "", [])
        start = own.index(stripped[0])
        return Piece(element, structure, own, [Run(start, start + len(stripped), ())])
    parts: list[str] = []
    runs: list[Run] = []
    length = 0
    previous: etree._Element | None = None
    apart = False  # a line break since the last text
    for text, holder in _subtree_text(element, breaks=True):
        if text == "\n" or (text is not None and text.isspace()):
            apart = True
            continue
        owner, inline = _placement(holder)
        if (apart or (previous is not None and owner is not previous)) and parts and not parts[-1][-1:].isspace():
            parts.append(" ")
            length += 1
        previous, apart = owner, False
        if text is None:  # an image
            runs.append(Run(length, length, inline))
            continue
        stripped = text.strip()
        start = length + text.index(stripped[0]) if stripped else length
        parts.append(text)
        length += len(text)
        if stripped:
            runs.append(Run(start, start + len(stripped), inline))
    return Piece(element, structure, "".join(parts), runs)
