"""Clean main text from web pages, in Scrapy crawls: jusText, boilerpipe, html-declutter and a learned
classifier on lxml."""

from __future__ import annotations

from typing import Any

from . import compiled_core

# Before any module of the core is imported: SCRAPY_BOILERPLATE_PURE=1 runs their source; the C
# extensions have none, and their absence is said in one line rather than by the first import of one.
if compiled_core.pure_chosen():
    compiled_core.install_source_finder()
if missing := compiled_core.missing_extensions():
    raise ImportError(missing)

from .algorithms import ALGORITHMS
from .algorithms.boilerpipe import BoilerpipeArticleOptions, BoilerpipeBlock, BoilerpipeDefaultOptions
from .algorithms.declutter import DeclutterBlock, DeclutterOptions
from .algorithms.justext import JustextBlock, JustextOptions
from .algorithms.learned import LearnedBlock, LearnedOptions
from .api import extract
from .errors import BoilerplateError, ExtractionError, OptionError
from .model import Block, Extraction, Metadata

__all__ = [
    "ALGORITHMS",
    "Addon",
    "BoilerpipeArticleOptions",
    "Block",
    "BoilerpipeBlock",
    "BoilerplateError",
    "BoilerplateItemMiddleware",
    "BoilerplateMiddleware",
    "BoilerplatePipeline",
    "BoilerplateStartMiddleware",
    "DeclutterBlock",
    "DeclutterOptions",
    "BoilerpipeDefaultOptions",
    "Extraction",
    "ExtractionError",
    "JustextBlock",
    "JustextOptions",
    "LearnedBlock",
    "LearnedOptions",
    "Metadata",
    "OptionError",
    "PageResult",
    "extract",
]

__version__ = "0.1.0"
#: The name on the package index (``pip install scrapy-main-text``): ``scrapy-boilerplate`` there is another project.
__distribution__ = "scrapy-main-text"

#: The Scrapy components, imported on first use so that the engine works without loading Scrapy.
_SCRAPY_COMPONENTS = frozenset({"Addon", "BoilerplateItemMiddleware", "BoilerplateMiddleware", "BoilerplatePipeline",
                                "BoilerplateStartMiddleware", "PageResult"})


def __getattr__(name: str) -> Any:
    if name == "compiled":  # looked up when asked: it finds the core's modules
        return compiled_core.compiled()
    if name in _SCRAPY_COMPONENTS:
        from . import components

        return getattr(components, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
