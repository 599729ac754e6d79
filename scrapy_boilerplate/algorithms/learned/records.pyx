# cython: language_level=3
"""The records of the learned features: one per element a block starts in, and per ancestor of those.

Each record holds what the features read of its element (tag, ``class``,
``id``, the attribute values whose words say what it holds) and the totals
:mod:`.features` adds up over the page. They are made here from libxml2's
nodes, climbing the parent pointers as :mod:`...html.search` does, without
making an object of each ancestor (on Scrapy's tree, each one a Python lookup
of the element's class): :attr:`Record.element` makes one when asked.
"""

cimport cython
from libc.math cimport log1p
from libc.string cimport strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.nodes cimport Names, is_element

from array import array

cetree.import_lxml__etree()


# A record refers to its parent's and to strings, never back: no cycle for the collector to look for,
# and a page's thousands of records no reason for it to run.
@cython.no_gc
cdef class Record:
    """What the features need of one element of the page, read once per page (its fields are
    declared in ``records.pxd``)."""

    @property
    def element(self):
        """Its element: made when asked, as the tree is unchanged while its records live."""
        return cetree.elementFactory(self.document, self.node)


def page_records(list elements, dict tag_bits):
    """The record of each of ``elements`` (the elements the blocks start in, of one tree), and
    every record made, each after its parent's: made down from the nearest ancestor with one.
    ``tag_bits`` maps a tag to its bit among the ancestor tags.
    """
    cdef dict by_node = {}  # the address of each node met -> its record
    cdef list found = [], made = [], missing = []
    cdef Names names = Names()
    cdef Record record, parent
    cdef xmlNode* node
    for element in elements:
        node = (<cetree._Element?>element)._c_node
        record = by_node.get(<size_t>node)
        if record is None:
            # The nodes on the way up to the nearest one with a record (or past the root).
            del missing[:]
            while node is not NULL and <size_t>node not in by_node:
                missing.append(<size_t>node)
                node = node.parent if node.parent is not NULL and is_element(node.parent) else NULL
            parent = by_node[<size_t>node] if node is not NULL else None
            for address in reversed(missing):
                record = _record(<xmlNode*><size_t>address, (<cetree._Element>element)._doc, parent, names,
                                 tag_bits)
                by_node[address] = record
                record.position = len(made)
                made.append(record)
                parent = record
        found.append(record)
    return found, made


cdef Record _record(xmlNode* node, cetree._Document document, Record parent, Names names, dict tag_bits):
    cdef Record record = Record.__new__(Record)
    cdef xmlAttr* attribute
    cdef const char* name
    record.node, record.document, record.parent = node, document, parent
    tag = names.texts[names.number(node)] if node.type == tree.XML_ELEMENT_NODE else ""
    record.tag = tag
    record.tag_bits = tag_bits.get(tag, 0) | (parent.tag_bits if parent is not None else 0)
    record.own_words = record.any_words = record.best_depth = record.first_linked = -1
    named = []
    if node.type == tree.XML_ELEMENT_NODE:
        attribute = node.properties
        while attribute is not NULL:
            if attribute.ns is NULL:
                name = <const char*>attribute.name
                if strcmp(name, b"class") == 0:
                    value = cetree.attributeValue(node, attribute)
                    if record.class_value is None:  # the first, as ``get()`` reads
                        record.class_value = value
                elif strcmp(name, b"id") == 0:
                    value = cetree.attributeValue(node, attribute)
                    if record.id_value is None:
                        record.id_value = value
                elif strcmp(name, b"role") == 0 or strcmp(name, b"itemprop") == 0:
                    value = cetree.attributeValue(node, attribute)
                else:
                    value = None
                if value:
                    named.append(value)
            attribute = attribute.next
    record.named = tuple(named)
    return record


