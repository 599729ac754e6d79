# cython: language_level=3, annotation_typing=False
"""The features of jusText's blocks that the learned classifier scores: one row of numbers per block.

The trainer (``benchmarks/train.py``) and the run-time call the same
:func:`iter_rows`, so a model always sees the features it was trained on.

Everything comes from jusText's paragraphs and blocks and from one more pass
over the elements the paragraphs start in and their ancestors: each element
is looked at once per page (its tag and its class / id / role words), and
the text of every block is added to the totals of its ancestors by climbing
those records, not by querying the tree per block. The records, and the
columns read from them alone, are C over libxml2's nodes (:mod:`.records`),
and each row is written as C doubles into one array, which the compiled
trees read as it is: a row of 259 numbers made no Python object of them.

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

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.math cimport log, log1p
from libc.stdlib cimport qsort
from libc.string cimport memcpy

from .article cimport Article
from .landmarks cimport Landmarks
from .records cimport BlockFacts, Record, Records, doubles, ints, longs, write_bits
from ..justext.paragraph cimport Paragraph
from .text_statistics cimport STATISTICS, write_text_statistics

import functools
from array import array
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
from .text_statistics import COUNTED_CHARS, Vocabulary, dates, prompt_words, words
from .wordlist import WordBits

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
_GROUP_WORDS = WordBits(_GROUP_OF_WORD, whole=("ad", "ads"))

#: Tags whose presence among a block's ancestors is a feature.
ANCESTOR_TAGS = ("nav", "aside", "footer", "header", "li", "p", "article", "main", "form", "figure",
                 "figcaption", "table", "blockquote", "section", "h1", "h2", "h3", "a", "dl", "ul", "ol", "pre")
_TAG_BIT = {tag: 1 << position for position, tag in enumerate(ANCESTOR_TAGS)}
#: Tags a block may start in, as a one-hot feature; any other tag is "other".
START_TAGS = ("p", "div", "li", "td", "h1", "h2", "h3", "h6", "dd", "a", "section")
_START_TAG = {tag: position for position, tag in enumerate(START_TAGS)}
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
# The thresholds above as C values, for the loop over a page's blocks.
cdef Py_ssize_t _prefilter_chars = PREFILTER_CHARS, _prose_chars = PROSE_CHARS
cdef double _prefilter_link_density = PREFILTER_LINK_DENSITY, _prose_link_density = PROSE_LINK_DENSITY, _linked = LINKED


@functools.lru_cache(maxsize=8192)
def _groups_of_value(value: str) -> int:
    # A site repeats its class names on every page, and a page on many elements; its section
    # headings too ("Comments", "Related stories": see _Page.write).
    return _GROUP_WORDS.bits(value)


def prefiltered(block: JustextBlock) -> bool:
    """A block that is boilerplate without scoring: short and mostly links."""
    return _prefiltered(block.chars, block.link_density)


cdef inline bint _prefiltered(Py_ssize_t chars, double link_density) noexcept:
    return chars < _prefilter_chars and link_density > _prefilter_link_density


def rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str],
         ) -> list[list[float] | None]:
    """The feature row of each block (``None`` for a :func:`prefiltered` one), in block order.

    ``paragraphs`` and ``blocks`` are jusText's, one block per paragraph; ``types`` the page's
    declared types (``kind.declared_types``), which its choice reads too.
    """
    return list(iter_rows(paragraphs, blocks, types))


def iter_rows(paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str], *,
              shared: bool = False) -> Iterator[list[float] | array | None]:
    """The rows of :func:`rows`, made one at a time: the run-time scores each and lets it go, where
    the rows of a page held at once took more memory than jusText's whole classification.

    ``shared``: each row is written into the same array of C doubles, which the next row overwrites
    (the compiled trees read it as it is), instead of a list of its own.
    """
    return PageRows(paragraphs, blocks, types).iterate(shared=shared)


#: The most blocks of a page whose rows :class:`PageRows` holds (8 bytes a column: 41 MB).
HELD_AT_MOST = 20_000


cdef class PageRows:
    """The rows of a page's blocks (:func:`iter_rows`), which may be made more than once: what they
    read of the page is gathered once, and a pass after one that held the rows reads them instead
    of writing them again."""

    cdef _Page page
    cdef double* held  # the rows of a pass with ``hold``, one after the other (none for prefiltered blocks)
    cdef bint held_all  # that pass has ended: the next ones read them

    def __init__(self, paragraphs: Sequence[Paragraph], blocks: Sequence[JustextBlock], types: Set[str]) -> None:
        self.page = _Page(paragraphs, blocks, types) if blocks else None

    def __dealloc__(self):
        PyMem_Free(self.held)

    def iterate(self, *, shared: bool = False, sums: RowSums | None = None, hold: bool = False,
                ) -> Iterator[list[float] | array | None]:
        """The rows one at a time, as :func:`iter_rows` makes them. ``sums``: each block added to them
        as its row is made. ``hold``: the rows are also kept in C (on a page of at most
        :data:`HELD_AT_MOST` blocks) for the next passes to read."""
        if self.page is None:
            return
        cdef _Page page = self.page
        row = doubles(FEATURES)
        cdef double[::1] written = row
        cdef RowSums adding = sums
        cdef Py_ssize_t i, made = 0, width = FEATURES
        cdef bint reading = self.held_all, has_row
        cdef double* held
        if hold and self.held is NULL and page.count <= HELD_AT_MOST:
            self.held = <double*>PyMem_Malloc(page.count * width * sizeof(double))
            if self.held is NULL:
                raise MemoryError()
        held = self.held if reading or hold else NULL
        for i in range(page.count):
            if reading:
                has_row = not page.basics[i * _BASICS + _PREFILTERED_BASIC]
                if has_row:
                    memcpy(&written[0], held + made * width, width * sizeof(double))
            else:
                has_row = page.write(i, &written[0])
                if has_row and held is not NULL:
                    memcpy(held + made * width, &written[0], width * sizeof(double))
            if not has_row:
                if adding is not None:
                    adding.blocks += 1
                yield None
            else:
                made += 1
                if adding is not None:
                    adding.add_doubles(&written[0])
                yield row if shared else row.tolist()
        if held is not NULL:
            self.held_all = True


# The columns of a block's basics (see BASICS), of which its neighbours' rows repeat the first ones.
cdef enum:
    _BASICS = 10
    _NEIGHBOUR_BASICS = 8
    _GOOD_BASIC = 5
    _PREFILTERED_BASIC = 7
    _LIKE = 8  # two per level of REPEAT_LEVELS

cdef Py_ssize_t _LANDMARKS = len(landmarks.COLUMNS), _ARTICLE = len(article.COLUMNS)

#: How far the windows of jusText's good labels around a block reach.
WINDOWS = (3, 10)


# --- A block among the others of its page: what tells headlines, captions, bylines, teasers and
# prompts beside the main text from it, read in its lowercased text.

#: How many element levels up the repeated-structure counts look (0: the block's own element), increasing.
REPEAT_LEVELS = (0, 1, 2, 3)


cdef class _Page:
    """What the rows of a page's blocks read, gathered once: per block, C arrays by its place."""

    cdef Py_ssize_t count, median, first_good, last_good, first_prose, last_prose, page_chars
    cdef list blocks, texts
    cdef Records records
    cdef str title
    cdef object title_words
    cdef object repeats
    cdef Landmarks landmarks
    cdef Article article
    # Per block: its basics (_BASICS each), the characters before it, the nearest good block before
    # and after it (-1: none), its section's word groups, its start tag's place (-1: another) and
    # its like elements' columns (_LIKE each); the running sum of the good labels before each.
    cdef double[::1] basics, labels_before, like
    cdef long long[::1] chars_before
    cdef int[::1] previous_good, next_good, sections, start_tags
    cdef double page_columns[4]
    cdef double container_columns[3]

    def __init__(self, paragraphs, blocks, types):
        cdef Py_ssize_t count = len(blocks), i, last
        cdef Records records = Records([(<Paragraph?>paragraph).element for paragraph in paragraphs], _TAG_BIT)
        cdef Record* top
        cdef Record* container
        cdef BlockFacts* facts
        cdef double* basics
        cdef double link_density
        cdef int section = 0
        if records.block_count != count:  # the blocks' facts are the records' C array, one per paragraph
            raise ValueError(f"{records.block_count} paragraphs for {count} blocks")
        self.count, self.blocks, self.records = count, list(blocks), records
        self.basics, self.labels_before, self.chars_before = (doubles(count * _BASICS), doubles(count + 1),
                                                              longs(count + 1))
        self.previous_good, self.next_good, self.sections, self.start_tags = ints(count), ints(count), ints(count), ints(count)
        chars = longs(count)  # for their median
        cdef long long[::1] sorted_chars = chars
        self.texts = []
        self.first_good, self.last_good, self.first_prose, self.last_prose = count, -1, count, -1
        start_of_tag = [_START_TAG.get(tag, -1) for tag in records.tags]
        for i in range(count):
            block = blocks[i]
            text = block.text
            facts = &records.blocks[i]
            facts.chars, link_density = block.chars, block.link_density
            facts.link_chars = (<Paragraph?>paragraphs[i]).chars_in_links
            facts.commas = text.count(",") if "," in text else 0
            facts.good = block.label == GOOD
            facts.linked = link_density >= _linked
            sorted_chars[i] = facts.chars
            self.texts.append(text.lower())
            basics = &self.basics[i * _BASICS]
            basics[0], basics[1] = log1p(facts.chars), log1p(<Py_ssize_t>block.words)
            basics[2], basics[3] = link_density, block.stopword_density
            cf_label = block.cf_label
            basics[4] = 1.0 if cf_label == BAD else 0.0
            basics[5] = 1.0 if facts.good else 0.0
            basics[6] = 1.0 if block.heading else 0.0
            basics[7] = 1.0 if _prefiltered(facts.chars, link_density) else 0.0
            basics[8] = 1.0 if cf_label == GOOD else 0.0
            basics[9] = 1.0 if cf_label == SHORT else 0.0
            self.labels_before[i + 1] = self.labels_before[i] + basics[_GOOD_BASIC]
            self.chars_before[i + 1] = self.chars_before[i] + facts.chars
            if basics[_GOOD_BASIC]:
                self.first_good = min(self.first_good, i)
                self.last_good = i
            facts.prose = facts.chars >= _prose_chars and link_density <= _prose_link_density
            if facts.prose:
                self.first_prose = min(self.first_prose, i)
                self.last_prose = i
            # The section a block lies in, by the words of the last heading: "Comments", "Leave a Reply",
            # "Related stories", "More from", "About the author" head a run of prose that is not the
            # article's, and what sets those runs apart from the article is often that heading alone.
            # The class words' groups, read in the heading's text.
            if basics[6]:
                section = _groups_of_value(self.texts[i])
            self.sections[i] = section
            self.start_tags[i] = start_of_tag[records.items[facts.record].tag]
        last = -1
        for i in range(count):
            self.previous_good[i] = last
            if self.basics[i * _BASICS + _GOOD_BASIC]:
                last = i
        last = -1
        for i in range(count - 1, -1, -1):
            self.next_good[i] = last
            if self.basics[i * _BASICS + _GOOD_BASIC]:
                last = i
        records.add_up()
        top, container = &records.items[0], &records.items[records.container]
        self.page_chars = top.chars or 1
        self.page_columns[0], self.page_columns[1] = log1p(top.chars), log1p(count)
        self.page_columns[2] = top.good_chars / <double>self.page_chars
        self.page_columns[3] = 1.0 if not types.isdisjoint(PRODUCT_TYPES) else 0.0
        self.container_columns[0] = container.chars / <double>self.page_chars
        self.container_columns[1] = container.link_chars / <double>(container.chars or 1)
        self.container_columns[2] = container.prose_chars / <double>(top.prose_chars or 1)
        self.title = _title(paragraphs[0].element)
        self.title_words = Vocabulary(words(self.title))
        self.repeats = Counter(self.texts)
        qsort(&sorted_chars[0], count, sizeof(long long), _compare)
        self.median = sorted_chars[count // 2] or 1
        self.like = records.like_elements(REPEAT_LEVELS)
        self.landmarks = Landmarks(records)
        self.article = Article(records, blocks)

    cdef bint write(self, Py_ssize_t i, double* row) except -1:
        """Write block ``i``'s row into ``row``, and say whether it has one (not prefiltered)."""
        cdef double* basics = &self.basics[i * _BASICS]
        cdef Py_ssize_t place = self.records.blocks[i].record
        cdef Record* record = &self.records.items[place]
        cdef Py_ssize_t count = self.count, at, j, offset, low, high, width, chars
        cdef int nearest
        if basics[_PREFILTERED_BASIC]:
            return False
        block = self.blocks[i]
        text = self.texts[i]
        chars = block.chars
        # The parts of LAYOUT, in its order: the block, the page.
        memcpy(row, basics, _BASICS * sizeof(double))
        memcpy(row + _BASICS, self.page_columns, 4 * sizeof(double))
        at = _BASICS + 4
        row[at], row[at + 1] = i / <double>count, self.chars_before[i] / <double>self.page_chars
        at += 2
        for j in range(len(START_TAGS)):
            row[at + j] = 0.0
        if self.start_tags[i] >= 0:
            row[at + self.start_tags[i]] = 1.0
        at += len(START_TAGS)
        write_text_statistics(block.text, row + at)
        at += STATISTICS
        # in_title: a headline repeats the page's title, which ends with the site's name.
        row[at] = 1.0 if chars <= len(self.title) and text in self.title else 0.0
        at += 1
        at += self.records.write_element_columns(place, _groups_of_value, len(ANCESTOR_TAGS), len(WORD_GROUPS),
                                                 CONTAINER_LEVELS, row + at)  # ancestor_tags to best_container
        for offset in NEIGHBOURS:
            if 0 <= i + offset < count:
                memcpy(row + at, &self.basics[(i + offset) * _BASICS], _NEIGHBOUR_BASICS * sizeof(double))
            else:
                for j in range(_NEIGHBOUR_BASICS):
                    row[at + j] = -1.0
            at += _NEIGHBOUR_BASICS
        for width in WINDOWS:
            low, high = max(0, i - width), min(count, i + width + 1)
            row[at] = ((self.labels_before[high] - self.labels_before[low] - basics[_GOOD_BASIC])
                       / <double>(high - low - 1 or 1))
            at += 1
        # context: its words' share in the title, its distance to jusText's good blocks, how often
        # its text repeats on the page, its length against the page's median, dates and prompt
        # words in its text, its like elements, and the word groups of its section.
        row[at] = self.title_words.share_in(text) if self.title_words.words else 0.0
        nearest = self.previous_good[i]
        row[at + 1] = log1p(i - nearest) if nearest >= 0 else -1.0
        nearest = self.next_good[i]
        row[at + 2] = log1p(nearest - i) if nearest >= 0 else -1.0
        row[at + 3], row[at + 4] = (i - self.first_good) / <double>count, (i - self.last_good) / <double>count
        row[at + 5] = log1p(<Py_ssize_t>self.repeats[text] - 1)
        row[at + 6] = log(chars / <double>self.median) if chars else 0.0
        row[at + 7] = <Py_ssize_t>dates(text)
        row[at + 8] = <Py_ssize_t>prompt_words(text)
        at += 9
        memcpy(row + at, &self.like[i * _LIKE], _LIKE * sizeof(double))
        at += _LIKE
        at += write_bits(self.sections[i], len(WORD_GROUPS), row + at)
        # structure
        row[at], row[at + 1], row[at + 2] = self.records.blocks[i].prose, record.to_meeting, record.below_meeting
        memcpy(row + at + 3, self.container_columns, 3 * sizeof(double))
        row[at + 6] = (i - self.first_prose) / <double>count
        row[at + 7] = (i - self.last_prose) / <double>count
        at += 8
        self.landmarks.write(i, row + at)
        at += _LANDMARKS
        self.article.write(i, row + at)
        at += _ARTICLE
        assert at == FEATURES
        return True


cdef int _compare(const void* a, const void* b) noexcept nogil:
    cdef long long x = (<const long long*>a)[0], y = (<const long long*>b)[0]
    return (x > y) - (x < y)


def _title(element: etree._Element) -> str:
    title = element.getroottree().getroot().find("head/title")
    return collapse(title.text or "").lower() if title is not None else ""


class Part(NamedTuple):
    """A run of a row's columns that one step of :func:`iter_rows` fills."""

    name: str
    columns: tuple[str, ...]


def _each(pattern: str, values: Iterable[object]) -> tuple[str, ...]:
    return tuple(pattern.format(value) for value in values)


#: What a block's row holds of it; its neighbours' rows, the first eight.
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


#: How many columns a row has.
FEATURES = len(names())
assert len(BASICS) == _BASICS and _LIKE == 2 * len(REPEAT_LEVELS)


#: The column of a row that says whether the block lies in an element named for comments (its own or an ancestor).
ANY_COMMENT = names().index("any_comment")
#: The column of a row that says whether the block lies in an element named for reviews (its own or an ancestor).
ANY_REVIEW = names().index("any_review")
#: The column of a row that says whether the block starts in a list item (``<li>``).
STARTS_IN_LI = names().index("starts_in_li")

#: The columns whose page means (plain, and weighted by the blocks' characters) :class:`RowSums` gives.
SUMMED = ("link_density", "under_li", "under_table", "like_elements_up0", "like_elements_up1", "like_elements_up2",
          "like_elements_up3", "starts_in_p", "starts_in_a", "any_card", "prose")
cdef enum:
    _SUMMED = 11
assert len(SUMMED) == _SUMMED
cdef Py_ssize_t _summed[_SUMMED]
for _position, _name in enumerate(SUMMED):
    _summed[_position] = names().index(_name)
cdef Py_ssize_t _chars = names().index("chars"), _heading = names().index("heading"), _any_review = ANY_REVIEW


cdef class RowSums:
    """Sums over a page's rows, added as they are made (``PageRows.iterate(sums=...)``): what the learned
    model's gate reads of the whole page (``gate``), at a few additions per block."""

    cdef public Py_ssize_t blocks, scored, headings, reviews
    cdef public double chars
    cdef double plain[_SUMMED]
    cdef double weighted[_SUMMED]

    def __cinit__(self):
        self.blocks = self.scored = self.headings = self.reviews = 0
        self.chars = 0.0
        cdef Py_ssize_t i
        for i in range(_SUMMED):
            self.plain[i] = self.weighted[i] = 0.0

    cdef void add_doubles(self, const double* row) noexcept:
        cdef double chars = row[_chars]
        cdef Py_ssize_t i
        self.blocks += 1
        self.scored += 1
        self.chars += chars
        self.headings += row[_heading] > 0
        self.reviews += row[_any_review] > 0
        for i in range(_SUMMED):
            self.plain[i] += row[_summed[i]]
            self.weighted[i] += row[_summed[i]] * chars

    def add(self, row) -> None:
        """Count a block, and its ``row`` (any sequence of numbers) when it has one (a prefiltered block
        has none)."""
        if row is None:
            self.blocks += 1
            return
        cdef double[::1] values = doubles(FEATURES)
        cdef Py_ssize_t i
        for i in range(FEATURES):
            values[i] = row[i]
        self.add_doubles(&values[0])

    def columns(self) -> list[float]:
        """The sums as the gate reads them: the blocks, the scored ones and their share, the log of
        their characters, the plain and the characters' means of :data:`SUMMED`, the headings and the
        blocks in reviews."""
        cdef double scored = max(1, self.scored), chars = self.chars or 1.0
        return [float(self.blocks), float(self.scored), self.scored / max(1, self.blocks), log1p(self.chars),
                *[self.plain[i] / scored for i in range(_SUMMED)],
                *[self.weighted[i] / chars for i in range(_SUMMED)],
                float(self.headings), float(self.reviews)]
