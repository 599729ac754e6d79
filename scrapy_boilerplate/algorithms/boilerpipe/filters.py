"""boilerpipe's filters: each one step over a :class:`TextDocument` that labels, classifies or fuses its blocks.

Every filter has ``process(document) -> bool``, true when it changed the
document, and a :class:`Pipeline` runs several in order; extractors are
pipelines (see :mod:`.extractors`), and any sequence of filters makes one.
The decision trees are the ones Kohlschütter et al. (WSDM 2010) learned with
C4.8 on news pages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .document import TextBlock, TextDocument, edge_block, fuse
from .labels import INDICATES_END_OF_TEXT, MIGHT_BE_CONTENT, TITLE


class Filter(Protocol):
    def process(self, document: TextDocument) -> bool:
        """Apply the filter to ``document`` in place; ``True`` if it changed anything."""


class Pipeline:
    """Filters applied one after the other; changed if any of them changed the document."""

    __slots__ = ("filters",)

    def __init__(self, *filters: Filter) -> None:
        self.filters: tuple[Filter, ...] = filters

    def __repr__(self) -> str:
        return f"Pipeline({', '.join(map(repr, self.filters))})"

    def process(self, document: TextDocument) -> bool:
        changed = False
        for step in self.filters:
            changed |= step.process(document)
        return changed


@dataclass(frozen=True)
class TerminatingBlocksFinder:
    """Label as :data:`INDICATES_END_OF_TEXT` the short blocks that usually follow an article.

    A block of fewer than ``max_words`` words and at least ``min_chars``
    characters qualifies when its lower-cased text starts with one of
    ``prefixes``, holds one of ``phrases``, or is a number followed by a space
    and one of ``counted`` ("12 comments").
    """

    prefixes: tuple[str, ...]
    phrases: tuple[str, ...]
    counted: tuple[str, ...]
    max_words: int = 15
    min_chars: int = 8

    # Prefixes are tested with str.startswith and numbers anchored with
    # re.match: one regular expression searching for all of them at every
    # position of every short block takes twice as long.
    @functools.cached_property
    def _phrase(self) -> re.Pattern[str]:
        return re.compile("|".join(map(re.escape, self.phrases)) if self.phrases else r"(?!)")

    @functools.cached_property
    def _counted(self) -> re.Pattern[str]:
        return re.compile(r"\d+ (?:%s)" % "|".join(map(re.escape, self.counted)) if self.counted else r"(?!)")

    def process(self, document: TextDocument) -> bool:
        prefixes = tuple(self.prefixes)
        phrase, counted = self._phrase.search, self._counted.match
        max_words, min_chars = self.max_words, self.min_chars
        changed = False
        for block in document.blocks:
            if block.words < max_words and len(block.text) >= min_chars:
                text = block.text.lower()
                if text.startswith(prefixes) or phrase(text) or counted(text):
                    block.labels.add(INDICATES_END_OF_TEXT)
                    changed = True
        return changed


#: How a page title is cut into parts, from the narrowest to the widest set of separators.
TITLE_SEPARATORS = tuple(re.compile(pattern) for pattern in (
    r" *[|:] *", r" *[|:()] *", r" *[|:()\-] *", r" *[|,:()\-] *",
))
_WORD_CHARS = re.compile(r"\w+")


@dataclass(frozen=True)
class DocumentTitleMatchClassifier:
    """Label as :data:`TITLE` the blocks equal (ignoring case) to the page title or its longest part.

    ``title`` is fixed, or ``None`` to take each document's own title.
    """

    title: str | None = None

    def process(self, document: TextDocument) -> bool:
        titles = potential_titles(self.title if self.title is not None else document.title)
        if not titles:
            return False
        # Lower-casing never shortens a text: longer blocks need no lower-casing.
        longest = max(map(len, titles))
        changed = False
        for block in document.blocks:
            if len(block.text) <= longest and block.text.lower() in titles:
                block.labels.add(TITLE)
                changed = True
        return changed


def potential_titles(title: str | None) -> frozenset[str]:
    """The lower-cased title and, for each set of separators, its longest part (not a ".com" one)."""
    title = " ".join(title.split()) if title else ""
    if not title:
        return frozenset()
    titles = {title.lower()}
    for separators in TITLE_SEPARATORS:
        parts = separators.split(title)
        if len(parts) == 1:
            continue
        longest, longest_words = "", 0
        for part in parts:
            if ".com" in part:
                continue
            words = len(_WORD_CHARS.findall(part))
            # boilerpipe's test: more words, or else more characters
            if words > longest_words or len(part) > len(longest):
                longest, longest_words = part, words
        if longest.strip():
            titles.add(longest.strip().lower())
    return frozenset(titles)


def is_content_by_num_words(previous: TextBlock, current: TextBlock, following: TextBlock) -> bool:
    """The paper's decision tree on link density and number of words (NumWordsRulesClassifier)."""
    if current.link_density > 0.333333:
        return False
    if previous.link_density <= 0.555556:
        if current.words > 16 or following.words > 15:
            return True
        return previous.words > 4
    return current.words > 40 or following.words > 17


def is_content_by_density(previous: TextBlock, current: TextBlock, following: TextBlock) -> bool:
    """The paper's decision tree on link density and text density (DensityRulesClassifier)."""
    if current.link_density > 0.333333:
        return False
    if previous.link_density <= 0.555556:
        if current.text_density > 9:
            return following.text_density != 0
        if following.text_density > 10:
            return True
        return previous.text_density > 4
    return following.text_density > 11


