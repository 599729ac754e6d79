"""The good blocks as Markdown (CommonMark, with GitHub's pipe tables), from their :mod:`.placement`.

Headings become ``#`` lines (their emphasis as text), list items ``-`` or ``1.``
items indented by their nesting, definition terms bold lines followed by their
definitions as items, quotes ``>`` lines, a ``pre`` fenced code as written in the
page (:mod:`.code`), a data table a pipe table of all its cells when it is main
content (:mod:`.tables`; otherwise of its good cells, one paragraph per row when
it has spanning cells), a layout table its content, with ``images`` the main
content's images (:mod:`.images`), and every other piece a paragraph. The text is escaped so that
it reads back as the same words: whatever CommonMark would take for syntax
(``*``, ``_``, ``[``, a line starting with ``#`` or ``1.``...) gets a backslash.

One module for one idea, pieces written as Markdown: its length is the
constructs above, each written and escaped as CommonMark reads it back; finding
the pieces is :mod:`.placement`'s, the tables' grid :mod:`.tables`', the code's
text :mod:`.code`'s.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

from lxml import etree

from ..html.page import Page
from ..model.text import FORMAT_HINTS, collapse, shown, visible, without_format_hints
from . import images as content_images
from . import tables
from .characters import Characters
from .code import code_text, in_gutter, language, listings
from .inserts import in_aside
from .markup import CODE_TAGS, image_alt, link_target, markup_written, set_apart, write_markup
from .placement import Piece, Run, element_piece, structure_of

_HEADINGS = {f"h{level}": "#" * level for level in range(1, 7)}
_EMPHASIS = {"em": "*", "i": "*", "strong": "**", "b": "**"}
_ITEM_TAGS = frozenset({"li", "dd"})
_CELL_TAGS = frozenset({"td", "th"})
_PREFIX_TAGS = _ITEM_TAGS | {"blockquote"}

# Characters that are syntax anywhere in a line; "&" only before what reads as an entity, which
# _backslash tells.
_SPECIAL = "\\`*_[]<>~&"
_ESCAPE = re.compile(f"[{re.escape(_SPECIAL)}]")
_ESCAPE_HEADING = re.compile(f"[{re.escape(_SPECIAL)}#]")
_ENTITY_REST = re.compile(r"#?\w+;")
# What each escaping changes or leaves out: a text holding none of it, as most do, is written as it is.
_TEXT_CHANGED = Characters(_SPECIAL + FORMAT_HINTS)
_HEADING_CHANGED = Characters(_SPECIAL + "#" + FORMAT_HINTS)
# What starts a block at the start of a line: a heading, quote, list item, rule, setext underline, fence.
_LINE_START = re.compile(r"^(?:([#>+=~-])|(\d{1,9})([.)]))")
_LINE_STARTERS = frozenset("#>+=~-0123456789")
_ASCII_PUNCTUATION = frozenset(string.punctuation)
_URL_UNSAFE = re.compile(r"[\s()<>\\]")


def render(pieces: Sequence[Piece], *, page: Page | None, links: bool = True, images: bool = False) -> str:
    """Markdown of ``pieces``; links resolved against ``page``'s base URL, images written only with ``images``."""
    writer = _Writer(page, links, images)
    if page is None:  # a skeleton: the good blocks' own cells, in pipe tables
        writer.pieces(pieces)
        return "\n".join(writer.lines)
    pieces = [piece for piece in pieces if not writer.in_gutter(piece)]
    placed = writer.placed(pieces)
    for index, end, table in _grouped(pieces, writer.data_table):
        if index in placed:
            writer.among(placed[index])
        if table is None:
            writer.piece(pieces[index])
        elif table in writer.content_tables:
            writer.among(element for number in range(index + 1, end) for element in placed.get(number, ()))
            writer.whole_table(table, writer.form(pieces[index].structure).table_prefixes)
        else:
            writer.pieces(pieces[index:end])
    writer.among(placed.get(len(pieces), ()))
    return "\n".join(writer.lines)


