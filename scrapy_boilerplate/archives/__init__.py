"""Web archives in, clean text out: WARC files read with warcio, their HTML responses extracted
in worker processes (the crawl's pool, :mod:`scrapy_boilerplate.workers.pool`), one JSON line each.
Needs the ``warc`` extra."""

from __future__ import annotations

from .records import COMMON_CRAWL, MAX_BODY, ArchiveError, Record, Skipped, is_archive, locations, read
from .run import DEFAULT_TIMEOUT, Tally, run
from .worker import FIELDS, extract_record, line, start

__all__ = ["COMMON_CRAWL", "DEFAULT_TIMEOUT", "FIELDS", "MAX_BODY", "ArchiveError", "Record", "Skipped", "Tally",
           "extract_record", "is_archive", "line", "locations", "read", "run", "start"]
