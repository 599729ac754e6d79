# cython: language_level=3
"""What the page-type features read of a whole page, gathered in one walk over libxml2's nodes.

The features (:mod:`.features`) count a page's elements by tag and measure the text of its body,
links, list items, paragraphs and headings. Read through lxml that takes an iteration over every
element, one over some of them and six XPaths, each a walk of the whole tree that makes an object
of every element or value it passes: 2 ms a page. One walk in C makes objects only of what the
features read as text: the JSON-LD scripts, the ``itemprop`` and ``itemtype`` values, some
``<meta>`` and ``<input>`` values, and the start of the page's text. The ``class`` values are
counted in a table of their bytes, and each distinct one's words are read once, after the walk
(a grid's thousand cards are one value): a ``str`` of each value and a ``Counter`` of them, and
the words' counts in Python, took a quarter of the features' time.

Every text is read as lxml reads it (``text`` and ``tail`` through :mod:`...html.nodes`, an XPath's
string value of ``<body>`` and of the text under links and list items) and measured in characters;
text that is not valid UTF-8 raises ``UnicodeDecodeError``, as lxml does when it decodes it.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Realloc
from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy, strcmp, strlen
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.nodes cimport Names, attribute_named, element_from, text_node
from ...html.utf8 cimport Buffer, add, decoded, release, well_formed
from ...html.values cimport add_content, attribute_value, get, text_from, utf8_text
from .words cimport MOST_GROUPS, Groups, count_ascii_words, count_words

cetree.import_lxml__etree()

cdef extern from "Python.h":
    object PyUnicode_DecodeUTF8(const char* data, Py_ssize_t size, const char* errors)
    # Python's hash of bytes (SipHash, seeded per process): the class values are the page's, and a
    # page must not make them collide.
    Py_hash_t _Py_HashBytes(const void* data, Py_ssize_t size)

# A distinct ``class`` value: its bytes in the walk's ``class_bytes``, its elements, its hash, and
# whether it is ASCII (most are: read as it is, without a ``str`` of it lowercased).
cdef struct ClassValue:
    Py_ssize_t start
    Py_ssize_t length
    Py_ssize_t count
    Py_hash_t hashed
    bint ascii

# What the walk does at an element, by its tag (in no namespace).
cdef enum:
    LINK = 1  # its text under links, its href
    ITEM = 2  # its text under list items
    BODY = 4  # the page's text
    PARAGRAPH = 8  # its length with its children's
    HEADING = 16  # linked, with an id
    HOLDER = 32  # its own text counted by tag
    INPUT = 64
    META = 128
    SCRIPT = 256
    TITLE = 512

#: Elements whose own text (``text``, not their children's) is counted, each its share of the page's.
TEXT_HOLDERS = ("p", "pre", "h1", "h2", "h3", "h4", "button", "label")
cdef dict _KINDS = {"a": LINK, "li": ITEM, "body": BODY, "p": PARAGRAPH, "h1": HEADING, "h2": HEADING,
                    "h3": HEADING, "h4": HEADING, "input": INPUT, "meta": META, "script": SCRIPT, "title": TITLE}
for _tag in TEXT_HOLDERS:
    _KINDS[_tag] = _KINDS.get(_tag, 0) | HOLDER
#: The ``<meta>`` whose ``content`` the features read.
cdef frozenset _CONTENT_READ = frozenset({"og:type", "generator"})


cdef class PageParts:
    """What :func:`read` gathers of a page (see :mod:`.features` for what each tells)."""

    #: The number of elements of each tag (lxml's ``tag``).
    cdef readonly dict tags
    #: The characters of the own text (``text``) of the elements of each text-holding tag.
    cdef readonly dict text_in
    #: Each ``<p>``'s characters: its text, and its children's text and tail.
    cdef readonly list paragraphs
    #: The texts of the JSON-LD scripts; the ``<meta>`` elements' ``property`` (or ``name``), each
    #: with its ``content`` where that is ``og:type`` or ``generator`` (else ``None``); the ``type``
    #: of the ``<input>`` elements.
    cdef readonly list json_ld, metas, input_types
    #: The first non-empty ``<title>`` text.
    cdef readonly str title
    #: The values of the ``itemtype`` and ``itemprop`` attributes, in document order.
    cdef readonly list itemtypes, itemprops
    #: The distinct ``class`` values (``//@class``); for each group of the words read, the words of
    #: those values it holds (lowercased, split at whitespace, dashes and underscores, each value
    #: once).
    cdef readonly Py_ssize_t class_values
    cdef readonly list class_words
    #: Groups of elements alike (of one ``class`` value): the elements of the largest and of the
    #: second (the first seen of equal ones), the groups of 5 elements or more and their elements,
    #: and for each group of words whether the largest's value holds one of its words.
    cdef readonly Py_ssize_t largest_alike, second_alike, groups_alike, elements_alike
    cdef readonly list largest_alike_words
    #: Links whose ``href`` starts with ``#``, ``tel:`` and ``mailto:``; headings in or holding a
    #: link, headings with an ``id``.
    cdef readonly Py_ssize_t self_links, phone_links, mail_links, linked_headings, headings_with_id
    #: The characters of the text under links, under list items, and of the first ``<body>``.
    cdef readonly Py_ssize_t link_chars, item_chars, body_chars
    #: The first ``start_size`` characters of the first ``<body>``'s text.
    cdef readonly str body_start


cdef Py_ssize_t _characters(const unsigned char* data, Py_ssize_t length) except -1:
    """The characters of UTF-8 ``data``; ``UnicodeDecodeError`` where Python's decoder finds it invalid."""
    cdef Py_ssize_t count = 0, i = 0
    cdef unsigned char lead
    cdef uint64_t eight
    while i < length:
        # Eight ASCII bytes at a time, eight characters (most of a page's text): a third of the walk's time.
        while i + 8 <= length:
            memcpy(&eight, data + i, 8)
            if eight & 0x8080808080808080ULL:
                break
            i += 8
            count += 8
        if i == length:
            break
        lead = data[i]
        if lead < 0x80:
            i += 1
        else:
            i += _sequence(data, i, length)
        count += 1
    return count