def _grouped(pieces: Sequence[Piece], table_of: Callable[[Piece], etree._Element | None],
             ) -> Iterator[tuple[int, int, etree._Element | None]]:
    """``(start, end, table)`` of each run of ``pieces`` in one table (as ``table_of`` tells), and
    ``(start, start + 1, None)`` of each piece in none."""
    index = 0
    while index < len(pieces):
        table = table_of(pieces[index])
        end = index + 1
        if table is not None:
            while end < len(pieces) and table_of(pieces[end]) is table:
                end += 1
        yield index, end, table
        index = end


@dataclass(slots=True)
class _Form:
    """What a piece in a structure is, and the quotes and list items it is written in."""

    #: ``"code"`` (in a ``pre``), ``"heading"``, ``"term"`` (in a ``dt``) or ``"text"``.
    kind: str
    #: The ``#`` of a heading.
    heading: str
    #: The quotes and list items a chunk of the piece is written in: those outside its ``pre`` or heading.
    prefixes: tuple[etree._Element, ...]
    #: The quotes and list items of the whole structure.
    nested: tuple[etree._Element, ...]
    #: The innermost table of the structure, and the quotes and list items outside it.
    table: etree._Element | None
    table_prefixes: tuple[etree._Element, ...]
    #: Whether the structure ends in a table cell outside any ``pre``.
    in_cell: bool
    #: The outermost ``pre`` of the structure.
    code: etree._Element | None = None


#: The form of the empty structure.
_TOP = _Form("text", "", (), (), None, (), False)


def _inner_form(outer: _Form, node: etree._Element) -> _Form:
    """The form of a structure from ``outer``, the form of the structure around ``node``, its innermost element.

    The outermost ``pre`` makes code; otherwise the innermost heading a heading, and a ``dt`` a term.
    """
    if outer.kind == "code":
        return outer
    tag = node.tag
    nested = (*outer.nested, node) if tag in _PREFIX_TAGS else outer.nested
    if tag == "pre":
        return _Form("code", "", outer.nested, nested, outer.table, outer.table_prefixes, False, node)
    if tag in _HEADINGS:
        kind, heading, prefixes = "heading", _HEADINGS[tag], outer.nested
    elif outer.kind == "heading":
        kind, heading, prefixes = "heading", outer.heading, outer.prefixes
    else:
        kind, heading, prefixes = ("term" if tag == "dt" or outer.kind == "term" else "text"), "", nested
    table, table_prefixes = (node, outer.nested) if tag == "table" else (outer.table, outer.table_prefixes)
    return _Form(kind, heading, prefixes, nested, table, table_prefixes, tag in _CELL_TAGS)


