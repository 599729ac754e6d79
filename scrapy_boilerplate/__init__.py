"""Clean main text from web pages, in Scrapy crawls: jusText, boilerpipe and html-declutter on lxml."""

from __future__ import annotations

from typing import Any

from .algorithms import ALGORITHMS
from .algorithms.justext import JustextBlock, JustextOptions
from .api import extract
from .errors import BoilerplateError, ExtractionError, OptionError
from .result import Block, Extraction

__all__ = [
    "ALGORITHMS",
    "Block",
    "BoilerplateError",
    "Extraction",
    "ExtractionError",
    "JustextBlock",
    "JustextOptions",
    "OptionError",
    "extract",
]

__version__ = "0.1.0"
