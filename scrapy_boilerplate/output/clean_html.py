"""The good blocks as a small clean HTML fragment, from their placement (:mod:`.placement`).

Only structure and markup are written: ``h1``-``h6``, ``p``, ``ul``/``ol``/``li``,
``dl``/``dt``/``dd``, ``blockquote``, ``pre``, ``table``/``caption``/``tr``/``th``/``td``,
``a``, ``em``, ``strong``, ``code``, ``img``, ``figure``/``figcaption``, ``br``; no
attributes but ``href``, ``src`` and ``alt``, URLs absolute and under the package's
URL rule. Listings, tables and images (with ``images``) as the Markdown writes them:
images where the good blocks hold them, and those among them (:func:`.images.figures`)
as figures with their captions.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from html import escape

from lxml import etree

from ..html.page import Page
from ..model.text import collapse
from . import images as content_images
from . import tables
from .code import code_text, in_gutter, listings
from .inserts import in_aside
from .markup import CODE_TAGS, image_alt, link_target, set_apart, write_markup
from .placement import STRUCTURE_TAGS, Piece, element_piece, structure_of

#: The tag written for each structure tag: its own, but ``menu``, written as the list it is.
_NAMES = {**{tag: tag for tag in STRUCTURE_TAGS}, "menu": "ul"}
_TABLE_PARTS = frozenset({"tr", "td", "th"})
#: The structure an element placed among the pieces is written inside: its quotes and lists.
_AROUND_TAGS = frozenset({"blockquote", "ul", "ol", "menu", "li", "dl", "dt", "dd"})
_INLINE_NAMES = {"em": "em", "i": "em", "strong": "strong", "b": "strong", **{tag: "code" for tag in CODE_TAGS}}


def render(pieces: Sequence[Piece], *, page: Page | None, links: bool = True, images: bool = False) -> str:
    """HTML of ``pieces``; links resolved against ``page``'s base URL, images written only with ``images``."""
    out: list[str] = []
    opened: list[etree._Element] = []
    filled: set[etree._Element] = set()  # structure elements that hold text of their own already
    whole, placed = tables.whole(page, pieces) if page is not None else (set(), {})
    for index, found in (listings(page, pieces) if page is not None else {}).items():
        placed.setdefault(index, []).extend(found)
    written: set[etree._Element] = set()  # the ``pre`` and the tables written whole
    layouts: dict[etree._Element, bool] = {}
    # With images, those of the main content not inside a piece (a figure between paragraphs),
    # written apart as figures, as the Markdown writes them.
    figured: set[etree._Element] = set()
    covered: set[etree._Element | None] = set()
    if images and page is not None:
        apart = content_images.figures(page, pieces, lambda image: _image_source(image, page) is not None,
                                       lambda element: tables.in_data_table(element, layouts))
        for index, found_images in apart.items():
            placed.setdefault(index, []).extend(found_images)
            figured.update(found_images)
        covered = {piece.element for piece in pieces} if figured else set()
    structures: dict[etree._Element | None, tuple[etree._Element, ...]] = {None: ()}
    for index, piece in enumerate(pieces):
        # Tables, listings and images among the good pieces, inside their quotes and lists.
        for element in placed.get(index, ()):
            _reopen(out, opened, _around(element, layouts, structures))
            out.append(_apart(element, page, links, images, covered))
        structure = _without_layout(piece.structure, layouts) if page is not None else list(piece.structure)
        tags = [node.tag for node in structure]
        in_code = "pre" in tags
        table = next((node for node in reversed(structure) if node in whole), None)
        if table is not None:
            if table in written:
                continue
            written.add(table)
            del structure[structure.index(table):]
            inner = _table(table, page, links, images)
        elif in_code:
            pre = structure[tags.index("pre")]
            del structure[tags.index("pre") + 1:]
            if page is not None and in_gutter(piece.element):
                continue
            code = code_text(pre) if page is not None and pre not in written else ""
            written.add(pre)
            if page is not None and not code:
                continue  # written with the first piece of its ``pre``
            inner = escape(code or piece.text[piece.runs[0].start:piece.runs[-1].end], quote=False)
        else:
            inner = _write(piece, page, links, images, figured)
        if not inner:  # an image left out: no empty element for it
            continue
        _reopen(out, opened, structure)
        holder = structure[-1] if structure else None
        if table is not None:
            out.append(inner)
        elif holder is not None and (holder is piece.element or in_code):
            if holder in filled:
                out.append("<br>")
            filled.add(holder)
            out.append(inner)
        else:
            out.append(f"<p>{inner}</p>\n")
    for element in placed.get(len(pieces), ()):
        _reopen(out, opened, _around(element, layouts, structures))
        out.append(_apart(element, page, links, images, covered))
    _close(out, opened)
    return "".join(out)