@dataclass
class _Writer:
    page: Page | None
    links: bool
    images: bool
    lines: list[str] = field(default_factory=list)
    #: The prefix elements (quotes, list items) of the last chunk written.
    previous: tuple[etree._Element, ...] = ()
    #: Width of the marker of each list item already started.
    started: dict[etree._Element, int] = field(default_factory=dict)
    #: What each structure makes of a piece, by its innermost element.
    forms: dict[etree._Element, _Form] = field(default_factory=dict)
    #: The Markdown URL of each ``href`` and ``src`` value met.
    urls: dict[str | None, str | None] = field(default_factory=dict)
    #: The Markdown URL of each link written, found when :meth:`written` accepts it.
    targets: dict[etree._Element, str] = field(default_factory=dict)
    #: The ``pre`` elements written as they are (one code block for all the pieces in one).
    listings: set[etree._Element] = field(default_factory=set)
    #: Whether each table met lays the page out (see :func:`.tables.is_layout`).
    layouts: dict[etree._Element, bool] = field(default_factory=dict)
    #: Whether each element met is or lies in a listing's line numbers (see :func:`.code.in_gutter`).
    gutters: dict[etree._Element | None, bool] = field(default_factory=dict)
    #: Inside a heading: emphasis written as its text.
    plain: bool = False
    #: The elements of the good pieces (a figure's caption among them is written by its piece).
    covered: set[etree._Element | None] = field(default_factory=set)
    #: The data tables holding good pieces that are written whole (see :func:`.tables.whole`).
    content_tables: set[etree._Element] = field(default_factory=set)
    #: The images written apart as figures, not where the walk placed them.
    figured: set[etree._Element] = field(default_factory=set)
    #: The structure of each element placed among the pieces and of its ancestors (see :func:`.structure_of`).
    structures: dict[etree._Element | None, tuple[etree._Element, ...]] = field(default_factory=lambda: {None: ()})

    # Chunks: a paragraph, heading, code block or table, in its quotes and list items.

    def form(self, structure: tuple[etree._Element, ...]) -> _Form:
        """What ``structure`` makes of a piece (cached by its innermost element: a list's items, a
        table's cells share theirs, and a piece's ancestors would be climbed for each piece)."""
        if not structure:
            return _TOP
        form = self.forms.get(structure[-1])
        if form is None:
            form = _TOP
            for node in structure:
                form = _inner_form(form, node)
            self.forms[structure[-1]] = form
        return form

    def table_of(self, piece: Piece) -> etree._Element | None:
        """The table whose cell ``piece`` is, when its text lies directly in the cell."""
        form = self.form(piece.structure)
        return form.table if form.in_cell and piece.element is piece.structure[-1] else None

    def data_table(self, piece: Piece) -> etree._Element | None:
        """The table holding ``piece`` when it holds data (not a layout table)."""
        element = piece.element
        form = self.form(piece.structure)
        table = form.table
        if table is None or element is None:
            return None
        if form.code is not None or table is element:
            # The form's table is the innermost one around the piece's element, but for a table
            # inside code (the form is the ``pre``'s) or the element itself.
            table = next(element.iterancestors("table"), None)
        return table if table is not None and self.holds_data(table) else None

    def in_data_table(self, element: etree._Element) -> bool:
        """Whether the innermost table around ``element`` holds data."""
        return tables.in_data_table(element, self.layouts)

    def holds_data(self, table: etree._Element) -> bool:
        """Whether ``table`` holds data (see :func:`.tables.is_layout`)."""
        layout = self.layouts.get(table)
        if layout is None:
            layout = self.layouts[table] = tables.is_layout(table)
        return not layout

    def in_gutter(self, piece: Piece) -> bool:
        """Whether ``piece`` is a listing's line numbers (in code or a table cell)."""
        form = self.form(piece.structure)
        return (form.code is not None or form.table is not None) and in_gutter(piece.element, self.gutters)

    def pieces(self, pieces: Sequence[Piece]) -> None:
        """Write ``pieces``, the good blocks' cells of a table in a pipe table (see :meth:`table`)."""
        for index, end, table in _grouped(pieces, self.table_of):
            if table is None:
                self.piece(pieces[index])
            else:
                self.table(pieces[index:end])

    def piece(self, piece: Piece) -> None:
        form = self.form(piece.structure)
        kind = form.kind
        if kind == "code":
            pre = form.code
            if self.page is not None and pre is not None:
                if pre in self.listings:
                    return
                self.listings.add(pre)
                code = code_text(pre)
                if code:
                    self.chunk(form.prefixes, _fenced(code, language(pre)))
                    return
            self.chunk(form.prefixes, _fenced(piece.text[piece.runs[0].start:piece.runs[-1].end]))
            return
        if kind == "heading":
            self.plain = True
            text = collapse(self.inline(piece, _ESCAPE_HEADING))
            self.plain = False
            if visible(text):
                self.chunk(form.prefixes, [f"{form.heading} {text}"])
            return
        text = self.inline(piece, _ESCAPE)
        if kind == "term" and _emphasizable(piece.text, piece.runs[0].start, piece.runs[-1].end):
            text = f"**{text}**"
        lines = _paragraph_lines(text)
        if lines:
            self.chunk(form.prefixes, lines)

    def table(self, cells: Sequence[Piece]) -> None:
        rows: dict[etree._Element, dict[int, list[str]]] = {}
        columns: dict[etree._Element, int] = {}  # of the cells of each row met, numbered once
        regular = True
        for piece in cells:
            cell = piece.element
            parent = cell.getparent() if cell is not None else None
            assert cell is not None and parent is not None  # a cell of a table (see table_of)
            row = rows.get(parent)
            if row is None:
                row = rows[parent] = {}
                columns.update((each, column) for column, each in enumerate(parent.iterchildren("td", "th")))
            column = columns[cell]
            text = collapse(self.inline(piece, _ESCAPE))
            if cell.get("colspan", "1").strip() != "1" or cell.get("rowspan", "1").strip() != "1":
                regular = False
            row.setdefault(column, []).append(text)
        prefixes = self.form(cells[0].structure).table_prefixes
        width = max(max(row) + 1 for row in rows.values())
        if not regular or width < 2:
            for row in rows.values():
                lines = _paragraph_lines(" ".join(" ".join(row[column]) for column in sorted(row)))
                if lines:
                    self.chunk(prefixes, lines)
            return
        lines = []
        for number, row in enumerate(rows.values()):
            cells_text = [" ".join(row.get(column, ())).replace("|", "\\|") for column in range(width)]
            lines.append("| " + " | ".join(cells_text) + " |")
            if number == 0:
                lines.append("|" + " --- |" * width)
        self.chunk(prefixes, lines)

    def whole_table(self, table: etree._Element, prefixes: tuple[etree._Element, ...]) -> None:
        """Write all the cells of ``table`` in a pipe table, its caption before it."""
        caption = table.find("caption")
        if caption is not None:
            lines = _paragraph_lines(collapse(self.inline(element_piece(caption, ()), _ESCAPE)))
            if lines:
                self.chunk(prefixes, lines)
        texts: dict[etree._Element | None, str] = {None: ""}
        lines = []
        for row in tables.grid(table):
            written = []
            for cell in row:
                text = texts.get(cell)
                if text is None and cell is not None:
                    text = texts[cell] = collapse(self.inline(element_piece(cell, ()), _ESCAPE)).replace("|", "\\|")
                written.append(text or "")
            if any(written) or not lines:
                lines.append("| " + " | ".join(written) + " |")
                if len(lines) == 1:
                    lines.append("|" + " --- |" * len(written))
        if len(lines) > 2 or any(texts.values()):
            self.chunk(prefixes, lines)

    def placed(self, pieces: Sequence[Piece]) -> dict[int, list[etree._Element]]:
        """What of the main content is written apart among the good pieces, by the piece it goes
        before: the data tables none of whose cells is good (see :func:`.tables.whole`, which
        also tells :attr:`content_tables`), the listings none of whose lines is good (see
        :func:`.code.listings`) and with images, the images not written inside a piece."""
        assert self.page is not None
        self.content_tables, placed = tables.whole(self.page, pieces)
        for index, found in listings(self.page, pieces).items():
            placed.setdefault(index, []).extend(found)
        if self.images:
            for index, images in self.figures(pieces).items():
                placed.setdefault(index, []).extend(images)
        return placed

    def among(self, elements: Iterable[etree._Element]) -> None:
        """Write ``elements``, placed among the pieces: tables whole, images as figures, each inside the
        quotes and list items around it in the page (a listing quoted stays in its quote)."""
        for element in elements:
            form = self.form(structure_of(element, self.structures))
            if element.tag == "table":
                self.whole_table(element, form.table_prefixes)
            elif element.tag == "pre":
                code = code_text(element)
                if code:
                    self.chunk(form.prefixes, _fenced(code, language(element)))
            else:
                self.figure(element, form.prefixes)

    def figures(self, pieces: Sequence[Piece]) -> dict[int, list[etree._Element]]:
        """The images of the main content not written inside a piece, by the piece they go before."""
        assert self.page is not None
        placed = content_images.figures(self.page, pieces, lambda image: self.image_source(image) is not None,
                                        self.in_data_table)
        if placed:
            self.covered = {piece.element for piece in pieces}
            self.figured = {image for images in placed.values() for image in images}
        return placed

    def figure(self, image: etree._Element, prefixes: tuple[etree._Element, ...]) -> None:
        """Write ``image`` as a paragraph of its own inside the quotes and list items ``prefixes``, its
        figure's caption after it unless a good block has it."""
        source = self.image_source(image)
        if source is None:
            return
        lines = [f"![{_escaped(_ESCAPE, collapse(image.get('alt') or ''))}]({source})"]
        caption = content_images.caption(image, self.covered)
        if caption is not None:
            lines.extend(_paragraph_lines(collapse(self.inline(element_piece(caption, ()), _ESCAPE))))
        self.chunk(prefixes, lines)

    def image_source(self, image: etree._Element) -> str | None:
        """The Markdown URL of ``image``, ``None`` for none, a script or a decoration."""
        source = self.url(content_images.source(image))
        if source is None or content_images.is_decoration(image, source) or in_aside(image):
            return None
        return source

    def chunk(self, prefixes: tuple[etree._Element, ...], lines: list[str]) -> None:
        """Write ``lines`` inside the quotes and list items ``prefixes``."""
        if not prefixes and not self.previous:  # most chunks: at the top level, after another one
            if self.lines:
                self.lines.append("")
            self.lines.extend(lines)
            return
        first, rest = [], []
        tight = False  # a new item of a list the last chunk is in, or nested in its item
        for number, node in enumerate(prefixes):
            if node.tag == "blockquote":
                first.append("> ")
                rest.append("> ")
                continue
            width = self.started.get(node)
            if width is None:
                marker = _marker(node)
                width = self.started[node] = len(marker)
                first.append(marker)
                if not tight:
                    # A list inside an item's text (nested) interrupts a paragraph: CommonMark
                    # lets only bullets and ordered lists starting at 1 do that.
                    parent = node.getparent()
                    tight = any(parent is item.getparent() for item in self.previous) or (
                        number > 0 and prefixes[number - 1] in self.previous and marker in ("- ", "1. "))
            else:
                first.append(" " * width)
            rest.append(" " * width)
        if self.lines and not tight:
            common = []
            for mine, theirs in zip(prefixes, self.previous):
                if mine is not theirs:
                    break
                common.append("> " if mine.tag == "blockquote" else " " * self.started[mine])
            self.lines.append("".join(common).rstrip())
        first_prefix, rest_prefix = "".join(first), "".join(rest)
        self.lines.append(first_prefix + lines[0])
        if len(lines) > 1:
            self.lines.extend(rest_prefix + line if line else rest_prefix.rstrip() for line in lines[1:])
        self.previous = prefixes

    # Inline content.

    def inline(self, piece: Piece, escape: re.Pattern[str]) -> str:
        runs = piece.runs
        if not runs:
            return ""
        if len(runs) == 1:
            run = runs[0]
            if not run.inline:  # most pieces: text without markup
                return _escaped(escape, piece.text[run.start:run.end])
            if run.inline[-1].tag != "img":  # many others: a link or emphasis around all of it
                return self.only_run(run, piece.text, escape)
        text = piece.text

        def text_part(start: int, end: int) -> str:
            return _escaped(escape, text[start:end])

        def image_part(start: int, end: int, image: etree._Element) -> str:
            return self.image(text, start, end, image, escape)

        def element_part(element: etree._Element, start: int, end: int, inner: str, parts: list[str]) -> None:
            written = self.wrap(element, inner, text, start, end)
            if written.startswith("`") and parts and parts[-1].endswith("`"):
                # Backticks against backticks would make one code span of both: plain text instead.
                written = _escaped(escape, text[start:end])
            elif written.startswith("[") and parts and parts[-1].endswith("!"):
                parts[-1] = parts[-1][:-1] + "\\!"  # not an image's "!["
            parts.append(written)

        return write_markup(piece, self.written, text_part, image_part, element_part)

    def only_run(self, run: Run, text: str, escape: re.Pattern[str]) -> str:
        """The only run of a piece, without images, in its markup: :func:`.write_markup` without its
        stack, its elements being one inside the other, each around all of the run."""
        written = _escaped(escape, text[run.start:run.end])
        for element in reversed(markup_written(run.inline, None, self.written)):
            written = self.wrap(element, written, text, run.start, run.end)
        return written

    def written(self, element: etree._Element) -> bool:
        if element.tag == "a":
            target = self.url(element.get("href")) if self.links else None
            if target is None:
                return False
            self.targets[element] = target
        return True

    def wrap(self, element: etree._Element, inner: str, text: str, start: int, end: int) -> str:
        """``inner``, written for ``text[start:end]``, in the markup of ``element``."""
        tag = element.tag
        if tag in CODE_TAGS:  # what it holds written as it is, its spaces too
            code = text[start:end]
            if self.page is not None:
                written = "".join(cast("Iterator[str]", element.itertext())).replace("\n", " ")
                if shown(written) == shown(code):
                    code = written
            return _code_span(code)
        if tag == "a":
            return f"[{inner}]({self.targets[element]})" if inner.strip() else inner
        marker = _EMPHASIS.get(tag)
        if marker and not self.plain and _emphasizable(text, start, end):
            return f"{marker}{inner}{marker}"
        return inner

    def image(self, text: str, start: int, end: int, image: etree._Element, escape: re.Pattern[str]) -> str:
        alt = image_alt(text, start, end, image)
        alt = _escaped(escape, alt)
        if image in self.figured:  # written apart, as a figure
            return _escaped(escape, text[start:end]) if end > start else ""
        source = self.image_source(image) if self.images else None
        if source is not None:
            return set_apart(text, start, end, f"![{alt}]({source})")
        return alt if end > start else ""

    def url(self, reference: str | None) -> str | None:
        """``reference`` made absolute and safe in a Markdown link; ``None`` for none or a script."""
        if reference in self.urls:
            return self.urls[reference]
        target = link_target(reference, self.page)
        if target is not None:
            target = _URL_UNSAFE.sub(_percent_encoded, target)
        self.urls[reference] = target
        return target


