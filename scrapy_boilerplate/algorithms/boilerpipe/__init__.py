"""boilerpipe (Kohlschütter, Fankhauser, Nejdl, WSDM 2010) on lxml trees: text blocks, filters, extractors.

A custom extractor is any :class:`Pipeline` of filters::

    from scrapy_boilerplate.algorithms import boilerpipe
    from scrapy_boilerplate.algorithms.boilerpipe import filters

    mine = boilerpipe.Pipeline(filters.NumWordsRulesClassifier(), filters.KeepLargestFulltextBlockFilter())
    labelled = boilerpipe.run_pipeline(root, mine)
"""

from __future__ import annotations

import functools

from lxml import etree

from ...model import BAD, GOOD, Labelled
from . import labels
from .blocks import BoilerpipeBlock
from .document import TextBlock, TextDocument
from .extractors import article_extractor, default_extractor
from .filters import Filter, Pipeline
from .options import BoilerpipeArticleOptions, BoilerpipeDefaultOptions
from .segment import segment

__all__ = [
    "BoilerpipeArticleOptions", "BoilerpipeBlock", "BoilerpipeDefaultOptions", "Filter", "Pipeline",
    "TextBlock", "TextDocument", "article_extractor", "default_extractor", "labels",
    "run_article", "run_default", "run_pipeline", "segment", "to_labelled",
]


def run_article(root: etree._Element, options: BoilerpipeArticleOptions) -> Labelled:
    """ArticleExtractor over the tree under ``root``."""
    return run_pipeline(root, _article_pipeline(options))


def run_default(root: etree._Element, options: BoilerpipeDefaultOptions) -> Labelled:
    """DefaultExtractor over the tree under ``root``."""
    return run_pipeline(root, _DEFAULT_PIPELINE)


# Filters keep no state between documents: one pipeline per set of options
# saves building them (and their regular expressions) for every page.
_article_pipeline = functools.lru_cache(maxsize=16)(article_extractor)
_DEFAULT_PIPELINE = default_extractor()


def run_pipeline(root: etree._Element, pipeline: Filter) -> Labelled:
    """Segment the tree under ``root`` into text blocks and apply ``pipeline`` to them."""
    noted: list[etree._Element] = []
    document = segment(root, noted)
    pipeline.process(document)
    return to_labelled(document, noted)


def to_labelled(document: TextDocument, noted: list[etree._Element] | None = None) -> Labelled:
    """The document's blocks, including those a filter removed, in page order; with what the
    segmentation ``noted`` (see :func:`.segment`)."""
    blocks = document.blocks
    if document.removed:
        blocks = sorted(blocks + document.removed, key=lambda block: block.offset_start)
    # Positional arguments, in field order: with keywords, building a page's
    # thousands of blocks takes three times as long.
    result = [
        BoilerpipeBlock(
            block.text, GOOD if block.is_content else BAD, block.xpath, len(block.text), block.words,
            block.link_density, sorted(block.labels) if block.labels else [], block.text_density,
            block.words_in_links, block.offset_start, block.offset_end,
        )
        for block in blocks
    ]
    return Labelled(result, [block.start for block in blocks],
                    [block.line_starts or block.one_text_node for block in blocks], noted=noted)
