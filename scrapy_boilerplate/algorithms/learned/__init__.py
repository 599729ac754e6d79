"""A learned classifier of jusText's blocks: gradient-boosted trees over their features.

jusText segments and classifies the page as it always does; :mod:`.features`
describes each block (jusText's own measures and classes, its text, its place
in the page, its ancestors' tags and class words, its containers' share of
the text, its neighbours, its way to the page's container and the repeated
items it lies in) and the shipped :mod:`.model` gives the probability
that it is main text. ``benchmarks/train.py`` trains that model on three
corpora; each page keeps the blocks that make the most of its expected
precision and recall as ``favor`` weighs them for what the page says it is,
or its URL (:mod:`.decision`, :mod:`.kind`), or those above a fixed ``threshold``
(:mod:`.options`), less the second copy of a section. On a page that :mod:`.gate` reads
as a modern page of another kind than an article, a model trained on the trainset's
pages alone has half the say in each block's probability.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

from lxml import etree

from ...errors import PageTooComplex
from ...model import BAD, GOOD, Labelled
from .. import justext
from ..justext import JustextBlock, Stoplist
from . import decision, gate
from .blocks import LearnedBlock
from .features import ANY_COMMENT, ANY_REVIEW, STARTS_IN_LI, PageRows, RowSums, prefiltered, rows
from .kind import GATED, declared_types, product_page, recall_group
from .model import load
from .options import LearnedOptions

__all__ = ["LearnedBlock", "LearnedOptions", "featurize", "prepare", "run"]


def prepare(options: LearnedOptions) -> None:
    """Load the model, and the stoplists if ``options`` choose one per page."""
    justext.prepare(options)
    load()


def featurize(root: etree._Element, options: LearnedOptions, block_type: type[JustextBlock] = JustextBlock,
              ) -> tuple[list[JustextBlock], list[list[float] | None], Stoplist | None]:
    """jusText's blocks of the tree under ``root`` (made as ``block_type``), their feature rows
    (``None`` where prefiltered) and the stoplist jusText used."""
    paragraphs, blocks, stoplist = justext.classify(root, options, block_type)
    return blocks, rows(paragraphs, blocks, declared_types(root)), stoplist


def _noting(rows: Iterator[Sequence[float] | None], column: int, flags: list[bool]) -> Iterator[Sequence[float] | None]:
    """``rows``, noting in ``flags`` whether each row's ``column`` is set (a block in an element named
    for comments or reviews)."""
    for row in rows:
        flags.append(row is not None and row[column] > 0)
        yield row


def run(root: etree._Element, options: LearnedOptions, url: str | None = None) -> Labelled:
    """Classify the blocks of the tree under ``root``, the page at ``url``, with the shipped model."""
    # jusText makes the blocks as LearnedBlocks, whose label becomes the model's here.
    noted: list[etree._Element] = []
    paragraphs, justext_blocks, stoplist = justext.classify(root, options, LearnedBlock, noted=noted)
    if options.max_blocks and len(justext_blocks) > options.max_blocks:  # before their features
        raise PageTooComplex(len(justext_blocks), options.max_blocks, "learned")
    blocks = cast("list[LearnedBlock]", justext_blocks)  # made as LearnedBlocks just above
    # The rows written one at a time into the same C array, each scored before the next (a page's
    # rows at once are its largest part).
    in_comments: list[bool] = []
    in_reviews: list[bool] = []
    list_items: list[bool] = []
    types = declared_types(root)
    reviews_out = product_page(types)
    sums = RowSums()
    head = gate.PageHead(root)
    page_rows = PageRows(paragraphs, blocks, types)
    # Held for the trainset's model where the gate may open: a page without a viewport never opens it.
    block_rows = _noting(page_rows.iterate(shared=True, sums=sums, hold=head.viewport), STARTS_IN_LI, list_items)
    if options.comments:
        block_rows = _noting(block_rows, ANY_COMMENT, in_comments)
    if reviews_out:
        block_rows = _noting(block_rows, ANY_REVIEW, in_reviews)
    shipped = load()
    probabilities = shipped.probabilities(block_rows)
    group = recall_group(types, url)
    page = gate.columns(sums, types, url, head, group, reviews_out) if head.viewport else None
    gated = page is not None and gate.opens(shipped.gate.probability(page), page)
    if gated:
        probabilities = gate.blended(probabilities, shipped.probabilities(page_rows.iterate(shared=True),
                                                                          shipped.trainset_trees))
        group = GATED
    if reviews_out:
        probabilities = decision.without_reviews(probabilities, in_reviews)
    scored = [not prefiltered(block) for block in blocks]  # the others have no row
    kept = decision.kept(
        probabilities, [block.chars for block in blocks], [block.text for block in blocks], scored,
        [block.heading for block in blocks], list_items, threshold=options.threshold,
        recall_weight=options.recall_weights[group], repeats_out=gated,
        comments=(in_comments, [block.cf_label for block in blocks]) if options.comments else None)
    for block, probability, is_scored, is_kept in zip(blocks, probabilities, scored, kept):
        block.justext_label = block.label
        if is_scored:
            block.probability = probability
        block.label = GOOD if is_kept else BAD
    return Labelled(blocks, justext.starts(paragraphs),
                    language=stoplist.name if stoplist is not None else None, noted=noted)
