# cython: language_level=3
"""The page's article as readability-lxml chooses it, on :mod:`.features`' records of the page's elements.

readability-lxml (0.9) beats other extractors on news pages because its choice
is structural and reads the class and id words of the elements:

1. it drops the **unlikely candidates**, elements whose class or id says
   comments, footer, sidebar, menu... (and not article, body, content, main);
2. each **paragraph** (``p``, ``pre``, ``td``, ``blockquote``, and a ``div``
   holding no other block) of 25 characters or more scores
   ``2 + commas + min(chars / 100, 3)``, added to its parent whole and to its
   grandparent by half; each such **candidate** starts from a weight of its
   tag (``div`` +5, lists -3, headings -5) and of its class and id words
   (+-25 each), and its score is scaled by ``1 - link density``;
3. the **top candidate** is the best scored (one marked ``articleBody``
   first; an ``article`` inside it, or the ``main`` around it, instead), and
   its siblings of a fifth of its score, or paragraphs of prose, join it;
4. the **cleaning** drops, inside the article, the headings, tables, lists
   and divs whose class and links say boilerplate (the innermost first);
5. when fewer than 250 characters are left, it starts again without step 1.

Here the paragraphs are jusText's blocks, and the elements the records of the
elements the blocks start in and their ancestors, with the totals
:mod:`.features` summed; a few linear passes over C arrays indexed by the
records' places, never XPath.
Each block gets the choice as columns (inside the article, kept by it, inside
an unlikely candidate, cleaned away), the score of the candidate its paragraph
feeds against the top one's, its depth below the top candidate, the share of
the page the article keeps and whether it was chosen again: where readability's
choice is right (an article above its comments) the model can follow it, and
where it is wrong (a forum's posts in elements of class "comment") the other
columns overrule it. (A first version also gave the class weights of the
element and its ancestors and the levels up to the top candidate: the same
cross-validated figures within 0.001.)
"""

import functools
import re
from array import array

from .records cimport BlockFacts, Record, Records, flags, ints, longs

from .wordlist import WordBits

#: The bits of readability-lxml's lists of class and id words, in :data:`CLASS_WORDS`.
UNLIKELY, MAYBE, POSITIVE, NEGATIVE = 1, 2, 4, 8
#: readability-lxml's lists of class and id words, by their bit; each word is matched anywhere in a
#: value ("footer" holds "foot", "brand" holds "and", as readability reads them).
CLASS_WORDS = {
    UNLIKELY: "combx comment community disqus extra foot header menu remark rss shoutbox sidebar sponsor ad-break "
               "agegate pagination pager popup tweet twitter",
    MAYBE: "and article body column content main shadow",
    POSITIVE: "article body content entry hentry main page pagination post text blog story",
    NEGATIVE: "combx comment com- contact foot footer footnote masthead media meta outbrain promo related scroll "
               "shoutbox sidebar sponsor shopping tags tool widget",
}
#: Each word of the lists, with the bits of the lists holding it or a part of it ("footer": "foot" too).
_BITS_OF_WORD = {word: sum(bit for bit, words in CLASS_WORDS.items() if any(part in word for part in words.split()))
                 for words in CLASS_WORDS.values() for word in words.split()}
_WORDS = WordBits(_BITS_OF_WORD)
_SENTENCE_END = re.compile(r"\.( |$)")

