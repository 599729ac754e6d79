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

from .records cimport Record, ints, longs

#: The name of each of the columns :meth:`Landmarks.write` writes.
COLUMNS = ("up_to_headline", "down_to_headline", "after_headline", "up_to_longest", "down_to_longest",
           "chars_to_longest", "chars_to_prose", "item_siblings", "items_prose_share", "item_prose_share",
           "prose_before_items", "prose_after_items")


cdef class Landmarks:
    """The landmarks of a page and each block's way to them (fields declared in ``landmarks.pxd``)."""

    def __init__(self, list records, list every_record, blocks, list prose):
        """Of the page whose blocks start in ``records`` (``every_record``: each after its parent, the
        page's root first; ``prose``: which blocks are)."""
        cdef Py_ssize_t count = len(blocks), i, longest_chars = 0, chars
        cdef Record record
        cdef int[::1] item_of
        self.records, self.every_record, self.count = records, every_record, count
        self.page_prose = (<Record>every_record[0]).prose_chars or 1
        self.chars = longs(count)
        self.headline = self.longest = -1
        for i in range(count):
            self.chars[i] = blocks[i].chars
            if self.headline < 0 and (<Record>records[i]).tag == "h1":
                self.headline = i
        # The longest prose block (of all blocks where none is prose); of equals, the first.
        for i in range(count):
            if prose[i] and (self.longest < 0 or self.chars[i] > longest_chars):
                self.longest, longest_chars = i, self.chars[i]
        if self.longest < 0:
            for i in range(count):
                if self.longest < 0 or self.chars[i] > longest_chars:
                    self.longest, longest_chars = i, self.chars[i]
        self.longest_chars = longest_chars or 1
        if self.headline >= 0:
            self.to_headline = _ways(records[self.headline], every_record)
        self.to_longest = _ways(records[self.longest], every_record)
        items, self.keys, self.group_sizes = _items(every_record)
        self.item_of = item_of = items
        # Each group of items: the prose its items hold, its first and last block.
        self.group_prose, self.first, self.last = {}, {}, {}
        for record in every_record:
            if item_of[record.position] == record.position:
                key = self.keys[record.position]
                self.group_prose[key] = self.group_prose.get(key, 0) + record.prose_chars
        self.before = longs(count + 1)  # the prose characters before each block
        chars = 0
        for i in range(count):
            record = records[i]
            if item_of[record.position] >= 0:
                key = self.keys[item_of[record.position]]
                if key not in self.first:
                    self.first[key] = i
                self.last[key] = i
            if prose[i]:
                chars += self.chars[i]
            self.before[i + 1] = chars

    cdef int write(self, Py_ssize_t i, double* row) except -1:
        """Write the :data:`COLUMNS` of block ``i`` into ``row``."""
        cdef Record record = self.records[i], item
        cdef Py_ssize_t position = record.position, chars = self.chars[i], first, last
        cdef double page_prose = self.page_prose
        if self.headline >= 0:
            row[0], row[1] = self.to_headline[2 * position], self.to_headline[2 * position + 1]
            row[2] = <double>(i - self.headline) / self.count
        else:
            row[0] = row[1] = row[2] = -1.0
        row[3], row[4] = self.to_longest[2 * position], self.to_longest[2 * position + 1]
        row[5], row[6] = <double>chars / self.longest_chars, chars / page_prose
        if self.item_of[position] < 0:
            row[7] = row[8] = row[9] = row[10] = row[11] = 0.0
            return 0
        item = <Record>self.every_record[self.item_of[position]]
        key = self.keys[item.position]
        first, last = self.first[key], self.last[key]
        row[7] = log(<Py_ssize_t>self.group_sizes[key])
        row[8] = <Py_ssize_t>self.group_prose[key] / page_prose
        row[9] = item.prose_chars / page_prose
        row[10] = self.before[first] / page_prose
        row[11] = (self.before[self.count] - self.before[last + 1]) / page_prose
        return 0


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
