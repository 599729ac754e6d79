# cython: language_level=3
"""jusText's paragraph: a run of a page's text between two paragraph boundaries, as :mod:`.segment` finds it.

Compiled: the segmentation makes one per paragraph and the classification reads their fields in C,
where a dataclass cost a call of its ``__init__`` and an attribute lookup per field read.
"""


cdef class Paragraph:
    """A run of text between two paragraph boundaries, before classification.

    ``element`` is the innermost open element where the paragraph starts, ``xpath`` where it is, as
    ``/html[1]/body[1]/div[2]``, counting every sibling of the page; ``heading`` whether some open
    element at its start is a heading (``h1`` ... ``h6``), ``in_select`` whether one is named like
    ``select``; ``image_only`` whether all its text is images' alternative text (only when
    segmenting with ``images``).
    """

    def __repr__(self):
        return (f"Paragraph(element={self.element!r}, xpath={self.xpath!r}, text={self.text!r}, "
                f"chars_in_links={self.chars_in_links}, heading={self.heading}, in_select={self.in_select}, "
                f"image_only={self.image_only})")


cdef Paragraph paragraph(object element, str xpath, str text, Py_ssize_t chars_in_links, bint heading,
                         bint in_select, bint image_only):
    """A new :class:`Paragraph` of these fields."""
    cdef Paragraph made = Paragraph.__new__(Paragraph)
    made.element, made.xpath, made.text = element, xpath, text
    made.chars_in_links, made.heading, made.in_select, made.image_only = (
        chars_in_links, heading, in_select, image_only)
    return made
