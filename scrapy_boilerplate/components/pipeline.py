"""The item pipeline: HTML in an item field becomes text, blocks and language."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem
from scrapy.utils.defer import maybe_deferred_to_future

from .classifier import Classifier
from .page import PageResult
from .workers import WorkerPool, WorkersUnavailable

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from typing_extensions import Self

logger = logging.getLogger(__name__)


class BoilerplatePipeline:
    """Fills the text, blocks, language (and cleaned HTML) fields of items that carry HTML.

    Items without the HTML field pass unchanged. HTML the middleware already
    classified is not classified again. An item class lacking some output
    fields is reported once; its items get the fields it has. With
    ``BOILERPLATE_WORKERS``, the HTML is classified in worker processes.
    """

    def __init__(self, classifier: Classifier) -> None:
        self.classifier = classifier
        self.workers: WorkerPool | None = None
        self._missing_reported: set[type] = set()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(Classifier.of(crawler))

    async def open_spider(self) -> None:
        if self.classifier.error is not None:
            return
        settings = self.classifier.settings
        if settings.workers:
            workers = WorkerPool(settings.workers, settings.algorithm, settings.options, settings.renderings)
            try:
                await maybe_deferred_to_future(workers.start())
            except WorkersUnavailable as error:
                logger.error("%s; classifying in the crawl's process", error,
                             extra={"spider": self.classifier.crawler.spider})
                await maybe_deferred_to_future(workers.close())
            else:
                self.workers = workers
                return
        self.classifier.prepare()

    async def close_spider(self) -> None:
        if self.workers is not None:
            await maybe_deferred_to_future(self.workers.close())
            self.classifier.crawler.stats.set_value("boilerplate/workers/restarts", self.workers.restarts)

    async def process_item(self, item: Any) -> Any:
        settings = self.classifier.settings
        adapter = ItemAdapter(item)
        html = adapter.get(settings.html_field)
        if not isinstance(html, (str, bytes)):
            return item
        url = str(adapter.get("url") or "")
        result = self.classifier.recall(html) if isinstance(html, str) else None
        if result is None and self.workers is not None:
            result = await self.classifier.classify_in(self.workers, html, url=url)
        elif result is None:
            result = self.classifier.classify(html, url=url)
        else:
            self.classifier.crawler.stats.inc_value("boilerplate/items/reused")

        if settings.drop_empty and len(result.text) < settings.min_text_length:
            self.classifier.crawler.stats.inc_value("boilerplate/items/dropped")
            reason = f"the page failed to classify ({result.error})" if result.error else (
                f"its main text has {len(result.text)} characters, "
                f"fewer than BOILERPLATE_MIN_TEXT_LENGTH={settings.min_text_length}")
            raise DropItem(f"Dropped {url or 'an item'}: {reason}")

        self._fill(adapter, result)
        if not settings.keep_html:
            if isinstance(item, MutableMapping):
                del adapter[settings.html_field]
            else:  # a dataclass or attrs instance cannot lose an attribute
                adapter[settings.html_field] = None
        return item

    def _fill(self, adapter: ItemAdapter, result: PageResult) -> None:
        settings = self.classifier.settings
        exported = result.exported
        values = {
            settings.text_field: exported["text"],
            settings.blocks_field: exported["blocks"],
            settings.language_field: exported["language"],
            settings.clean_html_field: exported.get("html"),
        }
        for name in settings.renderings:  # rendered only when asked for
            values[getattr(settings, f"{name}_field")] = result.rendering(name)
        if result.error is not None:
            values[settings.error_field] = result.error
        values.pop(None, None)
        declared = ItemAdapter.get_field_names_from_class(type(adapter.item))
        if declared is not None:
            missing = [name for name in values if name not in declared]
            if missing:
                self._report_missing(type(adapter.item), missing)
                for name in missing:
                    del values[name]
        for name, value in values.items():
            adapter[name] = value

    def _report_missing(self, item_class: type, missing: list[str]) -> None:
        self.classifier.crawler.stats.inc_value("boilerplate/items/missing_fields")
        if item_class in self._missing_reported:
            return
        self._missing_reported.add(item_class)
        logger.error(
            "%s lacks the field(s) %s that scrapy_boilerplate writes; add them to the class or "
            "point the BOILERPLATE_*_FIELD settings elsewhere (set a field setting to None to omit it). "
            "Its items get only the fields it declares.",
            item_class.__qualname__, ", ".join(missing), extra={"spider": self.classifier.crawler.spider},
        )
