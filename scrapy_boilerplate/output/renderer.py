"""The renderer :func:`~scrapy_boilerplate.extract` gives each extraction: its good blocks placed in
the parsed page once, then written as Markdown or clean HTML."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from ..html.page import Page
from ..model import Block, Form, Labelled
from . import clean_html, markdown
from .placement import Piece, pieces

_WRITERS = {"markdown": markdown.render, "main_html": clean_html.render}

#: What the renderings depend on in the blocks: each one's label and text.
_State = tuple[tuple[str, str], ...]
_STATE_OF = attrgetter("label", "text")


class PageRenderer:
    """Renders the blocks of one extraction from ``page``, the tree the algorithm read, and
    ``labelled``, where it said each block starts; without them (``None``), from the blocks alone.

    The pieces and the renderings are kept for the blocks' labels and texts they were made
    of: made once for a crawl that asks for both Markdown and HTML, made again after a label
    changes. A renderer pickles without the page, keeping its renderings.
    """

    def __init__(self, page: Page | None = None, labelled: Labelled | None = None,
                 rendered: dict[tuple[Form, bool, bool, _State], str] | None = None) -> None:
        self._page = page
        self._starts = None if labelled is None else (
            [block.xpath for block in labelled.blocks], labelled.starts, labelled.shapes)
        self._rendered = rendered if rendered is not None else {}
        self._pieces: dict[tuple[bool, _State], list[Piece]] = {}

    def render(self, form: Form, blocks: Sequence[Block], *, links: bool, images: bool) -> str:
        state = tuple(map(_STATE_OF, blocks))  # read in C: a page has hundreds of blocks
        key = (form, links, images, state)
        rendered = self._rendered.get(key)
        if rendered is None:
            placed = self._pieces.get((images, state))
            if placed is None:
                placed = self._pieces[images, state] = pieces(blocks, self._page, self._starts, images=images)
            rendered = self._rendered[key] = _WRITERS[form](placed, page=self._page, links=links, images=images)
        return rendered

    def __reduce__(self) -> tuple:
        return (PageRenderer, (None, None, self._rendered))
