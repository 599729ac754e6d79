"""Tables whole: a data table's cells laid out in a grid, header row first; a layout table told apart.

An algorithm keeps a table's long cells and drops its short ones (numbers,
labels) block by block. When enough of a table's text is kept, the renderers
write all its cells instead, from the page: :func:`grid` lays ``colspan`` and
``rowspan`` out (a spanning cell's text in its first column, again in each row it
spans). A table one cell wide, or holding another table, lays a page out and
is written as its content.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

from lxml import etree

from ..html.page import Page
from ..model.text import collapse
from .code import is_gutter
from .inserts import among
from .placement import Piece

#: The share of a table's text in good blocks from which all its cells are written.
WHOLE_SHARE = 0.4
#: Spans beyond these are the page's mistakes; they are cut to them.
_MAX_COLUMNS = 1000
_MAX_SPAN = 1000
_CELL_TAGS = ("td", "th")
#: What a table holding data does not hold: what lays out a page's text.
_LAYOUT_CONTENT = ("table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "dl", "form")


def whole(page: Page, pieces: Sequence[Piece]) -> tuple[set[etree._Element], dict[int, list[etree._Element]]]:
    """The data tables of ``page`` written whole: those holding good pieces of which enough text is
    good (:data:`WHOLE_SHARE`) or that lie among other good pieces; and those none of whose cells is
    good that lie among good pieces, by the index of the piece each goes before (see :func:`.among`)."""
    candidates = [table for table in page.elements("table") if not is_layout(table)
                  and next(table.iterancestors("pre"), None) is None]
    if not candidates:  # most pages: no table, or layout tables only
        return set(), {}
    holding: dict[etree._Element, int] = {}  # the tables holding good pieces, and their text's length
    # The tables of each structure, by its innermost element: the pieces of a table share theirs.
    tables_of: dict[etree._Element, list[etree._Element]] = {}
    for piece in pieces:
        structure = piece.structure
        if not structure:
            continue
        found = tables_of.get(structure[-1])
        if found is None:
            found = tables_of[structure[-1]] = [node for node in structure if node.tag == "table"]
        if found:
            length = sum(run.end - run.start for run in piece.runs)
            for table in found:
                holding[table] = holding.get(table, 0) + length
    placed = among(candidates, [piece.element for piece in pieces])
    kept = {table for table, length in holding.items() if table in candidates and length >= WHOLE_SHARE * max(
        text_length(table), 1)}
    kept.update(table for found in placed.values() for table in found if table in holding)
    return kept, {index: tables for index, found in placed.items()
                  if (tables := [table for table in found if table not in holding])}


def in_data_table(element: etree._Element, layouts: dict[etree._Element, bool]) -> bool:
    """Whether the innermost table around ``element`` holds data; ``layouts`` keeps, for each table
    met, whether it lays the page out (see :func:`is_layout`)."""
    table = next(element.iterancestors("table"), None)
    if table is None:
        return False
    layout = layouts.get(table)
    if layout is None:
        layout = layouts[table] = is_layout(table)
    return not layout


def rows(table: etree._Element) -> list[etree._Element]:
    """The rows of ``table`` itself (not of a table inside), its header's first, its footer's last."""
    head: list[etree._Element] = []
    body: list[etree._Element] = []
    foot: list[etree._Element] = []
    for child in table.iterchildren("tr", "thead", "tbody", "tfoot"):
        if child.tag == "tr":
            body.append(child)
        else:
            (head if child.tag == "thead" else foot if child.tag == "tfoot" else body).extend(child.iterchildren("tr"))
    return head + body + foot


def cells(row: etree._Element) -> list[etree._Element]:
    """The cells of ``row`` that are not a listing's line numbers."""
    return [cell for cell in row.iterchildren(*_CELL_TAGS) if not is_gutter(cell)]


def is_layout(table: etree._Element) -> bool:
    """Whether ``table`` lays a page out rather than holding data: one cell wide or one row high,
    holding another table, a heading, a quote, a list or a form, or marked so (``role="presentation"``)."""
    if (table.get("role") or "").strip().lower() in ("presentation", "none"):
        return True
    if next(table.iterdescendants(*_LAYOUT_CONTENT), None) is not None:
        return True
    laid = rows(table)
    return len(laid) < 2 or all(len(cells(row)) <= 1 for row in laid)


def grid(table: etree._Element) -> list[list[etree._Element | None]]:
    """The cells of ``table`` laid out, one list per row, as wide as the widest: a cell spanning
    columns in its first (``None`` in the others), one spanning rows in each of them."""
    laid: list[list[etree._Element | None]] = []
    pending: dict[int, tuple[etree._Element | None, int]] = {}  # column -> cell spanning down, rows left
    for row in rows(table):
        line: list[etree._Element | None] = []
        column = 0
        for cell in cells(row):
            while column in pending:
                column = _carry(pending, line, column)
            span = min(_span(cell, "colspan"), _MAX_COLUMNS - column)
            down = _span(cell, "rowspan")
            for offset in range(max(span, 1)):
                line.append(cell if offset == 0 else None)
                if down > 1:
                    pending[column + offset] = (cell if offset == 0 else None, down - 1)
            column += max(span, 1)
            if column >= _MAX_COLUMNS:
                break
        while column in pending:
            column = _carry(pending, line, column)
        laid.append(line)
    width = max((len(line) for line in laid), default=0)
    for line in laid:
        line.extend([None] * (width - len(line)))
    return laid


def _carry(pending: dict[int, tuple[etree._Element | None, int]], line: list[etree._Element | None],
           column: int) -> int:
    """Set the cell spanning down into ``column`` of ``line``; the next column."""
    cell, left = pending.pop(column)
    while len(line) < column:
        line.append(None)
    line.append(cell)
    if left > 1:
        pending[column] = (cell, left - 1)
    return column + 1


def _span(cell: etree._Element, attribute: str) -> int:
    value = (cell.get(attribute) or "1").strip()
    return min(int(value), _MAX_SPAN) if value.isdigit() and int(value) > 0 else 1


def text_length(element: etree._Element) -> int:
    """The length of ``element``'s text, whitespace collapsed."""
    return len(collapse("".join(cast("Iterator[str]", element.itertext()))))
