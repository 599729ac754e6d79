"""The add-on: one line in ``ADDONS`` enables the middlewares and the pipeline."""

from __future__ import annotations

from scrapy.settings import BaseSettings, Settings
from scrapy.utils.conf import build_component_list
from scrapy.utils.misc import load_object

from .item_middleware import BoilerplateItemMiddleware
from .middleware import BoilerplateMiddleware
from .pipeline import BoilerplatePipeline
from .start import BoilerplateStartMiddleware

#: Low: responses reach it last, after decompression (590), redirects (600) and retries (550).
MIDDLEWARE_PRIORITY = 150
#: Low: later pipelines of the project see the text instead of the HTML.
PIPELINE_PRIORITY = 100
#: Any: it only delays the start requests.
START_PRIORITY = 100
#: Low: the callback's items reach it last, as the pipelines get them, after the project's spider middlewares.
ITEM_LINK_PRIORITY = 10


class Addon:
    """Enables :class:`BoilerplateMiddleware`, :class:`BoilerplatePipeline`,
    :class:`BoilerplateItemMiddleware` and :class:`BoilerplateStartMiddleware`.

    A priority the project already gave any of them is kept.
    """

    def update_settings(self, settings: Settings) -> None:
        settings.setdefault_in_component_priority_dict(
            "DOWNLOADER_MIDDLEWARES", BoilerplateMiddleware, MIDDLEWARE_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "ITEM_PIPELINES", BoilerplatePipeline, PIPELINE_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "SPIDER_MIDDLEWARES", BoilerplateItemMiddleware, ITEM_LINK_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "SPIDER_MIDDLEWARES", BoilerplateStartMiddleware, START_PRIORITY)


def enabled(settings: BaseSettings) -> list[str]:
    """Which of ``"add-on"``, ``"middleware"``, ``"pipeline"`` and ``"item middleware"`` the settings
    of a crawler enable (once its add-ons have updated them: the add-on's components are then enabled too)."""
    found = []
    for setting, component, name in (("ADDONS", Addon, "add-on"),
                                     ("DOWNLOADER_MIDDLEWARES", BoilerplateMiddleware, "middleware"),
                                     ("ITEM_PIPELINES", BoilerplatePipeline, "pipeline"),
                                     ("SPIDER_MIDDLEWARES", BoilerplateItemMiddleware, "item middleware")):
        if component in _components(settings.getwithbase(setting) if setting != "ADDONS" else settings[setting]):
            found.append(name)
    return found


def _components(priorities: BaseSettings | dict) -> list[object]:
    loaded = []
    for component in build_component_list(priorities):
        try:
            loaded.append(load_object(component) if isinstance(component, str) else component)
        except (ImportError, AttributeError, NameError, ValueError):  # not ours: Scrapy reports it when it loads it
            pass
    return loaded
