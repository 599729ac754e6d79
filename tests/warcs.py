"""Writing WARC files for the tests, with warcio: HTTP responses and other records."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter


def response(url: str, body: bytes, content_type: str | None = "text/html; charset=utf-8",
             status: str = "200 OK", headers: tuple[tuple[str, str], ...] = ()) -> tuple:
    """An HTTP response record's parts, for :func:`write`; ``headers`` replace Content-Length."""
    typed = [("Content-Type", content_type)] if content_type is not None else []
    return "response", url, body, [*typed, *(headers or [("Content-Length", str(len(body)))])], status


def other(record_type: str, url: str, body: bytes = b"") -> tuple:
    """A record that is not a response: ``request``, ``metadata``, ``revisit``, ``warcinfo``."""
    return record_type, url, body, None, None


def write(path: Path, records: Iterable[tuple]) -> list[str]:
    """Write ``records`` (of :func:`response` and :func:`other`) to ``path``, gzipped per record if
    its name ends in ``.gz``; the records' ``WARC-Record-ID``\\ s."""
    ids = []
    with open(path, "wb") as file:
        writer = WARCWriter(file, gzip=path.name.endswith(".gz"))
        for record_type, url, body, headers, status in records:
            http = StatusAndHeaders(status, headers, protocol="HTTP/1.1") if headers is not None else None
            if record_type == "request":
                http = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.com")], is_http_request=True)
            record = writer.create_warc_record(url, record_type, payload=io.BytesIO(body), http_headers=http)
            writer.write_record(record)
            ids.append(record.rec_headers.get_header("WARC-Record-ID"))
    return ids