cdef Py_ssize_t _sequence(const unsigned char* data, Py_ssize_t start, Py_ssize_t length) except -1:
    """The length of the valid multi-byte sequence at ``start``; ``UnicodeDecodeError`` where there is none."""
    cdef Py_ssize_t size = well_formed(data, start, length)
    if not size:
        PyUnicode_DecodeUTF8(<const char*>data + start, length - start, NULL)  # raises, saying where
        raise UnicodeDecodeError("utf-8", bytes(data[start:length]), 0, 1, "invalid data")
    return size


cdef Py_ssize_t _run_characters(xmlNode* node) except -1:
    """The characters of the text lxml reads from ``node`` on (``text`` from an element's first
    child, ``tail`` from the node after it)."""
    cdef Py_ssize_t count = 0
    node = text_node(node)
    while node is not NULL:
        if node.content is not NULL:
            count += _characters(node.content, strlen(<const char*>node.content))
        node = text_node(node.next)
    return count


cdef Py_ssize_t _own_characters(xmlNode* node) except -1:
    """The characters of ``text`` of a node lxml counts as a child: an element's text, a comment's
    or a processing instruction's content, an entity's ``&name;``."""
    if node.type == tree.XML_ELEMENT_NODE:
        return _run_characters(node.children)
    if node.type == tree.XML_ENTITY_REF_NODE:
        return _characters(node.name, strlen(<const char*>node.name)) + 2
    if node.content is NULL:
        return 0
    return _characters(node.content, strlen(<const char*>node.content))


cdef bint _ascii(const char* data, Py_ssize_t length) noexcept:
    cdef Py_ssize_t at
    for at in range(length):
        if <unsigned char>data[at] >= 0x80:
            return False
    return True


cdef bint _is_link(xmlNode* node) noexcept:
    return node is not NULL and node.type == tree.XML_ELEMENT_NODE and node.ns is NULL \
        and strcmp(<const char*>node.name, "a") == 0


