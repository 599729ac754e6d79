"""The output formats, by name: what one classified page becomes, and how several share one output.

Adding a format is one entry in :data:`FORMATS`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from lxml import etree

from ..model import Extraction
from ..model.options import Options
from .table import block_table
from .view import block_view


@dataclass(frozen=True)
class Style:
    """How output is shown: in colour (a terminal), and how wide."""

    colour: bool = False
    width: int = 100
    #: The Markdown writes the main content's images.
    images: bool = False


@dataclass
class Report:
    """One classified page, with what the formats say about where it came from.

    ``root`` is the parsed page the blocks' XPaths refer to; only formats
    with ``needs_tree`` use it.
    """

    extraction: Extraction
    options: Options | None = None
    url: str | None = None
    file: str | None = None
    root: etree._Element | None = None

    def to_dict(self) -> dict[str, Any]:
        """The extraction's ``to_dict()`` with the page's ``url`` and ``file``."""
        return {"url": self.url, "file": self.file, **self.extraction.to_dict()}


@dataclass(frozen=True)
class Format:
    """An output format.

    ``several`` says how the outputs of several pages share one stream:
    ``"titled"`` one after the other under a title line each, ``"lines"``
    one after the other, ``"array"`` as the items of a JSON array (a page alone is not in one),
    ``"apart"`` not at all (one file per page, in a directory).
    """

    name: str
    suffix: str
    render: Callable[[Report, Style], str]
    several: Literal["titled", "lines", "array", "apart"] = "titled"
    needs_tree: bool = False


def _ended(text: str) -> str:
    return text + "\n" if text else ""


def _text(page: Report, style: Style) -> str:
    return _ended(page.extraction.text)


def _markdown(page: Report, style: Style) -> str:
    return _ended(page.extraction.to_markdown(images=style.images))


def _json(page: Report, style: Style) -> str:
    return json.dumps(page.to_dict(), ensure_ascii=False, indent=2) + "\n"


def _jsonl(page: Report, style: Style) -> str:
    return json.dumps(page.to_dict(), ensure_ascii=False) + "\n"


def _blocks(page: Report, style: Style) -> str:
    return block_table(page.extraction, colour=style.colour, width=style.width)


def _html(page: Report, style: Style) -> str:
    return block_view(page.extraction, page.root, options=page.options, url=page.url, name=page.url or page.file)


FORMATS: dict[str, Format] = {
    format.name: format
    for format in (
        Format("text", ".txt", _text),
        Format("markdown", ".md", _markdown),
        Format("json", ".json", _json, "array"),
        Format("jsonl", ".jsonl", _jsonl, "lines"),
        Format("blocks", ".txt", _blocks),
        Format("html", ".html", _html, "apart", needs_tree=True),
    )
}