#: What a candidate's tag adds to its score (readability's ``score_node``).
TAG_WEIGHTS = {"div": 5, "article": 5, "pre": 3, "td": 3, "blockquote": 3,
               **dict.fromkeys(("address", "ol", "ul", "dl", "dd", "dt", "li", "form", "aside"), -3),
               **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6", "th", "header", "footer", "nav"), -5)}
#: What a class or id value adds to a candidate's score for a word of the positive list, or takes for the negative.
CLASS_WEIGHT = 25
#: The elements readability scores as paragraphs (and a ``div`` holding no other block).
PARAGRAPH_TAGS = frozenset({"p", "pre", "td", "blockquote"})
#: A paragraph shorter than this scores nothing.
MIN_PARAGRAPH_CHARS = 25
#: Elements never dropped as unlikely candidates: the page's, those in code, those holding an article.
_NEVER_UNLIKELY = frozenset({"html", "body"})
_CODE = frozenset({"pre", "code"})
_HOLD_ARTICLE = frozenset({"main", "article", "math"})
#: The elements in which the cleaning allows a list or section more links.
_SEMANTIC = frozenset({"main", "article"})
#: The elements the cleaning weighs, and those it drops whatever they hold.
CLEANED_TAGS = frozenset({"table", "ul", "div", "aside", "header", "footer", "section"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_DROPPED = frozenset({"form", "textarea"})
#: An article with fewer characters left than this is chosen again with the unlikely candidates kept.
RETRY_CHARS = 250
#: A sibling paragraph joins the article when it is longer than this and less linked than that.
SIBLING_PARAGRAPH_CHARS = 80
SIBLING_LINK_DENSITY = 0.25
#: The cleaning's link densities above which a list, table or div goes: for a weak class, in general
#: and for a list or section inside main or article; for a good class (readability's values).
MAX_LINK_DENSITY = 0.2
MAX_LINK_DENSITY_SEMANTIC = 0.25
MAX_LINK_DENSITY_GOOD_CLASS = 0.5
#: A heading goes when its links hold more than this share of its characters.
MAX_HEADING_LINK_SHARE = 0.33


@functools.lru_cache(maxsize=8192)
def class_bits(value):
    """The bits of the :data:`CLASS_WORDS` lists a class or id value's words are in, read once per value: a site repeats
    its class names on every page (the values, not their pairs with ids, which are often unique)."""
    return _WORDS.bits(value) if value else 0


#: The class weight of a value's bits: +25 for a positive word, -25 for a negative one.
_WEIGHT = [CLASS_WEIGHT * (bool(bits & POSITIVE) - bool(bits & NEGATIVE)) for bits in range(16)]



# The kinds of tag readability tells apart, as bits of a tag's kind: the sets above, and tags it names.
cdef enum:
    _IS_PARAGRAPH = 1, _IS_NEVER_UNLIKELY = 2, _IS_CODE = 4, _HOLDS_ARTICLE = 8, _IS_SEMANTIC = 16, _IS_CLEANED = 32
    _IS_HEADING = 64, _IS_DROPPED = 128, _IS_DIV = 256, _IS_ARTICLE = 512, _IS_MAIN = 1024, _IS_P = 2048
    _IS_LIST_OR_SECTION = 4096

_KINDS = ((PARAGRAPH_TAGS, _IS_PARAGRAPH), (_NEVER_UNLIKELY, _IS_NEVER_UNLIKELY), (_CODE, _IS_CODE),
          (_HOLD_ARTICLE, _HOLDS_ARTICLE), (_SEMANTIC, _IS_SEMANTIC), (CLEANED_TAGS, _IS_CLEANED),
          (_HEADINGS, _IS_HEADING), (_DROPPED, _IS_DROPPED), ({"div"}, _IS_DIV), ({"article"}, _IS_ARTICLE),
          ({"main"}, _IS_MAIN), ({"p"}, _IS_P), ({"ul", "section"}, _IS_LIST_OR_SECTION))


cdef class _Page:
    """The records of :mod:`.records`, by place, each after its parent (the elements in document order:
    a subtree's records follow its root's), with what readability reads of them in C arrays."""

    cdef Records records
    cdef object blocks
    cdef Py_ssize_t count
    # Per record: its parent's place, its class weight, its tag's kind and weight; per block: the place
    # of its record; per record, the first block its element starts (-1: none).
    cdef int[::1] parents, class_weights, kinds, tag_weights, of_block, first_block
    cdef long long[::1] chars, links, own_chars, own_links, own_commas
    cdef char[::1] has_children, unlikely
    cdef set paragraph_places

    def __init__(self, Records records, blocks):
        cdef Record* record
        cdef BlockFacts* block
        cdef Py_ssize_t i, b, count = records.count
        cdef int of_class, of_id
        self.records, self.blocks = records, blocks
        self.count = count
        self.parents, self.class_weights, self.kinds, self.tag_weights = ints(count), ints(count), ints(count), ints(count)
        self.chars, self.links = longs(count), longs(count)
        self.has_children, self.unlikely = flags(count), flags(count)
        # The page's tags and class values, read once each: their kinds, weights and words.
        cdef int[::1] kind_of_tag = array("i", [sum(bit for tags, bit in _KINDS if tag in tags) for tag in records.tags])
        cdef int[::1] weight_of_tag = array("i", [TAG_WEIGHTS.get(tag, 0) for tag in records.tags])
        cdef int[::1] bits_of_class = array("i", [class_bits(value) if value else 0 for value in records.classes])
        unlikely = []
        for i in range(count):
            record = &records.items[i]
            self.parents[i] = record.parent
            if record.parent >= 0:
                self.has_children[record.parent] = True
            self.kinds[i], self.tag_weights[i] = kind_of_tag[record.tag], weight_of_tag[record.tag]
            # Most elements have no id: no call for them.
            of_class = bits_of_class[record.class_of] if record.class_of >= 0 else 0
            of_id = class_bits(records.ids[record.id_of]) if record.id_of >= 0 else 0
            self.class_weights[i] = _WEIGHT[of_class] + _WEIGHT[of_id]
            self.chars[i], self.links[i] = record.chars, record.link_chars
            if (of_class | of_id) & (UNLIKELY | MAYBE) == UNLIKELY and not self.kinds[i] & _IS_NEVER_UNLIKELY:
                unlikely.append(i)
        #: Each block's record; the characters, linked characters and commas of the blocks each record's
        #: element starts, and the first of them (readability's paragraphs are the elements, not the blocks).
        self.of_block = ints(records.block_count)
        self.own_chars, self.own_links, self.own_commas = longs(count), longs(count), longs(count)
        self.first_block = ints(count)
        self.first_block[:] = -1
        # The places the blocks start in, as readability's paragraphs are met (the set's order).
        self.paragraph_places = places = set()
        for b in range(records.block_count):
            block = &records.blocks[b]
            i = self.of_block[b] = block.record
            places.add(i)
            self.own_chars[i] += block.chars
            self.own_links[i] += block.link_chars
            self.own_commas[i] += block.commas
            if self.first_block[i] < 0:
                self.first_block[i] = b
        self._unlikely(unlikely)

    cdef int _unlikely(self, list candidates) except -1:
        """Mark the records in an unlikely candidate readability drops: one whose words say so, in
        no code and holding no article."""
        cdef Py_ssize_t i, j, end = 0
        if not candidates:
            return 0
        holding = flags(self.count)
        cdef char[::1] holds = holding
        for i in range(self.count):
            if self.kinds[i] & _HOLDS_ARTICLE:
                j = i
                while j >= 0 and not holds[j]:
                    holds[j] = True
                    j = self.parents[j]
        for i in candidates:  # in document order: an outer one before those it holds
            if i >= end and not holds[i] and not self.within(i, _IS_CODE):
                end = self.subtree_end(i)
                self.unlikely[i:end] = True
        return 0

    cdef bint within(self, Py_ssize_t i, int kind) noexcept:
        """Whether the record at ``i`` or one of its ancestors has a tag of ``kind``."""
        while i >= 0:
            if self.kinds[i] & kind:
                return True
            i = self.parents[i]
        return False

    cdef Py_ssize_t subtree_end(self, Py_ssize_t root) noexcept:
        """The place after the last record of ``root``'s subtree: they follow it, in a row, each with
        its parent among them, where the first record after them has its parent before ``root``."""
        cdef Py_ssize_t end = root + 1
        while end < self.count and self.parents[end] >= root:
            end += 1
        return end


cdef class _Choice:
    """readability's article on a :class:`_Page`, ``ruthless`` (its unlikely candidates dropped) or not."""

    cdef _Page page
    cdef char[::1] dropped, inside, cleaned
    cdef int[::1] down
    cdef long long[::1] chars, links
    cdef dict scores
    cdef Py_ssize_t best
    cdef long long kept_chars

    def __init__(self, _Page page, bint ruthless):
        cdef Py_ssize_t count = page.count, root, end, i
        cdef long long kept_chars = 0
        self.page = page
        self.dropped = page.unlikely if ruthless else flags(count)
        self.chars, self.links = page.chars, page.links
        if ruthless:
            for i in range(count):
                if page.unlikely[i]:
                    self._without_dropped()
                    break
        self.scores = self._candidates()
        self.best = self._best()
        article = self._article()
        # The records inside the article (its elements' subtrees, in a row each), how deep below the
        # top candidate, and those the cleaning drops.
        self.inside, self.cleaned, self.down = flags(count), flags(count), ints(count)
        self.down[:] = -1
        for root in sorted(article):
            end = page.subtree_end(root)
            self.inside[root:end] = True
            self._clean(root, end)
            for i in range(root, end):
                if not self.dropped[i] and not self.cleaned[i]:
                    kept_chars += page.own_chars[i]
            if root == self.best:
                self.down[root] = 0
                for i in range(root + 1, end):
                    self.down[i] = self.down[page.parents[i]] + 1
        self.kept_chars = kept_chars

    cdef int _without_dropped(self) except -1:
        # The totals of the dropped subtrees taken from their ancestors': a walk up from each
        # outermost one, of which a page has few.
        cdef Py_ssize_t i, ancestor
        cdef int[::1] parents = self.page.parents
        self.chars, self.links = self.chars.copy(), self.links.copy()
        for i in range(self.page.count):
            if self.dropped[i] and (parents[i] < 0 or not self.dropped[parents[i]]):
                ancestor = parents[i]
                while ancestor >= 0:
                    self.chars[ancestor] -= self.chars[i]
                    self.links[ancestor] -= self.links[i]
                    ancestor = parents[ancestor]
        return 0

    cdef double link_density(self, Py_ssize_t i) noexcept:
        return self.links[i] / <double>(self.chars[i] if self.chars[i] else 1)

    cdef double _base(self, Py_ssize_t i) except? -1:
        return self.page.class_weights[i] + self.page.tag_weights[i]

    cdef dict _candidates(self):
        """Each paragraph's score added to its parent and grandparent, then each candidate's scaled
        by its link density. A paragraph's commas are those of the blocks it starts (it seldom
        holds another block)."""
        cdef _Page page = self.page
        cdef Py_ssize_t i, parent, grandparent
        cdef int kind
        cdef long long length
        cdef double score
        cdef dict scores = {}
        for i in page.paragraph_places:
            if self.dropped[i]:
                continue
            kind = page.kinds[i]
            if kind & _IS_PARAGRAPH or (kind & _IS_DIV and not page.has_children[i]):
                length, parent = self.chars[i], page.parents[i]
            elif kind & _IS_DIV:
                # A div's own text beside other blocks: readability wraps it in a paragraph of the div.
                length, parent = page.own_chars[i], i
            else:
                continue
            if length < MIN_PARAGRAPH_CHARS or parent < 0:
                continue
            score = 2 + page.own_commas[i] + min(length / 100.0, 3.0)
            scores[parent] = <double>scores.get(parent, self._base(parent)) + score
            grandparent = page.parents[parent]
            if grandparent >= 0:
                scores[grandparent] = <double>scores.get(grandparent, self._base(grandparent)) + score / 2
        return {i: <double>score * (1 - self.link_density(i)) for i, score in scores.items()}

    cdef Py_ssize_t _best(self) except? -2:
        """The top candidate (-1 if none): an ``articleBody`` of few links first, an ``article`` of some
        length inside it instead, or the ``main`` around it if it lies in no ``article``."""
        cdef _Page page = self.page
        cdef dict scores = self.scores
        cdef Py_ssize_t best = -1, i, ancestor, main = -1
        if not scores:
            return -1
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)
        for i in ranked:
            if ("articleBody" in (page.records.attribute(i, b"itemprop") or "").split()
                    and self.link_density(i) <= 0.1):
                best = i
                break
        else:
            best = ranked[0]
        for i in ranked:
            if (page.kinds[i] & _IS_ARTICLE and self.chars[i] >= RETRY_CHARS
                    and <double>scores[i] >= <double>scores[best] / 4 and self._under(i, best)):
                best = i
                break
        ancestor = best
        while ancestor >= 0:
            if page.kinds[ancestor] & _IS_ARTICLE:
                return best
            if page.kinds[ancestor] & _IS_MAIN and main < 0:
                main = ancestor
            ancestor = page.parents[ancestor]
        if main >= 0 and self.chars[main] >= max(500, 2 * self.chars[best]) and self.link_density(main) <= 0.15:
            scores[main] = self._base(main)
            return main
        return best

    cdef bint _under(self, Py_ssize_t i, Py_ssize_t ancestor) noexcept:
        while i > ancestor:  # ancestors come first
            i = self.page.parents[i]
        return i == ancestor and i >= 0

    cdef set _article(self):
        """The top candidate and the siblings that join it: candidates of a fifth of its score (10 at
        least), paragraphs of prose. No candidate: the whole page."""
        cdef _Page page = self.page
        cdef Py_ssize_t best = self.best, parent, i
        cdef double threshold
        if best < 0:
            return {0}
        parent = page.parents[best]
        if parent < 0:
            return {best}
        threshold = max(10.0, <double>self.scores[best] / 5)
        article = {best}
        for i in range(page.count):
            if page.parents[i] != parent or self.dropped[i]:
                continue
            if <double>self.scores.get(i, -1.0) >= threshold:
                article.add(i)
            elif page.kinds[i] & _IS_P:
                if self.chars[i] > SIBLING_PARAGRAPH_CHARS and self.link_density(i) < SIBLING_LINK_DENSITY:
                    article.add(i)
                elif (self.chars[i] and not self.links[i] and page.first_block[i] >= 0
                      and _SENTENCE_END.search(page.blocks[page.first_block[i]].text)):
                    article.add(i)
        return article

    cdef int _clean(self, Py_ssize_t root, Py_ssize_t end) except -1:
        """Mark what readability's cleaning drops of the subtree of the records from ``root`` to
        ``end``, the innermost first, each weighed without what was dropped under it: headings of a
        negative class weight or many links, forms, and tables, lists and divs of a negative weight
        and score or, with fewer than 10 commas, short or linked for their weight."""
        cdef _Page page = self.page
        cdef Py_ssize_t i, parent
        cdef long long[::1] chars = page.own_chars.copy(), links = page.own_links.copy()
        cdef long long[::1] commas = page.own_commas.copy()
        cdef int weight, kind
        cdef double density, most_linked
        cdef bint semantic
        for i in range(end - 1, root - 1, -1):  # children first: each one's totals are whole when met
            kind = page.kinds[i]
            if kind & _IS_CLEANED and (not kind & _IS_DIV or page.has_children[i]):  # a div of text is a paragraph now
                weight = page.class_weights[i]
                density = links[i] / <double>(chars[i] if chars[i] else 1)
                if weight + <double>self.scores.get(i, 0.0) < 0:
                    self.cleaned[i] = True
                elif commas[i] < 10:
                    semantic = kind & _IS_LIST_OR_SECTION and page.within(page.parents[i], _IS_SEMANTIC)
                    most_linked = MAX_LINK_DENSITY_SEMANTIC if semantic else MAX_LINK_DENSITY
                    self.cleaned[i] = (chars[i] < MIN_PARAGRAPH_CHARS
                                       or (weight < CLASS_WEIGHT and density > most_linked)
                                       or (weight >= CLASS_WEIGHT and density > MAX_LINK_DENSITY_GOOD_CLASS))
            elif kind & _IS_HEADING:
                self.cleaned[i] = page.class_weights[i] < 0 or links[i] > MAX_HEADING_LINK_SHARE * chars[i]
            elif kind & _IS_DROPPED:
                self.cleaned[i] = True
            parent = page.parents[i]
            if i > root and not self.cleaned[i] and not self.dropped[i]:  # what is dropped weighs no more in its ancestors
                chars[parent] += chars[i]
                links[parent] += links[i]
                commas[parent] += commas[i]
        for i in range(root + 1, end):  # and what lies in it is dropped with it
            self.cleaned[i] = self.cleaned[i] or self.cleaned[page.parents[i]]
        return 0


cdef class Article:
    """readability's choice on a page, and each block's columns from it (fields declared in ``article.pxd``)."""

    def __init__(self, Records records, blocks):
        """Of the page of ``records``, their totals summed and the blocks' facts filled in (``blocks``:
        jusText's, whose text a sibling paragraph's end is read in)."""
        cdef _Page page = _Page(records, blocks)
        cdef _Choice ruthless = _Choice(page, True), choice = ruthless
        if ruthless.best < 0 or ruthless.kept_chars < RETRY_CHARS:
            choice = _Choice(page, False)
        self.page, self.ruthless, self.choice = page, ruthless, choice
        self.top_score = <double>choice.scores[choice.best] if choice.best >= 0 else 0.0
        self.page_share = choice.kept_chars / <double>(page.chars[0] if page.chars[0] else 1)

    cdef int write(self, Py_ssize_t block, double* row) except -1:
        """Write the :data:`COLUMNS` of the ``block``-th block into ``row``."""
        cdef _Page page = self.page
        cdef _Choice choice = self.choice
        cdef Py_ssize_t i = page.of_block[block]
        cdef bint inside = choice.inside[i], cleaned = choice.cleaned[i]
        row[0], row[1] = inside, inside and not choice.dropped[i] and not cleaned
        row[2], row[3] = (<_Choice>self.ruthless).dropped[i], cleaned
        # The score of the candidate the block's paragraph adds to whole, against the top one's.
        row[4] = <double>choice.scores.get(page.parents[i], 0.0) / self.top_score if self.top_score > 0 else 0.0
        row[5], row[6], row[7] = choice.down[i], self.page_share, choice is not self.ruthless
        return 0


#: The name of each of the columns :meth:`Article.write` writes.
COLUMNS = ("article_inside", "article_kept", "article_unlikely", "article_cleaned", "article_score_share",
           "article_down", "article_page_share", "article_lenient")
