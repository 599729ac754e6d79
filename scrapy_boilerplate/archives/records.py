"""Reading web archives: the HTTP responses of WARC files, as records to extract or reasons to skip.

warcio parses the records; :mod:`.bodies` undoes the transfer and content
encodings (chunked, gzip, deflate, brotli, zstd) as an HTTP client would, one
record at a time, so that a body no decoder can read skips that record alone.
Python's ``gzip`` decompresses the file, because it raises where a member is cut
short, which warcio passes over in silence. Nothing is read ahead: a record's
body is read when its turn comes, and no further than :data:`MAX_BODY` allows.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, cast
from urllib.error import URLError
from urllib.parse import urlsplit
from urllib.request import urlopen

from .bodies import TOO_LARGE, BodyError, decoded

#: Where Common Crawl's paths (``crawl-data/CC-MAIN-.../....warc.gz``) are served from.
COMMON_CRAWL = "https://data.commoncrawl.org/"
#: Bodies longer than this (bytes) are skipped unread: no HTML page is that long, and
#: a record's body is held whole in memory, several at a time.
MAX_BODY = 10 * 2**20
#: How long to wait for a URL's bytes before giving it up (seconds).
URL_TIMEOUT = 60
#: The reasons a record ends its archive: it is cut short; the bytes from here cannot be read.
TRUNCATED = "truncated record"
UNREADABLE = "unreadable archive"
#: Why a record is skipped when reading it failed in a way no other reason names (a library's fault).
UNREADABLE_RECORD = "unreadable record"
#: Why a record without a ``WARC-Type`` header is skipped (a file holding ``WARC/1.0`` alone).
NO_TYPE = "record without a WARC-Type"
#: Content types read as HTML (a text/plain body is rarely a page: it is left out).
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_ARCHIVE_SUFFIXES = (".warc", ".warc.gz", ".arc", ".arc.gz")
_PATHS_SUFFIXES = (".paths", ".paths.gz")
_GZIP_MAGIC = b"\x1f\x8b"


class ArchiveError(Exception):
    """An archive that cannot be opened or read on; the message says why, for a person."""


@dataclass(frozen=True, slots=True)
class Record:
    """An HTTP response of an archive, to extract: what travels to a worker process."""

    url: str
    record_id: str
    date: str
    content_type: str
    body: bytes


@dataclass(frozen=True, slots=True)
class Skipped:
    """A record left out, and why (the reason is the key its count is kept under)."""

    reason: str
    record_id: str | None = None
    #: The record's URL, and what went wrong where the reason alone does not say: for a person.
    url: str | None = field(default=None, compare=False)
    detail: str = field(default="", compare=False)

    def name(self) -> str:
        """The record for a person: its URL and id, as far as they are known."""
        return " ".join(part for part in (self.url, self.record_id) if part) or "a record"


def is_archive(name: str) -> bool:
    """Whether the command line's input ``name`` is a web archive, or a list of them."""
    path = urlsplit(name).path.lower() if "://" in name else name.lower()
    return path.endswith(_ARCHIVE_SUFFIXES + _PATHS_SUFFIXES)


def locations(name: str) -> list[str]:
    """The archives the command line's input ``name`` stands for: itself (a file, a URL, a Common Crawl
    path ``crawl-data/...``), or those a ``.paths`` or ``.paths.gz`` file lists one a line (as Common
    Crawl's ``warc.paths.gz``). :class:`ArchiveError` if the list cannot be read."""
    if not name.lower().endswith(_PATHS_SUFFIXES):
        return [name]
    with _opened(name) as raw:
        listing = _decompressed(raw)
        text = listing.read()
        if isinstance(listing, _Gunzipped) and listing.damaged:
            raise ArchiveError(f"{name}: cannot read the list of archives: its gzip stream is damaged")
    try:
        return [line.strip() for line in text.decode("utf-8").splitlines() if line.strip()]
    except UnicodeDecodeError as error:
        raise ArchiveError(f"{name}: cannot read the list of archives: {error}") from None


def read(location: str, *, max_body: int = MAX_BODY) -> Iterator[Record | Skipped]:
    """Every record of the archive at ``location`` (a file or URL): see :func:`read_stream`.
    :class:`ArchiveError` if it cannot be opened at all."""
    with _opened(location) as stream:
        try:
            yield from read_stream(stream, max_body=max_body)
        except ArchiveError as error:
            raise ArchiveError(f"{location}: {error}") from None


