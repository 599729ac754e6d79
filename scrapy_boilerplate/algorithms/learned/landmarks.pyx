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

from .records cimport Record, Records, ints, longs

#: The name of each of the columns :meth:`Landmarks.write` writes.
COLUMNS = ("up_to_headline", "down_to_headline", "after_headline", "up_to_longest", "down_to_longest",
           "chars_to_longest", "chars_to_prose", "item_siblings", "items_prose_share", "item_prose_share",
           "prose_before_items", "prose_after_items")


cdef class Landmarks:
    """The landmarks of a page and each block's way to them (fields declared in ``landmarks.pxd``)."""

    def __init__(self, Records records):
        """Of the page of ``records``, their totals summed and the blocks' facts filled in."""
        cdef Py_ssize_t count = records.block_count, i, longest_chars = 0, chars, group
        cdef Record* items = records.items
        cdef int h1 = records.tag_number("h1"), place
        self.records, self.count = records, count
        self.page_prose = items[0].prose_chars or 1
        self.headline = self.longest = -1
        for i in range(count):
            if items[records.blocks[i].record].tag == h1:
                self.headline = i
                break
        # The longest prose block (of all blocks where none is prose); of equals, the first.
        for i in range(count):
            if records.blocks[i].prose and (self.longest < 0 or records.blocks[i].chars > longest_chars):
                self.longest, longest_chars = i, records.blocks[i].chars
        if self.longest < 0:
            for i in range(count):
                if self.longest < 0 or records.blocks[i].chars > longest_chars:
                    self.longest, longest_chars = i, records.blocks[i].chars
        self.longest_chars = longest_chars or 1
        if self.headline >= 0:
            self.to_headline = _ways(records, records.blocks[self.headline].record)
        self.to_longest = _ways(records, records.blocks[self.longest].record)
        self._items()
        # Each group of items: the prose its items hold, its first and last block.
        self.group_prose = longs(len(self.group_sizes))
        self.first, self.last = ints(len(self.group_sizes)), ints(len(self.group_sizes))
        self.first[:] = -1
        for place in range(records.count):
            if self.item_of[place] == place:
                self.group_prose[self.group_of[place]] += items[place].prose_chars
        self.before = longs(count + 1)  # the prose characters before each block
        chars = 0
        for i in range(count):
            place = self.item_of[records.blocks[i].record]
            if place >= 0:
                group = self.group_of[place]
                if self.first[group] < 0:
                    self.first[group] = i
                self.last[group] = i
            if records.blocks[i].prose:
                chars += records.blocks[i].chars
            self.before[i + 1] = chars

    cdef int _items(self) except -1:
        """For each record, by place, the place of its nearest element or ancestor that is one of
        several siblings of the same tag and first class word (-1 when there is none), and the group
        of each record that has a class word (-1 for the others); how many elements each group has.
        The first class word only: items of one kind differ in the rest (``comment even depth-1``)."""
        cdef Records records = self.records
        cdef Py_ssize_t size = records.count, place, group
        cdef Record* record
        cdef dict group_of_key = {}
        cdef list sizes = []
        # The first word of each of the page's class values (None: it has none), read once.
        first_words = [words[0] if words else None for words in (value.split() for value in records.classes)]
        self.group_of, self.item_of = ints(size), ints(size)
        for place in range(size):
            record = &records.items[place]
            self.group_of[place] = -1
            if record.class_of >= 0 and first_words[record.class_of] is not None:
                key = (record.parent, record.tag, first_words[record.class_of])
                group = group_of_key.setdefault(key, len(group_of_key))
                if group == len(sizes):
                    sizes.append(0)
                sizes[group] += 1
                self.group_of[place] = group
        self.group_sizes = ints(len(sizes))
        for group in range(len(sizes)):
            self.group_sizes[group] = sizes[group]
        for place in range(size):  # parents first
            record = &records.items[place]
            if self.group_of[place] >= 0 and self.group_sizes[self.group_of[place]] > 1:
                self.item_of[place] = place
            elif record.parent >= 0:
                self.item_of[place] = self.item_of[record.parent]
            else:
                self.item_of[place] = -1
        return 0

    cdef int write(self, Py_ssize_t i, double* row) except -1:
        """Write the :data:`COLUMNS` of block ``i`` into ``row``."""
        cdef Py_ssize_t position = self.records.blocks[i].record, chars = self.records.blocks[i].chars
        cdef Py_ssize_t item, group, first, last
        cdef double page_prose = self.page_prose
        if self.headline >= 0:
            row[0], row[1] = self.to_headline[2 * position], self.to_headline[2 * position + 1]
            row[2] = <double>(i - self.headline) / self.count
        else:
            row[0] = row[1] = row[2] = -1.0
        row[3], row[4] = self.to_longest[2 * position], self.to_longest[2 * position + 1]
        row[5], row[6] = <double>chars / self.longest_chars, chars / page_prose
        item = self.item_of[position]
        if item < 0:
            row[7] = row[8] = row[9] = row[10] = row[11] = 0.0
            return 0
        group = self.group_of[item]
        first, last = self.first[group], self.last[group]
        row[7] = log(self.group_sizes[group])
        row[8] = self.group_prose[group] / page_prose
        row[9] = self.records.items[item].prose_chars / page_prose
        row[10] = self.before[first] / page_prose
        row[11] = (self.before[self.count] - self.before[last + 1]) / page_prose
        return 0


cdef object _ways(Records records, Py_ssize_t anchor):
    """For each record, by place: the levels from its element up to where its ancestors meet the
    anchor's (at ``anchor``), and from there down to the anchor (two ints a record)."""
    cdef Py_ssize_t size = records.count, levels = 0, i, ancestor = anchor, parent
    ways = ints(2 * size)
    cdef int[::1] way = ways
    way[:] = -1
    while ancestor >= 0:
        way[2 * ancestor] = 0
        way[2 * ancestor + 1] = levels
        levels += 1
        ancestor = records.items[ancestor].parent
    for i in range(size):  # parents first
        parent = records.items[i].parent
        if way[2 * i] < 0 and parent >= 0:  # the anchor's root has its way; another root keeps -1
            way[2 * i] = way[2 * parent] + 1
            way[2 * i + 1] = way[2 * parent + 1]
    return ways

