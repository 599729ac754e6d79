"""What a worker process does with an archive's record: decode it, extract it, write its JSON line.

The line is made here, in the worker, so that the process reading the archive
only writes it: that process serves every worker, and its time per record bounds
how many cores a run can use.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import ExtractionError, PageTooComplex
from ..html.parse import utf8_response
from ..model import Extraction, Options
from ..workers import process
from .records import Record, Skipped

#: The fields a line may add to ``url``, ``warc_record_id``, ``warc_date``, ``language`` and ``text``.
FIELDS = ("markdown", "html", "blocks", "metadata", "page_type")
#: Why a worker skips a record: the algorithm found no main text; the body is binary data
#: (a file signature, or too many control characters once decoded); its tree cannot be read.
NO_TEXT = "no main text"
BINARY = "binary data"
UNREADABLE = "unreadable HTML"
#: Why a worker skips a page of more blocks than the algorithm takes (learned's ``max_blocks``).
TOO_COMPLEX = "too many blocks"

#: The extraction's renderings that fields write, made here where the parsed page is.
_RENDERINGS = {"markdown": "markdown", "html": "main_html"}
_fields: tuple[str, ...] = ()
_renderings: tuple[str, ...] = ()


def start(algorithm: str, options: Options, fields: tuple[str, ...] = ()) -> None:
    """A worker process's initializer: the algorithm and options (see
    :func:`~scrapy_boilerplate.workers.process.configure`) and the optional ``fields`` of the lines."""
    global _fields, _renderings
    process.configure(algorithm, options)
    _fields = fields
    _renderings = tuple(_RENDERINGS[field] for field in fields if field in _RENDERINGS)


def extract_record(record: Record) -> str | Skipped:
    """The JSON line (with its newline) of ``record``, or why it is skipped."""
    try:
        body = utf8_response(record.body, record.content_type)
    except ExtractionError:
        return Skipped(BINARY, record.record_id, record.url)
    try:
        extraction, _ = process.classify(body, record.url, renderings=_renderings, metadata="metadata" in _fields)
    except PageTooComplex:
        return Skipped(TOO_COMPLEX, record.record_id, record.url)
    except ExtractionError:  # a tree deeper than any page's, text that is not Unicode
        return Skipped(UNREADABLE, record.record_id, record.url)
    values = line(record, extraction, _fields)
    if not values["text"]:
        return Skipped(NO_TEXT, record.record_id, record.url)
    return json.dumps(values, ensure_ascii=False) + "\n"


def line(record: Record, extraction: Extraction, fields: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON object written for ``record``."""
    values: dict[str, Any] = {"url": record.url, "warc_record_id": record.record_id, "warc_date": record.date,
                              "language": extraction.language, "text": extraction.text}
    if "markdown" in fields:
        values["markdown"] = extraction.markdown
    if "html" in fields:
        values["html"] = extraction.main_html
    if "blocks" in fields:
        values["blocks"] = [block.to_dict() for block in extraction.blocks]
    if "metadata" in fields and extraction.metadata is not None:
        values["metadata"] = extraction.metadata.to_dict()
    if "page_type" in fields:
        values["page_type"] = extraction.page_type
    return values
