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
:mod:`.features` summed; a few linear passes over the records, never XPath.
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

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from ..justext.blocks import JustextBlock
from ..justext.paragraph import Paragraph
from .records import Record
from .wordlist import alternation

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
# On lowercased text, as a case-blind pattern costs seven times as much.
_WORDS = re.compile(alternation(_BITS_OF_WORD))
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
def class_bits(value: str | None) -> int:
    """The bits of the :data:`CLASS_WORDS` lists a class or id value's words are in, read once per value: a site repeats
    its class names on every page (the values, not their pairs with ids, which are often unique)."""
    bits = 0
    for word in _WORDS.findall(value.lower()) if value else ():
        bits |= _BITS_OF_WORD[word]
    return bits


#: The class weight of a value's bits: +25 for a positive word, -25 for a negative one.
_WEIGHT = [CLASS_WEIGHT * (bool(bits & POSITIVE) - bool(bits & NEGATIVE)) for bits in range(16)]


class _Page:
    """The records as lists by position, each after its parent (the elements in document order: a
    subtree's records follow its root's), with what readability reads of them."""

    def __init__(self, every_record: Sequence[Record], records: Sequence[Record],
                 blocks: Sequence[JustextBlock], paragraphs: Sequence[Paragraph]) -> None:
        self.records, self.blocks = every_record, blocks
        # Lists made by comprehensions, each a C loop: a page has hundreds of records.
        self.parents = parents = [-1 if record.parent is None else record.parent.position for record in every_record]
        self.tags = tags = [record.tag for record in every_record]
        of_classes = [class_bits(record.class_value) for record in every_record]
        of_ids = [class_bits(record.id_value) for record in every_record]
        self.class_weights = [_WEIGHT[c] + _WEIGHT[i] for c, i in zip(of_classes, of_ids)]
        self.chars = [record.chars for record in every_record]
        self.links = [record.link_chars for record in every_record]
        self.has_children = set(parents)
        #: Each block's record; the characters, linked characters and commas of the blocks each record's
        #: element starts, and the first of them (readability's paragraphs are the elements, not the blocks).
        self.of_block = [record.position for record in records]
        count = len(every_record)
        self.own_chars, self.own_links, self.own_commas = [0] * count, [0] * count, [0] * count
        self.first_block = [-1] * count
        for b, (i, block, paragraph) in enumerate(zip(self.of_block, blocks, paragraphs)):
            self.own_chars[i] += block.chars
            self.own_links[i] += paragraph.chars_in_links
            if "," in block.text:
                self.own_commas[i] += block.text.count(",")
            if self.first_block[i] < 0:
                self.first_block[i] = b
        unlikely = [i for i, (c, d) in enumerate(zip(of_classes, of_ids))
                    if (c | d) & (UNLIKELY | MAYBE) == UNLIKELY and tags[i] not in _NEVER_UNLIKELY]
        self.unlikely = self._unlikely(unlikely)

    def _unlikely(self, candidates: list[int]) -> list[bool]:
        """Which records lie in an unlikely candidate readability drops: one whose words say so, in no
        code and holding no article."""
        dropped = [False] * len(self.parents)
        if not candidates:
            return dropped
        holding = set()
        for i in [i for i, tag in enumerate(self.tags) if tag in _HOLD_ARTICLE]:
            while i >= 0 and i not in holding:
                holding.add(i)
                i = self.parents[i]
        end = 0
        for i in candidates:  # in document order: an outer one before those it holds
            if i >= end and i not in holding and not self.within(i, _CODE):
                end = self.subtree_end(i)
                dropped[i:end] = [True] * (end - i)
        return dropped

    def within(self, i: int, tags: frozenset[str]) -> bool:
        """Whether the record at ``i`` or one of its ancestors has one of ``tags``."""
        while i >= 0:
            if self.tags[i] in tags:
                return True
            i = self.parents[i]
        return False

    def subtree_end(self, root: int) -> int:
        """The position after the last record of ``root``'s subtree (they follow it, in a row)."""
        inside, end = {root}, root + 1
        while end < len(self.parents) and self.parents[end] in inside:
            inside.add(end)
            end += 1
        return end


