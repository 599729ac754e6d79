# cython: language_level=3
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

The writer runs compiled, as the placement does: a page's pieces are many and
short, and what is written of each (its form in the structure, its markup, its
escaping, its quotes and list items) is told by the tags of libxml2's nodes,
read through lxml's public C API, and by typed objects rather than Python's.

One module for one idea, pieces written as Markdown: its length is the
constructs above, each written and escaped as CommonMark reads it back; finding
the pieces is :mod:`.placement`'s, the tables' grid :mod:`.tables`', the code's
text :mod:`.code`'s.
"""

from cpython.unicode cimport Py_UNICODE_ISALNUM, Py_UNICODE_ISSPACE
from libc.string cimport strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from .characters cimport Characters, printable
from .markup cimport is_code, markup_written, write_markup
from .placement cimport Piece, Run

import re
import string
import unicodedata

from ..model.text import FORMAT_HINTS, collapse, shown, visible, without_format_hints
from . import images as content_images
from .characters import WHITESPACE
from . import tables
from .code import code_text, in_gutter, language, listings
from .inserts import in_aside
from .markup import image_alt, link_target, set_apart
from .placement import element_piece, structure_of

cetree.import_lxml__etree()

# Characters that are syntax anywhere in a line; "&" only before what reads as an entity, which
# _backslash tells.
_SPECIAL = "\\`*_[]<>~&"
_ESCAPE = re.compile(f"[{re.escape(_SPECIAL)}]")
_ESCAPE_HEADING = re.compile(f"[{re.escape(_SPECIAL)}#]")
_ENTITY_REST = re.compile(r"#?\w+;")
# What each escaping changes or leaves out: a text holding none of it, as most do, is written as it is.
cdef Characters _TEXT_CHANGED = Characters(_SPECIAL + FORMAT_HINTS)
cdef Characters _HEADING_CHANGED = Characters(_SPECIAL + "#" + FORMAT_HINTS)
# What starts a block at the start of a line: a heading, quote, list item, rule, setext underline, fence.
_LINE_START = re.compile(r"^(?:([#>+=~-])|(\d{1,9})([.)]))")
_LINE_STARTERS = frozenset("#>+=~-0123456789")
_ASCII_PUNCTUATION = frozenset(string.punctuation)
# What a link's destination holds percent-encoded: whitespace, parentheses, angle brackets and
# backslashes. Most URLs hold none, which one scan in C tells.
_URL_UNSAFE_CHARACTERS = "()<>\\" + WHITESPACE
_URL_UNSAFE = re.compile(f"[{re.escape(_URL_UNSAFE_CHARACTERS)}]")
cdef Characters _URL_CHANGED = Characters(_URL_UNSAFE_CHARACTERS)


# --- Tags, told by the names of libxml2's nodes.

cdef inline xmlNode* _node(element):
    return (<cetree._Element>element)._c_node


cdef inline bint _named(xmlNode* node, const char* name) noexcept:
    """Whether ``node`` is an element whose tag is ``name`` (no namespace)."""
    return node.type == tree.XML_ELEMENT_NODE and node.ns is NULL and strcmp(<const char*>node.name, name) == 0


cdef inline bint _is(element, const char* name):
    return _named(_node(element), name)


cdef inline int _heading_level(xmlNode* node) noexcept:
    """The level of a heading ``h1``-``h6`` (``0``: not a heading)."""
    if node.type != tree.XML_ELEMENT_NODE or node.ns is not NULL:
        return 0
    cdef const char* name = <const char*>node.name
    if name[0] == c"h" and c"1" <= name[1] <= c"6" and name[2] == 0:
        return name[1] - c"0"
    return 0


cdef inline bint _is_prefix(xmlNode* node) noexcept:
    """Whether ``node`` is written as a prefix of its lines: a quote or a list item."""
    return _named(node, b"li") or _named(node, b"dd") or _named(node, b"blockquote")


cdef inline bint _is_cell(xmlNode* node) noexcept:
    return _named(node, b"td") or _named(node, b"th")


# --- What a structure makes of a piece.

cdef enum Kind:
    TEXT
    CODE
    HEADING
    TERM


cdef class _Form:
    """What a piece in a structure is, and the quotes and list items it is written in."""

    #: In a ``pre``, a heading, a ``dt`` or none of them.
    cdef Kind kind
    #: The ``#`` of a heading.
    cdef str heading
    #: The quotes and list items a chunk of the piece is written in: those outside its ``pre`` or heading.
    cdef tuple prefixes
    #: The quotes and list items of the whole structure.
    cdef tuple nested
    #: The innermost table of the structure, and the quotes and list items outside it.
    cdef object table
    cdef tuple table_prefixes
    #: Whether the structure ends in a table cell outside any ``pre``.
    cdef bint in_cell
    #: The outermost ``pre`` of the structure.
    cdef object code


cdef _Form _form(Kind kind, str heading, tuple prefixes, tuple nested, table, tuple table_prefixes, bint in_cell,
                 code=None):
    cdef _Form form = _Form.__new__(_Form)
    form.kind, form.heading, form.prefixes, form.nested = kind, heading, prefixes, nested
    form.table, form.table_prefixes, form.in_cell, form.code = table, table_prefixes, in_cell, code
    return form


#: The form of the empty structure.
cdef _Form _TOP = _form(TEXT, "", (), (), None, (), False)


cdef _Form _inner_form(_Form outer, node):
    """The form of a structure from ``outer``, the form of the structure around ``node``, its innermost element.

    The outermost ``pre`` makes code; otherwise the innermost heading a heading, and a ``dt`` a term.
    """
    if outer.kind == CODE:
        return outer
    cdef xmlNode* c_node = _node(node)
    cdef tuple nested = (*outer.nested, node) if _is_prefix(c_node) else outer.nested
    if _named(c_node, b"pre"):
        return _form(CODE, "", outer.nested, nested, outer.table, outer.table_prefixes, False, node)
    cdef int level = _heading_level(c_node)
    cdef Kind kind
    cdef str heading
    cdef tuple prefixes
    if level:
        kind, heading, prefixes = HEADING, "#" * level, outer.nested
    elif outer.kind == HEADING:
        kind, heading, prefixes = HEADING, outer.heading, outer.prefixes
    else:
        kind = TERM if _named(c_node, b"dt") or outer.kind == TERM else TEXT
        heading, prefixes = "", nested
    if _named(c_node, b"table"):
        return _form(kind, heading, prefixes, nested, node, outer.nested, False)
    return _form(kind, heading, prefixes, nested, outer.table, outer.table_prefixes, _is_cell(c_node))


def render(pieces, *, page, bint links=True, bint images=False):
    """Markdown of ``pieces``; links resolved against ``page``'s base URL, images written only with ``images``."""
    cdef _Writer writer = _Writer(page, links, images)
    cdef list kept
    cdef Piece piece
    cdef Py_ssize_t index, end, number
    if page is None:  # a skeleton: the good blocks' own cells, in pipe tables
        writer.pieces(list(pieces))
        return "\n".join(writer.lines)
    kept = [piece for piece in pieces if not writer.in_gutter(piece)]
    placed = writer.placed(kept)
    for index, end, table in writer.grouped(kept, True):
        if index in placed:
            writer.among(placed[index])
        if table is None:
            writer.piece(kept[index])
        elif table in writer.content_tables:
            writer.among([element for number in range(index + 1, end) for element in placed.get(number, ())])
            writer.whole_table(table, writer.form((<Piece>kept[index]).structure).table_prefixes)
        else:
            writer.pieces(kept[index:end])
    writer.among(placed.get(len(kept), ()))
    return "\n".join(writer.lines)


