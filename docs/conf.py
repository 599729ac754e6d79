"""Sphinx configuration: ``sphinx-build -W -b html docs docs/_build/html`` (``pip install -e ".[docs]"``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS.parent), str(DOCS / "_ext")]
# The modules compiled in pure-Python mode are documented from their source (their "#:" comments,
# their signatures), which this switch runs (scrapy_boilerplate.compiled_core).
os.environ["SCRAPY_BOILERPLATE_PURE"] = "1"

import scrapy_boilerplate  # noqa: E402  (after the path above, for a checkout not installed)

project = scrapy_boilerplate.__distribution__
author = "the scrapy_boilerplate authors"
copyright = "the scrapy_boilerplate authors, BSD 3-Clause licence"
version = release = scrapy_boilerplate.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "boilerplate_docs",  # the settings tables and the CLI's help, generated from the code
]

exclude_patterns = ["_build"]
default_role = "literal"
nitpicky = True
# Types of other projects (no intersphinx: the build runs offline), and the
# private or generic names the annotations use.
nitpick_ignore_regex = [
    ("py:.*", r"(lxml|parsel|scrapy|twisted|itemadapter|collections|typing|concurrent|types|argparse|pathlib)\..*"),
    ("py:.*", r"(etree|Selector|Response|HtmlResponse|Request|Crawler|Spider|BaseSettings|Settings|Deferred)"),
    ("py:.*", r"(.*\._.*|T|(.*\.)?OptionsT|(.*\.)?O|HtmlInput|Any|Callable|Iterable|Iterator|Mapping|Sequence)"),
    # The internals the public classes' signatures name.
    ("py:.*", r"(Classifier|Classified|WorkerPool\..*|"
              r"scrapy_boilerplate\.model\.extraction\.(Renderer|Labelled|PageTypeReader))"),
    ("py:class", r"scrapy_boilerplate\.components\.PageResult"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}
autodoc_preserve_defaults = True  # defaults as written, not as reprs with addresses

html_theme = "sphinx_rtd_theme"
html_title = f"{project} {release}"