def _classify_in_context(
    document: TextDocument, is_content: Callable[[TextBlock, TextBlock, TextBlock], bool],
) -> bool:
    blocks = document.blocks
    edge = [edge_block()]
    changed = False
    for previous, block, following in zip(edge + blocks, blocks, blocks[1:] + edge):
        content = is_content(previous, block, following)
        if block.is_content != content:
            block.is_content = content
            changed = True
    return changed


@dataclass(frozen=True)
class NumWordsRulesClassifier:
    """Mark each block content or not by :func:`is_content_by_num_words` on it and its neighbours."""

    def process(self, document: TextDocument) -> bool:
        return _classify_in_context(document, is_content_by_num_words)


@dataclass(frozen=True)
class DensityRulesClassifier:
    """Mark each block content or not by :func:`is_content_by_density` on it and its neighbours."""

    def process(self, document: TextDocument) -> bool:
        return _classify_in_context(document, is_content_by_density)


@dataclass(frozen=True)
class IgnoreBlocksAfterContentFilter:
    """Make boilerplate every block from the first end-of-text marker on, once ``min_words``
    full-text words of content precede it (so that a "Comments" link in a header does not count)."""

    min_words: int = 60

    def process(self, document: TextDocument) -> bool:
        words = 0
        ended = False
        changed = False
        for block in document.blocks:
            if block.is_content:
                words += block.fulltext_words
            if not ended and INDICATES_END_OF_TEXT in block.labels and words >= self.min_words:
                ended = True
            if ended:
                changed |= block.set_content(False)
        return changed


@dataclass(frozen=True)
class BlockProximityFusion:
    """Fuse each content block into the block before it when at most ``max_distance`` blocks
    of the original page lie between them; with ``content_only`` both must be content."""

    max_distance: int = 1
    content_only: bool = False

    def process(self, document: TextDocument) -> bool:
        blocks = document.blocks
        if len(blocks) < 2:
            return False
        start = 0
        if self.content_only:
            start = next((i for i, block in enumerate(blocks) if block.is_content), -1)
            if start < 0:
                return False
        kept = blocks[:start] + fuse(blocks[start:], self._joins)
        if len(kept) == len(blocks):
            return False
        document.blocks = kept
        return True

    def _joins(self, previous: TextBlock, block: TextBlock) -> bool:
        return (
            block.is_content
            and block.offset_start - previous.offset_end - 1 <= self.max_distance
            and (previous.is_content or not self.content_only)
        )


@dataclass(frozen=True)
class BoilerplateBlockFilter:
    """Take the blocks that are not content out of the document (into ``document.removed``)."""

    def process(self, document: TextDocument) -> bool:
        kept = [block for block in document.blocks if block.is_content]
        if len(kept) == len(document.blocks):
            return False
        document.removed += [block for block in document.blocks if not block.is_content]
        document.blocks = kept
        return True


@dataclass(frozen=True)
class KeepLargestBlockFilter:
    """Keep as content only the content block with the most words (the first of equals); mark
    every other block boilerplate and :data:`MIGHT_BE_CONTENT`. With ``fulltext``, count only
    the words of blocks dense enough to be running text (:attr:`TextBlock.fulltext_words`)."""

    fulltext: bool = False

    def process(self, document: TextDocument) -> bool:
        blocks = document.blocks
        if len(blocks) < 2:
            return False
        candidates = [block for block in blocks if block.is_content]
        if not candidates:
            return False
        size = _fulltext_words if self.fulltext else _words
        largest = max(candidates, key=size)
        for block in blocks:
            if block is not largest:
                block.is_content = False
                block.labels.add(MIGHT_BE_CONTENT)
        return True


@dataclass(frozen=True)
class KeepLargestFulltextBlockFilter(KeepLargestBlockFilter):
    """:class:`KeepLargestBlockFilter` counting full-text words, as the paper's ArticleExtractor does."""

    fulltext: bool = True


def _words(block: TextBlock) -> int:
    return block.words


def _fulltext_words(block: TextBlock) -> int:
    return block.fulltext_words


@dataclass(frozen=True)
class ExpandTitleToContentFilter:
    """Make content the :data:`MIGHT_BE_CONTENT` blocks from the last title block before
    the content up to the first content block (nothing if that block is itself a title)."""

    def process(self, document: TextDocument) -> bool:
        blocks = document.blocks
        content_start = next((i for i, block in enumerate(blocks) if block.is_content), -1)
        if content_start < 0:
            return False
        title = max((i for i in range(content_start + 1) if TITLE in blocks[i].labels), default=-1)
        if title < 0 or title == content_start:
            return False
        changed = False
        for block in blocks[title:content_start]:
            if MIGHT_BE_CONTENT in block.labels:
                changed |= block.set_content(True)
        return changed


@dataclass(frozen=True)
class SimpleBlockFusionProcessor:
    """Fuse adjacent blocks of equal text density (the fused block's density is re-measured)."""

    def process(self, document: TextDocument) -> bool:
        blocks = document.blocks
        if len(blocks) < 2:
            return False
        kept = fuse(blocks, _same_text_density)
        if len(kept) == len(blocks):
            return False
        document.blocks = kept
        return True


def _same_text_density(run: TextBlock, block: TextBlock) -> bool:
    return run.text_density == block.text_density
