# The records of the learned features (records.pyx), declared for the other modules over them.
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree


cdef class Record:
    cdef xmlNode* node
    cdef cetree._Document document
    #: The record of its parent element; ``None`` for the page's root.
    cdef readonly object parent
    #: Its tag (``""`` for a node that is not an element).
    cdef readonly str tag
    #: Its ``class`` and ``id`` attributes (``None`` where it has none).
    cdef readonly object class_value
    cdef readonly object id_value
    #: The values, not empty, of its ``class``, ``id``, ``role`` and ``itemprop`` attributes.
    cdef readonly tuple named
    #: The characters, jusText-good characters, linked characters and blocks of the blocks under
    #: it, and the characters of those that are prose (see :func:`add_up`).
    cdef readonly Py_ssize_t chars, good_chars, link_chars, blocks, prose_chars
    #: The characters of the prose blocks its children (whole) and grandchildren (half) start in,
    #: as readability scores a container.
    cdef readonly double held_prose
    #: The levels from it up to where its ancestors meet the page's container's, and from there
    #: down to the container (0: it lies in the container).
    cdef readonly int to_meeting, below_meeting
    #: Its place among the records of the page, each after its parent's.
    cdef readonly int position
    # The bits of its and its ancestors' tags among the ancestor tags; the word groups of its own
    # attributes and of its and its ancestors' (-1 until read: see write_element_columns); whether and
    # how deep it lies in the best container (-1: not); whether its first block is a link (-1
    # until a block is met). Small fields: a page of 100,000 paragraphs has as many records.
    cdef unsigned int tag_bits
    cdef int own_words, any_words, best_depth
    cdef signed char first_linked


# C arrays of a value per record (or per block), all 0: ints, long longs, flags (signed chars) and doubles.
cdef object ints(Py_ssize_t size)
cdef object longs(Py_ssize_t size)
cdef object flags(Py_ssize_t size)
cdef object doubles(Py_ssize_t size)

# The ``width`` low bits of a mask, written into a row as 1.0 and 0.0.
cdef Py_ssize_t write_bits(unsigned int mask, int width, double* row) noexcept

# The columns of a block from the record of the element it starts in (see records.pyx), written into a row.
cdef Py_ssize_t write_element_columns(Record record, Record page, groups_of_value, int tags, int groups,
                                      tuple levels, double* row) except -1
