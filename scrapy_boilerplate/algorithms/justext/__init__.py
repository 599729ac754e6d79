"""jusText (Pomikálek, 2011) on lxml trees, block for block identical to the justext package."""

from __future__ import annotations

from lxml import etree

from ...result import Extraction
from .blocks import JustextBlock
from .classify import GOOD, Classified, classify
from .language import pick_stoplist
from .options import AUTO, JustextOptions
from .segment import segment
from .stoplists import Stoplist, available

__all__ = ["JustextBlock", "JustextOptions", "Stoplist", "available", "run"]

_NO_STOPWORDS: frozenset[str] = frozenset()


def run(root: etree._Element, options: JustextOptions) -> Extraction:
    """Segment the tree under ``root`` and classify its blocks."""
    paragraphs = segment(root)
    stoplist = options.stoplist
    if stoplist == AUTO:
        stoplist = pick_stoplist(paragraph.text for paragraph in paragraphs)
    if stoplist is None:
        options = options.for_stoplist(None)
    stopwords = stoplist.words if stoplist is not None else _NO_STOPWORDS

    measured = []
    for paragraph in paragraphs:
        text = paragraph.text
        chars = len(text)
        words = text.lower().split()
        measured.append(Classified(
            text=text,
            chars=chars,
            words=len(words),
            chars_in_links=paragraph.chars_in_links,
            link_density=paragraph.chars_in_links / chars if chars else 0,
            stopword_density=sum(map(stopwords.__contains__, words)) / len(words) if words else 0,
            heading=paragraph.heading,
            in_select=paragraph.in_select,
        ))
    classify(measured, options)

    tree = root.getroottree()
    blocks = []
    for paragraph, classified in zip(paragraphs, measured):
        label = classified.class_type
        if not options.no_headlines and paragraph.element.tag == "h1":
            label = GOOD
        blocks.append(JustextBlock(
            text=classified.text,
            label=label,
            xpath=tree.getpath(paragraph.element),
            chars=classified.chars,
            words=classified.words,
            link_density=classified.link_density,
            cf_label=classified.cf_class,
            heading=classified.heading,
            stopword_density=classified.stopword_density,
        ))
    return Extraction(blocks, language=stoplist.name if stoplist is not None else None, algorithm="justext")
