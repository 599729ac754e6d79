"""Turning what a caller holds (text, bytes, an lxml tree, a parsel Selector) into an lxml root.

Text and bytes are parsed the way parsel parses a Scrapy response, so a page
gives the same tree whether it arrives as a string or as ``response.selector``.
"""

from __future__ import annotations

import codecs
from typing import NamedTuple, Protocol, Union, cast

from lxml import etree
from w3lib.encoding import (
    html_body_declared_encoding,
    html_to_unicode,
    http_content_type_encoding,
    read_bom,
    resolve_encoding,
    to_unicode,
)

from ..errors import ExtractionError, PageTooLarge
from . import charsets
from .start_tags import with_few_attributes


class Selectable(Protocol):
    """A parsed page as parsel's and Scrapy's ``Selector`` hold it: its ``root``, an lxml element
    (or, for a selector over a text node, that text)."""

    @property
    def root(self) -> etree._Element | str: ...


#: What :func:`scrapy_boilerplate.extract` accepts as a page: text, bytes (decoded as Scrapy decodes
#: a response), a parsed lxml tree or an object holding one as ``root``, such as ``response.selector``.
HtmlInput = Union[str, bytes, etree._Element, Selectable]

#: A page whose start holds more than this share of control characters (and, when
#: decoded here from bytes, of bytes no encoding reads) is binary data (an image, a
#: PDF, an archive), not HTML.
MAX_BINARY_SHARE = 0.1
_SNIFF_CHARS = 4096

#: The size in bytes above which crawls and the command line skip a page, as trafilatura does:
#: parsing and classifying take several times a page's size in memory (0 turns the limit off).
MAX_PAGE_SIZE = 20_000_000
#: How files that are not HTML begin: PDF, PNG, GIF, JPEG, gzip, zip, WebP/RIFF, Ogg, 7z.
_FILE_SIGNATURES = (b"%PDF-", b"\x89PNG", b"GIF87a", b"GIF89a", b"\xff\xd8\xff", b"\x1f\x8b", b"PK\x03\x04",
                    b"RIFF", b"OggS", b"7z\xbc\xaf")
_CONTROL_CHARS = frozenset(chr(c) for c in range(32) if chr(c) not in "\t\n\r\f") | {"\x7f"}
_REPLACEMENT = "\ufffd"
#: The ASCII characters str.strip() takes for spaces (str.isspace()), as bytes.
_ASCII_SPACES = bytes(code for code in range(128) if chr(code).isspace())


class Decoded(NamedTuple):
    """A page's text, and the encoding it was read in when its declared one could not read it."""

    text: str
    #: The encoding detected because the body is not valid in the one it declares; ``None`` otherwise.
    redetected: str | None = None


def to_root(page: HtmlInput, *, url: str | None = None) -> etree._Element | None:
    """The root element of ``page``, parsing only when it is not parsed yet.

    Returns ``None`` for a page without any element (empty or blank input).
    Raises :class:`ExtractionError` for binary data and unsupported types.
    """
    selector_root = getattr(page, "root", None)
    if isinstance(selector_root, etree._Element):  # a parsel or Scrapy Selector
        page = selector_root
    if isinstance(page, etree._Element):
        # A comment or a processing instruction is a node without elements.
        return page if isinstance(page.tag, str) else None
    if isinstance(selector_root, str):  # a Selector over a text node
        page = selector_root
    if not isinstance(page, (str, bytes)):
        raise ExtractionError(f"cannot extract from {type(page).__name__}: expected str, bytes, "
                              "an lxml element or a parsel Selector")
    return parse_utf8(utf8_body(page), url=url)


def utf8_body(page: str | bytes) -> bytes:
    """What :func:`parse_utf8` reads for ``page``: its text (see :func:`text_of`) in UTF-8,
    stripped, without NUL characters.

    Raises :class:`ExtractionError` for binary data.
    """
    return _utf8(text_of(page).text)


