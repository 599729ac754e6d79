# The inline markup writer of markup.pyx (see there), for the Markdown writer compiled against it.
from .placement cimport Piece

cdef bint is_code(element)
cpdef str write_markup(Piece piece, written, text_part, image_part, element_part)
cpdef list markup_written(tuple inline, image, written)
