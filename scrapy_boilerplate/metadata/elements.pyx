# cython: language_level=3
"""The elements a page's metadata reads, found in one walk over libxml2's nodes.

Read through lxml, the metadata iterated over the page's ``<script>``, ``<meta>`` and ``<link>``
elements, then its ``<title>``, ``<h1>`` and ``<time>`` elements: an element object each (0.76 µs
on Scrapy's tree, where lxml.html looks each one's class up in Python), then a Python call for each
attribute read. One walk in C reads the values the metadata takes of the first three kinds and of
the ``<title>`` as text, and makes element objects only of the ``<h1>`` and ``<time>`` elements,
whose text and neighbours the metadata reads further.

The elements are those of ``root.iter(tag)``: the root and its descendants, named so in no
namespace. Each value is read as lxml's ``get()`` and ``text`` read it (:mod:`...html.values`),
those alone that the reading through lxml read: text that is not valid UTF-8 raises
``UnicodeDecodeError`` where it did.
"""

from libc.string cimport strcmp
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode

cimport lxml.includes.etreepublic as cetree

from ..html.search cimport following
from ..html.values cimport get, text_from

cetree.import_lxml__etree()


cdef class PageElements:
    """What :func:`find` gathers of a page, each in document order."""

    #: The texts of the JSON-LD: the ``<script type="application/ld+json">`` elements' and the
    #: ``content`` of each ``<meta name="script:ld+json">`` (Next.js writes a page's JSON-LD there).
    cdef readonly list json_ld
    #: The other ``<meta>`` elements with a ``content``: their key (``property``, else ``name``,
    #: ``itemprop`` or ``http-equiv``; ``""``: none) and content.
    cdef readonly list metas
    #: The ``href`` of each ``<link rel="canonical">`` (``None``: none), the ``title`` of each
    #: ``<link rel="author">`` (a link of both rels is in both).
    cdef readonly list canonical_urls, author_titles
    #: The first ``<title>``'s text (``""``: none).
    cdef readonly str title
    #: The first ``most`` ``<h1>`` and ``<time>`` elements.
    cdef readonly list headings, times


cdef class _Walk:
    cdef PageElements found
    cdef cetree._Document document
    cdef Py_ssize_t most
    cdef bint titled  # the first <title> read

    cdef int element(self, xmlNode* node) except -1:
        cdef const char* name = <const char*>node.name
        if node.type != tree.XML_ELEMENT_NODE or node.ns is not NULL:  # a comment at the root
            return 0
        if strcmp(name, "script") == 0:
            if (get(node, "type") or "").strip().lower() == "application/ld+json":
                self.found.json_ld.append(text_from(node.children))
        elif strcmp(name, "meta") == 0:
            self.meta(node)
        elif strcmp(name, "link") == 0:
            rel = (get(node, "rel") or "").lower().split()
            if "canonical" in rel:
                self.found.canonical_urls.append(get(node, "href"))
            if "author" in rel:
                self.found.author_titles.append(get(node, "title"))
        elif strcmp(name, "title") == 0:
            if not self.titled:
                self.found.title, self.titled = text_from(node.children), True
        elif strcmp(name, "h1") == 0:
            if len(self.found.headings) < self.most:
                self.found.headings.append(cetree.elementFactory(self.document, node))
        elif strcmp(name, "time") == 0:
            if len(self.found.times) < self.most:
                self.found.times.append(cetree.elementFactory(self.document, node))
        return 0

    cdef int meta(self, xmlNode* node) except -1:
        name = get(node, "name")
        if (name or "").strip().lower() == "script:ld+json":
            self.found.json_ld.append(get(node, "content") or "")
            return 0
        key = get(node, "property") or name or get(node, "itemprop") or get(node, "http-equiv") or ""
        content = get(node, "content")
        if content:
            self.found.metas.append((key, content))
        return 0


def find(root, Py_ssize_t most):
    """The elements of ``root`` (itself and its descendants) that the metadata reads (see
    :class:`PageElements`), with at most ``most`` ``<h1>`` and ``<time>`` elements."""
    cdef cetree._Element top = root
    cdef _Walk walk = _Walk()
    cdef PageElements found = PageElements()
    cdef xmlNode* node = top._c_node
    found.json_ld, found.metas, found.canonical_urls, found.author_titles = [], [], [], []
    found.headings, found.times, found.title = [], [], ""
    walk.found, walk.document, walk.most = found, top._doc, most
    while node is not NULL:
        walk.element(node)
        node = following(node, top._c_node, True)
    return found