def utf8_response(body: bytes, content_type: str | None = None) -> bytes:
    """``utf8_body(decode(body, content_type))``: what :func:`parse_utf8` reads for a response's
    ``body`` and ``Content-Type`` header, ``body``'s own bytes when they are the answer.

    A body that is valid UTF-8 and read as UTF-8 (declared so, or undeclared), or ASCII
    read as cp1252 (how w3lib reads ASCII and Latin-1), decodes into a text whose UTF-8 is the
    body itself (less its byte order mark): stripped and without NUL bytes, it goes to the parser
    as it is, its text made only to check it, rather than decoded, stripped and encoded again
    (6% of a learned record's instructions in an archive's worker). Raises :class:`ExtractionError` for
    binary data.
    """
    refuse_binary(body)
    declared = declared_encoding(body, content_type)
    bom = read_bom(body)[1]
    # w3lib names each encoding as codecs.lookup() does: "utf-8", "cp1252".
    if declared in (None, "utf-8") or (declared == "cp1252" and body.isascii()):
        own = body[len(bom):] if bom else body
        try:
            text = own.decode("utf-8")
        except UnicodeDecodeError:  # read in another encoding, or with replacement characters
            return _utf8(decode(body, content_type))
        refuse_binary(text, decoded=True)
        stripped = own.strip(_ASCII_SPACES)
        # A character beyond ASCII at either end may be a space str.strip() takes away.
        if stripped[:1] < b"\x80" and stripped[-1:] < b"\x80":
            return stripped.replace(b"\x00", b"")
        return _utf8(text)
    return _utf8(decode(body, content_type))


def text_of(page: str | bytes) -> Decoded:
    """The text of ``page``: a ``str`` as it is, bytes decoded by :func:`decode_page`.

    Raises :class:`ExtractionError` for binary data.
    """
    if isinstance(page, str):
        refuse_binary(page)
        return Decoded(page)
    return _decoded_page(page)


def refuse_too_large(page: str | bytes, limit: int, setting: str) -> None:
    """Raise :class:`PageTooLarge`, naming ``setting``, when ``page`` has more than ``limit``
    bytes (for text: characters, each a byte or more in UTF-8); ``limit`` 0 is none."""
    if limit and len(page) > limit:
        raise PageTooLarge(len(page), limit, setting)


def refuse_binary(page: str | bytes, *, decoded: bool = False) -> None:
    """Raise :class:`ExtractionError` when ``page`` is binary data: bytes starting with a
    file signature, or text whose start holds too many control characters.

    With ``decoded``, ``page`` is text decoded from bytes: its replacement characters
    stand for bytes that neither the declared nor the detected encoding reads, and
    count as control characters. In text given as such they count as letters: they
    are what remains of a page some other program decoded wrongly.
    """
    if page.startswith(_FILE_SIGNATURES) if isinstance(page, bytes) else _looks_binary(page, decoded):
        raise ExtractionError("the input is binary data, not an HTML page")


def decode(body: bytes, content_type: str | None = None) -> str:
    """The text of ``body``: :func:`decode_page`'s.

    Raises :class:`ExtractionError` for binary data, counting the replacement
    characters of the decoded text as control characters (see :func:`refuse_binary`).
    """
    return _decoded_page(body, content_type).text


def _decoded_page(body: bytes, content_type: str | None = None) -> Decoded:
    """:func:`decode_page`'s reading of ``body``, refused before and after as binary data."""
    refuse_binary(body)
    decoded = decode_page(body, content_type)
    refuse_binary(decoded.text, decoded=True)
    return decoded


def decode_page(body: bytes, content_type: str | None = None) -> Decoded:
    """Decode ``body`` as Scrapy decodes a response's (``TextResponse.text``), with the same w3lib
    calls, unless it is not valid in the encoding it declares.

    The encoding is the one the BOM, ``content_type`` (the ``Content-Type``
    header) or the page declares; else ASCII or UTF-8 if the body decodes
    with either, else what ``charset_normalizer`` (Scrapy's detector) finds,
    else ASCII. When the declared encoding leaves more characters undecodable
    than it reads (see :func:`redetect`), the detected one decodes the body
    instead. Bytes that do not decode become replacement characters.
    """
    content_type = content_type or ""
    declared = declared_encoding(body, content_type)
    if not declared:
        return Decoded(html_to_unicode(content_type, body, auto_detect_fun=_detect_encoding,
                                       default_encoding="ascii")[1])
    encoding, text = html_to_unicode(f"charset={declared}", body)
    detected = redetect(body, encoding, text)
    if detected is None:
        return Decoded(text)
    return Decoded(to_unicode(body[len(read_bom(body)[1] or b""):], detected), detected)