def add_up(list records, list every_record, blocks, paragraphs, list prose, good, double linked):
    """Fill in the totals of the records of :func:`page_records` from the blocks, and find the page's
    container, which it returns: the record whose children and grandchildren hold the most prose
    (``prose``: which blocks are), less its linked share.

    ``good`` is jusText's good label; a block at least ``linked`` linked is a link. Each block
    is added to its element's record, then each record to its parent's, children first: one
    step per element, whatever the depth.
    """
    cdef Record record, parent, ancestor, best, container
    cdef Py_ssize_t chars, below
    cdef double score, best_score, container_score
    cdef bint is_linked
    for record, block, paragraph, is_prose in zip(records, blocks, paragraphs, prose):
        chars = block.chars
        record.chars += chars
        if block.label == good:
            record.good_chars += chars
        record.link_chars += paragraph.chars_in_links
        record.blocks += 1
        if is_prose:
            record.prose_chars += chars
            parent = record.parent
            if parent is not None:
                parent.held_prose += chars
                if parent.parent is not None:
                    (<Record>parent.parent).held_prose += chars / 2.0
        # The first block under an element marks it and its ancestors up to the first one marked before.
        is_linked = block.link_density >= linked
        ancestor = record
        while ancestor is not None and ancestor.first_linked < 0:
            ancestor.first_linked = is_linked
            ancestor = ancestor.parent
    # On the way, the best container: the element that looks most like the article's,
    # readability-style (the jusText-good text it holds, less a part of the rest); of
    # equals, the first made, which is the last seen here.
    best, best_score = every_record[0], float("-inf")
    for record in reversed(every_record):
        score = record.good_chars - 0.5 * (record.chars - record.good_chars)
        if score >= best_score:
            best, best_score = record, score
        parent = record.parent
        if parent is not None:
            parent.chars += record.chars
            parent.good_chars += record.good_chars
            parent.link_chars += record.link_chars
            parent.blocks += record.blocks
            parent.prose_chars += record.prose_chars
    # The page's container, then each element's way to it through the tree; of equals, the first.
    container, container_score = every_record[0], _container_score(every_record[0])
    for record in every_record:
        score = _container_score(record)
        if score > container_score:
            container, container_score = record, score
    meeting, ancestor, below = {}, container, 0
    while ancestor is not None:
        meeting[ancestor] = below
        ancestor, below = ancestor.parent, below + 1
    for record in every_record:  # parents first
        parent = record.parent
        if record is best:
            record.best_depth = 0
        elif parent is not None and parent.best_depth >= 0:
            record.best_depth = parent.best_depth + 1
        if record in meeting:
            record.below_meeting = meeting[record]
        elif parent is not None:
            record.to_meeting = parent.to_meeting + 1
            record.below_meeting = parent.below_meeting
    return container


def like_elements(list records, list every_record, tuple levels):
    """Per block (``records``: of the elements the blocks start in; ``every_record``: each after its
    parent), for each number of element levels up in ``levels`` (increasing): the log of how many
    distinct elements of the blocks, that many levels up, share that element's parent, tag and
    class (cards, teasers, list items repeat; an article's container does not), and the share of
    them whose first block is a link. A C array of doubles, ``2 * len(levels)`` per block, block
    after block."""
    cdef Py_ssize_t width = 2 * len(levels), count = len(records), size = len(every_record)
    cdef Py_ssize_t depth = 0, level, i, column = 0, place, group, alike
    cdef Record record
    cdef dict group_of_key = {}
    columns = doubles(width * count)
    cdef double[::1] written = columns
    # By record place: its parent's (its own for the root), its like group (-1 until needed), the
    # last pass of levels that met it; by group: its elements met, and those whose first block is a link.
    parents_array, groups_array, met_array = ints(size), ints(size), ints(size)
    counts_array, linked_array = ints(size), ints(size)
    cdef int[::1] parents = parents_array, group_of = groups_array, met = met_array
    cdef int[::1] counts = counts_array, linked = linked_array
    # Each block's element, then its ancestors' as the levels go up, by place.
    places_array = ints(count)
    cdef int[::1] places = places_array
    for record in every_record:
        parents[record.position] = (<Record>record.parent).position if record.parent is not None else record.position
        group_of[record.position] = -1
    for i in range(count):
        places[i] = (<Record>records[i]).position
    for level in levels:
        while depth < level:
            for i in range(count):
                places[i] = parents[places[i]]
            depth += 1
        counts[:len(group_of_key)] = 0
        linked[:len(group_of_key)] = 0
        # Each distinct element once; its group found once per page, whatever the level.
        for i in range(count):
            place = places[i]
            if met[place] == column + 1:
                continue
            met[place] = column + 1
            record = every_record[place]
            group = group_of[place]
            if group < 0:
                key = (record.parent, record.tag, record.class_value)
                group = group_of[place] = group_of_key.setdefault(key, len(group_of_key))
            counts[group] += 1
            if record.first_linked > 0:
                linked[group] += 1
        # Items that each start with a link (teasers, "most read" lists): their share of the like
        # elements, where there are several.
        for i in range(count):
            group = group_of[places[i]]
            alike = counts[group]
            written[i * width + column] = log1p(alike - 1)
            written[i * width + column + 1] = linked[group] / <double>alike if alike > 1 else 0.0
        column += 2
    return columns