cdef class _Writer:
    cdef object page
    cdef bint links
    cdef bint images
    cdef list lines
    #: The prefix elements (quotes, list items) of the last chunk written.
    cdef tuple previous
    #: Width of the marker of each list item already started.
    cdef dict started
    #: What each structure makes of a piece, by its innermost element.
    cdef dict forms
    #: The Markdown URL of each ``href`` and ``src`` value met.
    cdef dict urls
    #: The Markdown URL of each link written, found when :meth:`written` accepts it.
    cdef dict targets
    #: The ``pre`` elements written as they are (one code block for all the pieces in one).
    cdef set listings
    #: Whether each table met lays the page out (see :func:`.tables.is_layout`).
    cdef dict layouts
    #: Whether each element met is or lies in a listing's line numbers (see :func:`.code.in_gutter`).
    cdef dict gutters
    #: Inside a heading: emphasis written as its text.
    cdef bint plain
    #: The elements of the good pieces (a figure's caption among them is written by its piece).
    cdef set covered
    #: The data tables holding good pieces that are written whole (see :func:`.tables.whole`).
    cdef set content_tables
    #: The images written apart as figures, not where the walk placed them.
    cdef set figured
    #: The structure of each element placed among the pieces and of its ancestors (see :func:`.structure_of`).
    cdef dict structures

    def __init__(self, page, bint links, bint images):
        self.page, self.links, self.images = page, links, images
        self.lines, self.previous, self.started, self.forms = [], (), {}, {}
        self.urls, self.targets, self.listings, self.layouts, self.gutters = {}, {}, set(), {}, {}
        self.plain = False
        self.covered, self.content_tables, self.figured = set(), set(), set()
        self.structures = {None: ()}

    # Chunks: a paragraph, heading, code block or table, in its quotes and list items.

    cdef _Form form(self, tuple structure):
        """What ``structure`` makes of a piece (cached by its innermost element: a list's items, a
        table's cells share theirs, and a piece's ancestors would be climbed for each piece)."""
        if not structure:
            return _TOP
        innermost = structure[len(structure) - 1]
        found = self.forms.get(innermost)
        if found is not None:
            return <_Form>found
        cdef _Form form = _TOP
        for node in structure:
            form = _inner_form(form, node)
        self.forms[innermost] = form
        return form

    cdef list grouped(self, list pieces, bint data):
        """``(start, end, table)`` of each run of ``pieces`` in one table (a data table with ``data``,
        else one whose cells hold them: see :meth:`table_of`), and ``(start, start + 1, None)`` of
        each piece in none."""
        cdef list groups = []
        cdef Py_ssize_t index = 0, end, count = len(pieces)
        while index < count:
            table = self.data_table(pieces[index]) if data else self.table_of(pieces[index])
            end = index + 1
            if table is not None:
                while end < count and (self.data_table(pieces[end]) if data else self.table_of(pieces[end])) is table:
                    end += 1
            groups.append((index, end, table))
            index = end
        return groups

    cdef object table_of(self, Piece piece):
        """The table whose cell ``piece`` is, when its text lies directly in the cell."""
        cdef _Form form = self.form(piece.structure)
        return form.table if form.in_cell and piece.element is piece.structure[-1] else None

    cdef object data_table(self, Piece piece):
        """The table holding ``piece`` when it holds data (not a layout table)."""
        element = piece.element
        cdef _Form form = self.form(piece.structure)
        table = form.table
        if table is None or element is None:
            return None
        if form.code is not None or table is element:
            # The form's table is the innermost one around the piece's element, but for a table
            # inside code (the form is the ``pre``'s) or the element itself.
            table = next(element.iterancestors("table"), None)
        return table if table is not None and self.holds_data(table) else None

    def in_data_table(self, element):
        """Whether the innermost table around ``element`` holds data."""
        return tables.in_data_table(element, self.layouts)

    cdef bint holds_data(self, table):
        """Whether ``table`` holds data (see :func:`.tables.is_layout`)."""
        layout = self.layouts.get(table)
        if layout is None:
            layout = self.layouts[table] = tables.is_layout(table)
        return not layout

    cdef bint in_gutter(self, Piece piece):
        """Whether ``piece`` is a listing's line numbers (in code or a table cell)."""
        cdef _Form form = self.form(piece.structure)
        return (form.code is not None or form.table is not None) and in_gutter(piece.element, self.gutters)

    cdef pieces(self, list pieces):
        """Write ``pieces``, the good blocks' cells of a table in a pipe table (see :meth:`table`)."""
        cdef Py_ssize_t index, end
        for index, end, table in self.grouped(pieces, False):
            if table is None:
                self.piece(pieces[index])
            else:
                self.table(pieces[index:end])

    cdef piece(self, Piece piece):
        cdef _Form form = self.form(piece.structure)
        cdef Run first, last
        if form.kind == CODE:
            pre = form.code
            if self.page is not None and pre is not None:
                if pre in self.listings:
                    return
                self.listings.add(pre)
                code = code_text(pre)
                if code:
                    self.chunk(form.prefixes, _fenced(code, language(pre)))
                    return
            first, last = piece.runs[0], piece.runs[-1]
            self.chunk(form.prefixes, _fenced(piece.text[first.start:last.end]))
            return
        if form.kind == HEADING:
            self.plain = True
            text = collapse(self.inline(piece, True))
            self.plain = False
            if visible(text):
                self.chunk(form.prefixes, [f"{form.heading} {text}"])
            return
        text = self.inline(piece, False)
        if form.kind == TERM:
            first, last = piece.runs[0], piece.runs[-1]
            if _emphasizable(piece.text, first.start, last.end):
                text = f"**{text}**"
        cdef list lines = _paragraph_lines(text)
        if lines:
            self.chunk(form.prefixes, lines)

    cdef table(self, list cells):
        cdef dict rows = {}
        cdef dict columns = {}  # of the cells of each row met, numbered once
        cdef bint regular = True
        cdef Piece piece
        for piece in cells:
            cell = piece.element
            parent = cell.getparent() if cell is not None else None
            assert cell is not None and parent is not None  # a cell of a table (see table_of)
            row = rows.get(parent)
            if row is None:
                row = rows[parent] = {}
                columns.update((each, column) for column, each in enumerate(parent.iterchildren("td", "th")))
            column = columns[cell]
            text = collapse(self.inline(piece, False))
            if cell.get("colspan", "1").strip() != "1" or cell.get("rowspan", "1").strip() != "1":
                regular = False
            row.setdefault(column, []).append(text)
        prefixes = self.form((<Piece>cells[0]).structure).table_prefixes
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

    cdef whole_table(self, table, tuple prefixes):
        """Write all the cells of ``table`` in a pipe table, its caption before it."""
        caption = table.find("caption")
        if caption is not None:
            lines = _paragraph_lines(collapse(self.inline(element_piece(caption, ()), False)))
            if lines:
                self.chunk(prefixes, lines)
        cdef dict texts = {None: ""}
        cdef list written
        lines = []
        for row in tables.grid(table):
            written = []
            for cell in row:
                text = texts.get(cell)
                if text is None and cell is not None:
                    text = texts[cell] = collapse(self.inline(element_piece(cell, ()), False)).replace("|", "\\|")
                written.append(text or "")
            if any(written) or not lines:
                lines.append("| " + " | ".join(written) + " |")
                if len(lines) == 1:
                    lines.append("|" + " --- |" * len(written))
        if len(lines) > 2 or any(texts.values()):
            self.chunk(prefixes, lines)

    cdef dict placed(self, list pieces):
        """What of the main content is written apart among the good pieces, by the piece it goes
        before: the data tables none of whose cells is good (see :func:`.tables.whole`, which
        also tells :attr:`content_tables`), the listings none of whose lines is good (see
        :func:`.code.listings`) and with images, the images not written inside a piece."""
        self.content_tables, placed = tables.whole(self.page, pieces)
        for index, found in listings(self.page, pieces).items():
            placed.setdefault(index, []).extend(found)
        if self.images:
            for index, images in self.figures(pieces).items():
                placed.setdefault(index, []).extend(images)
        return placed

    cdef among(self, elements):
        """Write ``elements``, placed among the pieces: tables whole, images as figures, each inside the
        quotes and list items around it in the page (a listing quoted stays in its quote)."""
        cdef _Form form
        for element in elements:
            form = self.form(structure_of(element, self.structures))
            if _is(element, b"table"):
                self.whole_table(element, form.table_prefixes)
            elif _is(element, b"pre"):
                code = code_text(element)
                if code:
                    self.chunk(form.prefixes, _fenced(code, language(element)))
            else:
                self.figure(element, form.prefixes)

    cdef dict figures(self, list pieces):
        """The images of the main content not written inside a piece, by the piece they go before."""
        placed = content_images.figures(self.page, pieces, lambda image: self.image_source(image) is not None,
                                        self.in_data_table)
        if placed:
            self.covered = {piece.element for piece in pieces}
            self.figured = {image for images in placed.values() for image in images}
        return placed

    cdef figure(self, image, tuple prefixes):
        """Write ``image`` as a paragraph of its own inside the quotes and list items ``prefixes``, its
        figure's caption after it unless a good block has it."""
        source = self.image_source(image)
        if source is None:
            return
        lines = [f"![{_escaped(False, collapse(image.get('alt') or ''))}]({source})"]
        caption = content_images.caption(image, self.covered)
        if caption is not None:
            lines.extend(_paragraph_lines(collapse(self.inline(element_piece(caption, ()), False))))
        self.chunk(prefixes, lines)

    cdef image_source(self, image):
        """The Markdown URL of ``image``, ``None`` for none, a script or a decoration."""
        source = self.url(content_images.source(image))
        if source is None or content_images.is_decoration(image, source) or in_aside(image):
            return None
        return source

    cdef chunk(self, tuple prefixes, list lines):
        """Write ``lines`` inside the quotes and list items ``prefixes``."""
        if not prefixes and not self.previous:  # most chunks: at the top level, after another one
            if self.lines:
                self.lines.append("")
            self.lines.extend(lines)
            return
        cdef list first = [], rest = [], common
        cdef bint tight = False  # a new item of a list the last chunk is in, or nested in its item
        cdef Py_ssize_t number
        for number, node in enumerate(prefixes):
            if _is(node, b"blockquote"):
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
                common.append("> " if _is(mine, b"blockquote") else " " * self.started[mine])
            self.lines.append("".join(common).rstrip())
        first_prefix, rest_prefix = "".join(first), "".join(rest)
        self.lines.append(first_prefix + lines[0])
        if len(lines) > 1:
            self.lines.extend([rest_prefix + line if line else rest_prefix.rstrip() for line in lines[1:]])
        self.previous = prefixes

    # Inline content.

    cdef str inline(self, Piece piece, bint heading):
        cdef list runs = piece.runs
        cdef Run run
        if not runs:
            return ""
        if len(runs) == 1:
            run = runs[0]
            if not run.inline:  # most pieces: text without markup
                return _escaped(heading, piece.text[run.start:run.end])
            if not _is(run.inline[-1], b"img"):  # many others: a link or emphasis around all of it
                return self.only_run(run, piece.text, heading)
        text = piece.text

        def text_part(start, end):
            return _escaped(heading, text[start:end])

        def image_part(start, end, image):
            return self.image(text, start, end, image, heading)

        def element_part(element, start, end, inner, parts):
            written = self.wrap(element, inner, text, start, end)
            if written.startswith("`") and parts and parts[-1].endswith("`"):
                # Backticks against backticks would make one code span of both: plain text instead.
                written = _escaped(heading, text[start:end])
            elif written.startswith("[") and parts and parts[-1].endswith("!"):
                parts[-1] = parts[-1][:-1] + "\\!"  # not an image's "!["
            parts.append(written)

        return write_markup(piece, self.written, text_part, image_part, element_part)

    cdef str only_run(self, Run run, str text, bint heading):
        """The only run of a piece, without images, in its markup: :func:`.write_markup` without its
        stack, its elements being one inside the other, each around all of the run."""
        cdef str written = _escaped(heading, text[run.start:run.end])
        for element in reversed(markup_written(run.inline, None, self.written)):
            written = self.wrap(element, written, text, run.start, run.end)
        return written

    def written(self, element):
        if _is(element, b"a"):
            target = self.url(element.get("href")) if self.links else None
            if target is None:
                return False
            self.targets[element] = target
        return True

    cdef str wrap(self, element, str inner, str text, Py_ssize_t start, Py_ssize_t end):
        """``inner``, written for ``text[start:end]``, in the markup of ``element``."""
        if is_code(element):  # what it holds written as it is, its spaces too
            code = text[start:end]
            if self.page is not None:
                written = "".join(element.itertext()).replace("\n", " ")
                if shown(written) == shown(code):
                    code = written
            return _code_span(code)
        if _is(element, b"a"):
            return f"[{inner}]({self.targets[element]})" if inner.strip() else inner
        marker = "*" if _is(element, b"em") or _is(element, b"i") else (
            "**" if _is(element, b"strong") or _is(element, b"b") else None)
        if marker is not None and not self.plain and _emphasizable(text, start, end):
            return f"{marker}{inner}{marker}"
        return inner

    cdef str image(self, str text, Py_ssize_t start, Py_ssize_t end, image, bint heading):
        alt = image_alt(text, start, end, image)
        alt = _escaped(heading, alt)
        if image in self.figured:  # written apart, as a figure
            return _escaped(heading, text[start:end]) if end > start else ""
        source = self.image_source(image) if self.images else None
        if source is not None:
            return set_apart(text, start, end, f"![{alt}]({source})")
        return alt if end > start else ""

    cdef url(self, reference):
        """``reference`` made absolute and safe in a Markdown link; ``None`` for none or a script."""
        if reference in self.urls:
            return self.urls[reference]
        target = link_target(reference, self.page)
        if target is not None and _URL_CHANGED.found_in(target):
            target = _URL_UNSAFE.sub(_percent_encoded, target)
        self.urls[reference] = target
        return target