class _Choice:
    """readability's article on a :class:`_Page`, ``ruthless`` (its unlikely candidates dropped) or not."""

    def __init__(self, page: _Page, ruthless: bool) -> None:
        self.page = page
        self.dropped = page.unlikely if ruthless else [False] * len(page.parents)
        self.chars, self.links = page.chars, page.links
        if ruthless and any(page.unlikely):
            self._without_dropped()
        self.scores = self._candidates()
        self.best = self._best()
        self.article = self._article()
        # The records inside the article (its elements' subtrees, in a row each), how deep below the
        # top candidate, and those the cleaning drops.
        count = len(page.parents)
        self.inside, self.down, self.cleaned = [False] * count, [-1] * count, [False] * count
        kept_chars = 0
        for root in sorted(self.article):
            end = page.subtree_end(root)
            self.inside[root:end] = [True] * (end - root)
            self._clean(root, end)
            kept_chars += sum(chars for chars, is_dropped, is_cleaned in zip(
                page.own_chars[root:end], self.dropped[root:end], self.cleaned[root:end])
                if not is_dropped and not is_cleaned)
            if root == self.best:
                down = self.down
                down[root] = 0
                for i in range(root + 1, end):
                    down[i] = down[page.parents[i]] + 1
        self.kept_chars = kept_chars

    def _without_dropped(self) -> None:
        # The totals of the dropped subtrees taken from their ancestors': a walk up from each
        # outermost one, of which a page has few.
        parents, dropped = self.page.parents, self.dropped
        self.chars, self.links = chars, links = self.chars[:], self.links[:]
        for i, is_dropped in enumerate(dropped):
            if is_dropped and not dropped[parents[i]]:
                ancestor = parents[i]
                while ancestor >= 0:
                    chars[ancestor] -= chars[i]
                    links[ancestor] -= links[i]
                    ancestor = parents[ancestor]

    def link_density(self, i: int) -> float:
        return self.links[i] / (self.chars[i] or 1)

    def _candidates(self) -> dict[int, float]:
        """Each paragraph's score added to its parent and grandparent, then each candidate's scaled
        by its link density. A paragraph's commas are those of the blocks it starts (it seldom
        holds another block)."""
        page, chars, dropped = self.page, self.chars, self.dropped
        parents, tags, has_children = page.parents, page.tags, page.has_children
        scores: dict[int, float] = {}
        for i in set(page.of_block):
            tag = tags[i]
            if dropped[i]:
                continue
            if tag in PARAGRAPH_TAGS or (tag == "div" and i not in has_children):
                length, parent = chars[i], parents[i]
            elif tag == "div":
                # A div's own text beside other blocks: readability wraps it in a paragraph of the div.
                length, parent = page.own_chars[i], i
            else:
                continue
            if length < MIN_PARAGRAPH_CHARS or parent < 0:
                continue
            score = 2 + page.own_commas[i] + min(length / 100, 3)
            scores[parent] = scores.get(parent, self._base(parent)) + score
            grandparent = parents[parent]
            if grandparent >= 0:
                scores[grandparent] = scores.get(grandparent, self._base(grandparent)) + score / 2
        return {i: score * (1 - self.link_density(i)) for i, score in scores.items()}
    def _base(self, i: int) -> float:
        return self.page.class_weights[i] + TAG_WEIGHTS.get(self.page.tags[i], 0)

    def _best(self) -> int:
        """The top candidate (-1 if none): an ``articleBody`` of few links first, an ``article`` of some
        length inside it instead, or the ``main`` around it if it lies in no ``article``."""
        scores, page = self.scores, self.page
        if not scores:
            return -1
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)
        best = next((i for i in ranked if "articleBody" in (page.records[i].element.get("itemprop") or "").split()
                     and self.link_density(i) <= 0.1), ranked[0])
        best = next((i for i in ranked if page.tags[i] == "article" and self.chars[i] >= RETRY_CHARS
                     and scores[i] >= scores[best] / 4 and self._under(i, best)), best)
        ancestor, main = best, -1
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

    def _under(self, i: int, ancestor: int) -> bool:
        while i > ancestor:  # ancestors come first
            i = self.page.parents[i]
        return i == ancestor and i >= 0

    def _article(self) -> set[int]:
        """The top candidate and the siblings that join it: candidates of a fifth of its score (10 at
        least), paragraphs of prose. No candidate: the whole page."""
        best, page = self.best, self.page
        if best < 0:
            return {0}
        parent = page.parents[best]
        if parent < 0:
            return {best}
        threshold = max(10.0, self.scores[best] / 5)
        article = {best}
        for i in [i for i, sibling_parent in enumerate(page.parents) if sibling_parent == parent]:
            if self.dropped[i]:
                continue
            if self.scores.get(i, -1.0) >= threshold:
                article.add(i)
            elif page.tags[i] == "p":
                if self.chars[i] > SIBLING_PARAGRAPH_CHARS and self.link_density(i) < SIBLING_LINK_DENSITY:
                    article.add(i)
                elif (self.chars[i] and not self.links[i] and page.first_block[i] >= 0
                      and _SENTENCE_END.search(page.blocks[page.first_block[i]].text)):
                    article.add(i)
        return article

    def _clean(self, root: int, end: int) -> None:
        """Mark what readability's cleaning drops of the subtree of the records from ``root`` to
        ``end``, the innermost first, each weighed without what was dropped under it: headings of a
        negative class weight or many links, forms, and tables, lists and divs of a negative weight
        and score or, with fewer than 10 commas, short or linked for their weight."""
        page, scores, dropped, cleaned = self.page, self.scores, self.dropped, self.cleaned
        chars, links, commas = page.own_chars[:], page.own_links[:], page.own_commas[:]
        for i in range(end - 1, root - 1, -1):  # children first: each one's totals are whole when met
            tag = page.tags[i]
            if tag in CLEANED_TAGS and (tag != "div" or i in page.has_children):  # a div of text is a paragraph now
                weight = page.class_weights[i]
                density = links[i] / (chars[i] or 1)
                if weight + scores.get(i, 0.0) < 0:
                    cleaned[i] = True
                elif commas[i] < 10:
                    semantic = tag in ("ul", "section") and page.within(page.parents[i], _SEMANTIC)
                    most_linked = MAX_LINK_DENSITY_SEMANTIC if semantic else MAX_LINK_DENSITY
                    cleaned[i] = (chars[i] < MIN_PARAGRAPH_CHARS or (weight < CLASS_WEIGHT and density > most_linked)
                                  or (weight >= CLASS_WEIGHT and density > MAX_LINK_DENSITY_GOOD_CLASS))
            elif tag in _HEADINGS:
                cleaned[i] = page.class_weights[i] < 0 or links[i] > MAX_HEADING_LINK_SHARE * chars[i]
            elif tag in _DROPPED:
                cleaned[i] = True
            parent = page.parents[i]
            if i > root and not cleaned[i] and not dropped[i]:  # what is dropped weighs no more in its ancestors
                chars[parent] += chars[i]
                links[parent] += links[i]
                commas[parent] += commas[i]
        for i in range(root + 1, end):  # and what lies in it is dropped with it
            cleaned[i] = cleaned[i] or cleaned[page.parents[i]]


