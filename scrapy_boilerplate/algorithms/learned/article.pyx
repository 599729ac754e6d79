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

from .records cimport Record, flags, ints, longs

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



cdef class _Page:
    """The records in C arrays by place, each after its parent (the elements in document order: a
    subtree's records follow its root's), with what readability reads of them."""

    cdef list records, tags
    cdef object blocks
    cdef Py_ssize_t count
    cdef int[::1] parents, class_weights, of_block, first_block
    cdef long long[::1] chars, links, own_chars, own_links, own_commas
    cdef char[::1] has_children, unlikely
    cdef set paragraph_places

    def __init__(self, list every_record, list records, blocks, paragraphs):
        cdef Record record
        cdef Py_ssize_t i, b = 0
        self.records, self.blocks = every_record, blocks
        self.count = count = len(every_record)
        self.parents, self.class_weights = ints(count), ints(count)
        self.chars, self.links = longs(count), longs(count)
        self.has_children, self.unlikely = flags(count), flags(count)
        self.tags = [record.tag for record in every_record]
        unlikely = []
        for i in range(count):
            record = every_record[i]
            self.parents[i] = -1 if record.parent is None else (<Record>record.parent).position
            if record.parent is not None:
                self.has_children[self.parents[i]] = True
            # Most elements have neither: no call for them.
            of_class = class_bits(record.class_value) if record.class_value else 0
            of_id = class_bits(record.id_value) if record.id_value else 0
            self.class_weights[i] = _WEIGHT[of_class] + _WEIGHT[of_id]
            self.chars[i], self.links[i] = record.chars, record.link_chars
            if (of_class | of_id) & (UNLIKELY | MAYBE) == UNLIKELY and self.tags[i] not in _NEVER_UNLIKELY:
                unlikely.append(i)
        #: Each block's record; the characters, linked characters and commas of the blocks each record's
        #: element starts, and the first of them (readability's paragraphs are the elements, not the blocks).
        self.of_block = ints(len(records))
        self.own_chars, self.own_links, self.own_commas = longs(count), longs(count), longs(count)
        self.first_block = ints(count)
        self.first_block[:] = -1
        # The places the blocks start in, as readability's paragraphs are met (the set's order).
        self.paragraph_places = places = set()
        for record, block, paragraph in zip(records, blocks, paragraphs):
            i = self.of_block[b] = record.position
            places.add(i)
            self.own_chars[i] += block.chars
            self.own_links[i] += paragraph.chars_in_links
            text = block.text
            if "," in text:
                self.own_commas[i] += text.count(",")
            if self.first_block[i] < 0:
                self.first_block[i] = b
            b += 1
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
            if self.tags[i] in _HOLD_ARTICLE:
                j = i
                while j >= 0 and not holds[j]:
                    holds[j] = True
                    j = self.parents[j]
        for i in candidates:  # in document order: an outer one before those it holds
            if i >= end and not holds[i] and not self.within(i, _CODE):
                end = self.subtree_end(i)
                self.unlikely[i:end] = True
        return 0

    cdef bint within(self, Py_ssize_t i, frozenset tags) except -1:
        """Whether the record at ``i`` or one of its ancestors has one of ``tags``."""
        while i >= 0:
            if self.tags[i] in tags:
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
        return self.page.class_weights[i] + <int>TAG_WEIGHTS.get(self.page.tags[i], 0)

    cdef dict _candidates(self):
        """Each paragraph's score added to its parent and grandparent, then each candidate's scaled
        by its link density. A paragraph's commas are those of the blocks it starts (it seldom
        holds another block)."""
        cdef _Page page = self.page
        cdef Py_ssize_t i, parent, grandparent
        cdef long long length
        cdef double score
        cdef dict scores = {}
        for i in page.paragraph_places:
            if self.dropped[i]:
                continue
            tag = page.tags[i]
            if tag in PARAGRAPH_TAGS or (tag == "div" and not page.has_children[i]):
                length, parent = self.chars[i], page.parents[i]
            elif tag == "div":
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
            if ("articleBody" in ((<Record>page.records[i]).element.get("itemprop") or "").split()
                    and self.link_density(i) <= 0.1):
                best = i
                break
        else:
            best = ranked[0]
        for i in ranked:
            if (page.tags[i] == "article" and self.chars[i] >= RETRY_CHARS
                    and <double>scores[i] >= <double>scores[best] / 4 and self._under(i, best)):
                best = i
                break
        ancestor = best
        while ancestor >= 0:
            if page.tags[ancestor] == "article":
                return best
            if page.tags[ancestor] == "main" and main < 0:
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
            elif page.tags[i] == "p":
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
        cdef int weight
        cdef double density, most_linked
        cdef bint semantic
        for i in range(end - 1, root - 1, -1):  # children first: each one's totals are whole when met
            tag = page.tags[i]
            if tag in CLEANED_TAGS and (tag != "div" or page.has_children[i]):  # a div of text is a paragraph now
                weight = page.class_weights[i]
                density = links[i] / <double>(chars[i] if chars[i] else 1)
                if weight + <double>self.scores.get(i, 0.0) < 0:
                    self.cleaned[i] = True
                elif commas[i] < 10:
                    semantic = (tag == "ul" or tag == "section") and page.within(page.parents[i], _SEMANTIC)
                    most_linked = MAX_LINK_DENSITY_SEMANTIC if semantic else MAX_LINK_DENSITY
                    self.cleaned[i] = (chars[i] < MIN_PARAGRAPH_CHARS
                                       or (weight < CLASS_WEIGHT and density > most_linked)
                                       or (weight >= CLASS_WEIGHT and density > MAX_LINK_DENSITY_GOOD_CLASS))
            elif tag in _HEADINGS:
                self.cleaned[i] = page.class_weights[i] < 0 or links[i] > MAX_HEADING_LINK_SHARE * chars[i]
            elif tag in _DROPPED:
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

    def __init__(self, list records, list every_record, blocks, paragraphs):
        """Of the page whose blocks start in ``records`` (``every_record``: each after its parent, the
        page's root first, their totals summed)."""
        cdef _Page page = _Page(every_record, records, blocks, paragraphs)
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
