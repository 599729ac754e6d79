# cython: language_level=3
"""Segmentation of a parsed page into jusText's paragraphs, compiled: a walk over libxml2's nodes.

The reference implementation cleans a copy of the tree with lxml's ``Cleaner``
and replays it through SAX. This module walks the caller's tree once, without
copying or changing it, and reproduces the same paragraphs: the elements the
cleaner deletes are skipped with their content, the ones it unwraps are
walked through, and the text on either side of a deleted or unwrapped element
is merged into one piece, as the cleaner's ``drop_tree`` and ``drop_tag`` do.

The walk reads the tree through lxml's public C API (``lxml.includes``), the
way lxml's own extensions do: it follows libxml2's node pointers, reads each
tag once per page (tags are looked up by the pointer to their name), counts
siblings in C for the XPaths, and makes Python objects only of what it keeps:
for each paragraph its text, element and XPath. The text is gathered as
libxml2's UTF-8 in a C buffer, its whitespace tested and collapsed there,
and decoded once a paragraph.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from lxml.includes cimport tree
from lxml.includes.tree cimport const_xmlChar, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html.nodes cimport Names, Open, Place, Walker, add_text, element_from, is_element
from ...html.utf8 cimport Buffer, add, blank, collapsed, decoded, normalized_length as length_normalized, release
from .paragraph cimport paragraph

import re

from lxml import etree

from ...html.page import LOOKED_FOR_TAGS, note_skipped

cetree.import_lxml__etree()

#: The tags that start and end a paragraph.
PARAGRAPH_TAGS = frozenset({
    "body", "blockquote", "caption", "center", "col", "colgroup", "dd",
    "div", "dl", "dt", "fieldset", "form", "legend", "optgroup", "option",
    "p", "pre", "table", "td", "textarea", "tfoot", "th", "thead", "tr",
    "ul", "li", "h1", "h2", "h3", "h4", "h5", "h6",
})
#: Deleted with their content by the reference's preprocessing.
KILLED_TAGS = frozenset({
    "head", "base", "script", "style", "applet",
    "button", "input", "select", "textarea",
})
#: Replaced by their content by the reference's preprocessing.
UNWRAPPED_TAGS = frozenset({"form", "iframe", "embed", "layer", "object"})
#: The readings of ruby annotations, and their fallback parentheses: deleted with their content
#: when segmenting without ``ruby_text``.
RUBY_TEXT_TAGS = ("rt", "rp")
#: What a button left open by the parser holds: the page's main landmark, which no control holds.
SWALLOWED_TAG = "main"

HEADING_PATTERN = re.compile(r"\bh\d\b")

# What the walk does at an element (its kind): lets its text flow into the
# paragraph (inline), starts and ends a paragraph, breaks a line, ..., as the
# reference's cleaning and SAX handler do.
cdef enum:
    INLINE, PARAGRAPH, BR, LINK, IMAGE, UNWRAP, KILL, DECIDED_PER_ELEMENT
_KIND_OF_TAG = {
    **{tag: PARAGRAPH for tag in PARAGRAPH_TAGS},
    **{tag: KILL for tag in KILLED_TAGS},
    **{tag: UNWRAP for tag in UNWRAPPED_TAGS},
    "br": BR,
    "a": LINK,
    "img": IMAGE,
    "link": DECIDED_PER_ELEMENT,  # see ``_cleaner_kind``
    "param": DECIDED_PER_ELEMENT,
}


def normalized_length(str text) -> int:
    """The length of ``text`` once the reference has normalized its whitespace: each run of
    whitespace becomes one character (a newline if it holds a line break, else a space)."""
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    return length_normalized(PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))


def collapse_whitespace(str text) -> str:
    """The reference's paragraph text from ``text``: stripped, then each run of whitespace
    collapsed to one newline if it holds a line break, else to one space."""
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    cdef Buffer buffer = Buffer(NULL, 0, 0)
    try:
        add(&buffer, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
        collapsed(&buffer, 0, True)
        return buffer.data[:buffer.length].decode("utf-8", "surrogatepass")
    finally:
        release(&buffer)


# --- What the walk knows of a tag: its kind, whether it is a heading or named like "select"
# (what it adds to the counts of open ones), and whether the renderers look for it.

#: The role of each tag met (kind, heading, select, looked for), for every page: a regular expression
#: per tag and page cost 1% of jusText's time. Up to a number of tags no site's pages reach.
cdef dict _ROLES = {}
cdef Py_ssize_t _MOST_ROLES = 4096


cdef struct Tag:
    int kind
    int heading
    int select
    bint looked_for
    Py_ssize_t number


cdef class _Tags:
    """The roles of the page's tags, by their numbers among the page's names."""

    cdef Names names
    cdef Tag* tags
    cdef Py_ssize_t known, size
    cdef bint ruby_text

    def __cinit__(self, Names names, bint ruby_text):
        self.names = names
        self.size = 64
        self.tags = <Tag*>PyMem_Malloc(self.size * sizeof(Tag))
        if self.tags is NULL:
            raise MemoryError()
        self.known = 0
        self.ruby_text = ruby_text

    def __dealloc__(self):
        PyMem_Free(self.tags)

    cdef Tag of_node(self, xmlNode* node) except *:
        """The tag of the element ``node``."""
        cdef Py_ssize_t number = self.names.number(node)
        while number >= self.known:  # the names are numbered in the order they are met
            self.learn(self.names.texts[self.known])
        return self.tags[number]

    cdef int learn(self, str text) except -1:
        role = _ROLES.get(text)
        if role is None:
            role = (_KIND_OF_TAG.get(text, INLINE), int(HEADING_PATTERN.search(text) is not None),
                    int("select" in text), text in LOOKED_FOR_TAGS)
            if len(_ROLES) < _MOST_ROLES:
                _ROLES[text] = role
        if self.known == self.size:
            grown = <Tag*>PyMem_Realloc(self.tags, 2 * self.size * sizeof(Tag))
            if grown is NULL:
                raise MemoryError()
            self.tags, self.size = grown, 2 * self.size
        cdef Tag* tag = &self.tags[self.known]
        tag.kind, tag.heading, tag.select, tag.looked_for = role
        if not self.ruby_text and text in RUBY_TEXT_TAGS:
            tag.kind = KILL
        tag.number = self.known
        self.known += 1
        return 0


#: The most bytes of a text buffer kept for the next text.
cdef Py_ssize_t _KEPT_BYTES = 1 << 20


cdef class _Paragraphs:
    """The paragraphs a walk has found, and the one it is filling: where that starts (its
    element, and its place for the XPath, made when it is found), its text as UTF-8 and link
    characters, and whether it has text besides images' alt text."""

    cdef list found
    cdef xmlNode* element
    cdef Place place
    cdef bint placed  # else its XPath is "": text before the walk's first paragraph
    cdef bint heading, in_select
    cdef Buffer text
    cdef Py_ssize_t chars_in_links
    cdef bint has_text

    def __cinit__(self, cetree._Element root):
        self.found = []
        self.element = root._c_node
        self.place = Place(NULL, 0, 0)
        self.placed = self.heading = self.in_select = False
        self.text = Buffer(NULL, 0, 0)
        self.chars_in_links = 0
        self.has_text = False

    def __dealloc__(self):
        PyMem_Free(self.place.steps)
        release(&self.text)

    cdef int start(self, Walker walk, xmlNode* element, Py_ssize_t number, Py_ssize_t index,
                   bint heading, bint in_select) except -1:
        """Start the next paragraph in ``element``, at the innermost open element of ``walk`` or at
        its child ``index``-th of tag ``number`` (-1: none)."""
        walk.place(&self.place, number, index)
        self.element, self.placed = element, True
        self.heading, self.in_select = heading, in_select
        return 0

    cdef int add_text(self, Buffer* text, bint in_link) except -1:
        """The reference's ``characters()`` for a text node that is not blank."""
        add(&self.text, text.data, text.length)
        self.has_text = True
        if in_link:
            self.chars_in_links += length_normalized(text.data, text.length)
        return 0

    cdef int add_blank(self, const char* text, Py_ssize_t length) except -1:
        """A text node of whitespace alone, when segmenting with ``spaces``: kept only after text
        (at a paragraph's start it is stripped, and a blank between two block elements would
        have each boundary close an empty paragraph)."""
        if self.text.length:
            add(&self.text, text, length)
        return 0

    cdef int close(self, Walker walk) except -1:
        """End the paragraph being filled, if it has text."""
        # A paragraph of line breaks alone collapses to nothing; the reference
        # drops it (its Paragraph is falsy when empty). Collapsing drops the
        # edges' whitespace, as the reference's strip() does.
        if collapsed(&self.text, 0, True):
            text = decoded(&self.text, 0)
            xpath = walk.xpath(&self.place) if self.placed else ""
            self.found.append(paragraph(walk.document, self.element, xpath, text,
                                        self.chars_in_links, self.heading, self.in_select, not self.has_text))
        if self.text.size > _KEPT_BYTES:  # a huge paragraph's buffer goes with it
            release(&self.text)
        self.text.length = 0
        self.chars_in_links, self.has_text = 0, False
        return 0


