"""Per-spider thresholds and a fixed stoplist: the German section only."""

from __future__ import annotations

from .articles import ArticlesSpider


class GermanSpider(ArticlesSpider):
    """The German pages, with the German stoplist and shorter paragraphs counted as text."""

    name = "german"
    start_page = "de/index.html"
    custom_settings = {
        "BOILERPLATE_STOPLIST": "German",
        "BOILERPLATE_LENGTH_LOW": 50,
        "BOILERPLATE_LENGTH_HIGH": 150,
        "BOILERPLATE_BLOCKS_FIELD": None,
    }