def _reopen(out: list[str], opened: list[etree._Element], structure: Sequence[etree._Element]) -> None:
    """Close the elements of ``opened`` that ``structure`` does not hold, and open those it adds."""
    common = 0
    while common < len(opened) and common < len(structure) and opened[common] is structure[common]:
        common += 1
    for node in reversed(opened[common:]):
        out.append(f"</{_NAMES[node.tag]}>\n")
    del opened[common:]
    for node in structure[common:]:
        out.append(f"<{_NAMES[node.tag]}>")
        opened.append(node)


def _around(element: etree._Element, layouts: dict[etree._Element, bool],
            structures: dict[etree._Element | None, tuple[etree._Element, ...]]) -> list[etree._Element]:
    """The quotes and lists around ``element``, placed among the pieces, outermost first, up to the
    first element of another kind (a heading, a data table's cell)."""
    around = []
    for node in _without_layout(structure_of(element, structures), layouts):
        if node is element or node.tag not in _AROUND_TAGS:
            break
        around.append(node)
    return around


def _close(out: list[str], opened: list[etree._Element]) -> None:
    for node in reversed(opened):
        out.append(f"</{_NAMES[node.tag]}>\n")
    opened.clear()


def _without_layout(structure: Sequence[etree._Element], layouts: dict[etree._Element, bool]) -> list[etree._Element]:
    """``structure`` less the layout tables in it, their rows and cells: written as their content."""
    kept: list[etree._Element] = []
    in_layout = False
    for node in structure:
        if node.tag == "table":
            layout = layouts.get(node)
            if layout is None:
                layout = layouts[node] = tables.is_layout(node)
            in_layout = layout
            if layout:
                continue
        elif in_layout and node.tag in _TABLE_PARTS:
            continue
        kept.append(node)
    return kept


def _apart(element: etree._Element, page: Page | None, links: bool, images: bool,
           covered: set[etree._Element | None]) -> str:
    """A table, a listing or an image (with its figure's caption unless a good piece, one of the
    elements ``covered``, writes it) placed among the pieces."""
    if element.tag == "pre":
        code = code_text(element)
        return f"<pre>{escape(code, quote=False)}</pre>\n" if code else ""
    if element.tag == "img":
        source = _image_source(element, page)
        if source is None:
            return ""
        image = f'<img src="{escape(source)}" alt="{escape(collapse(element.get("alt") or ""))}">'
        caption = content_images.caption(element, covered)
        written = _write(element_piece(caption, ()), page, links, images) if caption is not None else ""
        if written:
            return f"<figure>{image}<figcaption>{written}</figcaption></figure>\n"
        return f"<p>{image}</p>\n"
    return _table(element, page, links, images)


def _image_source(image: etree._Element, page: Page | None) -> str | None:
    """The URL of ``image`` as written, ``None`` for none, a script or a decoration."""
    source = link_target(content_images.source(image), page)
    if source is None or content_images.is_decoration(image, source) or in_aside(image):
        return None
    return source


def _table(table: etree._Element, page: Page | None, links: bool, images: bool) -> str:
    """All the cells of ``table``, laid out as :func:`.tables.grid` does; ``""`` if none holds anything."""
    out = ["<table>"]
    caption = table.find("caption")
    if caption is not None:
        out.append(f"<caption>{_write(element_piece(caption, ()), page, links, images)}</caption>")
    cells: dict[etree._Element, str] = {}
    for row in tables.grid(table):
        out.append("<tr>")
        for cell in row:
            if cell is None:
                out.append("<td></td>")
                continue
            inner = cells.get(cell)
            if inner is None:
                inner = cells[cell] = _write(element_piece(cell, ()), page, links, images)
            out.append(f"<{cell.tag}>{inner}</{cell.tag}>")
        out.append("</tr>\n")
    out.append("</table>\n")
    return "".join(out) if any(cells.values()) else ""  # no empty table (images left out)


def _write(piece: Piece, page: Page | None, links: bool, images: bool,
           figured: Container[etree._Element] = ()) -> str:
    """The piece's text in its inline markup; the images ``figured`` (written apart) as their text."""
    text = piece.text
    if not piece.runs:
        return ""
    targets: dict[etree._Element, str] = {}  # the URL of each link written, found when it is accepted

    def written(element: etree._Element) -> bool:
        if element.tag == "a":
            target = link_target(element.get("href"), page) if links else None
            if target is None:
                return False
            targets[element] = target
        return True

    def text_part(start: int, end: int) -> str:
        return escape(text[start:end], quote=False)

    def image_part(start: int, end: int, image: etree._Element) -> str:
        alt = image_alt(text, start, end, image)
        source = _image_source(image, page) if images and image not in figured else None
        if source is not None:
            return set_apart(text, start, end, f'<img src="{escape(source)}" alt="{escape(alt)}">')
        return escape(alt, quote=False) if end > start else ""

    def element_part(element: etree._Element, start: int, end: int, inner: str, parts: list[str]) -> None:
        if not inner:
            return
        if element.tag == "a":
            parts.append(f'<a href="{escape(targets[element])}">{inner}</a>')
            return
        name = _INLINE_NAMES.get(element.tag)
        parts.append(f"<{name}>{inner}</{name}>" if name else inner)

    return write_markup(piece, written, text_part, image_part, element_part)