def _percent_encoded(match):
    return f"%{ord(match.group()):02X}"


cdef str _escaped(bint heading, str text):
    if not (_HEADING_CHANGED if heading else _TEXT_CHANGED).found_in(text):
        return text
    return (_ESCAPE_HEADING if heading else _ESCAPE).sub(_backslash, without_format_hints(text))


def _backslash(match):
    character = match.group()
    if character == "&" and not _ENTITY_REST.match(match.string, match.end()):
        return character
    return "\\" + character


cdef str _code_span(str code):
    # A code span shows its line breaks as spaces; kept, one could start a line with the span's
    # backticks, which would open a fenced block there.
    code = without_format_hints(code).replace("\n", " ").strip(" ")
    if not visible(code):
        return ""
    fence = "`" * (max(map(len, re.findall("`+", code)), default=0) + 1)
    if code[0] == "`" or code[-1] == "`":
        code = f" {code} "
    return f"{fence}{code}{fence}"


cdef list _fenced(str code, str language=""):
    code = without_format_hints(code)
    fence = "`" * max(3, max(map(len, re.findall("`+", code)), default=0) + 1)
    return [fence + language, *[line.rstrip() for line in code.split("\n")], fence]


cdef bint _emphasizable(str text, Py_ssize_t start, Py_ssize_t end):
    """Whether ``*`` or ``**`` around ``text[start:end]`` is read as emphasis in every context:
    letters or digits at its edges, and whitespace or punctuation (but ``*``, ``_``) right outside.

    Any other character outside (a letter, a control or a symbol) would let the markers close
    emphasis too, and markers of nested emphasis running together (``**`` for ``*`` and ``*``)
    then pair by CommonMark's rule of three otherwise than they were written.
    """
    if end <= start or not (Py_UNICODE_ISALNUM(text[start]) and Py_UNICODE_ISALNUM(text[end - 1])):
        return False
    cdef Py_UCS4 before = text[start - 1] if start else " "
    cdef Py_UCS4 after = text[end] if end < len(text) else " "
    return _apart(before) and _apart(after) and before not in "*_\\" and after not in "*_"


