"""boilerpipe (Kohlschütter, Fankhauser, Nejdl, WSDM 2010) on lxml trees: text blocks, filters, extractors.

A custom extractor is any :class:`Pipeline` of filters::

    from scrapy_boilerplate.algorithms import boilerpipe
    from scrapy_boilerplate.algorithms.boilerpipe import filters

    mine = boilerpipe.Pipeline(filters.NumWordsRulesClassifier(), filters.KeepLargestFulltextBlockFilter())
    labelled = boilerpipe.run_pipeline(root, mine)
"""

from __future__ import annotations

import functools
from typing import Protocol

from lxml import etree

from ...model import Labelled
from . import labels
from .blocks import BoilerpipeBlock
from .document import TextBlock, TextDocument, to_labelled
from .extractors import article_extractor, default_extractor
from .filters import Pipeline
from .options import BoilerpipeArticleOptions, BoilerpipeDefaultOptions
from .segment import segment

__all__ = [
    "BoilerpipeArticleOptions", "BoilerpipeBlock", "BoilerpipeDefaultOptions", "Filter", "Pipeline",
    "TextBlock", "TextDocument", "article_extractor", "default_extractor", "labels",
    "run_article", "run_default", "run_pipeline", "segment", "to_labelled",
]


class Filter(Protocol):
    """A step of a :class:`Pipeline`, such as the filters of :mod:`.filters`."""

    def process(self, document: TextDocument) -> bool:
        """Apply the filter to ``document`` in place; ``True`` if it changed anything."""


def run_article(root: etree._Element, options: BoilerpipeArticleOptions, url: str | None = None) -> Labelled:
    """ArticleExtractor over the tree under ``root``."""
    return run_pipeline(root, _article_pipeline(options))


def run_default(root: etree._Element, options: BoilerpipeDefaultOptions, url: str | None = None) -> Labelled:
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
