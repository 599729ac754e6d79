"""A datatrove extractor, for pipelines that run on a laptop, Slurm or Ray::

    from datatrove.pipeline.readers import WarcReader
    from datatrove.pipeline.writers import JsonlWriter
    from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor

    pipeline = [WarcReader("s3://commoncrawl/crawl-data/CC-MAIN-2024-10/segments/",
                           glob_pattern="*/warc/*"),
                BoilerplateExtractor(algorithm="justext"),
                JsonlWriter("output/")]

It stands wherever datatrove's ``Trafilatura`` extractor does. Needs the ``datatrove`` extra.
"""

from __future__ import annotations

from typing import Any

from datatrove.data import DocumentsPipeline
from datatrove.pipeline.extractors.base import BaseExtractor

from .. import algorithms
from ..api import extract


class BoilerplateExtractor(BaseExtractor):
    """The main text of each document's HTML, by ``algorithm`` with its ``options`` (by name, as
    :func:`scrapy_boilerplate.extract` takes them), each document in datatrove's sandbox process
    with ``timeout`` seconds at most (FineWeb's 1 s); a document without main text is dropped.

    The options are validated here, where the pipeline is built: a bad one is an
    :class:`~scrapy_boilerplate.OptionError` before any task starts.
    """

    name = "🧹 scrapy-boilerplate"

    def __init__(self, algorithm: str = "justext", *, timeout: float = 1, **options: Any) -> None:
        super().__init__(timeout)
        self.algorithm = algorithm
        self.options = algorithms.get(algorithm).options.from_mapping(options)

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> DocumentsPipeline:
        # Loaded before the sandbox forks its process, which then starts within the time limit.
        algorithms.get(self.algorithm).prepare(self.options)
        return super().run(data, rank, world_size)

    def extract(self, text: str) -> str:
        return extract(text, algorithm=self.algorithm, options=self.options).text
