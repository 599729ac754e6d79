"""Shake: a post-order walk that scores block elements and removes the poor ones.

For every element it counts, over its subtree: Words (outside hyperlinks),
LinkWords (inside them), Tags (elements, itself included), and Keep (some
descendant was kept). A block element (see ``block_tags``) without Keep
scores ``Words - 2 * LinkWords - Tags`` (weights in the options): a
non-negative score sets Keep, which its ancestors inherit; a negative one
removes its subtree. A removed subtree's counts still go to its ancestors, so
that each decision is independent of the ones below it. An element that the
blessing function picks (a byline, a date) is Blessed: neither it nor any of
its descendants is removed, and it sets Keep.

Nothing is changed in the tree: the decisions are returned.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .options import DeclutterOptions
from .prune import has_word

KEPT = "kept"
REMOVED = "removed"
BLESSED = "blessed"

_BLESSING_ATTRIBUTES = ("class", "id", "itemprop", "rel")


@dataclass(frozen=True, slots=True)
class Verdict:
    """Shake's decision on one element: ``kept``, ``removed`` or ``blessed``, with its score."""

    decision: str
    score: float | None


def blessed(element: etree._Element, options: DeclutterOptions) -> bool:
    """Whether shake keeps ``element`` and its whole subtree whatever they score."""
    return bool(element.attrib) and has_word(element, _BLESSING_ATTRIBUTES, options.bless_words)


def shake(root: etree._Element, pruned: set[etree._Element], options: DeclutterOptions,
          ) -> dict[etree._Element, Verdict]:
    """The verdicts on the blessed elements and the block elements under ``root`` (``root`` included)."""
    words_weight, link_words_weight, tags_weight = (
        options.words_weight, options.link_words_weight, options.tags_weight)
    block_tags = options.block_tags
    verdicts: dict[etree._Element, Verdict] = {}
    # One [words, link_words, tags, keep] per open element; None for a pruned one.
    counts: list[list | None] = []
    links = 0  # open <a> elements
    blessings = 0  # open blessed elements

    def add_text(text: str, frame: list) -> None:
        frame[1 if links else 0] += len(text.split())

    frame: list | None  # an element's counts, as in counts (None: pruned)
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            if node in pruned:
                counts.append(None)
                walker.skip_subtree()
                continue
            if node.tag == "a":
                links += 1
            if blessings or blessed(node, options):
                blessings += 1
            frame = [0, 0, 1, False]
            counts.append(frame)
            if node.text:
                add_text(node.text, frame)
            continue

        if event == "end":
            frame = counts.pop()
            if frame is not None:
                if blessings:
                    blessings -= 1
                    if not blessings:
                        verdicts[node] = Verdict(BLESSED, None)
                    frame[3] = True
                elif node.tag in block_tags:
                    words, link_words, tags, keep = frame
                    score = words_weight * words - link_words_weight * link_words - tags_weight * tags
                    if keep or score >= 0:
                        verdicts[node] = Verdict(KEPT, score)
                        frame[3] = True
                    else:
                        verdicts[node] = Verdict(REMOVED, score)
                if node.tag == "a":
                    links -= 1
                if counts and counts[-1] is not None:
                    parent = counts[-1]
                    parent[0] += frame[0]
                    parent[1] += frame[1]
                    parent[2] += frame[2]
                    parent[3] = parent[3] or frame[3]
        # the tail of an element, comment or instruction belongs to its parent
        if node.tail and counts and counts[-1] is not None and node is not root:
            add_text(node.tail, counts[-1])
    return verdicts
