"""The features of jusText's blocks that the learned classifier scores: one row of numbers per block.

The trainer (``benchmarks/train.py``) and the run-time call the same
:func:`rows`, so a model always sees the features it was trained on.

Everything comes from jusText's paragraphs and blocks and from one more pass
over the elements the paragraphs start in and their ancestors: each element
is looked at once per page (its tag and its class / id / role words), and
the text of every block is added to the totals of its ancestors by climbing
those records, not by querying the tree per block. The records, and the
columns read from them alone, are C over libxml2's nodes (:mod:`.records`).

Beside jusText's view, the page's structure, which tells the article from
prose-like boilerplate (teasers of other stories, "most read" lists, captions)
in any language: the page's container, readability-style (the element whose
children and grandchildren hold the most prose, less its linked share) and each
block's way to it through the tree (inside, beside, far); the repeated items a
block lies in (like elements, same parent, tag and class) and the share of them
whose first block is a link; the block's place against the first and last
prose block. "Prose" is length and link density only, no stop words.

One module for one idea, the row: each group of columns is computed where its
names are declared, so that the layout the model was trained on is read in one
place.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence, Set
from typing import NamedTuple

from lxml import etree

from ...model.text import collapse
from ..justext.blocks import JustextBlock
from ..justext.classify import BAD, GOOD, SHORT
from ..justext.paragraph import Paragraph
from . import article, landmarks
from .kind import PRODUCT_TYPES
from .records import Record, add_up, element_features, like_elements, page_records
from .text_statistics import COUNTED_CHARS, prompt_words, share_in, text_statistics, words
from .wordlist import alternation

#: Blocks this short and at least this linked are boilerplate without scoring:
#: half of a page's blocks, and almost never main text.
PREFILTER_CHARS = 30
PREFILTER_LINK_DENSITY = 0.5

#: Words of ``class``, ``id``, ``role`` and ``itemprop`` that say what an element holds, in groups.
WORD_GROUPS: dict[str, tuple[str, ...]] = {
    "comment": ("comment", "disqus", "reply", "respond", "discussion"),
    "share": ("share", "sharing", "social", "facebook", "twitter", "whatsapp", "addthis", "follow"),
    "nav": ("nav", "menu", "pagination", "pager", "toc", "skip"),
    "footer": ("footer", "copyright", "legal", "bottom", "colophon"),
    "header": ("header", "masthead", "topbar", "toolbar", "logo", "brand"),
    "sidebar": ("sidebar", "widget", "aside", "rail", "secondary"),
    "related": ("related", "recommend", "trending", "popular", "more", "also", "recirc", "suggest", "next", "prev"),
    "ad": ("advert", "promo", "sponsor", "banner", "dfp", "adslot", "outbrain", "taboola"),
    "cookie": ("cookie", "consent", "gdpr", "privacy", "notice"),
    "newsletter": ("newsletter", "subscribe", "signup", "optin", "paywall", "register", "cta"),
    "byline": ("byline", "author", "date", "time", "dateline", "published", "posted", "meta", "info"),
    "tag": ("tag", "categor", "topic", "keyword", "label"),
    "breadcrumb": ("breadcrumb", "crumb"),
    "content": ("article", "content", "post", "entry", "story", "body", "text", "main", "prose", "blog"),
    "caption": ("caption", "figure", "credit", "photo", "image", "img", "media", "gallery", "video"),
    "title": ("title", "headline", "heading", "hed", "dek", "subtitle", "lede", "summary", "intro"),
    "hidden": ("hidden", "sr-only", "visually", "screen-reader", "modal", "popup", "overlay", "dialog"),
    "form": ("search", "login", "form", "account", "cart", "button", "btn"),
    "card": ("card", "teaser", "item", "grid", "tile", "list", "feed", "thumb"),
    # Customers' reviews: a shop's product page leaves them out of its main text, a review article is it.
    "review": ("review", "rating", "testimonial"),
}
_GROUP_OF_WORD = {word: 1 << group for group, words in enumerate(WORD_GROUPS.values()) for word in words}
# "ad" and "ads" only as whole words: as parts of words they are everywhere (header, load, shadow).
_GROUP_OF_WORD["ad"] = _GROUP_OF_WORD["ads"] = _GROUP_OF_WORD["advert"]
# "ad" and "ads" come last among the "a" words, their "not after a letter" checked once the "a" matched.
_GROUP_WORDS = re.compile(alternation((word for word in _GROUP_OF_WORD if word not in ("ad", "ads")),
                                      {"a": [r"(?<![a-z]a)ds?(?![a-z])"]}))

#: Tags whose presence among a block's ancestors is a feature.
ANCESTOR_TAGS = ("nav", "aside", "footer", "header", "li", "p", "article", "main", "form", "figure",
                 "figcaption", "table", "blockquote", "section", "h1", "h2", "h3", "a", "dl", "ul", "ol", "pre")
_TAG_BIT = {tag: 1 << position for position, tag in enumerate(ANCESTOR_TAGS)}
#: Tags a block may start in, as a one-hot feature; any other tag is "other".
START_TAGS = ("p", "div", "li", "td", "h1", "h2", "h3", "h6", "dd", "a", "section")
_START_TAG_ROW = {tag: tuple(float(tag == other) for other in START_TAGS) for tag in START_TAGS}
_OTHER_START_TAG = (0.0,) * len(START_TAGS)
#: How many levels above the block's element the container aggregates look.
CONTAINER_LEVELS = (0, 1, 2, 3, 5)
#: Offsets of the neighbours whose features a block's row repeats.
NEIGHBOURS = (-2, -1, 1, 2)


#: A block that looks like a paragraph of an article in any language (no stop words needed):
#: this long at least and at most this linked.
PROSE_CHARS = 80
PROSE_LINK_DENSITY = 0.2
#: A block at least this linked is a link (a teaser's headline, a list's item).
LINKED = 0.5


@functools.lru_cache(maxsize=8192)
def _groups_of_value(value: str) -> int:
    # A site repeats its class names on every page, and a page on many elements; its section
    # headings too ("Comments", "Related stories": see _context_features).
    bits = 0
    for word in _GROUP_WORDS.findall(value.lower()):
        bits |= _GROUP_OF_WORD[word]
    return bits


def _records(paragraphs: Sequence[Paragraph]) -> tuple[list[Record], list[Record]]:
    """The record of each paragraph's element, and every record made, each after its parent's."""
    return page_records([paragraph.element for paragraph in paragraphs], _TAG_BIT)


def prefiltered(block: JustextBlock) -> bool:
    """A block that is boilerplate without scoring: short and mostly links."""
    return block.chars < PREFILTER_CHARS and block.link_density > PREFILTER_LINK_DENSITY


#: The log of counts and sizes; the C function itself, as a Python wrapper costs a call per feature.
_log = math.log1p


#: 0.0 and 1.0 by a truth value: one object each, where ``float()`` makes one per call, and a page's
#: basics are all held at once.
_FLAG = (0.0, 1.0)


def _block_basics(block: JustextBlock) -> tuple[float, ...]:
    # BASICS: what a block's row holds of it; its neighbours' rows, the part up to _NEIGHBOUR_BASICS.
    return (
        _log(block.chars), _log(block.words), block.link_density, block.stopword_density,
        _FLAG[block.cf_label == BAD], _FLAG[block.label == GOOD], _FLAG[block.heading], _FLAG[prefiltered(block)],
        _FLAG[block.cf_label == GOOD], _FLAG[block.cf_label == SHORT],
    )


#: The part of a block's basics its neighbours' rows repeat.
_NEIGHBOUR_BASICS = 8
_GOOD_BASIC, _PREFILTERED_BASIC = 5, 7
_NO_NEIGHBOUR = (-1.0,) * _NEIGHBOUR_BASICS


class _Bits(dict[int, tuple[float, ...]]):
    """The bits of a mask as features (1.0 or 0.0), made once per mask: a page repeats a few masks."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def __missing__(self, mask: int) -> tuple[float, ...]:
        if len(self) >= 4096:  # bounded, over a crawl of many sites
            self.clear()
        bits = self[mask] = tuple(float(mask >> bit & 1) for bit in range(self.width))
        return bits


