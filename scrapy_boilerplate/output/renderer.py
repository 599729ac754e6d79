"""The renderer :func:`~scrapy_boilerplate.extract` gives each extraction: its good blocks placed in
the parsed page once, then written as Markdown or clean HTML."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TypeVar

from ..html.page import Page
from ..model import Block, Form, Labelled
from . import clean_html, markdown
from .placement import Piece, held, pieces

_WRITERS = {"markdown": markdown.render, "main_html": clean_html.render}

#: What the renderings depend on in the blocks: their labels and their texts.
_State = tuple[list[str], list[str]]
_LABEL = attrgetter("label")
_TEXT = attrgetter("text")
#: A rendering's options: its form, with links, with images.
_Options = tuple[Form, bool, bool]


class PageRenderer:
    """Renders the blocks of one extraction from ``page``, the tree the algorithm read, and
    ``labelled``, where it said each block starts; without them (``None``), from the blocks alone.

    The pieces and the renderings are kept for the blocks' labels and texts they were made
    of: made once for a crawl that asks for both Markdown and HTML, made again after a label
    changes. A renderer pickles without the page, keeping its renderings.
    """

    def __init__(self, page: Page | None = None, labelled: Labelled | None = None,
                 rendered: list[tuple[_State, dict[_Options, str]]] | None = None) -> None:
        self._page = page
        # The starts without their element objects (placement.held): an extraction may live long.
        self._starts = None if labelled is None else (
            [block.xpath for block in labelled.blocks], *held(labelled.starts, labelled.shapes))
        # For each state of the blocks rendered, the renderings and pieces made of it; the states
        # are compared, never hashed (hashing would read every block's text), the latest first.
        self._rendered = rendered if rendered is not None else []
        self._pieces: list[tuple[_State, dict[bool, list[Piece]]]] = []

    def render(self, form: Form, blocks: Sequence[Block], *, links: bool, images: bool) -> str:
        state = (list(map(_LABEL, blocks)), list(map(_TEXT, blocks)))  # read in C: a page has hundreds of blocks
        renderings = _of_state(self._rendered, state)
        rendered = renderings.get((form, links, images))
        if rendered is None:
            made = _of_state(self._pieces, state)
            placed = made.get(images)
            if placed is None:
                placed = made[images] = pieces(blocks, self._page, self._starts, images=images)
            rendered = renderings[form, links, images] = _WRITERS[form](
                placed, page=self._page, links=links, images=images)
        return rendered

    def __reduce__(self) -> tuple:
        return (PageRenderer, (None, None, self._rendered))


_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def _of_state(kept: list[tuple[_State, dict[_Key, _Value]]], state: _State) -> dict[_Key, _Value]:
    """What ``kept`` holds for ``state`` (added, empty, if nothing), moved first."""
    for index, (known, found) in enumerate(kept):
        if known == state:  # the same blocks' labels and texts: equal at once, object by object
            if index:
                kept.insert(0, kept.pop(index))
            return found
    values: dict[_Key, _Value] = {}
    kept.insert(0, (state, values))
    return values