def declared_encoding(body: bytes, content_type: str | None) -> str | None:
    """The encoding ``body`` declares, as w3lib names it: by its byte order mark, else by
    ``content_type`` (the ``Content-Type`` header), else by the page itself; ``None`` for none."""
    return read_bom(body)[0] or http_content_type_encoding(content_type) or html_body_declared_encoding(body)


def redetect(body: bytes, encoding: str, text: str) -> str | None:
    """The encoding ``body`` is in when the one it declares, ``encoding``, cannot read it, or ``None``.

    ``text`` is the body decoded in ``encoding``, replacement characters for the bytes
    it cannot read (``response.text``). ``None`` when it holds none, when the body is
    valid in ``encoding`` (the replacement characters are the page's own), when more
    of its characters beyond ASCII were read than not (a page in that encoding with a
    few damaged bytes: re-reading all of it in a single-byte encoding would garble the
    rest), or when no other encoding of the web reads the body.
    """
    if _REPLACEMENT not in text:  # the common case: one search, no decoding
        return None
    undecoded = text.count(_REPLACEMENT)
    read = len(text) - undecoded - len(text.encode("ascii", "ignore"))
    if read >= undecoded:
        return None
    try:
        body.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        pass
    else:
        return None
    detected = charsets.detect(body)
    if detected is None or detected == codecs.lookup(encoding).name:
        return None
    return detected


def _detect_encoding(body: bytes) -> str | None:
    # TextResponse._auto_detect_fun of Scrapy 2.19, which cannot be imported
    # here: the engine does not load Scrapy. tests/test_decode.py holds the two equal.
    for encoding in ("ascii", "utf-8"):
        try:
            body.decode(encoding)
        except UnicodeError:
            continue
        return resolve_encoding(encoding)
    from charset_normalizer import from_bytes  # Scrapy's dependency, loaded only for undeclared legacy encodings

    match = from_bytes(body).best()
    return resolve_encoding(match.encoding) if match else None


def parse(text: str, *, url: str | None = None) -> etree._Element | None:
    """Parse ``text`` into the tree parsel builds for Scrapy responses (its parser settings and clean-up)."""
    return parse_utf8(_utf8(text), url=url)


def parse_utf8(body: bytes, *, url: str | None = None) -> etree._Element | None:
    """Parse UTF-8 ``body`` as :func:`parse` does text; ``None`` if it holds no element.

    The elements are plain lxml elements rather than ``lxml.html`` ones, and
    the ``id`` attributes are not indexed: the tree is the same, and building
    it skips a Python call per element and a hash table.
    """
    if not body:
        return None
    body = with_few_attributes(body)
    parser = etree.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, collect_ids=False)
    try:
        return etree.fromstring(body, parser=parser, base_url=cast(str, url))  # lxml takes None for no URL
    except etree.LxmlError:
        return None


def _utf8(text: str) -> bytes:
    # UTF-8 encodes nothing but NUL itself with a zero byte; bytes.replace
    # finds it much faster than str.replace does in wide strings.
    return text.strip().encode("utf-8", "replace").replace(b"\x00", b"")


def _looks_binary(text: str, decoded: bool) -> bool:
    if text[:8].encode("latin-1", "replace").startswith(_FILE_SIGNATURES):
        return True
    head = text[:_SNIFF_CHARS]
    if not head:
        return False
    odd = sum(head.count(char) for char in _CONTROL_CHARS if char in head)
    if decoded:
        odd += head.count(_REPLACEMENT)
    return odd > MAX_BINARY_SHARE * len(head)