_TAG_FEATURES = _Bits(len(ANCESTOR_TAGS))
_GROUP_FEATURES = _Bits(len(WORD_GROUPS))


def rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str],
         ) -> list[list[float] | None]:
    """The feature row of each block (``None`` for a :func:`prefiltered` one), in block order.

    ``paragraphs`` and ``blocks`` are jusText's, one block per paragraph; ``types`` the page's
    declared types (``kind.declared_types``), which its choice reads too.
    """
    return list(iter_rows(paragraphs, blocks, types))


def iter_rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str],
              ) -> Iterator[list[float] | None]:
    """The rows of :func:`rows`, made one at a time: the run-time scores each and lets it go, where
    the rows of a page held at once took more memory than jusText's whole classification."""
    if not blocks:
        return
    records, every_record = _records(paragraphs)
    top = every_record[0]
    prose = [block.chars >= PROSE_CHARS and block.link_density <= PROSE_LINK_DENSITY for block in blocks]
    container = add_up(records, every_record, blocks, paragraphs, prose, GOOD, LINKED)

    count = len(blocks)
    basics = [_block_basics(block) for block in blocks]
    good_labels = [row[_GOOD_BASIC] for row in basics]
    # The blocks' basics with the page's edges around, for the neighbours' part of each row.
    edge = [_NO_NEIGHBOUR] * max(map(abs, NEIGHBOURS))
    around = [*edge, *basics, *edge]
    # Running sums of the jusText labels and of the characters before each block.
    labels_before, chars_before = [0.0], [0]
    for label, block in zip(good_labels, blocks):
        labels_before.append(labels_before[-1] + label)
        chars_before.append(chars_before[-1] + block.chars)
    page = (_log(top.chars), _log(count), top.good_chars / (top.chars or 1),
            float(not types.isdisjoint(PRODUCT_TYPES)))
    page_chars = top.chars or 1
    title = _title(paragraphs[0].element)
    lowered = [block.text.lower() for block in blocks]
    skipped = [row[_PREFILTERED_BASIC] for row in basics]
    context = _context_features(records, blocks, lowered, good_labels, title, skipped)
    prose_indices = [i for i, is_prose in enumerate(prose) if is_prose]
    first_prose, last_prose = (prose_indices[0], prose_indices[-1]) if prose_indices else (count, -1)
    page_container = (container.chars / page_chars, container.link_chars / (container.chars or 1),
                      container.prose_chars / (top.prose_chars or 1))
    landmark_rows = landmarks.landmark_features(records, every_record, blocks, prose, skipped)
    article_rows = article.article_features(records, every_record, blocks, paragraphs)

    for i, (block, record, block_context, landmark_row, article_row) in enumerate(
            zip(blocks, records, context, landmark_rows, article_rows)):
        if block_context is None:  # prefiltered
            yield None
            continue
        text = block.text
        # The parts of LAYOUT, in its order.
        row = [
            *basics[i], *page, i / count, chars_before[i] / page_chars,
            *_START_TAG_ROW.get(record.tag, _OTHER_START_TAG),
            *text_statistics(text),
            # in_title: a headline repeats the page's title, which ends with the site's name.
            float(block.chars <= len(title) and lowered[i] in title),
            *element_features(record, top, _groups_of_value, _TAG_FEATURES, _GROUP_FEATURES,
                              CONTAINER_LEVELS),  # ancestor_tags to best_container
        ]
        for offset in NEIGHBOURS:
            row += around[i + offset + len(edge)][:_NEIGHBOUR_BASICS]
        for width in (3, 10):  # windows
            low, high = max(0, i - width), min(count, i + width + 1)
            row.append((labels_before[high] - labels_before[low] - good_labels[i]) / (high - low - 1 or 1))
        row += block_context
        row += (float(prose[i]), float(record.to_meeting), float(record.below_meeting), *page_container,
                (i - first_prose) / count, (i - last_prose) / count)  # structure
        assert landmark_row is not None  # a block's not skipped
        row += landmark_row
        row += article_row
        yield row


