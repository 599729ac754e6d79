"""HTTP bodies as archives keep them: the chunked transfer encoding and the content encodings undone.

warcio undoes them too, but a decoder library's fault there (warcio 1.8.1 with
brotli 1.2.1, the versions Scrapy installs, raises ``AttributeError`` on every
brotli body) ends the whole archive. Here each body is decoded on its own, with
the decoders Scrapy installs (zlib, brotli, zstd), never beyond ``limit`` bytes,
and every failure is a :class:`BodyError` that names what went wrong: the record
is skipped under that reason and the archive goes on.
"""

from __future__ import annotations

import re
import sys
import zlib
from collections.abc import Callable

#: Why a body is skipped: its chunked encoding is cut short or malformed; a content encoding
#: could not be undone; it names an encoding no decoder here knows; decoded, it passes the limit.
TRUNCATED_CHUNKS = "truncated chunked body"
BROKEN_ENCODING = "broken Content-Encoding"
UNKNOWN_ENCODING = "unknown Content-Encoding"
TOO_LARGE = "body too large"

_CHUNK_SIZE_LINE = re.compile(rb"([0-9A-Fa-f]{1,16})[ \t]*(?:;[^\r\n]*)?\r?\n")
_STEP = 2**16


class BodyError(Exception):
    """A body that cannot be decoded; ``reason`` is the count it is skipped under."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


def decoded(body: bytes, transfer_encoding: str | None, content_encoding: str | None, limit: int) -> bytes:
    """``body`` with its transfer and content encodings undone, at most ``limit`` bytes (0: no limit).

    Raises :class:`BodyError`. A body whose first bytes are markup although it
    declares a content encoding was stored decoded (some crawlers do): it is taken as it is.
    """
    if transfer_encoding and "chunked" in transfer_encoding.lower():
        body = _dechunked(body)
    codings = [word.strip().lower() for word in (content_encoding or "").split(",")]
    for coding in reversed([word for word in codings if word and word != "identity"]):
        decoder = _DECODERS.get(coding)
        if decoder is None:
            raise BodyError(UNKNOWN_ENCODING, coding[:40])
        try:
            body = decoder(body, limit)
        except BodyError:
            raise
        except Exception as error:  # noqa: BLE001 -- any decoder's fault is this body's alone
            if body.lstrip()[:1] == b"<":
                return body
            raise BodyError(BROKEN_ENCODING, f"{coding}: {error or type(error).__name__}") from None
    if limit and len(body) > limit:
        raise BodyError(TOO_LARGE)
    return body


def _dechunked(body: bytes) -> bytes:
    """The chunks' data joined; a body that does not start as a chunk was stored unchunked."""
    if not _CHUNK_SIZE_LINE.match(body):
        return body
    parts: list[bytes] = []
    position = 0
    while True:
        size_line = _CHUNK_SIZE_LINE.match(body, position)
        if size_line is None:
            raise BodyError(TRUNCATED_CHUNKS, f"no chunk size at byte {position}")
        size = int(size_line.group(1), 16)
        start = size_line.end()
        if size == 0:
            return b"".join(parts)
        if start + size > len(body):
            raise BodyError(TRUNCATED_CHUNKS, f"a chunk of {size} bytes ends after the body")
        parts.append(body[start:start + size])
        position = start + size
        if body.startswith(b"\r\n", position):
            position += 2
        elif body.startswith(b"\n", position):
            position += 1


def _check(size: int, limit: int) -> None:
    if limit and size > limit:
        raise BodyError(TOO_LARGE)


def _zlib(wbits: int) -> Callable[[bytes, int], bytes]:
    def decode(body: bytes, limit: int) -> bytes:
        decompressor = zlib.decompressobj(wbits)
        parts = [decompressor.decompress(body, _STEP)]
        size = len(parts[0])
        while decompressor.unconsumed_tail and not decompressor.eof:
            _check(size, limit)
            parts.append(decompressor.decompress(decompressor.unconsumed_tail, _STEP))
            size += len(parts[-1])
        _check(size, limit)
        if not decompressor.eof:
            raise zlib.error("the stream is cut short")
        return b"".join(parts)
    return decode


_gzip = _zlib(zlib.MAX_WBITS | 16)
_zlib_stream = _zlib(zlib.MAX_WBITS)
_raw_deflate = _zlib(-zlib.MAX_WBITS)


def _deflate(body: bytes, limit: int) -> bytes:
    # HTTP's deflate is a zlib stream, but servers send raw deflate too; browsers read both.
    try:
        return _zlib_stream(body, limit)
    except zlib.error:
        return _raw_deflate(body, limit)


def _brotli(body: bytes, limit: int) -> bytes:
    import brotli

    decompressor = brotli.Decompressor()
    parts = [decompressor.process(body, output_buffer_limit=_STEP)]
    size = len(parts[0])
    while not decompressor.is_finished():
        _check(size, limit)
        part = decompressor.process(b"", output_buffer_limit=_STEP)
        if not part:
            raise ValueError("the stream is cut short")
        parts.append(part)
        size += len(part)
    _check(size, limit)
    return b"".join(parts)


def _zstd(body: bytes, limit: int) -> bytes:
    if sys.version_info >= (3, 14):
        from compression import zstd
    else:
        from backports import zstd  # Scrapy's own zstd decoder before Python 3.14

    decompressor = zstd.ZstdDecompressor()
    parts = [decompressor.decompress(body, _STEP)]
    size = len(parts[0])
    while not decompressor.eof:
        _check(size, limit)
        if not decompressor.needs_input:
            part = decompressor.decompress(b"", _STEP)
        else:
            raise ValueError("the stream is cut short")
        parts.append(part)
        size += len(part)
    _check(size, limit)
    return b"".join(parts)


_DECODERS: dict[str, Callable[[bytes, int], bytes]] = {
    "gzip": _gzip, "x-gzip": _gzip, "deflate": _deflate, "br": _brotli, "zstd": _zstd,
}