def read_stream(stream: IO[bytes], *, max_body: int = MAX_BODY) -> Iterator[Record | Skipped]:
    """Every record of the archive in ``stream`` (gzipped or not), in order: each HTTP response with
    status 200 and an HTML content type as a :class:`Record`, every other record as a :class:`Skipped`.

    A record cut short ends the archive with ``Skipped("truncated record")``; a file that
    cannot be read on (a gzip member cut short, bytes that are not WARC) ends it with
    ``Skipped("unreadable archive")``. A record that cannot be decoded is skipped alone.
    """
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    source = _decompressed(stream)
    started = False
    try:
        for record in ArchiveIterator(source, arc2warc=True):
            started = True
            found = _response(record, max_body)
            yield found
            if isinstance(found, Skipped) and found.reason == TRUNCATED:
                return
    except (ArchiveLoadFailed, OSError, ValueError) as error:  # bytes that are not WARC
        if not started and isinstance(error, ArchiveLoadFailed):
            gzipped = " (gzipped)" if isinstance(source, _Gunzipped) else ""
            raise ArchiveError(f"not a web archive{gzipped}: no WARC or ARC record at its start ({error})") from None
        yield Skipped(UNREADABLE, detail=str(error))
        return
    except Exception as error:  # noqa: BLE001 -- a library's fault: the records read so far stand
        yield Skipped(UNREADABLE, detail=f"{type(error).__name__}: {error}")
        return
    if isinstance(source, _Gunzipped) and source.damaged:
        yield Skipped(TRUNCATED if source.cut_short else UNREADABLE)


def _response(record, max_body: int) -> Record | Skipped:
    headers = record.rec_headers
    record_id = headers.get_header("WARC-Record-ID")
    url = headers.get_header("WARC-Target-URI")
    try:
        return _http_response(record, record_id, url, max_body)
    except Exception as error:  # noqa: BLE001 -- a library's fault on this record skips it alone
        return Skipped(UNREADABLE_RECORD, record_id, url, detail=f"{type(error).__name__}: {error}")


def _http_response(record, record_id: str | None, url: str | None, max_body: int) -> Record | Skipped:
    if record.rec_type is None:
        return Skipped(NO_TYPE, record_id, url)
    if record.rec_type != "response":
        return Skipped(f"{record.rec_type} record", record_id, url)
    http = record.http_headers
    if http is None:
        return Skipped("not HTTP", record_id, url)
    if http.get_statuscode() != "200":
        return Skipped("status not 200", record_id, url)
    content_type = http.get_header("Content-Type")
    if not content_type:
        return Skipped("no Content-Type", record_id, url)
    if content_type.split(";")[0].strip().lower() not in HTML_TYPES:
        return Skipped("not HTML", record_id, url)
    if max_body and (record.length or 0) > max_body:
        return Skipped(TOO_LARGE, record_id, url)
    raw = record.raw_stream.read(max_body + 1) if max_body else record.raw_stream.read()
    if max_body and len(raw) > max_body:
        return Skipped(TOO_LARGE, record_id, url)
    if getattr(record.raw_stream, "limit", 0) and not record.raw_stream.read(1):
        return Skipped(TRUNCATED, record_id, url)
    try:
        body = decoded(raw, http.get_header("Transfer-Encoding"), http.get_header("Content-Encoding"), max_body)
    except BodyError as error:
        return Skipped(error.reason, record_id, url, detail=str(error))
    return Record(url or "", record_id or "", record.rec_headers.get_header("WARC-Date") or "", content_type, body)


@contextmanager
def _opened(location: str) -> Iterator[IO[bytes]]:
    """The bytes of a file or URL."""
    if location.startswith("crawl-data/"):
        location = COMMON_CRAWL + location
    try:
        raw: IO[bytes] = urlopen(location, timeout=URL_TIMEOUT) if "://" in location else open(location, "rb")  # noqa: SIM115
    except (OSError, URLError, ValueError) as error:
        raise ArchiveError(f"{location}: cannot open it: {getattr(error, 'reason', None) or error}") from None
    with raw:
        yield raw


def _decompressed(stream: IO[bytes]) -> IO[bytes] | _Gunzipped:
    """``stream``'s bytes, decompressed when gzipped (whatever its name says)."""
    buffered = stream if hasattr(stream, "peek") else io.BufferedReader(cast(io.RawIOBase, stream))
    return _Gunzipped(buffered) if cast(io.BufferedReader, buffered).peek(2)[:2] == _GZIP_MAGIC else buffered


class _Gunzipped:
    """The bytes of a gzipped stream, as far as they go: where a member is cut short or damaged,
    the stream ends and ``damaged`` says so, ``cut_short`` too where the bytes end within a member
    (warcio, reading ahead, would take the error for the end of the archive, and lose the records
    read ahead)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._file = gzip.GzipFile(fileobj=raw)
        self.damaged = self.cut_short = False

    def read(self, size: int = -1) -> bytes:
        if self.damaged:
            return b""
        try:
            return self._file.read1(size) if size > 0 else self._file.read()
        except EOFError:  # the bytes end within a member: a download cut short
            self.damaged = self.cut_short = True
            return b""
        except (OSError, zlib.error):  # not gzip; a bad checksum
            self.damaged = True
            return b""
