"""Settings of the example project: scrapy_boilerplate through its add-on."""

from pathlib import Path

BOT_NAME = "example_project"
SPIDER_MODULES = ["example_project.spiders"]

#: The bundled site, crawled through file:// URLs: no server, no network.
SITE = Path(__file__).resolve().parent.parent / "site"

ADDONS = {"scrapy_boilerplate.Addon": 0}

# Items carry the page's HTML in "html"; the pipeline replaces it with these fields.
BOILERPLATE_HTML_FIELD = "html"
BOILERPLATE_TEXT_FIELD = "text"
BOILERPLATE_BLOCKS_FIELD = "blocks"
BOILERPLATE_LANGUAGE_FIELD = "language"

# A large crawl classifies faster in worker processes, one per core; this
# bundled site is too small to be worth starting them.
# BOILERPLATE_WORKERS = 2

FEED_EXPORT_ENCODING = "utf-8"
ROBOTSTXT_OBEY = False
LOG_LEVEL = "INFO"
