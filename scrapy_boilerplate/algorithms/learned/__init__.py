"""A learned classifier of jusText's blocks: gradient-boosted trees over their features.

jusText segments and classifies the page as it always does; :mod:`.features`
describes each block (jusText's own measures and classes, its text, its place
in the page, its ancestors' tags and class words, its containers' share of
the text, its neighbours) and the shipped :mod:`.model` gives the probability
that it is main text, in two stages: the second looks at the first's
probabilities of the blocks around (:mod:`.smoothing`). ``benchmarks/train.py``
trains that model.
"""

from __future__ import annotations

from lxml import etree

from ...result import BAD, GOOD, Extraction
from .. import justext
from ..justext import JustextBlock, Stoplist
from .blocks import LearnedBlock
from .features import rows
from .model import load
from .options import LearnedOptions

__all__ = ["LearnedBlock", "LearnedOptions", "featurize", "prepare", "run"]


def prepare(options: LearnedOptions) -> None:
    """Load the model, and the stoplists if ``options`` choose one per page."""
    justext.prepare(options)
    load()


def featurize(root: etree._Element, options: LearnedOptions
              ) -> tuple[list[JustextBlock], list[list[float] | None], Stoplist | None]:
    """jusText's blocks of the tree under ``root``, their feature rows (``None`` where
    prefiltered) and the stoplist jusText used."""
    paragraphs, blocks, stoplist = justext.classify(root, options)
    return blocks, rows(paragraphs, blocks), stoplist


def run(root: etree._Element, options: LearnedOptions) -> Extraction:
    """Classify the blocks of the tree under ``root`` with the shipped model."""
    model = load()
    threshold = options.threshold
    blocks, feature_rows, stoplist = featurize(root, options)
    probabilities = model.probabilities([block.xpath for block in blocks], feature_rows)
    learned = []
    for block, row, probability in zip(blocks, feature_rows, probabilities):
        learned.append(LearnedBlock(
            block.text, GOOD if probability >= threshold and row is not None else BAD, block.xpath,
            block.chars, block.words, block.link_density, block.cf_label, block.heading,
            block.stopword_density, block.label, probability,
        ))
    return Extraction(learned, language=stoplist.name if stoplist is not None else None, algorithm="learned")