cdef Py_ssize_t write_element_columns(Record record, Record page, groups_of_value, int tags, int groups,
                                      tuple levels, double* row) except -1:
    """Write the columns of a block from ``record``, of the element it starts in, and its ancestors' into
    ``row``, and return how many: its and their ``tags`` tag bits, the ``groups`` word group bits
    of its attributes, of those of its parent and grandparent too and of all its ancestors'
    (``groups_of_value`` gives an attribute value's), the shares of the page's text and of its
    good text, the link and good density and the blocks of it and its ancestors ``levels`` up,
    and whether and how deep it lies in the best container. ``page`` is the root's record."""
    cdef Record parent, container
    cdef Py_ssize_t depth = 0, level, written = 0
    cdef int near_words
    cdef double chars
    if record.any_words < 0:
        _read_words(record, groups_of_value)
    parent = record.parent
    near_words = record.own_words
    if parent is not None:
        near_words |= parent.own_words | ((<Record>parent.parent).own_words if parent.parent is not None else 0)
    written += write_bits(record.tag_bits, tags, row + written)
    written += write_bits(record.own_words, groups, row + written)
    written += write_bits(near_words, groups, row + written)
    written += write_bits(record.any_words, groups, row + written)
    container = record
    for level in levels:
        while depth < level:
            if container.parent is not None:
                container = container.parent
            depth += 1
        chars = container.chars if container.chars else 1
        row[written] = container.chars / <double>(page.chars if page.chars else 1)
        row[written + 1] = container.good_chars / <double>(page.good_chars if page.good_chars else 1)
        row[written + 2] = container.link_chars / chars
        row[written + 3] = container.good_chars / chars
        row[written + 4] = log1p(container.blocks)
        written += 5
    row[written] = 1.0 if record.best_depth >= 0 else 0.0
    row[written + 1] = <double>record.best_depth
    return written + 2


cdef Py_ssize_t write_bits(unsigned int mask, int width, double* row) noexcept:
    """Write the ``width`` low bits of ``mask`` into ``row`` as 1.0 and 0.0, and return how many."""
    cdef int bit
    for bit in range(width):
        row[bit] = <double>(mask >> bit & 1)
    return width


cdef int _read_words(Record record, groups_of_value) except -1:
    """Read the word groups of the element of ``record`` and of its ancestors, once per element,
    when a block first needs them: those under which only prefiltered blocks start (a third)
    are never read."""
    cdef list missing = []
    cdef Record unread = record
    while unread is not None and unread.any_words < 0:
        missing.append(unread)
        unread = unread.parent
    cdef int own_words
    for unread in reversed(missing):
        own_words = 0
        for value in unread.named:
            own_words |= <int>groups_of_value(value)
        unread.own_words = own_words
        # Parents come first: read before, or just above.
        unread.any_words = own_words | ((<Record>unread.parent).any_words if unread.parent is not None else 0)
    return 0


cdef inline double _container_score(Record record):
    return record.held_prose * (1 - <double>record.link_chars / (record.chars if record.chars else 1))


cdef object ints(Py_ssize_t size):
    """A C array of ``size`` ints, all 0, for a value per record by place (or per block)."""
    return array("i", bytes(4 * size))


cdef object longs(Py_ssize_t size):
    """A C array of ``size`` long longs, all 0."""
    return array("q", bytes(8 * size))


cdef object flags(Py_ssize_t size):
    """A C array of ``size`` signed chars, all 0."""
    return array("b", bytes(size))


cdef object doubles(Py_ssize_t size):
    """A C array of ``size`` doubles, all 0.0."""
    return array("d", bytes(8 * size))