def _percent_encoded(match: re.Match[str]) -> str:
    return f"%{ord(match.group()):02X}"


def _escaped(escape: re.Pattern[str], text: str) -> str:
    if not (_HEADING_CHANGED if escape is _ESCAPE_HEADING else _TEXT_CHANGED).found_in(text):
        return text
    return escape.sub(_backslash, without_format_hints(text))


def _backslash(match: re.Match[str]) -> str:
    character = match.group()
    if character == "&" and not _ENTITY_REST.match(match.string, match.end()):
        return character
    return "\\" + character


def _code_span(code: str) -> str:
    # A code span shows its line breaks as spaces; kept, one could start a line with the span's
    # backticks, which would open a fenced block there.
    code = without_format_hints(code).replace("\n", " ").strip(" ")
    if not visible(code):
        return ""
    fence = "`" * (max(map(len, re.findall("`+", code)), default=0) + 1)
    if code[0] == "`" or code[-1] == "`":
        code = f" {code} "
    return f"{fence}{code}{fence}"


def _fenced(code: str, language: str = "") -> list[str]:
    code = without_format_hints(code)
    fence = "`" * max(3, max(map(len, re.findall("`+", code)), default=0) + 1)
    return [fence + language, *(line.rstrip() for line in code.split("\n")), fence]


