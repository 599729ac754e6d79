# cython: language_level=3
"""The records of the learned features: one per element a block starts in, and per ancestor of those.

Each record holds what the features read of its element (tag, ``class``,
``id``) and the totals :mod:`.features` adds up over the page. They are made
here from libxml2's nodes, climbing the parent pointers as :mod:`...html.search`
does, into one C array of structs (``records.pxd``) indexed by place, each
after its parent's: the totals, the containers and the like elements are
passes over it by index. Python objects only for the strings whose words are
read: the tags and the class values by number (a page repeats them), the ids.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.math cimport INFINITY, log1p
from libc.string cimport memset, strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.nodes cimport Names, attribute_named, is_element

from array import array

cetree.import_lxml__etree()


cdef struct _Slot:
    xmlNode* node
    int place


cdef class _Places:
    """The place of each node with a record, by its address (open addressing, at most half full), and
    the stack of the nodes met on the way up to the nearest one with a record."""

    cdef _Slot* slots
    cdef size_t size, used
    cdef xmlNode** missing
    cdef Py_ssize_t missing_size

    def __cinit__(self):
        self.size, self.missing_size = 256, 64
        self.slots = <_Slot*>PyMem_Malloc(self.size * sizeof(_Slot))
        self.missing = <xmlNode**>PyMem_Malloc(self.missing_size * sizeof(xmlNode*))
        if self.slots is NULL or self.missing is NULL:
            raise MemoryError()
        memset(self.slots, 0, self.size * sizeof(_Slot))

    def __dealloc__(self):
        PyMem_Free(self.slots)
        PyMem_Free(self.missing)

    cdef inline size_t _slot(self, xmlNode* node) noexcept:
        cdef size_t mask = self.size - 1, slot = ((<size_t>node >> 4) * <size_t>0x9E3779B97F4A7C15) & mask
        while self.slots[slot].node is not NULL and self.slots[slot].node is not node:
            slot = (slot + 1) & mask
        return slot

    cdef int get(self, xmlNode* node) noexcept:
        """The place of ``node``'s record; -1 where it has none."""
        cdef size_t slot = self._slot(node)
        return self.slots[slot].place if self.slots[slot].node is not NULL else -1

    cdef int put(self, xmlNode* node, int place) except -1:
        cdef _Slot* old = self.slots
        cdef size_t old_size = self.size, i, slot
        if 2 * (self.used + 1) > self.size:
            self.slots = <_Slot*>PyMem_Malloc(2 * old_size * sizeof(_Slot))
            if self.slots is NULL:
                self.slots = old
                raise MemoryError()
            self.size = 2 * old_size
            memset(self.slots, 0, self.size * sizeof(_Slot))
            for i in range(old_size):
                if old[i].node is not NULL:
                    self.slots[self._slot(old[i].node)] = old[i]
            PyMem_Free(old)
        slot = self._slot(node)
        self.slots[slot].node, self.slots[slot].place = node, place
        self.used += 1
        return 0

    cdef int push(self, Py_ssize_t depth, xmlNode* node) except -1:
        """Put ``node`` at ``depth`` of the stack of nodes met on the way up."""
        cdef xmlNode** grown
        if depth >= self.missing_size:
            grown = <xmlNode**>PyMem_Realloc(self.missing, 2 * self.missing_size * sizeof(xmlNode*))
            if grown is NULL:
                raise MemoryError()
            self.missing, self.missing_size = grown, 2 * self.missing_size
        self.missing[depth] = node
        return 0


