# boilerpipe's text blocks (document.pyx), declared for the segmentation that makes them and the
# filters that label and fuse them.
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

# The width at which a block's text is wrapped, and the text density of full text (document.pyx's
# LINE_WIDTH and MIN_FULLTEXT_DENSITY).
cdef enum:
    WRAP_WIDTH = 80
    FULLTEXT_DENSITY = 9


#: How :func:`fuse_blocks` tells whether a block joins the run before it: by calling ``joins``; by
#: proximity (a content block at most ``max_distance`` original blocks after the run), of any run or
#: of a content run only; by equal text density.
cdef enum Joining:
    JOINS_CALLED, JOINS_NEAR, JOINS_NEAR_CONTENT, JOINS_SAME_DENSITY


cdef class TextBlock:
    cdef public str text
    cdef public Py_ssize_t words, words_in_links, words_in_wrapped_lines, wrapped_lines
    cdef public Py_ssize_t offset_start, offset_end
    cdef public str xpath
    cdef xmlNode* node  # where its first text is held, NULL for nowhere; in ``document``
    cdef cetree._Document document
    cdef public bint one_text_node
    cdef public list line_starts
    cdef public bint is_content
    cdef public set labels
    cdef readonly double text_density, link_density
    cdef int measure(self) except -1
    cdef Py_ssize_t fulltext_words_of(self) noexcept
    cdef int absorb_counts(self, TextBlock following) except -1


cdef class TextDocument:
    cdef public list blocks
    cdef public object title
    cdef public list removed


cdef TextBlock new_block(str text, Py_ssize_t words, Py_ssize_t words_in_links, Py_ssize_t words_in_wrapped_lines,
                         Py_ssize_t wrapped_lines, Py_ssize_t offset)
cdef list fuse_blocks(list blocks, Py_ssize_t start, object joins, int rule, Py_ssize_t max_distance)
