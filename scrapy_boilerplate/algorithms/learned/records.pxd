# The records of the learned features (records.pyx), declared for the other modules over them.
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.nodes cimport Names


# What the features need of one element of the page, read once per page; by its place among the
# page's records, each after its parent's. A struct in one C array: a page of 100,000 paragraphs
# has as many records.
cdef struct Record:
    xmlNode* node
    # Its parent's place (-1: a root); its tag's number in Records.tags (that of "" for a node that
    # is not an element); its ``class``'s number in Records.classes and its ``id``'s place in
    # Records.ids (-1: it has none).
    int parent, tag, class_of, id_of
    # The bits of its and its ancestors' tags among the ancestor tags.
    unsigned int tag_bits
    # The characters, jusText-good characters, linked characters and blocks of the blocks under
    # it, and the characters of those that are prose (see Records.add_up).
    long long chars, good_chars, link_chars, blocks, prose_chars
    # The characters of the prose blocks its children (whole) and grandchildren (half) start in,
    # as readability scores a container.
    double held_prose
    # The levels from it up to where its ancestors meet the page's container's, and from there
    # down to the container (0: it lies in the container); how deep it lies in the best container
    # (-1: not); the word groups of its own attributes and of its and its ancestors' (-1 until
    # read: see write_element_columns).
    int to_meeting, below_meeting, best_depth, own_words, any_words
    # Whether its first block is a link (-1 until a block is met).
    signed char first_linked


# What the records and the columns over them read of a block, by its place: its element's record,
# its characters, linked characters and commas, whether jusText calls it good, whether it is prose
# and whether it is a link. The features fill in all but the record.
cdef struct BlockFacts:
    int record
    long long chars, link_chars, commas
    bint good, prose, linked


cdef class Records:
    # The records, each after its parent's (the first: the page's root), and the blocks.
    cdef Record* items
    cdef Py_ssize_t count, capacity
    cdef BlockFacts* blocks
    cdef Py_ssize_t block_count
    # The page's tags by number, its distinct class values by number, its id values.
    cdef readonly list tags, classes, ids
    cdef cetree._Document document
    cdef Py_ssize_t container

    cdef int _add(self, xmlNode* node, int parent, Names names, dict tag_bits, list bits_of_tag,
                  dict class_numbers) except -1
    cdef Py_ssize_t _checked(self, Py_ssize_t place) except -1
    cdef int _read_words(self, Py_ssize_t place, groups_of_value) except -1
    cdef int tag_number(self, str tag) except -2
    cdef object attribute(self, Py_ssize_t place, const char* name)
    cdef int add_up(self) except -1
    cdef object like_elements(self, tuple levels)
    cdef Py_ssize_t write_element_columns(self, Py_ssize_t place, groups_of_value, int tags, int groups,
                                          tuple levels, double* row) except -1


# C arrays of a value per record (or per block), all 0: ints, long longs, flags (signed chars) and doubles.
cdef object ints(Py_ssize_t size)
cdef object longs(Py_ssize_t size)
cdef object flags(Py_ssize_t size)
cdef object doubles(Py_ssize_t size)

# The ``width`` low bits of a mask, written into a row as 1.0 and 0.0.
cdef Py_ssize_t write_bits(unsigned int mask, int width, double* row) noexcept