cdef class _Walk(Walker):
    """A walk's state between two nodes, as the reference's SAX handler keeps it."""

    cdef _Paragraphs paragraphs
    cdef _Tags tags
    cdef bint images, spaces, unclosed_buttons, spaces_between_elements
    cdef list noted
    # How many open elements are headings, or named like "select".
    cdef Py_ssize_t headings, selects
    cdef bint in_link, after_br
    # An element has ended since the last text (only with ``spaces_between_elements``): the next
    # element to start starts a word, a space that collapses into any other whitespace.
    cdef bint ended
    # Text not yet separated by a kept node from the text before it: the
    # reference gets it as one text node.
    cdef Buffer pending

    def __cinit__(self, cetree._Element root, bint images, bint spaces, bint ruby_text, bint unclosed_buttons,
                  bint spaces_between_elements, list noted):
        self.paragraphs = _Paragraphs(root)
        self.tags = _Tags(self.names, ruby_text)
        self.images, self.spaces = images, spaces
        self.unclosed_buttons, self.spaces_between_elements = unclosed_buttons, spaces_between_elements
        self.noted = noted
        self.headings = self.selects = 0
        self.in_link = self.after_br = self.ended = False
        self.pending = Buffer(NULL, 0, 0)

    def __dealloc__(self):
        release(&self.pending)

    cdef bint end_text_node(self) except -1:
        """A node that ends the text node before it: ``pending``, text or blank, is added, and
        emptied; whether it was text."""
        cdef bint text = not blank(&self.pending)
        if text:
            self.paragraphs.add_text(&self.pending, self.in_link)
            self.after_br = False
        elif self.pending.length and self.spaces:
            self.paragraphs.add_blank(self.pending.data, self.pending.length)
        if self.pending.size > _KEPT_BYTES:
            release(&self.pending)
        self.pending.length = 0
        return text

    cdef xmlNode* start(self, xmlNode* node) except? NULL:
        """Walk into ``node``: its first child if the walk goes on there, else ``NULL`` (it has
        ended, or it was skipped)."""
        cdef Tag tag
        cdef int kind
        cdef Py_ssize_t index
        cdef xmlNode* child
        if node.type != tree.XML_ELEMENT_NODE:
            if node.type == tree.XML_COMMENT_NODE:  # deleted by the reference: its tail joins the text before
                add_text(&self.pending, node.next)
            else:  # a processing instruction or an entity: it ends at once, ending the text node before it
                self.end(node, INLINE, 0, 0)
            return NULL
        tag = self.tags.of_node(node)
        kind = tag.kind
        if kind == DECIDED_PER_ELEMENT:
            kind = _cleaner_kind(self.element(node))
        index = self.counts.add(tag.number)
        if (kind == KILL and self.unclosed_buttons and self.names.texts[tag.number] == "button"
                and _swallowed(self.element(node))):
            kind = INLINE
        if kind == KILL:
            # What the walk skips too: most skipped elements are a script or a style holding text alone.
            if self.noted is not None and (tag.looked_for or element_from(node.children) is not NULL):
                note_skipped(self.noted, self.element(node))
            add_text(&self.pending, node.next)
            return NULL
        child = element_from(node.children)
        if child is NULL and (kind == INLINE or kind == LINK) and not (tag.heading or tag.select):
            # The commonest elements, inline or links, empty or holding
            # text only (<b>word</b>, <a>link</a>, <img>): each ends the
            # text node before it, and its text is a text node of its own.
            if self.end_text_node():
                self.ended = False
            if self.ended:
                self.paragraphs.add_blank(" ", 1)
            self.after_br = False
            if kind == LINK:
                self.in_link = True
            add_text(&self.pending, node.children)
            self.end_text_node()
            if kind == LINK:
                self.in_link = False
            self.ended = self.spaces_between_elements
            add_text(&self.pending, node.next)
            return NULL
        # Past the commonest elements, which none of those looked for is (a table and a pre are
        # paragraphs, a base is deleted).
        if self.noted is not None and tag.looked_for:
            self.noted.append(self.element(node))
        if kind == UNWRAP:
            add_text(&self.pending, node.children)
            if child is NULL:
                add_text(&self.pending, node.next)
                return NULL
            self.open(node, kind, 0, 0, tag.number, index)
            return child
        self.headings += tag.heading
        self.selects += tag.select
        # A kept element ends the text node before it.
        if self.end_text_node():
            self.ended = False
        if self.ended:
            self.paragraphs.add_blank(" ", 1)
            self.ended = False
        if kind == PARAGRAPH or (kind == BR and self.after_br):
            if self.paragraphs.text.length:
                self.paragraphs.close(self)
            self.paragraphs.start(self, node, tag.number, index, self.headings > 0, self.selects > 0)
        else:
            self.after_br = kind == BR
            if self.after_br:
                add(&self.paragraphs.text, " ", 1)
            elif kind == LINK:
                self.in_link = True
            elif kind == IMAGE and self.images:
                alt = cetree.attributeValueFromNsName(node, NULL, <const_xmlChar*>b"alt")
                if alt and not alt.isspace():
                    alt = f" {alt} ".encode("utf-8")
                    add(&self.paragraphs.text, PyBytes_AS_STRING(alt), PyBytes_GET_SIZE(alt))
        add_text(&self.pending, node.children)
        if child is NULL:  # a leaf ends before the next node, its parent's state untouched
            self.end(node, kind, tag.heading, tag.select)
            return NULL
        self.open(node, kind, tag.heading, tag.select, tag.number, index)
        return child

    cdef xmlNode* close(self) except NULL:
        cdef Open ending = self.pop()
        if ending.kind == UNWRAP:
            add_text(&self.pending, ending.node.next)
        else:
            self.end(ending.node, ending.kind, ending.heading, ending.select)
        return ending.node

    cdef int end(self, xmlNode* node, int kind, int heading, int select) except -1:
        """The end of the kept element ``node``."""
        cdef xmlNode* parent
        self.headings -= heading
        self.selects -= select
        self.end_text_node()
        self.ended = self.spaces_between_elements
        if kind == PARAGRAPH:
            # What follows the end of a paragraph tag starts in its parent.
            if self.paragraphs.text.length:
                self.paragraphs.close(self)
            if self.depth:
                parent = self.open_elements[self.depth - 1].node
            else:  # only a root without a parent element has none, and no text follows the root
                parent = node.parent
                if parent is NULL or not is_element(parent):
                    parent = node
            self.paragraphs.start(self, parent, -1, 0, self.headings > 0, self.selects > 0)
        elif kind == LINK:
            self.in_link = False
        if node is not self.top:  # the root's tail lies outside the page
            add_text(&self.pending, node.next)
        return 0


