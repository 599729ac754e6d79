"""The Scrapy layer: settings, a downloader middleware, an item pipeline, spider middlewares linking items to
their response's result and pacing the start requests, and an add-on.

Only this package imports Scrapy; the algorithms stay independent of it.
"""

from .addon import Addon
from .item_middleware import BoilerplateItemMiddleware
from .middleware import BoilerplateMiddleware
from .page import RESULT_META_KEY, PageResult
from .pipeline import BoilerplatePipeline
from .settings import OPTIONS_META_KEY, BoilerplateSettings, SettingError
from .start import BoilerplateStartMiddleware

__all__ = [
    "OPTIONS_META_KEY",
    "RESULT_META_KEY",
    "Addon",
    "BoilerplateItemMiddleware",
    "BoilerplateMiddleware",
    "BoilerplatePipeline",
    "BoilerplateSettings",
    "BoilerplateStartMiddleware",
    "PageResult",
    "SettingError",
]
