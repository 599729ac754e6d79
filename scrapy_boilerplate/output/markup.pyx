# cython: language_level=3
"""A piece's inline markup written in one pass, and what both renderers write of links and images.

The renderers (:mod:`.markdown`, :mod:`.clean_html`) each say how an element,
an image and plain text are written; :func:`write_markup` nests them as the
piece's runs are nested in the page's markup elements (links, emphasis, inline
code), opening and closing each once. It runs compiled, telling the elements
by the tags of libxml2's nodes: every piece with markup goes through it.
"""

from libc.string cimport strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from .placement cimport Piece, Run

from ..html.urls import safe_url
from ..model.text import collapse

cetree.import_lxml__etree()

#: Inline elements holding code: what they hold is written as it is.
CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})
#: Markup nested deeper than this inside a piece is written as its text (no nesting limit of a reader to hit).
cdef Py_ssize_t MAX_MARKUP_DEPTH = 32


cdef inline bint _named(element, const char* name):
    """Whether ``element``'s tag is ``name`` (no namespace)."""
    cdef xmlNode* node = (<cetree._Element>element)._c_node
    return node.type == tree.XML_ELEMENT_NODE and node.ns is NULL and strcmp(<const char*>node.name, name) == 0


cdef bint is_code(element):
    """Whether ``element`` is one of :data:`CODE_TAGS`."""
    return _named(element, b"code") or _named(element, b"kbd") or _named(element, b"samp") or _named(element, b"tt")


cpdef str write_markup(Piece piece, written, text_part, image_part, element_part):
    """The piece's runs written nested in the markup elements that ``written`` accepts, in one pass.

    ``text_part(start, end)`` writes ``text[start:end]``, ``image_part(start, end, image)``
    an image at ``text[start:end]``, and ``element_part(element, start, end, inner, parts)``
    appends to ``parts`` (the parts written so far around it) an element at
    ``text[start:end]`` whose content is written ``inner``. Whitespace between runs
    stays outside the elements it separates, so that markup never starts or ends with
    a space. Markup inside ``code`` is its text.
    """
    # The elements open, outermost first, with where the text of each starts and its parts so far;
    # at the bottom, the piece itself (no element).
    cdef list elements = [None], starts = [0], parts = [[]]
    # The image and the elements written of each run's markup elements met.
    cdef dict markup_of = {}
    cdef list wanted
    cdef tuple inline
    cdef Run run
    cdef Py_ssize_t common, previous_end = (<Run>piece.runs[0]).start
    for run in piece.runs:
        inline = run.inline
        markup = markup_of.get(inline)
        if markup is None:
            image = inline[-1] if inline and _named(inline[-1], b"img") else None
            markup = markup_of[inline] = image, markup_written(inline, image, written)
        image, wanted = markup
        common = 0
        while common < len(elements) - 1 and common < len(wanted) and elements[common + 1] is wanted[common]:
            common += 1
        while len(elements) > common + 1:
            _close(elements, starts, parts, element_part, previous_end)
        if run.start > previous_end:
            (<list>parts[-1]).append(text_part(previous_end, run.start))
        for element in wanted[common:]:
            elements.append(element)
            starts.append(run.start)
            parts.append([])
        if image is not None:
            (<list>parts[-1]).append(image_part(run.start, run.end, image))
        elif run.end > run.start:
            (<list>parts[-1]).append(text_part(run.start, run.end))
        previous_end = run.end
    while len(elements) > 1:
        _close(elements, starts, parts, element_part, previous_end)
    return "".join(parts[0])


cdef _close(list elements, list starts, list parts, element_part, Py_ssize_t end):
    """Write the innermost element open, ending at ``end``, into the parts of the one around it."""
    element, start, inner = elements.pop(), starts.pop(), parts.pop()
    element_part(element, start, end, "".join(inner), parts[-1])


cpdef list markup_written(tuple inline, image, written):
    """The markup elements of ``inline`` that are written: no image (a run of its own), no link
    in a link, nothing inside code, none deeper than :data:`MAX_MARKUP_DEPTH`."""
    cdef list wanted = []
    cdef bint in_link = False, link
    for element in inline[:MAX_MARKUP_DEPTH]:
        link = _named(element, b"a")
        if element is image or (in_link and link) or not written(element):
            continue
        in_link = in_link or link
        wanted.append(element)
        if is_code(element):
            break
    return wanted


def link_target(reference, page):
    """The URL of ``href`` or ``src`` value ``reference`` under the package's URL rule
    (:func:`~scrapy_boilerplate.html.urls.safe_url`), absolute against ``page``'s base URL;
    ``None`` for no URL or one of a scheme that is not allowed."""
    if not reference or reference.isspace():
        return None
    # The base is looked for (a walk through the page) only for a relative reference.
    relative = page is not None and not reference.lstrip().startswith(("https://", "http://"))
    return safe_url(reference, page.base if relative and page is not None else None)


def image_alt(str text, Py_ssize_t start, Py_ssize_t end, image):
    """The words an image at ``text[start:end]`` stands for: the block's own (its alt text as
    the algorithm kept it), or for an image without text in the block its ``alt``."""
    return text[start:end] if end > start else collapse(image.get("alt") or "")


def set_apart(str text, Py_ssize_t start, Py_ssize_t end, str image):
    """``image``, written for an image at ``text[start:end]``, with the spaces around it that an
    image without text in the block (``start == end``) needs to stand apart from the words."""
    if end > start:
        return image
    before = " " if start and not text[start - 1].isspace() else ""
    after = " " if start < len(text) and not text[start].isspace() else ""
    return f"{before}{image}{after}"
