# cython: language_level=3
"""Resolving a page's URLs, and the one rule that says which URLs the package writes out.

The rule reads a URL the way browsers do (the WHATWG URL standard): leading and
trailing C0 control characters and spaces are stripped, every ASCII tab and newline
is removed wherever it stands, and only then is the scheme read, so that
``jav\\tascript:`` is ``javascript:``. Of absolute URLs only :data:`ALLOWED_SCHEMES`
pass; relative references are resolved against the page's base. Attribute values
come from the HTML parser with their character references decoded; the rule also
reads the value with references decoded once more, since Markdown renderers decode
them in link destinations.

Compiled: every link a renderer writes goes through the rule, and a page has
hundreds. Each URL is read in one pass over its characters; a path against an
``http`` or ``https`` base, the most common reference, is joined here as
:func:`urllib.parse.urljoin` joins it, and any other by ``urljoin`` itself.
"""

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND, PyUnicode_READ

import functools
import html
from urllib.parse import urljoin

#: The schemes a written URL may have; anything else (``javascript:``, ``data:``, ``vbscript:``,
#: ``file:``, ...) is dropped.
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto", "tel", "ftp"})
#: Attributes whose value is a URL (``srcset`` and ``imagesrcset`` hold a list of them, see
#: :func:`safe_srcset`).
URL_ATTRIBUTES = frozenset({
    "href", "src", "poster", "action", "formaction", "xlink:href", "data", "cite", "background",
    "longdesc", "usemap", "lowsrc", "dynsrc", "codebase", "archive", "manifest", "ping", "profile",
    "classid", "icon", "itemtype", "itemid", "xml:base",
})
SRCSET_ATTRIBUTES = frozenset({"srcset", "imagesrcset"})


cdef inline bint _removed(Py_UCS4 character) noexcept:
    """What the URL parser removes anywhere: ASCII tab and newline. The other controls (C0, DEL,
    C1), lone surrogates and noncharacters are dropped too: no written URL holds one."""
    return (character < 0x20 or 0x7f <= character <= 0x9f or 0xd800 <= character <= 0xdfff
            or character == 0xfffe or character == 0xffff)


cdef inline bint _scheme_character(Py_UCS4 character) noexcept:
    return (b"a"[0] <= character <= b"z"[0] or b"A"[0] <= character <= b"Z"[0]
            or b"0"[0] <= character <= b"9"[0] or character == b"+"[0] or character == b"-"[0]
            or character == b"."[0])


cdef Py_ssize_t _scheme_read(str url) noexcept:
    """Where reading a scheme in ``url`` stops: at the ``:`` ending it, or at the first character
    that cannot start or continue one (the length when there is none): a scheme is a letter, then
    letters, digits, ``+``, ``-`` and ``.``, then ``:``."""
    cdef Py_ssize_t index, length = PyUnicode_GET_LENGTH(url)
    cdef int kind = PyUnicode_KIND(url)
    cdef void* data = PyUnicode_DATA(url)
    cdef Py_UCS4 character
    if length == 0:
        return 0
    character = PyUnicode_READ(kind, data, 0)
    if not (b"a"[0] <= character <= b"z"[0] or b"A"[0] <= character <= b"Z"[0]):
        return 0
    for index in range(1, length):
        character = PyUnicode_READ(kind, data, index)
        if character == b":"[0] or not _scheme_character(character):
            return index
    return length


cdef Py_ssize_t _scheme_end(str url) noexcept:
    """Where the scheme of ``url`` ends (at its ``:``), or -1 for a URL without one."""
    cdef Py_ssize_t end = _scheme_read(url)
    return end if 0 < end < PyUnicode_GET_LENGTH(url) and PyUnicode_READ(
        PyUnicode_KIND(url), PyUnicode_DATA(url), end) == b":"[0] else -1


cdef bint _scheme_allowed(str url):
    cdef Py_ssize_t end = _scheme_end(url)
    return end < 0 or url[:end].lower() in ALLOWED_SCHEMES


cpdef str browser_form(str reference):
    """``reference`` as a browser's URL parser reads it before looking at the scheme: C0 controls
    and spaces stripped from both ends, tabs, newlines and other control characters removed."""
    cdef Py_ssize_t index, length = PyUnicode_GET_LENGTH(reference)
    cdef Py_ssize_t first = -1, last = -1, removed = 0
    cdef int kind = PyUnicode_KIND(reference)
    cdef void* data = PyUnicode_DATA(reference)
    cdef Py_UCS4 character
    # A control removed may leave a space at an end ("0 \x7f"): the ends are the first and last
    # characters kept that are not spaces.
    for index in range(length):
        character = PyUnicode_READ(kind, data, index)
        if _removed(character):
            removed += 1
        elif character != b" "[0]:
            if first < 0:
                first = index
            last = index
    if first < 0:
        return ""
    if not removed:
        return reference if first == 0 and last == length - 1 else reference[first:last + 1]
    return "".join([character for character in reference[first:last + 1] if not _removed(character)])