cdef class _Walk:
    cdef PageParts parts
    cdef Names names
    cdef Py_ssize_t* counts
    cdef int* kinds
    cdef Py_ssize_t known  # the tag numbers whose kind and count are in ``kinds`` and ``counts``
    cdef Py_ssize_t links, items  # the open links and list items
    cdef xmlNode* body  # the first <body>, while the walk is in it; then NULL, and ``body_read`` set
    cdef bint body_read
    # In the elements after the root element (a page that opens <html> twice): the XPaths' reach,
    # not the root's iterations (the tags, and the elements read one by one).
    cdef bint beyond_root
    cdef Py_ssize_t start_size
    cdef Buffer start  # the first start_size characters of its text
    cdef Py_ssize_t start_characters
    # The distinct class values, as first seen, their bytes one after the other, and a table of
    # them (open addressing: a slot holds a value's number plus one, 0 when free; under 3/4 full).
    cdef ClassValue* class_values
    cdef Py_ssize_t class_count, class_capacity
    cdef Buffer class_bytes
    cdef Py_ssize_t* class_slots
    cdef Py_ssize_t class_slot_mask

    def __cinit__(self):
        self.parts = PageParts()
        self.names = Names()
        self.counts = NULL
        self.kinds = NULL
        self.start = Buffer(NULL, 0, 0)
        self.class_bytes = Buffer(NULL, 0, 0)

    def __dealloc__(self):
        PyMem_Free(self.counts)
        PyMem_Free(self.kinds)
        release(&self.start)
        PyMem_Free(self.class_values)
        PyMem_Free(self.class_slots)
        release(&self.class_bytes)

    cdef int kind(self, Py_ssize_t number) except -1:
        """Count an element of the tag ``number``, and tell what the walk does at it."""
        cdef Py_ssize_t known
        cdef void* grown
        if number >= self.known:
            known = max(2 * self.known, number + 1, 64)
            grown = PyMem_Realloc(self.counts, known * sizeof(Py_ssize_t))
            if grown is NULL:
                raise MemoryError()
            self.counts = <Py_ssize_t*>grown
            grown = PyMem_Realloc(self.kinds, known * sizeof(int))
            if grown is NULL:
                raise MemoryError()
            self.kinds = <int*>grown
            for known_number in range(self.known, known):
                self.counts[known_number] = 0
                self.kinds[known_number] = -1
            self.known = known
        if self.kinds[number] < 0:
            self.kinds[number] = _KINDS.get(self.names.texts[number], 0)
        if not self.beyond_root:
            self.counts[number] += 1
        return self.kinds[number]

    cdef int enter(self, xmlNode* node) except -1:
        cdef PageParts parts = self.parts
        cdef Py_ssize_t number = self.names.number(node)
        cdef int kind = self.kind(number)
        cdef xmlAttr* attribute = node.properties
        cdef const char* name
        cdef bytes value
        while attribute is not NULL:
            if attribute.ns is NULL:
                name = <const char*>attribute.name
                if strcmp(name, "class") == 0:
                    self.add_class(attribute)
                elif strcmp(name, "itemprop") == 0:
                    parts.itemprops.append(utf8_text(attribute_value(attribute)))
                elif strcmp(name, "itemtype") == 0:
                    parts.itemtypes.append(utf8_text(attribute_value(attribute)))
                elif kind & LINK and strcmp(name, "href") == 0:
                    value = attribute_value(attribute)
                    _characters(value, len(value))
                    parts.self_links += value.startswith(b"#")
                    parts.phone_links += value.startswith(b"tel:")
                    parts.mail_links += value.startswith(b"mailto:")
            attribute = attribute.next
        if not kind:
            return 0
        if kind & LINK:
            self.links += 1
        elif kind & ITEM:
            self.items += 1
        elif kind & BODY:
            if self.body is NULL and not self.body_read:
                self.body = node
            return 0
        if self.beyond_root:
            return 0
        if kind & HOLDER:
            tag = self.names.texts[number]
            parts.text_in[tag] = parts.text_in.get(tag, 0) + _run_characters(node.children)
        if kind & PARAGRAPH:
            self.paragraph(node)
        elif kind & HEADING:
            parts.linked_headings += _is_link(node.parent) or self.holds_link(node)
            parts.headings_with_id += attribute_named(node, "id") is not NULL
        elif kind & INPUT:
            _run_characters(node.children)  # read as lxml reads it, for its errors
            parts.input_types.append(get(node, "type"))
        elif kind & META:
            _run_characters(node.children)
            found = get(node, "property") or get(node, "name")
            if found:  # the content of those whose name the features read it for alone
                parts.metas.append((found, get(node, "content") if found in _CONTENT_READ else None))
        elif kind & SCRIPT:
            if get(node, "type") == "application/ld+json":
                text = text_from(node.children)
                if text:
                    parts.json_ld.append(text)
        elif kind & TITLE:
            text = text_from(node.children)
            if not parts.title:
                parts.title = text
        return 0

    cdef int add_class(self, xmlAttr* attribute) except -1:
        """Count the element whose ``class`` is ``attribute`` under its value."""
        cdef xmlNode* text = attribute.children
        cdef Buffer joined
        if text is NULL or (text.next is NULL and text.type == tree.XML_TEXT_NODE):  # an HTML page's: one text
            if text is NULL or text.content is NULL:
                return self.count_class("", 0)
            return self.count_class(<const char*>text.content, strlen(<const char*>text.content))
        joined = Buffer(NULL, 0, 0)  # texts and entities: joined as attribute_value joins them
        try:
            add_content(&joined, text, 0)
            if not joined.length:
                return self.count_class("", 0)
            return self.count_class(joined.data, joined.length)
        finally:
            release(&joined)

    cdef int count_class(self, const char* value, Py_ssize_t length) except -1:
        cdef Py_hash_t hashed = _Py_HashBytes(value, length)
        cdef Py_ssize_t slot, number
        cdef ClassValue* found
        if 4 * (self.class_count + 1) > 3 * (self.class_slot_mask + 1):
            self.grow_classes()
        slot = <Py_ssize_t>(<size_t>hashed & <size_t>self.class_slot_mask)
        while self.class_slots[slot]:
            found = &self.class_values[self.class_slots[slot] - 1]
            if found.hashed == hashed and found.length == length \
                    and memcmp(self.class_bytes.data + found.start, value, length) == 0:
                found.count += 1
                return 0
            slot = (slot + 1) & self.class_slot_mask
        number = self.class_count
        self.class_values[number] = ClassValue(self.class_bytes.length, length, 1, hashed, _ascii(value, length))
        add(&self.class_bytes, value, length)
        self.class_count += 1
        self.class_slots[slot] = number + 1
        return 0

    cdef int grow_classes(self) except -1:
        """Double the values' room and their table's slots (64 at first)."""
        cdef Py_ssize_t slots = max(64, 2 * (self.class_slot_mask + 1)), number, slot
        cdef void* grown = PyMem_Realloc(self.class_values, (3 * slots // 4) * sizeof(ClassValue))
        cdef Py_ssize_t* table
        if grown is NULL:
            raise MemoryError()
        self.class_values = <ClassValue*>grown
        table = <Py_ssize_t*>PyMem_Calloc(slots, sizeof(Py_ssize_t))
        if table is NULL:
            raise MemoryError()
        PyMem_Free(self.class_slots)
        self.class_slots, self.class_slot_mask = table, slots - 1
        for number in range(self.class_count):
            slot = <Py_ssize_t>(<size_t>self.class_values[number].hashed & <size_t>self.class_slot_mask)
            while table[slot]:
                slot = (slot + 1) & self.class_slot_mask
            table[slot] = number + 1
        return 0

    cdef int read_classes(self, Groups groups) except -1:
        """Read the distinct class values' words against ``groups`` and find the groups alike (see
        :class:`PageParts`); ``UnicodeDecodeError`` where a value is not UTF-8, as lxml's reading."""
        cdef PageParts parts = self.parts
        cdef Py_ssize_t[MOST_GROUPS] hits
        cdef Py_ssize_t number, group, largest = -1, second = -1
        cdef unsigned int words, largest_words = 0
        cdef ClassValue* value
        for group in range(MOST_GROUPS):
            hits[group] = 0
        for number in range(self.class_count):
            value = &self.class_values[number]
            words = 0
            if value.ascii:
                count_ascii_words(<const unsigned char*>self.class_bytes.data + value.start, value.length, groups,
                                  True, hits, &words)
            else:
                count_words(PyUnicode_DecodeUTF8(self.class_bytes.data + value.start, value.length, NULL).lower(),
                            groups, True, hits, &words)
            # Ties keep the first seen, as Counter.most_common.
            if largest < 0 or value.count > self.class_values[largest].count:
                largest, second, largest_words = number, largest, words
            elif second < 0 or value.count > self.class_values[second].count:
                second = number
            if value.count >= 5:
                parts.groups_alike += 1
                parts.elements_alike += value.count
        parts.class_values = self.class_count
        parts.class_words = [hits[group] for group in range(groups.size)]
        parts.largest_alike = self.class_values[largest].count if largest >= 0 else 0
        parts.second_alike = self.class_values[second].count if second >= 0 else 0
        parts.largest_alike_words = [bool(largest_words >> group & 1) for group in range(groups.size)]
        return 0

    cdef int paragraph(self, xmlNode* node) except -1:
        cdef Py_ssize_t length = _run_characters(node.children)
        cdef xmlNode* child = element_from(node.children)
        while child is not NULL:
            length += _own_characters(child) + _run_characters(child.next)
            child = element_from(child.next)
        self.parts.paragraphs.append(length)
        return 0

    cdef bint holds_link(self, xmlNode* node) noexcept:
        cdef xmlNode* child = node.children
        while child is not NULL:
            if _is_link(child):
                return True
            child = child.next
        return False

    cdef int leave(self, xmlNode* node) except -1:
        cdef int kind = self.kinds[self.names.number(node)]
        if kind & LINK:
            self.links -= 1
        elif kind & ITEM:
            self.items -= 1
        elif node is self.body:
            self.body, self.body_read = NULL, True
        return 0

    cdef int text(self, xmlNode* node) except -1:
        """Measure the text node (or CDATA section) ``node``: under links, list items, the body."""
        cdef const unsigned char* content = node.content
        cdef Py_ssize_t length, count
        if content is NULL or not (self.links or self.items or self.body is not NULL):
            return 0
        length = strlen(<const char*>content)
        count = _characters(content, length)
        if self.links:
            self.parts.link_chars += count
        if self.items:
            self.parts.item_chars += count
        if self.body is not NULL:
            self.body_text(content, length, count)
        return 0

    cdef int body_text(self, const unsigned char* content, Py_ssize_t length, Py_ssize_t count) except -1:
        cdef Py_ssize_t wanted = self.start_size - self.start_characters, at = 0
        self.parts.body_chars += count
        if wanted <= 0:
            return 0
        if count <= wanted:
            add(&self.start, <const char*>content, length)
            self.start_characters += count
            return 0
        for _ in range(wanted):
            at += 1 if content[at] < 0x80 else _sequence(content, at, length)
        add(&self.start, <const char*>content, at)
        self.start_characters += wanted
        return 0

    cdef int entity(self, xmlNode* node) except -1:
        """An entity's text counts in the body's, as in XPath's string value (not as a text node)."""
        cdef Buffer buffer
        if self.body is NULL or node.children is NULL:  # an entity not declared: no text
            return 0
        buffer = Buffer(NULL, 0, 0)
        try:
            add_content(&buffer, (<tree.xmlEntity*>node.children).children, 0)
            self.body_text(<const unsigned char*>buffer.data, buffer.length,
                           _characters(<const unsigned char*>buffer.data, buffer.length))
        finally:
            release(&buffer)
        return 0

    cdef int walk(self, xmlNode* top) except -1:
        cdef xmlNode* node = top
        cdef xmlNode* following
        self.enter(node)
        following = node.children
        while True:
            if following is not NULL:
                if following.type == tree.XML_ELEMENT_NODE:
                    node = following
                    self.enter(node)
                    following = node.children
                    continue
                if following.type == tree.XML_TEXT_NODE or following.type == tree.XML_CDATA_SECTION_NODE:
                    self.text(following)
                elif following.type == tree.XML_ENTITY_REF_NODE:
                    self.entity(following)
                following = following.next
                continue
            self.leave(node)
            if node is top:
                return 0
            following, node = node.next, node.parent


def read(document, Py_ssize_t start_size, Groups class_words):
    """What the page-type features read of the page whose root element is ``document`` (see
    :class:`PageParts`), with the first ``start_size`` characters of its text, and the ``class``
    values' words of each of ``class_words``.

    The tags and the elements read one by one are those of ``document`` (lxml's ``iter()``);
    the attribute values and the texts under links, list items and ``<body>`` are those of the
    whole document (an XPath's ``//``), elements after ``document`` included.
    """
    cdef _Walk walk = _Walk()
    cdef PageParts parts = walk.parts
    parts.tags, parts.text_in, parts.title = {}, {}, ""
    parts.paragraphs, parts.json_ld, parts.metas, parts.input_types = [], [], [], []
    parts.itemtypes, parts.itemprops = [], []
    walk.start_size = start_size
    cdef xmlNode* top = (<cetree._Element?>document)._c_node
    walk.walk(top)
    walk.beyond_root = True
    top = top.next
    while top is not NULL:
        if top.type == tree.XML_ELEMENT_NODE:
            walk.walk(top)
        top = top.next
    walk.read_classes(class_words)
    parts.body_start = decoded(&walk.start, 0) if walk.start.length else ""
    parts.tags = {walk.names.texts[number]: walk.counts[number] for number in range(len(walk.names.texts))
                  if number < walk.known and walk.counts[number]}
    return parts