# --- A block among the others of its page: what tells headlines, captions, bylines, teasers and
# prompts beside the main text from it. The patterns read lowercased text: case-blind, they
# cost several times as much.

#: A date or a time: bylines and teasers carry them, paragraphs seldom.
_DATE = re.compile(r"\b(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}:\d{2}|(?:19|20)\d{2})\b"
                   r"|\b(?:jan|feb|mar|apr|may|jun|jul|"
                   r"aug|sep|oct|nov|dec)[a-z]*\.? \d|\bago\b")
#: Every date alternative but "ago" needs a digit: most blocks skip the date pattern's search.
_DIGIT = re.compile(r"\d")
#: How many element levels up the repeated-structure counts look (0: the block's own element), increasing.
REPEAT_LEVELS = (0, 1, 2, 3)


def _context_features(records: list[Record], blocks: Sequence[JustextBlock], texts: Sequence[str],
                      good_labels: Sequence[float], title: str, skipped: Sequence[float],
                      ) -> Iterator[tuple[float, ...] | None]:
    """Per block, one at a time, not ``skipped`` (``None`` for the others): its words' share in the title, its
    distance to jusText's good blocks, how often its text repeats on the page, its length against
    the page's median, dates and prompt words in its text, how many like elements (same
    parent, tag and class) repeat around it, and the word groups of the last heading at or
    before it. ``texts`` are the blocks' texts, lowercased."""
    count = len(blocks)
    good = [i for i, label in enumerate(good_labels) if label]
    first_good, last_good = (good[0], good[-1]) if good else (count, -1)
    previous_good = _nearest_good(good_labels, range(count))
    next_good = _nearest_good(good_labels, range(count - 1, -1, -1))
    title_words = set(words(title))
    repeats = Counter(texts)
    median = sorted(block.chars for block in blocks)[count // 2] or 1
    like = like_elements(records, REPEAT_LEVELS)
    # The section a block lies in, by the words of the last heading: "Comments", "Leave a Reply", "Related
    # stories", "More from", "About the author" head a run of prose that is not the article's, and what
    # sets those runs apart from the article is often that heading alone. The class words' groups,
    # read in the heading's text.
    section = 0
    for i, (block, text, block_like) in enumerate(zip(blocks, texts, like)):
        if block.heading:
            section = _groups_of_value(text)
        if skipped[i]:  # prefiltered: no row, and half the blocks
            yield None
            continue
        yield (
            share_in(text, title_words) if title_words else 0.0,
            _log(i - previous_good[i]) if previous_good[i] >= 0 else -1.0,
            _log(next_good[i] - i) if next_good[i] >= 0 else -1.0,
            (i - first_good) / count, (i - last_good) / count,
            _log(repeats[text] - 1),
            math.log(block.chars / median) if block.chars else 0.0,
            float(len(_DATE.findall(text)) if "ago" in text or _DIGIT.search(text) else 0),
            float(prompt_words(text)),
            *block_like,
            *_GROUP_FEATURES[section],
        )


def _nearest_good(good_labels: Sequence[float], order: range) -> list[int]:
    """For each block in ``order``, the index of the last good block met up to it (-1 if none)."""
    nearest, last = [0] * len(good_labels), -1
    for i in order:
        nearest[i] = last
        if good_labels[i]:
            last = i
    return nearest


def _title(element: etree._Element) -> str:
    title = element.getroottree().getroot().find("head/title")
    return collapse(title.text or "").lower() if title is not None else ""


class Part(NamedTuple):
    """A run of a row's columns that one step of :func:`iter_rows` fills."""

    name: str
    columns: tuple[str, ...]


def _each(pattern: str, values: Iterable[object]) -> tuple[str, ...]:
    return tuple(pattern.format(value) for value in values)


#: What :func:`_block_basics` gives of a block.
BASICS = ("chars", "words", "link_density", "stopword_density", "cf_bad", "justext_good", "heading", "prefiltered",
          "cf_good", "cf_short")
#: The columns of a row, declared once: part by part, in the order :func:`iter_rows` fills them
#: (``tests/test_learned.py`` checks a row against it). A new feature is a new part here, and its
#: values at the same place of the row.
LAYOUT: tuple[Part, ...] = (
    Part("block", BASICS),
    Part("page", ("page_chars", "page_blocks", "page_good_share", "declares_product", "position", "chars_before")),
    Part("start_tag", _each("starts_in_{}", START_TAGS)),
    Part("text", (*_each("count_{}", COUNTED_CHARS), "digits", "capitalized_words", "ends_sentence",
                  "ends_ellipsis", "all_caps", "chars_per_word")),
    Part("in_title", ("in_title",)),
    Part("ancestor_tags", _each("under_{}", ANCESTOR_TAGS)),
    Part("word_groups", tuple(f"{scope}_{group}" for scope in ("own", "near", "any") for group in WORD_GROUPS)),
    Part("containers", tuple(f"up{level}_{name}" for level in CONTAINER_LEVELS
                             for name in ("page_share", "good_share", "link_density", "good_density", "blocks"))),
    Part("best_container", ("in_best", "best_depth")),
    Part("neighbours", tuple(f"{offset:+d}_{name}" for offset in NEIGHBOURS for name in BASICS[:_NEIGHBOUR_BASICS])),
    Part("windows", ("window3_good", "window10_good")),
    Part("context", ("title_word_share", "blocks_since_good", "blocks_until_good", "after_first_good",
                     "after_last_good", "text_repeats", "chars_to_median", "dates", "prompt_words",
                     *(f"like_elements_up{level}{linked}" for level in REPEAT_LEVELS
                       for linked in ("", "_linked_first")),
                     *_each("section_{}", WORD_GROUPS))),
    Part("structure", ("prose", "to_container_meeting", "container_below_meeting", "container_page_share",
                       "container_link_density", "container_prose_share", "after_first_prose", "after_last_prose")),
    Part("landmarks", landmarks.COLUMNS),
    Part("article", article.COLUMNS),
)


def names() -> list[str]:
    """The name of each column of a row, from :data:`LAYOUT`."""
    return [column for part in LAYOUT for column in part.columns]


#: The column of a row that says whether the block lies in an element named for comments (its own or an ancestor).
ANY_COMMENT = names().index("any_comment")
#: The column of a row that says whether the block lies in an element named for reviews (its own or an ancestor).
ANY_REVIEW = names().index("any_review")
