"""boilerpipe's extractors as pipelines of filters (Kohlschütter et al., WSDM 2010, boilerpipe 1.1)."""

from __future__ import annotations

from .filters import (
    BlockProximityFusion,
    BoilerplateBlockFilter,
    DensityRulesClassifier,
    DocumentTitleMatchClassifier,
    ExpandTitleToContentFilter,
    IgnoreBlocksAfterContentFilter,
    KeepLargestBlockFilter,
    NumWordsRulesClassifier,
    Pipeline,
    SimpleBlockFusionProcessor,
    TerminatingBlocksFinder,
)
from .options import BoilerpipeArticleOptions

#: Blocks further apart than this (in original blocks) are not fused.
MAX_BLOCKS_DISTANCE = 1


def article_extractor(options: BoilerpipeArticleOptions | None = None) -> Pipeline:
    """The extractor tuned for news articles: word-count rules, end markers, the largest
    block, expanded back to the title."""
    options = options or BoilerpipeArticleOptions()
    return Pipeline(
        TerminatingBlocksFinder(
            prefixes=options.end_prefixes,
            phrases=options.end_phrases,
            counted=options.end_counted,
            max_words=options.end_marker_max_words,
        ),
        DocumentTitleMatchClassifier(),
        NumWordsRulesClassifier(),
        IgnoreBlocksAfterContentFilter(min_words=options.min_words_before_end),
        BlockProximityFusion(MAX_BLOCKS_DISTANCE),
        BoilerplateBlockFilter(),
        BlockProximityFusion(MAX_BLOCKS_DISTANCE, content_only=True),
        KeepLargestBlockFilter(fulltext=options.fulltext_largest_block),
        ExpandTitleToContentFilter(),
    )


def default_extractor() -> Pipeline:
    """The generic extractor: fusion of equally dense blocks, then the densitometric rules."""
    return Pipeline(
        SimpleBlockFusionProcessor(),
        BlockProximityFusion(MAX_BLOCKS_DISTANCE),
        DensityRulesClassifier(),
    )
