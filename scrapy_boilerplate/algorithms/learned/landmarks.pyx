# cython: language_level=3
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

Computed from :mod:`.records`, after their totals are summed, in C arrays
indexed by the records' places: one pass over them and one over the blocks.
"""

from libc.math cimport log

from .records cimport Record, ints

#: The name of each of the columns :func:`landmark_features` gives.
COLUMNS = ("up_to_headline", "down_to_headline", "after_headline", "up_to_longest", "down_to_longest",
           "chars_to_longest", "chars_to_prose", "item_siblings", "items_prose_share", "item_prose_share",
           "prose_before_items", "prose_after_items")

#: What a block's row holds when it lies in no repeated item.
_NO_ITEM = (0.0, 0.0, 0.0, 0.0, 0.0)
#: The levels of the ways as floats, one object each: a page of 100,000 paragraphs would make
#: 400,000 floats of a few values.
cdef tuple _LEVELS = tuple([float(level) for level in range(4097)])


def landmark_features(list records, list every_record, blocks, list prose, list skipped):
    """Per block (``records``: of the elements the blocks start in; ``every_record``: each after
    its parent, the page's root first; ``prose``: which blocks are prose), the columns
    :data:`COLUMNS` names, one row at a time; ``None`` for the ``skipped`` blocks."""
    cdef Py_ssize_t count = len(blocks), i, headline = -1, longest = -1, longest_chars = 0, chars, position
    cdef Py_ssize_t page_prose = (<Record>every_record[0]).prose_chars
    cdef Record record, item
    cdef int[::1] to_headline, to_longest, item_of
    if not page_prose:
        page_prose = 1
    for i in range(count):
        if (<Record>records[i]).tag == "h1":
            headline = i
            break
    # The longest prose block (of all blocks where none is prose); of equals, the first.
    for i in range(count):
        if prose[i] and (longest < 0 or blocks[i].chars > longest_chars):
            longest, longest_chars = i, blocks[i].chars
    if longest < 0:
        for i in range(count):
            if longest < 0 or blocks[i].chars > longest_chars:
                longest, longest_chars = i, blocks[i].chars
    if not longest_chars:
        longest_chars = 1
    if headline >= 0:
        to_headline = _ways(records[headline], every_record)
    to_longest = _ways(records[longest], every_record)
    items, keys, group_sizes = _items(every_record)
    item_of = items
    # Each group of items: the prose its items hold, its first and last block.
    group_prose, first, last = {}, {}, {}
    for record in every_record:
        if item_of[record.position] == record.position:
            key = keys[record.position]
            group_prose[key] = group_prose.get(key, 0) + record.prose_chars
    before = [0] * (count + 1)  # the prose characters before each block
    chars = 0
    for i in range(count):
        record = records[i]
        if item_of[record.position] >= 0:
            key = keys[item_of[record.position]]
            if key not in first:
                first[key] = i
            last[key] = i
        if prose[i]:
            chars += blocks[i].chars
        before[i + 1] = chars
    for i in range(count):
        if skipped[i]:
            yield None
            continue
        record = records[i]
        position = record.position
        chars = blocks[i].chars
        if headline >= 0:
            row = (_level(to_headline[2 * position]), _level(to_headline[2 * position + 1]),
                   <double>(i - headline) / count)
        else:
            row = (-1.0, -1.0, -1.0)
        row += (_level(to_longest[2 * position]), _level(to_longest[2 * position + 1]),
                <double>chars / longest_chars, <double>chars / page_prose)
        if item_of[position] < 0:
            row += _NO_ITEM
        else:
            item = <Record>every_record[item_of[position]]
            key = keys[item.position]
            row += (log(<Py_ssize_t>group_sizes[key]), <Py_ssize_t>group_prose[key] / <double>page_prose,
                    item.prose_chars / <double>page_prose, <Py_ssize_t>before[first[key]] / <double>page_prose,
                    (<Py_ssize_t>before[count] - <Py_ssize_t>before[<Py_ssize_t>last[key] + 1]) / <double>page_prose)
        yield row


cdef object _ways(Record anchor, list every_record):
    """For each record, by place: the levels from its element up to where its ancestors meet the
    anchor's, and from there down to the anchor (two ints a record)."""
    cdef Py_ssize_t size = len(every_record), levels = 0, i
    ways = ints(2 * size)
    cdef int[::1] way = ways
    cdef Record record
    cdef object ancestor = anchor
    for i in range(2 * size):
        way[i] = -1
    while ancestor is not None:
        record = ancestor
        way[2 * record.position] = 0
        way[2 * record.position + 1] = levels
        levels += 1
        ancestor = record.parent
    for record in every_record:  # parents first
        if way[2 * record.position] < 0:
            # The root is the anchor's ancestor: every other record has a parent.
            way[2 * record.position] = way[2 * (<Record>record.parent).position] + 1
            way[2 * record.position + 1] = way[2 * (<Record>record.parent).position + 1]
    return ways


cdef inline object _level(int level):
    return _LEVELS[level] if level < len(_LEVELS) else <double>level


cdef tuple _items(list every_record):
    """For each record, by place, the place of its nearest element or ancestor that is one of
    several siblings of the same tag and first class word (-1 when there is none); the key of
    each record that has one (``None`` for the others); how many elements have each key. The
    first class word only: items of one kind differ in the rest (``comment even depth-1``)."""
    cdef Py_ssize_t size = len(every_record)
    cdef Record record
    keys = [None] * size
    cdef dict repeated = {}
    for record in every_record:
        if record.class_value:
            words = record.class_value.split()
            if words:
                key = keys[record.position] = (record.parent, record.tag, words[0])
                repeated[key] = repeated.get(key, 0) + 1
    items = ints(size)
    cdef int[::1] item_of = items
    for record in every_record:  # parents first
        key = keys[record.position]
        if key is not None and <Py_ssize_t>repeated[key] > 1:
            item_of[record.position] = record.position
        elif record.parent is not None:
            item_of[record.position] = item_of[(<Record>record.parent).position]
        else:
            item_of[record.position] = -1
    return items, keys, repeated
