"""boilerpipe's text document: a title and a sequence of text blocks the filters label and fuse."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

#: Width at which the paper wraps a block's text into lines to measure its text density.
LINE_WIDTH = 80
#: Text density from which a block's words count as full text (not navigation or teasers).
MIN_FULLTEXT_DENSITY = 9


@dataclass(slots=True, eq=False)
class TextBlock:
    """A run of text between two block-level boundaries, or a fusion of adjacent runs.

    ``offset_start`` and ``offset_end`` are the positions, among the page's
    blocks before any fusion, of the first and last run it holds.
    ``words_in_wrapped_lines`` and ``wrapped_lines`` count the words and lines
    of the text wrapped at :data:`LINE_WIDTH`, leaving out the last, partial
    line (unless it is the only one), as boilerpipe does.
    """

    text: str
    words: int
    words_in_links: int
    words_in_wrapped_lines: int
    wrapped_lines: int
    offset_start: int
    offset_end: int
    xpath: str = ""
    """The XPath of the element holding the block's first text, in the parsed page."""
    start: Any = None
    """That element."""
    one_text_node: bool = False
    """Whether the text is all that of one text node, held by ``start`` (its text, or a child's tail)."""
    line_starts: list[tuple[Any, bool]] | None = None
    """For a block fused from several, one per line of its text: the element the line starts in, and
    whether the line is all the text of one text node held by it."""
    is_content: bool = False
    labels: set[str] = field(default_factory=set)
    text_density: float = field(init=False, default=0.0)
    """Words per wrapped line."""
    link_density: float = field(init=False, default=0.0)
    """Share of the words that lie inside links."""

    def _measure(self) -> None:
        if self.words_in_wrapped_lines == 0:
            self.words_in_wrapped_lines = self.words
            self.wrapped_lines = 1
        self.text_density = self.words_in_wrapped_lines / self.wrapped_lines
        self.link_density = self.words_in_links / self.words if self.words else 0.0

    def __post_init__(self) -> None:
        self._measure()

    @property
    def fulltext_words(self) -> int:
        """The words of a block dense enough to be running text; 0 for any other block."""
        return self.words if self.text_density >= MIN_FULLTEXT_DENSITY else 0

    def set_content(self, is_content: bool) -> bool:
        """Mark the block as content or not; ``True`` if that changed it."""
        changed = self.is_content != is_content
        self.is_content = is_content
        return changed

    def absorb(self, following: TextBlock) -> None:
        """Absorb the counts, labels and content flag of the block ``following`` this one;
        :func:`fuse` joins the texts."""
        self.words += following.words
        self.words_in_links += following.words_in_links
        self.words_in_wrapped_lines += following.words_in_wrapped_lines
        self.wrapped_lines += following.wrapped_lines
        self.offset_start = min(self.offset_start, following.offset_start)
        self.offset_end = max(self.offset_end, following.offset_end)
        self.is_content |= following.is_content
        self.labels |= following.labels
        if self.line_starts is None:
            self.line_starts = [(self.start, self.one_text_node)]
        self.line_starts += following.line_starts or [(following.start, following.one_text_node)]
        self.one_text_node = False
        self._measure()


def fuse(blocks: Iterable[TextBlock], joins: Callable[[TextBlock, TextBlock], bool]) -> list[TextBlock]:
    """``blocks``, each block for which ``joins(run, block)`` holds merged into the run before it.

    Each block joining a run is absorbed into it (:meth:`TextBlock.absorb`), in
    turn, and each run's texts are joined, one per line, once at its end (joining
    them one by one copies the run's text every time: quadratic in a long run),
    so ``joins`` must not read the run's text.
    """
    kept: list[TextBlock] = []
    texts: list[str] | None = None  # those of the run kept[-1] starts, once a block joined it
    for block in blocks:
        if kept and joins(kept[-1], block):
            run = kept[-1]
            if texts is None:
                texts = [run.text]
            texts.append(block.text)
            run.absorb(block)
            continue
        if texts is not None:
            kept[-1].text = "\n".join(texts)
            texts = None
        kept.append(block)
    if texts is not None:
        kept[-1].text = "\n".join(texts)
    return kept


def edge_block() -> TextBlock:
    """The empty block the decision trees see before the first and after the last block."""
    return TextBlock("", 0, 0, 0, 0, -1, -1)


@dataclass(slots=True)
class TextDocument:
    """A page as boilerpipe's filters see it.

    ``blocks`` is what the filters work on; ``removed`` keeps, for the output,
    the blocks a filter took out of it (such as :class:`BoilerplateBlockFilter`).
    """

    blocks: list[TextBlock]
    title: str | None = None
    removed: list[TextBlock] = field(default_factory=list)
