"""The item pipeline: HTML in an item field becomes text, blocks, language and metadata, or an ``Article``."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, cast

from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem

from ..integrations.articles import article_fields, to_article
from ..model import Extraction, Metadata
from .classifier import Classifier
from .page import PageResult

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from typing_extensions import Self

logger = logging.getLogger(__name__)

#: The metadata of a page that failed to classify: every field empty.
_NO_METADATA = Metadata()


def _is_article(item: Any) -> bool:
    """Whether ``item`` is a zyte-common-items ``Article`` (told without importing zyte-common-items)."""
    return any(cls.__name__ == "Article" and cls.__module__.startswith("zyte_common_items")
               for cls in type(item).__mro__)


class BoilerplatePipeline:
    """Fills the text, language, metadata (blocks, cleaned HTML, Markdown, main HTML) fields of items that carry HTML.

    Items without the HTML field pass unchanged. A zyte-common-items ``Article``
    (a subclass with the HTML field) gets its ``Article`` fields; with
    ``BOILERPLATE_ITEM_CLASS`` every item with HTML becomes an ``Article`` of the
    page (its ``url`` field kept). An item that
    :class:`~scrapy_boilerplate.BoilerplateItemMiddleware` linked to its
    response gets the result the middleware made of it, with the request's
    options; other HTML is classified with the settings. An item class lacking some output fields is reported
    once; its items get the fields it has.
    """

    def __init__(self, classifier: Classifier) -> None:
        self.classifier = classifier
        self._missing_reported: set[type] = set()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(Classifier.of(crawler, "pipeline"))

    async def process_item(self, item: Any) -> Any:
        settings = self.classifier.settings
        adapter = ItemAdapter(item)
        html = adapter.get(settings.html_field)
        if not isinstance(html, (str, bytes)):
            return item
        url = str(adapter.get("url") or "")
        result, reused = await self.classifier.classify_item(item, html, url)
        if reused:
            self.classifier.stats.inc_value("boilerplate/items/reused")
        text = result.text  # built on each access: once here
        if settings.drop_empty and len(text) < settings.min_text_length:
            self.classifier.stats.inc_value("boilerplate/items/dropped")
            reason = f"the page failed to classify ({result.error})" if result.error else (
                f"its main text has {len(text)} characters, "
                f"fewer than BOILERPLATE_MIN_TEXT_LENGTH={settings.min_text_length}")
            self._remove_html(adapter)  # Scrapy logs the dropped item: a line, not the page
            raise DropItem(f"{url or 'an item'}: {reason}")
        is_article = _is_article(item)
        if settings.item_class is not None and not is_article:
            return to_article(self._extraction(result), url, settings.item_class)
        if is_article:
            for name, value in article_fields(self._extraction(result), url).items():
                if name != "url":
                    adapter[name] = value
        else:
            self._fill(adapter, result, text)
        if not settings.keep_html:
            self._remove_html(adapter)
        return item

    def _extraction(self, result: PageResult) -> Extraction:
        """The page's extraction; an empty one for a page that failed to classify."""
        if result.extraction is not None:
            return result.extraction
        return Extraction(algorithm=self.classifier.settings.algorithm)

    def _remove_html(self, adapter: ItemAdapter) -> None:
        if isinstance(adapter.item, MutableMapping):
            del adapter[self.classifier.settings.html_field]
        else:  # a dataclass or attrs instance cannot lose an attribute
            adapter[self.classifier.settings.html_field] = None

    def _fill(self, adapter: ItemAdapter, result: PageResult, text: str) -> None:
        settings = self.classifier.settings
        values: dict[str | None, Any] = {settings.text_field: text}
        if settings.blocks_field is not None:  # dicts built only when asked for: they cost
            values[settings.blocks_field] = [block.to_dict() for block in result.blocks]
        values[settings.language_field] = result.language
        if settings.clean_html_field is not None:
            values[settings.clean_html_field] = result.extraction.html if result.extraction is not None else None
        for name, field in settings.rendering_fields.items():  # rendered only when asked for: they cost
            values[field] = result.rendering(name)
        if settings.page_type_field is not None:  # read only when asked for: it costs
            values[settings.page_type_field] = result.page_type
        # Every field, empty where the page gives none: a CSV feed's columns are those of its first item.
        # A value the spider set (its own selector for the title) stays.
        metadata = result.metadata or _NO_METADATA
        for name, field in settings.metadata_fields.items():
            if adapter.get(field) in (None, "", []):
                value = getattr(metadata, name)
                values[field] = list(value) if isinstance(value, list) else value
        if result.error is not None:
            values[settings.error_field] = result.error
        values.pop(None, None)
        filled = cast("dict[str, Any]", values)  # its None key, the fields switched off, popped above
        declared = ItemAdapter.get_field_names_from_class(type(adapter.item))
        if declared is not None:
            # The metadata fields at their default names are new to item classes written before
            # them: left out where not declared, without a report.
            for name in [name for name in filled if name not in declared]:
                if name in settings.default_metadata_fields:
                    del filled[name]
            missing = [name for name in filled if name not in declared]
            if missing:
                self._report_missing(type(adapter.item), missing)
                for name in missing:
                    del filled[name]
        for name, value in filled.items():
            adapter[name] = value

    def _report_missing(self, item_class: type, missing: list[str]) -> None:
        self.classifier.stats.inc_value("boilerplate/items/missing_fields")
        if item_class in self._missing_reported:
            return
        self._missing_reported.add(item_class)
        logger.error(
            "%s lacks the field(s) %s that scrapy_boilerplate writes; add them to the class or "
            "point the BOILERPLATE_*_FIELD settings elsewhere (set a field setting to None to omit it). "
            "Its items get only the fields it declares.",
            item_class.__qualname__, ", ".join(missing), extra={"spider": self.classifier.crawler.spider},
        )
