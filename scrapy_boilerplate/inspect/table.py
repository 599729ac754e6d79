"""The block table for a terminal: one line per block, good in green and bad in dim grey on a terminal."""

from __future__ import annotations

from typing import Any

from ..model import Extraction
from ..model.text import collapse
from .features import second_label, second_label_names, shorten, value_text

GREEN = "\x1b[32m"
DIM_GREY = "\x1b[2;37m"
RESET = "\x1b[0m"

#: (heading, width, the cell of a block's ``to_dict()``); the text takes the rest of the line.
_COLUMNS = (
    ("#", 4, None),
    ("label", 5, lambda block: block["label"]),
    ("context-free", 12, second_label),
    ("chars", 6, lambda block: str(block["chars"])),
    ("links", 5, lambda block: _number(block.get("link_density"))),
    ("stop", 5, lambda block: _number(block.get("stopword_density"))),
)
_RIGHT_ALIGNED = frozenset({"#", "chars", "links", "stop"})
_MIN_TEXT_WIDTH = 20


def block_table(extraction: Extraction, *, colour: bool = False, width: int = 100) -> str:
    """A table of the blocks of ``extraction`` at most ``width`` characters wide (ending with a line break).

    Columns: the block's number, its label, its context-free label (for
    other algorithms: declutter's decision or boilerpipe's labels), its
    characters, link density, stop-word density and the start of its text.
    """
    text_width = max(_MIN_TEXT_WIDTH, width - sum(size + 1 for _, size, _ in _COLUMNS) - 1)
    blocks = [block.to_dict() for block in extraction.blocks]
    headings = [heading for heading, _, _ in _COLUMNS]
    headings[2] = second_label_names(blocks)[0]
    lines = [_row(headings, "text")]
    for number, (block, exported) in enumerate(zip(extraction.blocks, blocks), 1):
        cells = [str(number)] + [cell(exported) for _, _, cell in _COLUMNS[1:]]
        line = _row(cells, shorten(collapse(exported["text"]), text_width))
        if colour:
            line = (GREEN if block.is_good else DIM_GREY) + line + RESET
        lines.append(line)
    return "\n".join(lines) + "\n"


def _row(cells: list[str], text: str) -> str:
    padded = []
    for (heading, size, _), cell in zip(_COLUMNS, cells):
        cell = shorten(cell, size)
        padded.append(cell.rjust(size) if heading in _RIGHT_ALIGNED else cell.ljust(size))
    return " ".join(padded) + "  " + text


def _number(value: Any) -> str:
    return "-" if value is None else value_text(value)


def options_table(rows: list[tuple[str, str, str]], headings: tuple[str, str, str]) -> str:
    """Three left-aligned columns (such as setting, value, origin), ending with a line break."""
    widths = [max(len(row[column]) for row in [headings, *rows]) for column in range(3)]
    return "".join(
        "  ".join(cell.ljust(size) for cell, size in zip(row, widths)).rstrip() + "\n"
        for row in [headings, *rows]
    )
