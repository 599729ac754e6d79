"""What an extraction returns: the page's blocks, its main text and its language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .block import Block, field_names
from .metadata import Metadata
from .untracked import untrack

#: The renderings of the good blocks with their structure.
Form = Literal["markdown", "main_html"]
#: The renderings a crawl or a worker asks for by name: each one's form and whether it writes images.
RENDERINGS: dict[str, tuple[Form, bool]] = {
    "markdown": ("markdown", False), "markdown_images": ("markdown", True), "main_html": ("main_html", False)}


class Renderer(Protocol):
    """Writes the good blocks of an extraction with their structure, from the page they came from.

    :func:`~scrapy_boilerplate.extract` gives each extraction one; it pickles
    without the parsed page, keeping the renderings it made.
    """

    def render(self, form: Form, blocks: Sequence[Block], *, links: bool, images: bool) -> str: ...


class PageTypeReader(Protocol):
    """Tells the type of the page an extraction came from (see :attr:`Extraction.page_type`).

    :func:`~scrapy_boilerplate.extract` gives each extraction one, which reads the parsed page
    when first asked; it pickles without the page, keeping the probabilities it read.
    """

    def probabilities(self) -> dict[str, float]: ...


@dataclass(slots=True)
class Labelled:
    """What an algorithm gives for a tree: its blocks in document order, labelled, and the
    element each starts in (``starts``), which the renderers read instead of looking the
    blocks' XPaths up.

    ``shapes`` holds, when the algorithm tells it, what it knows of each block's text (see
    :data:`~scrapy_boilerplate.output.placement.Shape`); ``language`` the stoplist used,
    ``html`` the cleaned page of the algorithms that make one; ``noted``, when the
    algorithm's walk noted them, the page's elements that the renderers look for in the
    whole page (see :attr:`~scrapy_boilerplate.html.page.Page.noted`).
    """

    blocks: Sequence[Block]
    starts: Sequence[Any]
    shapes: list[Any] = field(default_factory=list)
    language: str | None = None
    html: str | None = None
    noted: list[Any] | None = None


@dataclass(slots=True)
class Extraction:
    """The result of :func:`scrapy_boilerplate.extract`.

    ``blocks`` holds every block in document order, ``language`` the stoplist
    the classifier used (``None`` when it used none), ``html`` the cleaned
    page for algorithms that produce one. ``markdown`` and ``main_html`` are
    the good blocks with their structure, written by ``renderer`` from the
    parsed page when first asked for, and written again if the blocks' labels or
    texts have changed since. ``page_type`` is the kind of page (article, forum,
    product...), read by ``page_type_reader`` from the parsed page when first asked for.
    """

    blocks: list[Block] = field(default_factory=list)
    language: str | None = None
    algorithm: str = "justext"
    html: str | None = None
    metadata: Metadata | None = field(default=None, kw_only=True)
    renderer: Renderer | None = field(default=None, kw_only=True, repr=False, compare=False)
    page_type_reader: PageTypeReader | None = field(default=None, kw_only=True, repr=False, compare=False)

    @property
    def page_type(self) -> str | None:
        """The kind of page the extraction came from, the most probable of :attr:`page_type_probabilities`:
        ``"article"``, ``"forum"``, ``"product"``, ``"collection"``, ``"listing"``, ``"documentation"``
        or ``"service"``; ``None`` for a page without elements, and for an extraction that
        :func:`~scrapy_boilerplate.extract` did not make or that was pickled (sent to another
        process) before the type was asked for."""
        found = self.page_type_probabilities
        return max(found, key=found.__getitem__) if found else None

    @property
    def page_type_probabilities(self) -> dict[str, float]:
        """How probable each page type is (they sum to 1), read from the parsed page when first asked
        for (some 25% of a learned extraction's time), then kept; ``{}`` where :attr:`page_type` is ``None``."""
        return self.page_type_reader.probabilities() if self.page_type_reader is not None else {}

    @property
    def text(self) -> str:
        """The main text: the good blocks, one per line (see :meth:`Block.lines`)."""
        return "\n".join(filter(None, (line for block in self.blocks if block.is_good for line in block.lines())))

    @property
    def good(self) -> int:
        """How many blocks are main text."""
        return sum(block.is_good for block in self.blocks)

    def __repr__(self) -> str:
        # One line, whatever the page: a crawl's log and print() show it whole.
        text = self.text
        return (f"<Extraction {self.algorithm} language={self.language!r} blocks={len(self.blocks)} "
                f"good={self.good} text={text[:60]!r}{'...' if len(text) > 60 else ''}>")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to and from worker processes) as one row of values per
        # block: a page's blocks are all of one type, whose field names
        # need not travel with each of them. The renderer pickles without
        # the parsed page (lxml trees do not pickle), keeping what it rendered.
        block_type = type(self.blocks[0]) if self.blocks else Block
        rows = [tuple(getattr(block, name) for name in field_names(block_type)) for block in self.blocks]
        return (_from_rows, (block_type, rows, self.language, self.algorithm, self.html, self.renderer,
                             self.metadata, self.page_type_reader))

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
        main content's images (those in good blocks and among them). An extraction unpickled (or copied) keeps the
        renderings made before; others it renders from its blocks alone: the
        structure their XPaths show (headings, list items, quotes, code, table
        cells), no inline markup.
        """
        return self._render("markdown", links, images)

    def to_main_html(self, *, links: bool = True, images: bool = False) -> str:
        """The good blocks as a small HTML fragment, as :meth:`to_markdown` renders them."""
        return self._render("main_html", links, images)

    def rendering(self, name: str) -> str:
        """The rendering named ``name`` in ``RENDERINGS`` (``"markdown"``, ``"markdown_images"``,
        ``"main_html"``), with links."""
        form, images = RENDERINGS[name]
        return self._render(form, True, images)

    def _render(self, form: Form, links: bool, images: bool) -> str:
        if self.renderer is None:
            raise ValueError("this Extraction has no renderer: only those extract() makes render Markdown and HTML")
        return self.renderer.render(form, self.blocks, links=bool(links), images=bool(images))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` (only ``str``, numbers, ``bool``, ``None``, lists, dicts)."""
        result: dict[str, Any] = {
            "algorithm": self.algorithm,
            "language": self.language,
            "text": self.text,
            "blocks": [block.to_dict() for block in self.blocks],
        }
        if self.html is not None:
            result["html"] = self.html
        if self.metadata is not None:
            result["metadata"] = self.metadata.to_dict()
        return result


def _from_rows(block_type: type[Block], rows: list[tuple[Any, ...]], language: str | None, algorithm: str,
               html: str | None, renderer: Renderer | None, metadata: Metadata | None = None,
               page_type_reader: PageTypeReader | None = None) -> Extraction:
    blocks = [block_type(*row) for row in rows]
    untrack(blocks)
    return Extraction(blocks, language, algorithm, html, renderer=renderer,
                      metadata=metadata, page_type_reader=page_type_reader)
