"""jusText (Pomikálek, 2011) on lxml trees, block for block identical to the justext package."""

from __future__ import annotations

from lxml import etree

from ...model import Labelled
from .blocks import JustextBlock
from .classify import classify_paragraphs
from .language import declared_language, load_stoplists, page_words, pick_stoplist, stopwords_held, unspaced_language
from .options import AUTO, JustextOptions
from .paragraph import Paragraph, starts
from .segment import segment
from .stoplists import Stoplist, available, word_index

__all__ = ["JustextBlock", "JustextOptions", "Stoplist", "available", "classify", "prepare", "run", "starts"]

_NO_STOPWORDS: dict[str, None] = {}
_NO_STOPLIST = Stoplist(None, _NO_STOPWORDS)
#: How many Latin characters a Han or kana character counts for in the length thresholds
#: (a Chinese word is one to two characters, an English one six with its space).
HAN_CHARACTER_WEIGHT = 3


def prepare(options: JustextOptions) -> None:
    """Load every shipped stoplist now if ``options`` choose one per page."""
    if options.stoplist == AUTO:
        load_stoplists()


def run(root: etree._Element, options: JustextOptions, url: str | None = None) -> Labelled:
    """Segment the tree under ``root`` and classify its blocks."""
    noted: list[etree._Element] = []
    paragraphs, blocks, stoplist = classify(root, options, noted=noted)
    return Labelled(blocks, starts(paragraphs),
                    language=stoplist.name if stoplist is not None else None, noted=noted)


def classify(root: etree._Element, options: JustextOptions, block_type: type[JustextBlock] = JustextBlock, *,
             noted: list[etree._Element] | None = None) -> tuple[list[Paragraph], list[JustextBlock], Stoplist | None]:
    """The paragraphs of the tree under ``root``, their classified blocks (one each, in
    the same order) and the stoplist used; the step other algorithms build on.

    The blocks are made as ``block_type``, a subclass whose own fields have defaults: an
    algorithm that adds fields fills them in rather than copying every block. ``noted``
    gets what the segmentation notes (see :func:`.segment`).
    """
    paragraphs = segment(root, images=options.images, spaces=options.spaces, ruby_text=options.ruby_text,
                         unclosed_buttons=options.unclosed_buttons,
                         spaces_between_elements=options.spaces_between_elements, noted=noted)
    texts = [paragraph.text for paragraph in paragraphs]
    stoplist = options.stoplist
    if stoplist == AUTO:
        # Each word looked up once in all the shipped lists, for the choice and then the counts.
        words = page_words(texts)
        stoplist = pick_stoplist(words, declared_language(root))
        if stoplist is None:
            stoplist, options = _unspaced(paragraphs, options)
        counts, held = words.counts(), stopwords_held(stoplist, words)
    else:  # a table of its own words: small, faster than the lists' table
        words = word_index(stoplist if stoplist is not None else _NO_STOPLIST).page_words(texts)
        counts, held = words.counts(), words.held(0)
    if stoplist is None:
        options = options.for_stoplist(None)
    del texts  # a million paragraphs' list is 8 MB at the peak, the blocks' making

    blocks = classify_paragraphs(paragraphs, counts, held, options, block_type, not options.no_headings,
                                 options.h1_always_good)
    return paragraphs, blocks, stoplist


def _unspaced(paragraphs: list[Paragraph], options: JustextOptions) -> tuple[Stoplist | None, JustextOptions]:
    """For a page no stoplist covers: jusText's language-independent mode, under an empty stoplist
    named after the page's script when it is written without spaces (Chinese, Japanese, Thai).

    Words mean nothing there: the length thresholds, in characters, are divided by
    :data:`HAN_CHARACTER_WEIGHT` for Chinese and Japanese, whose characters each hold about a
    word; Thai letters are letters, and keep the thresholds.
    """
    language = unspaced_language(paragraph.text for paragraph in paragraphs)
    if language is None:
        return None, options
    options = options.for_stoplist(None)
    if language != "Thai":
        options = options.replace(**{name: getattr(options, name) // HAN_CHARACTER_WEIGHT
                                     for name in ("length_low", "length_high", "max_heading_distance")})
    return Stoplist(language, _NO_STOPWORDS), options