cpdef bint allowed_scheme(str reference):
    """Whether ``reference`` (as :func:`browser_form` gives it) is relative or has an allowed
    scheme, read as written and with its character references decoded."""
    if not _scheme_allowed(reference):
        return False
    # Decoding changes only what follows an "&": a scheme read to its end before the first one, at
    # a character that stays (``https:``, ``/``), is the decoded value's too.
    cdef Py_ssize_t ampersand = reference.find("&"), read
    if ampersand < 0:
        return True
    read = _scheme_read(reference)
    if read < ampersand and not (_removed(reference[read]) or reference[read] == " "):
        return True
    return _scheme_allowed(browser_form(html.unescape(reference)))


def join_url(str base, str href):
    """``href`` made absolute against ``base`` as :func:`urllib.parse.urljoin` does; ``None`` for a
    URL that cannot be (an unclosed IPv6 bracket)."""
    joined = _path_joined(base, href)
    return joined if joined is not None else _urljoin(base, href)


@functools.lru_cache(maxsize=4096)
def _urljoin(base, href):
    # Cached: a page links to the same few URLs many times, and a crawl's pages to the same menus.
    try:
        return urljoin(base, href)
    except ValueError:
        return None


cdef str _path_joined(str base, str href):
    """``urljoin(base, href)`` for ``href`` a path from the root (``/a/b?c#d``) and ``base`` an
    ``http`` or ``https`` URL, both printable ASCII: the base's scheme (lowercased) and host, then
    ``href``; ``None`` for any other pair (and for those ``urljoin`` would rewrite: dot segments,
    ``;`` parameters, an empty query or fragment, brackets in the host)."""
    cdef Py_ssize_t length = PyUnicode_GET_LENGTH(href), base_length = PyUnicode_GET_LENGTH(base)
    cdef Py_ssize_t index, segment = 0, host_end, scheme_end
    cdef int kind = PyUnicode_KIND(href)
    cdef void* data = PyUnicode_DATA(href)
    cdef Py_UCS4 character, before = 0
    cdef bint in_path = True
    if length < 1 or PyUnicode_READ(kind, data, 0) != b"/"[0] or (
            length > 1 and PyUnicode_READ(kind, data, 1) == b"/"[0]):
        return None
    for index in range(length):
        character = PyUnicode_READ(kind, data, index)
        if not 0x21 <= character <= 0x7e or character == b";"[0]:
            return None
        if character == b"?"[0] or character == b"#"[0]:
            if index == length - 1 or (before == b"?"[0] and character == b"#"[0]) or (
                    in_path and _dot_segment(kind, data, segment, index)):
                return None
            in_path = False
        elif character == b"/"[0] and in_path:
            if _dot_segment(kind, data, segment, index):
                return None
            segment = index + 1
        before = character
    if in_path and _dot_segment(kind, data, segment, length):
        return None
    scheme_end = _scheme_end(base)
    if scheme_end < 0 or base_length < scheme_end + 3 or base[scheme_end + 1:scheme_end + 3] != "//":
        return None
    scheme = base[:scheme_end].lower()
    if scheme != "http" and scheme != "https":
        return None
    kind = PyUnicode_KIND(base)
    data = PyUnicode_DATA(base)
    host_end = base_length
    for index in range(scheme_end + 3, base_length):
        character = PyUnicode_READ(kind, data, index)
        if character == b"/"[0] or character == b"?"[0] or character == b"#"[0]:
            host_end = index
            break
        if not 0x21 <= character <= 0x7e or character == b"["[0] or character == b"]"[0]:
            return None
    for index in range(host_end, base_length):  # the rest of the base is read by urljoin too
        if not 0x21 <= PyUnicode_READ(kind, data, index) <= 0x7e:
            return None
    return f"{scheme}:{base[scheme_end + 1:host_end]}{href}"


cdef inline bint _dot_segment(int kind, void* data, Py_ssize_t start, Py_ssize_t end) noexcept:
    """Whether ``[start, end)`` of the text is ``.`` or ``..``."""
    cdef Py_ssize_t index
    if end - start < 1 or end - start > 2:
        return False
    for index in range(start, end):
        if PyUnicode_READ(kind, data, index) != b"."[0]:
            return False
    return True


def safe_url(reference, base=None):
    """``reference`` as it may be written out: in its browser form, made absolute against
    ``base`` (itself ignored when it breaks the rule); ``None`` for no URL or one of a scheme
    outside :data:`ALLOWED_SCHEMES`."""
    if reference is None:
        return None
    cdef str url = browser_form(reference)
    if not url or not allowed_scheme(url):
        return None
    if base and _scheme_end(url) < 0:
        base = browser_form(base)
        if base and allowed_scheme(base):
            joined = join_url(base, url)
            # A malformed URL (an invalid IPv6 host) is kept as it is, relative.
            if joined is not None:
                url = browser_form(joined)
                if not allowed_scheme(url):
                    return None
    return url


def safe_srcset(value, base=None):
    """A ``srcset`` list with each candidate's URL under :func:`safe_url`; candidates that
    break the rule are left out, ``None`` when none is left."""
    if value is None:
        return None
    kept = []
    for candidate in value.split(","):
        parts = candidate.split()
        if not parts:
            continue
        url = safe_url(parts[0], base)
        if url is not None:
            kept.append(" ".join([url.replace(",", "%2C"), *parts[1:]]))
    return ", ".join(kept) or None
