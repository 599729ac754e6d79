"""Reading the pages the command line is given: files (gzipped or not), standard input, http(s) URLs."""

from __future__ import annotations

import gzip
import http.client
import zlib
from dataclasses import dataclass
from urllib.error import HTTPError, URLError
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

from ..html.parse import decode, refuse_too_large

#: The name that stands for standard input.
STDIN = "-"
_GZIP_MAGIC = b"\x1f\x8b"
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


def load(name: str, *, stdin: bytes | None = None, timeout: float = 30, user_agent: str = "") -> Loaded:
    """Read the input called ``name`` on the command line; :class:`SourceError` if it cannot be read."""
    if is_url(name):
        return _fetch(name, timeout, user_agent)
    if name == STDIN:
        return Loaded(_gunzipped(stdin or b"", name), file=STDIN)
    if "://" in name:
        raise SourceError(f"unsupported URL scheme {urlsplit(name).scheme!r}: only http and https are fetched")
    try:
        with open(name, "rb") as file:
            body = file.read()
    except OSError as error:
        raise SourceError(error.strerror or str(error)) from None
    return Loaded(_gunzipped(body, name), file=name)


def _fetch(url: str, timeout: float, user_agent: str) -> Loaded:
    request = Request(url, headers={"User-Agent": user_agent, "Accept-Encoding": "gzip"})
    try:
        with urlopen(request, timeout=timeout) as response:
            body = response.read()
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
    if encoding == "gzip":
        body = _gunzipped(body, url)
    return Loaded(body, url=final_url, content_type=content_type)


def _gunzipped(body: bytes, name: str) -> bytes:
    if not body.startswith(_GZIP_MAGIC):
        return body
    try:
        return gzip.decompress(body)
    except (OSError, EOFError, zlib.error) as error:
        raise SourceError(f"not a readable gzip file ({error})") from None
