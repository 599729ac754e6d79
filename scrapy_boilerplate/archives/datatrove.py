"""A datatrove reader and extractor, for pipelines that run on a laptop, Slurm or Ray::

    from datatrove.pipeline.writers import JsonlWriter
    from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor, BoilerplateWarcReader

    pipeline = [BoilerplateWarcReader("s3://commoncrawl/crawl-data/CC-MAIN-2024-10/segments/",
                                      glob_pattern="*/warc/*"),
                BoilerplateExtractor(algorithm="justext"),
                JsonlWriter("output/")]

The reader passes on the records the command line extracts (every HTML response
with status 200, decoded as Scrapy decodes it) and counts the others in
datatrove's stats by the command line's reasons; the extractor stands wherever
datatrove's ``Trafilatura`` extractor does. Needs the ``datatrove`` extra.
"""

from __future__ import annotations

import functools
from typing import Any

from datatrove.data import Document, DocumentsPipeline
from datatrove.io import DataFileLike, DataFolderLike
from datatrove.pipeline.extractors.base import BaseExtractor
from datatrove.pipeline.readers.base import BaseDiskReader
from datatrove.utils.logging import logger
from datatrove.utils.typeshelper import StatHints

from .. import algorithms
from ..api import extract
from ..errors import ExtractionError
from ..html.parse import decode, utf8_body
from ..workers import process
from ..workers.pool import PageTimeout, ProcessPool, WorkerError, WorkersUnavailable
from .records import MAX_BODY, ArchiveError, Skipped, read_stream
from .run import DEFAULT_TIMEOUT
from .worker import BINARY


class BoilerplateWarcReader(BaseDiskReader):
    """The HTML responses of the WARC files in ``data_folder`` (a path or any fsspec URL), one
    document each, read as the command line reads them: status 200 and an HTML
    ``Content-Type`` (whatever libmagic would guess from the first bytes), transfer and
    content encodings undone (chunked, gzip, deflate, brotli, zstd), decoded as Scrapy decodes
    a response. Each record left out is counted under ``skipped: REASON`` (the reasons of
    ``docs/archives.rst``); one that cannot be decoded is logged with its URL and id, and the
    file goes on. The document's ``id`` is the record's ``WARC-Record-ID``; its metadata has
    ``url`` and ``date``. The other arguments are datatrove's ``WarcReader``'s.
    """

    name = "🕷 scrapy-boilerplate WARC"
    _requires_dependencies = ["warcio"]

    def __init__(self, data_folder: DataFolderLike, paths_file: DataFileLike | None = None, *,
                 max_body: int = MAX_BODY, limit: int = -1, skip: int = 0, file_progress: bool = False,
                 doc_progress: bool = False, default_metadata: dict | None = None, recursive: bool = True,
                 glob_pattern: str | None = None, shuffle_files: bool = False) -> None:
        super().__init__(data_folder, paths_file, limit, skip, file_progress, doc_progress,
                         default_metadata=default_metadata, recursive=recursive, glob_pattern=glob_pattern,
                         shuffle_files=shuffle_files)
        self.max_body = max_body

    def read_file(self, filepath: str) -> DocumentsPipeline:
        # Not decompressed by datatrove: the reader tells a gzip member cut short from the end.
        with self.data_folder.open(filepath, "rb", compression=None) as stream:
            try:
                yield from self._documents(filepath, stream)
            except ArchiveError as error:
                self.stat_update("skipped: not a web archive")
                logger.warning(f"{filepath}: {error}")

    def _documents(self, filepath: str, stream: Any) -> DocumentsPipeline:
        """The documents of the archive ``stream``; :class:`ArchiveError` if it is none."""
        for index, item in enumerate(read_stream(stream, max_body=self.max_body)):
            with self.track_time():
                if isinstance(item, Skipped):
                    self._skip(filepath, item)
                    continue
                try:
                    text = decode(item.body, item.content_type)
                except ExtractionError:
                    self._skip(filepath, Skipped(BINARY, item.record_id, item.url))
                    continue
                document = self.get_document_from_dict(
                    {"text": text, "id": item.record_id, "url": item.url, "date": item.date}, filepath, index)
            if document:
                yield document

    def _skip(self, filepath: str, skipped: Skipped) -> None:
        self.stat_update(f"skipped: {skipped.reason}")
        if skipped.detail:
            logger.warning(f"{filepath}: {skipped.name()}: skipped: {skipped.detail}")


