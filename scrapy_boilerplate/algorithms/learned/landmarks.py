"""A block against its page's landmarks: the headline, the longest paragraph and the repeated items it lies in.

What tells the comments under an article from a forum's posts, and a sidebar's
blurb from a short post, is where they lie against the rest of the page:

- the **headline** (the first block starting in an ``h1``) and the **longest
  paragraph**: the levels from the block's element up to where its ancestors
  meet theirs, and from there down to them (a post's paragraph meets its
  headline a level or two up; a sidebar's blurb near the page's root), its
  place after the headline and its length against the longest;
- the **repeated item** it lies in: its nearest element, or ancestor, that is
  one of several siblings of the same tag and first class word (comments,
  posts, cards); how many, the share of the page's prose the items hold
  together and one of them alone, and the prose before and after them (the
  article above its comments: much before, little held; a forum's posts:
  nothing before, most held).

Computed from :mod:`.features`' records of the page's elements, after their
totals are summed, in one pass over them and one over the blocks.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from ..justext.blocks import JustextBlock

#: What a block's row holds when its page has no such landmark, or it lies in no repeated item.
_NO_WAY = (-1.0, -1.0)
_NO_ITEM = (0.0, 0.0, 0.0, 0.0, 0.0)


class Record(Protocol):
    """What this module reads of :mod:`.features`' record of an element, its totals summed."""

    @property
    def tag(self) -> str: ...

    @property
    def parent(self) -> Record | None: ...

    @property
    def class_value(self) -> str | None: ...

    @property
    def prose_chars(self) -> int: ...


_ItemKey = tuple[object, object, str]


def landmark_features(records: Sequence[Record], every_record: Sequence[Record], blocks: Sequence[JustextBlock],
                      prose: Sequence[bool]) -> list[tuple[float, ...]]:
    """Per block (``records``: of the elements the blocks start in; ``every_record``: each after
    its parent, the page's root first; ``prose``: which blocks are prose), the features the
    module names, in the order of :func:`names`."""
    count = len(blocks)
    page_prose = every_record[0].prose_chars or 1
    headline = next((i for i, record in enumerate(records) if record.tag == "h1"), None)
    prose_indices = [i for i, is_prose in enumerate(prose) if is_prose] or range(count)
    longest = max(prose_indices, key=lambda i: blocks[i].chars)
    to_headline = _ways(records[headline], every_record) if headline is not None else None
    to_longest = _ways(records[longest], every_record)
    longest_chars = blocks[longest].chars or 1
    items, group_sizes = _items(every_record)
    # Each group of items: the prose its items hold, its first and last block.
    group_prose: Counter[_ItemKey] = Counter()
    for record, found in items.items():
        if found is not None and found[0] is record:
            group_prose[found[1]] += record.prose_chars
    first: dict[_ItemKey, int] = {}
    last: dict[_ItemKey, int] = {}
    prose_before = [0]  # the prose characters before each block
    for i, (record, block, is_prose) in enumerate(zip(records, blocks, prose)):
        found = items[record]
        if found is not None:
            first.setdefault(found[1], i)
            last[found[1]] = i
        prose_before.append(prose_before[-1] + (block.chars if is_prose else 0))
    result = []
    for i, (record, block) in enumerate(zip(records, blocks)):
        row: tuple[float, ...] = (*(to_headline[record] if to_headline else _NO_WAY),
                                  (i - headline) / count if headline is not None else -1.0,
                                  *to_longest[record], block.chars / longest_chars, block.chars / page_prose)
        found = items[record]
        if found is None:
            row += _NO_ITEM
        else:
            item, key = found
            row += (math.log(group_sizes[key]), group_prose[key] / page_prose, item.prose_chars / page_prose,
                    prose_before[first[key]] / page_prose,
                    (prose_before[-1] - prose_before[last[key] + 1]) / page_prose)
        result.append(row)
    return result


def _ways(anchor: Record, every_record: Sequence[Record]) -> dict[Record, tuple[float, float]]:
    """For each record, the levels from its element up to where its ancestors meet the anchor's,
    and from there down to the anchor."""
    below: dict[Record, int] = {}
    ancestor: Record | None = anchor
    while ancestor is not None:
        below[ancestor] = len(below)
        ancestor = ancestor.parent
    ways: dict[Record, tuple[float, float]] = {}
    for record in every_record:  # parents first
        if record in below:
            ways[record] = (0.0, float(below[record]))
        else:
            assert record.parent is not None  # the root is the anchor's ancestor
            up, down = ways[record.parent]
            ways[record] = (up + 1, down)
    return ways


def _items(every_record: Sequence[Record],
           ) -> tuple[dict[Record, tuple[Record, _ItemKey] | None], Counter[_ItemKey]]:
    """For each record, its nearest element or ancestor that is one of several siblings of the
    same tag and first class word, with their key (``None`` when there is none), and how many
    elements have each key. The first class word only: items of one kind differ in the rest
    (``comment even depth-1``)."""
    keys: dict[Record, _ItemKey] = {}
    for record in every_record:
        words = (record.class_value or "").split()
        if words:
            keys[record] = (record.parent, record.tag, words[0])
    repeated = Counter(keys.values())
    items: dict[Record, tuple[Record, _ItemKey] | None] = {}
    for record in every_record:  # parents first
        key = keys.get(record)
        if key is not None and repeated[key] > 1:
            items[record] = (record, key)
        else:
            items[record] = items[record.parent] if record.parent is not None else None
    return items, repeated


#: The name of each of the columns :func:`landmark_features` gives.
COLUMNS = ("up_to_headline", "down_to_headline", "after_headline", "up_to_longest", "down_to_longest",
           "chars_to_longest", "chars_to_prose", "item_siblings", "items_prose_share", "item_prose_share",
           "prose_before_items", "prose_after_items")