def segment(root: etree._Element, *, bint images=False, bint spaces=False, bint ruby_text=True,
            bint unclosed_buttons=False, bint spaces_between_elements=False, list noted=None) -> list:
    """Split the tree under ``root`` into paragraphs, in document order.

    With ``images``, an ``<img>`` adds its ``alt`` text to its paragraph, as
    the Java port of jusText does; the reference ignores images. With
    ``spaces``, a text node of whitespace alone counts as what it is (a space,
    or a line break where it holds one, once collapsed); the reference drops
    it, which joins the words of the inline elements it separates
    (``<b>from</b> <i>here</i>`` reads "fromhere", and code highlighted by
    spans loses every space). Without ``ruby_text``, the readings of ruby
    annotations (``<rt>``, and ``<rp>``'s parentheses) go with their content,
    as browsers print them beside the text, not in it: ``<ruby>漢字<rt>かんじ</rt></ruby>``
    reads "漢字", where the reference reads "漢字かんじ". With ``unclosed_buttons``, a
    ``<button>`` that holds a ``<main>`` is walked through as an inline element
    rather than deleted with its content: a control never holds the page's main
    landmark, so the parser left the button open (libxml2 ignores ``</button>``
    while an element opened inside it is still open) and it swallowed the rest of
    the page. With ``spaces_between_elements``, text that follows the end of an
    element and the start of another, with nothing between them, starts a word of
    its own: ``<span>id</span><span>string</span>`` reads "id string" (cells of a
    grid, an API's name and type, a list of countries in ``<span>`` s), where the
    reference and a browser's text read "idstring"; text that runs on out of an
    element (``<b>W</b>ord``, a drop cap) or into one joins as before. With ``noted``, the walk
    adds to it the page's elements that the renderers look for (see :attr:`.Page.noted`),
    sparing them a walk.
    """
    if not isinstance(root.tag, str):
        raise TypeError(f"segment() walks the tree under an element, not under {root!r}")
    cdef _Walk walk = _Walk(root, images, spaces, ruby_text, unclosed_buttons, spaces_between_elements, noted)
    walk.walk()
    walk.paragraphs.close(walk)
    return walk.paragraphs.found


def _swallowed(button: etree._Element) -> bool:
    """Whether a ``button`` holds the page's main landmark: the parser left it open."""
    return next(button.iter(SWALLOWED_TAG), None) is not None


def _cleaner_kind(element: etree._Element) -> int:
    """What the reference's preprocessing does to a ``link`` or ``param`` element."""
    if element.tag == "link":
        return KILL if "stylesheet" in element.get("rel", "").lower() else INLINE
    parent = element.getparent()
    while parent is not None and parent.tag not in ("applet", "object"):
        parent = parent.getparent()
    return KILL if parent is None else UNWRAP