class BoilerplateExtractor(BaseExtractor):
    """The main text of each document's HTML, by ``algorithm`` with its ``options`` (by name, as
    :func:`scrapy_boilerplate.extract` takes them), as the command line extracts an archive's record
    (the document's ``url`` metadata is the page's URL).

    Each document is extracted in a worker process of the project's pool, with ``timeout``
    seconds of that process's CPU time at most (the command line's ``--record-timeout``: the
    clock's seconds would drop more documents on a busy machine); past it, or if the process dies,
    the document is dropped, named in the log with its URL and id, and a new process takes the next.
    A document without main text, and one that is no HTML page (binary data, a tree deeper than
    any page's), is dropped. datatrove's stats count them: ``extracted``, ``timeout``,
    ``broken_process``, ``clean_error``, ``dropped``, ``forwarded``.

    The options are validated here, where the pipeline is built: a bad one is an
    :class:`~scrapy_boilerplate.OptionError` before any task starts.
    """

    name = "🧹 scrapy-boilerplate"

    def __init__(self, algorithm: str = "justext", *, timeout: float = DEFAULT_TIMEOUT, **options: Any) -> None:
        super().__init__(timeout)
        self.algorithm = algorithm
        self.options = algorithms.get(algorithm).options.from_mapping(options)

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> DocumentsPipeline:
        pool = ProcessPool(1, extract_text, initializer=process.configure, initargs=(self.algorithm, self.options),
                           prepare=functools.partial(process.configure, self.algorithm, self.options),
                           page_timeout=self.timeout, log_failures=False)
        pool.start()
        try:
            for document in data:
                self.stat_update(StatHints.total)
                with self.track_time():
                    text = self._extracted(pool, document)
                if text is None:
                    continue
                document.text = text
                if text:
                    self.stat_update(StatHints.forwarded)
                    self.update_doc_stats(document)
                    yield document
                else:
                    self.stat_update(StatHints.dropped)
        finally:
            pool.close()

    def _extracted(self, pool: ProcessPool, document: Document) -> str | None:
        """The document's main text ("" for none), or ``None`` when its extraction failed (logged, counted)."""
        try:
            text = pool.submit(item := (document.text, document.metadata.get("url") or "", document.id)).result()
        except PageTimeout as error:
            self.stat_update("timeout")
            logger.warning(f"{_name(item)}: skipped: timeout ({error})")
            return None
        except WorkersUnavailable:
            raise
        except WorkerError as error:
            self.stat_update("broken_process" if error.details is None else "clean_error")
            logger.warning(f"{_name(item)}: skipped: the extractor crashed: {error.error_type}: {error}")
            return None
        self.stat_update("extracted")
        return text

    def extract(self, text: str) -> str:
        """The main text of ``text``: "" where there is none, or it is no HTML page."""
        try:
            return extract(text, algorithm=self.algorithm, options=self.options).text
        except ExtractionError:
            return ""


def extract_text(document: tuple[str, str, str]) -> str:
    """A worker's task: the main text of a document's HTML (with its URL and id), as the command
    line extracts a record's."""
    html, url, _ = document
    try:
        extraction, _ = process.classify(utf8_body(html), url, metadata=False)
    except ExtractionError:  # binary data, a tree deeper than any page's
        return ""
    return extraction.text


def _name(document: tuple[str, str, str]) -> str:
    return " ".join(part for part in document[1:] if part) or "a document"
