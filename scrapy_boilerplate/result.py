"""What an extraction returns: the page's blocks, its main text and its language."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

from .whitespace import collapse

GOOD = "good"
BAD = "bad"


@dataclass(slots=True)
class Block:
    """One text block of a page, as an algorithm segmented and labelled it.

    ``label`` is ``"good"`` for main text and ``"bad"`` for boilerplate;
    ``xpath`` locates the element the block starts in, in the parsed page.
    """

    text: str
    label: str
    xpath: str
    chars: int
    words: int
    link_density: float

    @property
    def is_good(self) -> bool:
        return self.label == GOOD

    def lines(self) -> list[str]:
        """The block's text as :attr:`Extraction.text` shows it: one line, each run of whitespace
        (the line breaks of the page's source too) made one space."""
        return [collapse(self.text)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` of the block's fields."""
        return {name: getattr(self, name) for name in _field_names(type(self))}


@functools.cache
def _field_names(block_type: type[Block]) -> tuple[str, ...]:
    # dataclasses.asdict deep-copies every value; blocks hold plain values only.
    return tuple(f.name for f in dataclasses.fields(block_type))


@dataclass(slots=True)
class Extraction:
    """The result of :func:`scrapy_boilerplate.extract`.

    ``blocks`` holds every block in document order, ``language`` the stoplist
    the classifier used (``None`` when it used none), ``html`` the cleaned
    page for algorithms that produce one. ``markdown`` and ``main_html`` are
    the good blocks with their structure, rendered when first asked for from
    the parsed page, which the extraction keeps for that (pickling and copying
    leave the page behind: see :meth:`to_markdown`).
    """

    blocks: list[Block] = field(default_factory=list)
    language: str | None = None
    algorithm: str = "justext"
    html: str | None = None
    _page: Any = field(default=None, init=False, repr=False, compare=False)
    #: The blocks' XPaths as the algorithm made them, the element each selects, and what it tells of
    #: each block's text (a :data:`~scrapy_boilerplate.structure.Shape`; empty when it tells nothing),
    #: when it gave them: the renderers look up no XPath that is still there.
    _starts: tuple[list[str], list[Any], list[Any]] | None = field(
        default=None, init=False, repr=False, compare=False)
    _rendered: dict[tuple[str, bool, bool], str] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    #: The pieces the renderings were made of, with or without images (see ``structure.pieces``):
    #: a crawl writing both the Markdown and the clean HTML places the blocks once.
    _pieces: dict[bool, list[Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The main text: the good blocks, one per line (see :meth:`Block.lines`)."""
        return "\n".join(filter(None, (line for block in self.blocks if block.is_good for line in block.lines())))

    def __repr__(self) -> str:
        # One line, whatever the page: a crawl's log and print() show it whole.
        good = sum(block.is_good for block in self.blocks)
        text = self.text
        return (f"<Extraction {self.algorithm} language={self.language!r} blocks={len(self.blocks)} good={good} "
                f"text={text[:60]!r}{'...' if len(text) > 60 else ''}>")

    def __reduce__(self) -> tuple:
        # Pickled (to and from worker processes) as one row of values per
        # block: a page's blocks are all of one type, whose field names
        # need not travel with each of them. The renderings made travel too;
        # the parsed page stays behind (lxml trees do not pickle), and so
        # it does from a copy.
        block_type = type(self.blocks[0]) if self.blocks else Block
        rows = [tuple(getattr(block, name) for name in _field_names(block_type)) for block in self.blocks]
        return (_from_rows, (block_type, rows, self.language, self.algorithm, self.html, self._rendered))

    @property
    def markdown(self) -> str:
        """The good blocks as Markdown: :meth:`to_markdown` with links and without images."""
        return self.to_markdown()

    @property
    def main_html(self) -> str:
        """The good blocks as a clean HTML fragment: :meth:`to_main_html` with links and without images."""
        return self.to_main_html()

    def to_markdown(self, *, links: bool = True, images: bool = False) -> str:
        """The good blocks as Markdown with their structure, in document order.

        ``links=False`` writes links as their text; ``images=True`` writes the
        images inside good blocks. Each rendering is made once and kept, and
        travels with a pickled extraction; an extraction unpickled (or copied)
        without it renders from its blocks alone: the structure their XPaths
        show (headings, list items, quotes, code, table cells), no inline markup.
        """
        return self._render("markdown", links, images)

    def to_main_html(self, *, links: bool = True, images: bool = False) -> str:
        """The good blocks as a small HTML fragment, as :meth:`to_markdown` renders them."""
        return self._render("main_html", links, images)

    def _render(self, form: str, links: bool, images: bool) -> str:
        images = bool(images)
        key = (form, bool(links), images)
        rendered = self._rendered.get(key)
        if rendered is None:
            page = self._page
            pieces = self._pieces.get(images)
            if pieces is None:
                pieces = self._pieces[images] = structure.pieces(self.blocks, page, self._starts, images=images)
            writer = markdown if form == "markdown" else main_html
            rendered = self._rendered[key] = writer.render(
                pieces, base=page.base if page is not None else None, links=links, images=images)
        return rendered

    def _keep_starts(self, elements: list[Any], shapes: list[Any] | None = None) -> None:
        """Keep ``elements``, where the blocks start (one per block, in order), for the renderers, and
        ``shapes``, what the algorithm tells of each block's text (see :data:`.structure.Shape`)."""
        self._starts = ([block.xpath for block in self.blocks], elements, shapes or [])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` (only ``str``, numbers, ``bool``, ``None``, lists, dicts)."""
        result = {
            "algorithm": self.algorithm,
            "language": self.language,
            "text": self.text,
            "blocks": [block.to_dict() for block in self.blocks],
        }
        if self.html is not None:
            result["html"] = self.html
        return result


def _from_rows(block_type: type[Block], rows: list[tuple], language: str | None, algorithm: str,
               html: str | None, rendered: dict[tuple[str, bool, bool], str]) -> Extraction:
    extraction = Extraction([block_type(*row) for row in rows], language, algorithm, html)
    extraction._rendered.update(rendered)
    return extraction


# The renderers use this module's blocks: imported once it has defined them (an import in
# _render would cost each rendering the package's look-up of the three).
from . import main_html, markdown, structure  # noqa: E402
