"""Reading the pages the command line is given: files (gzipped or not), standard input, http(s) URLs."""

from __future__ import annotations

import gzip
import http.client
import io
import zlib
from dataclasses import dataclass
from typing import IO, cast
from urllib.error import HTTPError, URLError
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

from ..html.parse import decode, refuse_too_large

#: The name that stands for standard input.
STDIN = "-"
_GZIP_MAGIC = b"\x1f\x8b"
_READ_STEP = 2**20
_HTML_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "application/xml", "text/xml")


class SourceError(Exception):
    """An input that cannot be read; the message says why, for a person."""


@dataclass
class Loaded:
    """A page as read: its body, and for a URL the ``Content-Type`` it came with."""

    body: bytes
    url: str | None = None
    file: str | None = None
    content_type: str | None = None

    def page(self, max_size: int = 0) -> str | bytes:
        """What to classify: the body, decoded with the charset of a ``Content-Type`` if there is one.

        Raises :class:`~scrapy_boilerplate.errors.PageTooLarge` when the body has more
        than ``max_size`` bytes (``--max-page-size``; 0: no limit).
        """
        refuse_too_large(self.body, max_size, "--max-page-size")
        if self.content_type and "charset" in self.content_type.lower():
            return decode(self.body, self.content_type)
        return self.body


def is_url(name: str) -> bool:
    return urlsplit(name).scheme.lower() in ("http", "https")


def load(name: str, *, stdin: bytes | None = None, timeout: float = 30, user_agent: str = "",
         max_size: int = 0) -> Loaded:
    """Read the input called ``name`` on the command line; :class:`SourceError` if it cannot be read.

    No more than ``max_size`` bytes (``--max-page-size``; 0: no limit) are read or
    decompressed: an input with more is refused, however long it goes on (``/dev/zero``,
    a pipe, a gzip bomb). ``stdin`` is standard input as read, ``max_size`` + 1 bytes at most.
    """
    if is_url(name):
        return _fetch(name, timeout, user_agent, max_size)
    if name == STDIN:
        return Loaded(_gunzipped(_bounded(stdin or b"", max_size), name, max_size), file=STDIN)
    if "://" in name:
        raise SourceError(f"unsupported URL scheme {urlsplit(name).scheme!r}: only http and https are fetched")
    try:
        with open(name, "rb") as file:
            body = read_bounded(file, max_size)
    except OSError as error:
        raise SourceError(error.strerror or str(error)) from None
    return Loaded(_gunzipped(_bounded(body, max_size), name, max_size), file=name)


def read_bounded(file: IO[bytes], max_size: int) -> bytes:
    """What ``file`` holds, but no more than ``max_size`` + 1 bytes (0: no limit), so that
    :func:`_bounded` can tell an input over the limit."""
    if not max_size:
        return file.read()
    parts, size = [], 0
    while size <= max_size:
        part = file.read(min(_READ_STEP, max_size + 1 - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def _bounded(body: bytes, max_size: int) -> bytes:
    if max_size and len(body) > max_size:
        raise SourceError(f"the input has more than {max_size:,} bytes (--max-page-size): skipped")
    return body


def _fetch(url: str, timeout: float, user_agent: str, max_size: int) -> Loaded:
    request = Request(url, headers={"User-Agent": user_agent, "Accept-Encoding": "gzip"})
    try:
        with urlopen(request, timeout=timeout) as response:
            body = read_bounded(response, max_size)
            content_type = response.headers.get("Content-Type")
            encoding = (response.headers.get("Content-Encoding") or "").lower()
            final_url = response.geturl()
    except HTTPError as error:
        raise SourceError(f"HTTP error {error.code}: {error.reason}") from None
    except URLError as error:
        raise SourceError(f"cannot fetch it: {error.reason}") from None
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise SourceError(f"cannot fetch it: {error or type(error).__name__}") from None
    media_type = (content_type or "text/html").split(";")[0].strip().lower()
    if media_type not in _HTML_TYPES:
        raise SourceError(f"not an HTML page (Content-Type: {content_type})")
    body = _bounded(body, max_size)
    if encoding == "gzip":
        body = _gunzipped(body, url, max_size)
    return Loaded(body, url=final_url, content_type=content_type)


def _gunzipped(body: bytes, name: str, max_size: int = 0) -> bytes:
    if not body.startswith(_GZIP_MAGIC):
        return body
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(body)) as file:
            return _bounded(read_bounded(cast(IO[bytes], file), max_size), max_size)
    except (OSError, EOFError, zlib.error) as error:
        raise SourceError(f"not a readable gzip file ({error})") from None