cdef bint _apart(Py_UCS4 character):
    """Whether CommonMark reads ``character`` as whitespace or punctuation."""
    if character < 128:
        return Py_UNICODE_ISSPACE(character) or chr(character) in _ASCII_PUNCTUATION
    return Py_UNICODE_ISSPACE(character) or unicodedata.category(chr(character))[0] == "P"


cdef list _paragraph_lines(str text):
    cdef list lines = []
    cdef str line
    for line in text.split("\n") if "\n" in text else (text,):
        line = line.strip()
        # A stripped printable line shows its first character: visible() is asked of the others alone.
        if line and (printable(line) or visible(line)):
            lines.append(_LINE_START.sub(_escape_line_start, line) if line[0] in _LINE_STARTERS else line)
    return lines


def _escape_line_start(match):
    if match.group(1):
        return "\\" + match.group(1)
    return f"{match.group(2)}\\{match.group(3)}"


cdef str _marker(item):
    """The list marker of a list item: ``- `` or its number in an ordered list."""
    parent = item.getparent()
    if not _is(item, b"li") or parent is None or not _is(parent, b"ol"):
        return "- "
    start = parent.get("start", "1").strip()
    number = (int(start) if start.isdigit() else 1) + sum(1 for _ in item.itersiblings("li", preceding=True))
    return f"{min(number, 999_999_999)}. "
