"""The add-on: one line in ``ADDONS`` enables the middleware and the pipeline."""

from __future__ import annotations

from scrapy.settings import Settings

from .middleware import BoilerplateMiddleware
from .pipeline import BoilerplatePipeline
from .start import BoilerplateStartMiddleware

#: Low: responses reach it last, after decompression (590), redirects (600) and retries (550).
MIDDLEWARE_PRIORITY = 150
#: Low: later pipelines of the project see the text instead of the HTML.
PIPELINE_PRIORITY = 100
#: Any: it only delays the start requests.
START_PRIORITY = 100


class Addon:
    """Enables :class:`BoilerplateMiddleware`, :class:`BoilerplatePipeline` and :class:`BoilerplateStartMiddleware`.

    A priority the project already gave either component is kept.
    """

    def update_settings(self, settings: Settings) -> None:
        settings.setdefault_in_component_priority_dict(
            "DOWNLOADER_MIDDLEWARES", BoilerplateMiddleware, MIDDLEWARE_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "ITEM_PIPELINES", BoilerplatePipeline, PIPELINE_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "SPIDER_MIDDLEWARES", BoilerplateStartMiddleware, START_PRIORITY)