def _emphasizable(text: str, start: int, end: int) -> bool:
    """Whether ``*`` or ``**`` around ``text[start:end]`` is read as emphasis in every context:
    letters or digits at its edges, and whitespace or punctuation (but ``*``, ``_``) right outside.

    Any other character outside (a letter, a control or a symbol) would let the markers close
    emphasis too, and markers of nested emphasis running together (``**`` for ``*`` and ``*``)
    then pair by CommonMark's rule of three otherwise than they were written.
    """
    if end <= start or not (text[start].isalnum() and text[end - 1].isalnum()):
        return False
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return _apart(before) and _apart(after) and before not in "*_\\" and after not in "*_"


def _apart(character: str) -> bool:
    """Whether CommonMark reads ``character`` as whitespace or punctuation."""
    return character.isspace() or character in _ASCII_PUNCTUATION or unicodedata.category(character)[0] == "P"


def _paragraph_lines(text: str) -> list[str]:
    lines = []
    for line in text.split("\n") if "\n" in text else (text,):
        line = line.strip()
        if line and visible(line):
            lines.append(_LINE_START.sub(_escape_line_start, line) if line[0] in _LINE_STARTERS else line)
    return lines


def _escape_line_start(match: re.Match[str]) -> str:
    if match.group(1):
        return "\\" + match.group(1)
    return f"{match.group(2)}\\{match.group(3)}"


def _marker(item: etree._Element) -> str:
    """The list marker of a list item: ``- `` or its number in an ordered list."""
    parent = item.getparent()
    if item.tag != "li" or parent is None or parent.tag != "ol":
        return "- "
    start = parent.get("start", "1").strip()
    number = (int(start) if start.isdigit() else 1) + sum(1 for _ in item.itersiblings("li", preceding=True))
    return f"{min(number, 999_999_999)}. "