def article_features(records: Sequence[Record], every_record: Sequence[Record], blocks: Sequence[JustextBlock],
                     paragraphs: Sequence[Paragraph]) -> Iterator[tuple[float, ...]]:
    """Per block (``records``: of the elements the blocks start in; ``every_record``: each after
    its parent, the page's root first, their totals summed), the columns :func:`names` names, one
    row at a time (the rows of a page held at once would be the larger part of its memory)."""
    page = _Page(every_record, records, blocks, paragraphs)
    ruthless = choice = _Choice(page, ruthless=True)
    if ruthless.best < 0 or ruthless.kept_chars < RETRY_CHARS:
        choice = _Choice(page, ruthless=False)
    scores, parents = choice.scores, page.parents
    top_score = scores[choice.best] if choice.best >= 0 else 0.0
    whole_page = (choice.kept_chars / (page.chars[0] or 1), float(choice is not ruthless))
    for i in page.of_block:
        inside, cleaned = choice.inside[i], choice.cleaned[i]
        # The score of the candidate the block's paragraph adds to whole, against the top one's.
        share = scores.get(parents[i], 0.0) / top_score if top_score > 0 else 0.0
        yield (float(inside), float(inside and not choice.dropped[i] and not cleaned),
               float(ruthless.dropped[i]), float(cleaned), share, float(choice.down[i]), *whole_page)


#: The name of each of the columns :func:`article_features` gives.
COLUMNS = ("article_inside", "article_kept", "article_unlikely", "article_cleaned", "article_score_share",
           "article_down", "article_page_share", "article_lenient")