cdef class Records:
    """The records of a page's elements and what they read of its blocks (fields declared in ``records.pxd``)."""

    def __cinit__(self):
        self.items = NULL
        self.blocks = NULL

    def __dealloc__(self):
        PyMem_Free(self.items)
        PyMem_Free(self.blocks)

    def __init__(self, list elements, dict tag_bits):
        """The records of ``elements`` (those the blocks start in, of one tree) and their ancestors,
        made down from the nearest ancestor with one; ``tag_bits`` maps a tag to its bit among the
        ancestor tags."""
        cdef Py_ssize_t count = len(elements), b, depth
        cdef _Places places = _Places()
        cdef Names names = Names()
        cdef xmlNode* node
        cdef int place, parent
        cdef cetree._Element element
        cdef list bits_of_tag = []
        if not count:  # a page's records have a root, which the totals and the columns read
            raise ValueError("no elements")
        self.tags, self.classes, self.ids = names.texts, [], []
        self.blocks = <BlockFacts*>PyMem_Malloc(count * sizeof(BlockFacts))
        self.capacity = count + 16
        self.items = <Record*>PyMem_Malloc(self.capacity * sizeof(Record))
        if self.blocks is NULL or self.items is NULL:
            raise MemoryError()
        memset(self.blocks, 0, count * sizeof(BlockFacts))
        self.block_count = count
        class_numbers = {}
        for b in range(count):
            element = <cetree._Element?>elements[b]
            if self.document is None:
                self.document = element._doc
            node = element._c_node
            place = places.get(node)
            if place < 0:
                # The nodes on the way up to the nearest one with a record (or past the root).
                depth = 0
                while node is not NULL and places.get(node) < 0:
                    places.push(depth, node)
                    depth += 1
                    node = node.parent if node.parent is not NULL and is_element(node.parent) else NULL
                parent = places.get(node) if node is not NULL else -1
                while depth > 0:
                    depth -= 1
                    place = self._add(places.missing[depth], parent, names, tag_bits, bits_of_tag, class_numbers)
                    places.put(places.missing[depth], place)
                    parent = place
            self.blocks[b].record = place

    cdef int _add(self, xmlNode* node, int parent, Names names, dict tag_bits, list bits_of_tag,
                  dict class_numbers) except -1:
        """Add the record of ``node``, whose parent's is at ``parent``, and return its place."""
        cdef Record* grown
        cdef Record* record
        cdef xmlAttr* attribute
        cdef const char* name
        cdef int tag
        if self.count == self.capacity:
            grown = <Record*>PyMem_Realloc(self.items, 2 * self.capacity * sizeof(Record))
            if grown is NULL:
                raise MemoryError()
            self.items, self.capacity = grown, 2 * self.capacity
        tag = names.number(node) if node.type == tree.XML_ELEMENT_NODE else names.number_of_text("")
        while len(bits_of_tag) < len(names.texts):  # each tag's bit, looked up once per page
            bits_of_tag.append(tag_bits.get(names.texts[len(bits_of_tag)], 0))
        record = &self.items[self.count]
        memset(record, 0, sizeof(Record))
        record.node, record.parent, record.tag = node, parent, tag
        record.tag_bits = <unsigned int>bits_of_tag[tag] | (self.items[parent].tag_bits if parent >= 0 else 0)
        record.class_of = record.id_of = -1
        record.own_words = record.any_words = record.best_depth = record.first_linked = -1
        if node.type == tree.XML_ELEMENT_NODE:
            attribute = node.properties
            while attribute is not NULL:
                if attribute.ns is NULL:
                    name = <const char*>attribute.name
                    if strcmp(name, b"class") == 0 and record.class_of < 0:  # the first, as ``get()`` reads
                        value = cetree.attributeValue(node, attribute)
                        record.class_of = class_numbers.setdefault(value, len(class_numbers))
                        if record.class_of == len(self.classes):
                            self.classes.append(value)
                    elif strcmp(name, b"id") == 0 and record.id_of < 0:
                        record.id_of = len(self.ids)
                        self.ids.append(cetree.attributeValue(node, attribute))
                attribute = attribute.next
        self.count += 1
        return self.count - 1

    def __len__(self):
        return self.count

    def parent(self, Py_ssize_t place):
        """The place of the parent of the record at ``place`` (-1: a root)."""
        return self.items[self._checked(place)].parent

    def tag(self, Py_ssize_t place):
        """Its tag (``""`` for a node that is not an element)."""
        return self.tags[self.items[self._checked(place)].tag]

    def class_value(self, Py_ssize_t place):
        """Its ``class`` (``None`` where it has none)."""
        cdef int number = self.items[self._checked(place)].class_of
        return self.classes[number] if number >= 0 else None

    def id_value(self, Py_ssize_t place):
        """Its ``id`` (``None`` where it has none)."""
        cdef int number = self.items[self._checked(place)].id_of
        return self.ids[number] if number >= 0 else None

    def element(self, Py_ssize_t place):
        """Its element: made when asked, as the tree is unchanged while its records live."""
        return cetree.elementFactory(self.document, self.items[self._checked(place)].node)

    def of_block(self, Py_ssize_t block):
        """The place of the record of the element block ``block`` starts in."""
        if not 0 <= block < self.block_count:
            raise IndexError(block)
        return self.blocks[block].record

    def named(self, Py_ssize_t place):
        """The values, not empty, of its ``class``, ``id``, ``role`` and ``itemprop`` attributes: those
        whose words say what it holds."""
        cdef xmlNode* node = self.items[self._checked(place)].node
        cdef xmlAttr* attribute
        cdef const char* name
        named = []
        if node.type == tree.XML_ELEMENT_NODE:
            attribute = node.properties
            while attribute is not NULL:
                name = <const char*>attribute.name
                if attribute.ns is NULL and (strcmp(name, b"class") == 0 or strcmp(name, b"id") == 0
                                             or strcmp(name, b"role") == 0 or strcmp(name, b"itemprop") == 0):
                    value = cetree.attributeValue(node, attribute)
                    if value:
                        named.append(value)
                attribute = attribute.next
        return tuple(named)

    cdef Py_ssize_t _checked(self, Py_ssize_t place) except -1:
        if not 0 <= place < self.count:
            raise IndexError(place)
        return place

    cdef int tag_number(self, str tag) except -2:
        """The number of ``tag`` on the page (-1: no record has it)."""
        return self.tags.index(tag) if tag in self.tags else -1

    cdef object attribute(self, Py_ssize_t place, const char* name):
        """The attribute ``name`` of the record at ``place``, as lxml's ``get(name)`` reads it (``None``: none)."""
        cdef xmlNode* node = self.items[place].node
        cdef xmlAttr* attribute
        if node.type != tree.XML_ELEMENT_NODE:
            return None
        attribute = attribute_named(node, name)
        return cetree.attributeValue(node, attribute) if attribute is not NULL else None

    cdef int add_up(self) except -1:
        """Fill in the totals of the records from the blocks' facts, and find the page's container
        (:attr:`container`): the record whose children and grandchildren hold the most prose, less
        its linked share.

        Each block is added to its element's record, then each record to its parent's, children
        first: one step per element, whatever the depth.
        """
        cdef Record* items = self.items
        cdef Record* record
        cdef BlockFacts* block
        cdef Py_ssize_t b, i, best, container, ancestor, below
        cdef double score, best_score, container_score
        for b in range(self.block_count):
            block = &self.blocks[b]
            record = &items[block.record]
            record.chars += block.chars
            if block.good:
                record.good_chars += block.chars
            record.link_chars += block.link_chars
            record.blocks += 1
            if block.prose:
                record.prose_chars += block.chars
                if record.parent >= 0:
                    items[record.parent].held_prose += block.chars
                    if items[record.parent].parent >= 0:
                        items[items[record.parent].parent].held_prose += block.chars / 2.0
            # The first block under an element marks it and its ancestors up to the first one marked before.
            ancestor = block.record
            while ancestor >= 0 and items[ancestor].first_linked < 0:
                items[ancestor].first_linked = block.linked
                ancestor = items[ancestor].parent
        # On the way, the best container: the element that looks most like the article's,
        # readability-style (the jusText-good text it holds, less a part of the rest); of
        # equals, the first made, which is the last seen here.
        best, best_score = 0, -INFINITY
        for i in range(self.count - 1, -1, -1):
            record = &items[i]
            score = record.good_chars - 0.5 * (record.chars - record.good_chars)
            if score >= best_score:
                best, best_score = i, score
            if record.parent >= 0:
                items[record.parent].chars += record.chars
                items[record.parent].good_chars += record.good_chars
                items[record.parent].link_chars += record.link_chars
                items[record.parent].blocks += record.blocks
                items[record.parent].prose_chars += record.prose_chars
        # The page's container, then each element's way to it through the tree; of equals, the first.
        container, container_score = 0, _container_score(&items[0])
        for i in range(self.count):
            score = _container_score(&items[i])
            if score > container_score:
                container, container_score = i, score
        self.container = container
        # The container and its ancestors, where the ways meet: to_meeting -1 marks them until passed.
        ancestor, below = container, 0
        while ancestor >= 0:
            items[ancestor].to_meeting, items[ancestor].below_meeting = -1, below
            ancestor, below = items[ancestor].parent, below + 1
        for i in range(self.count):  # parents first
            record = &items[i]
            if i == best:
                record.best_depth = 0
            elif record.parent >= 0 and items[record.parent].best_depth >= 0:
                record.best_depth = items[record.parent].best_depth + 1
            if record.to_meeting < 0:
                record.to_meeting = 0
            elif record.parent >= 0:
                record.to_meeting = items[record.parent].to_meeting + 1
                record.below_meeting = items[record.parent].below_meeting
        return 0

    cdef object like_elements(self, tuple levels):
        """Per block, for each number of element levels up in ``levels`` (increasing): the log of how
        many distinct elements of the blocks, that many levels up, share that element's parent, tag
        and class (cards, teasers, list items repeat; an article's container does not), and the share
        of them whose first block is a link. A C array of doubles, ``2 * len(levels)`` per block,
        block after block."""
        cdef Py_ssize_t width = 2 * len(levels), count = self.block_count, size = self.count
        cdef Py_ssize_t depth = 0, level, i, column = 0, place, group, alike
        cdef Record* record
        cdef dict group_of_key = {}
        columns = doubles(width * count)
        cdef double[::1] written = columns
        # By record place: its like group (-1 until needed), the last pass of levels that met it; by
        # group: its elements met, and those whose first block is a link.
        groups_array, met_array, counts_array, linked_array = ints(size), ints(size), ints(size), ints(size)
        cdef int[::1] group_of = groups_array, met = met_array, counts = counts_array, linked = linked_array
        # Each block's element, then its ancestors' as the levels go up (a root stays), by place.
        places_array = ints(count)
        cdef int[::1] places = places_array
        group_of[:] = -1
        for i in range(count):
            places[i] = self.blocks[i].record
        for level in levels:
            while depth < level:
                for i in range(count):
                    if self.items[places[i]].parent >= 0:
                        places[i] = self.items[places[i]].parent
                depth += 1
            counts[:len(group_of_key)] = 0
            linked[:len(group_of_key)] = 0
            # Each distinct element once; its group found once per page, whatever the level.
            for i in range(count):
                place = places[i]
                if met[place] == column + 1:
                    continue
                met[place] = column + 1
                record = &self.items[place]
                group = group_of[place]
                if group < 0:
                    key = (record.parent, record.tag, record.class_of)
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

    cdef Py_ssize_t write_element_columns(self, Py_ssize_t place, groups_of_value, int tags, int groups,
                                          tuple levels, double* row) except -1:
        """Write the columns of a block from the record at ``place``, of the element it starts in, and
        its ancestors' into ``row``, and return how many: its and their ``tags`` tag bits, the ``groups``
        word group bits of its attributes, of those of its parent and grandparent too and of all its
        ancestors' (``groups_of_value`` gives an attribute value's), the shares of the page's text and
        of its good text, the link and good density and the blocks of it and its ancestors ``levels``
        up, and whether and how deep it lies in the best container."""
        cdef Record* items = self.items
        cdef Record* record = &items[place]
        cdef Record* container
        cdef Py_ssize_t depth = 0, level, written = 0, parent = record.parent
        cdef int near_words
        cdef double chars
        if record.any_words < 0:
            self._read_words(place, groups_of_value)
        near_words = record.own_words
        if parent >= 0:
            near_words |= items[parent].own_words | (items[items[parent].parent].own_words
                                                     if items[parent].parent >= 0 else 0)
        written += write_bits(record.tag_bits, tags, row + written)
        written += write_bits(record.own_words, groups, row + written)
        written += write_bits(near_words, groups, row + written)
        written += write_bits(record.any_words, groups, row + written)
        container = record
        for level in levels:
            while depth < level:
                if container.parent >= 0:
                    container = &items[container.parent]
                depth += 1
            chars = container.chars if container.chars else 1
            row[written] = container.chars / <double>(items[0].chars if items[0].chars else 1)
            row[written + 1] = container.good_chars / <double>(items[0].good_chars if items[0].good_chars else 1)
            row[written + 2] = container.link_chars / chars
            row[written + 3] = container.good_chars / chars
            row[written + 4] = log1p(container.blocks)
            written += 5
        row[written] = 1.0 if record.best_depth >= 0 else 0.0
        row[written + 1] = <double>record.best_depth
        return written + 2

    cdef int _read_words(self, Py_ssize_t place, groups_of_value) except -1:
        """Read the word groups of the element at ``place`` and of its ancestors, once per element,
        when a block first needs them: those under which only prefiltered blocks start (a third)
        are never read."""
        cdef list missing = []
        cdef Py_ssize_t unread = place
        cdef int own_words
        cdef Record* record
        while unread >= 0 and self.items[unread].any_words < 0:
            missing.append(unread)
            unread = self.items[unread].parent
        for unread in reversed(missing):
            record = &self.items[unread]
            own_words = 0
            for value in self.named(unread):
                own_words |= <int>groups_of_value(value)
            record.own_words = own_words
            # Parents come first: read before, or just above.
            record.any_words = own_words | (self.items[record.parent].any_words if record.parent >= 0 else 0)
        return 0


cdef Py_ssize_t write_bits(unsigned int mask, int width, double* row) noexcept:
    """Write the ``width`` low bits of ``mask`` into ``row`` as 1.0 and 0.0, and return how many."""
    cdef int bit
    for bit in range(width):
        row[bit] = <double>(mask >> bit & 1)
    return width


cdef inline double _container_score(Record* record) noexcept:
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
