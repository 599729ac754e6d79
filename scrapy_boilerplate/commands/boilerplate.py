"""``scrapy boilerplate URL``: fetch a page as a crawl would and show how the plugin classifies it.

The page is fetched through the project's settings (and a spider's
``custom_settings`` with ``--spider``, or the spider whose domain the URL
is in, as ``scrapy fetch`` picks it) and classified with the plugin's
settings as the middleware reads them; the command prints whether the
project enables the plugin, those settings, where each comes from, and the
block table. ``--view`` opens the coloured block view in a browser, ``-o
FILE`` writes it. An error page that a crawl's callback would not get (HTTP
404) is reported, not classified.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
import tempfile
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scrapy import Request, Spider
from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError
from scrapy.http import HtmlResponse, Response
from scrapy.settings import BaseSettings
from scrapy.utils.datatypes import SequenceExclude
from scrapy.utils.project import inside_project
from scrapy.utils.spider import DefaultSpider, spidercls_for_request
from w3lib.url import is_url

from ..api import extract
from ..components.addon import enabled
from ..components.middleware import reaches_callback
from ..components.settings import PREFIX, BoilerplateSettings, SettingError, origin, setting_name
from ..html.parse import redetect, refuse_too_large
from ..inspect import block_table, block_view
from ..inspect.features import summary, value_text
from ..inspect.table import options_table

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from twisted.python.failure import Failure

@dataclass
class _Fetched:
    response: Response | None = None
    failure: str | None = None
    settings: BaseSettings | None = None
    spider: type[Spider] | None = None


class Command(ScrapyCommand):
    requires_project = False
    default_settings = {"LOG_LEVEL": "WARNING"}

    def syntax(self) -> str:
        return "[options] <url>"

    def short_desc(self) -> str:
        return "Fetch a URL and show how scrapy_boilerplate classifies its blocks"

    def long_desc(self) -> str:
        return ("Fetch a URL with the project's settings (and a spider's custom_settings with --spider), "
                "classify it as the scrapy_boilerplate middleware would, and print the BOILERPLATE_* "
                "settings used, where each comes from, and the table of blocks. --view opens the coloured "
                "block view in a browser; -o FILE writes it.")

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--spider", dest="spider", help="use this spider and its custom_settings")
        parser.add_argument("--view", action="store_true", help="open the coloured block view in a browser")
        parser.add_argument("-o", "--output", metavar="FILE", help="write the coloured block view to FILE")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError
        if not is_url(args[0]):
            if Path(args[0]).exists():
                raise UsageError(f"{args[0]} is a file, not a URL: this command fetches a page as a crawl "
                                 f"would; classify a file with scrapy-boilerplate {args[0]}")
            raise UsageError(f"{args[0]!r} is not a URL: give an http(s) URL, such as https://example.com/")
        assert self.crawler_process is not None
        fetched = _Fetched()
        request = Request(args[0], callback=functools.partial(_keep, fetched),
                          errback=functools.partial(_fail, fetched), dont_filter=True,
                          meta={"handle_httpstatus_list": SequenceExclude(range(300, 400))})
        loader = self.crawler_process.spider_loader
        try:
            spidercls = (loader.load(opts.spider) if opts.spider
                         else spidercls_for_request(loader, request, DefaultSpider))
        except KeyError:
            raise UsageError(f"no spider named {opts.spider!r} in this project (scrapy list lists them)") from None
        crawler = self.crawler_process.create_crawler(_fetching(spidercls, request))
        self.crawler_process.crawl(crawler)
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1
            return
        fetched.settings, fetched.spider = crawler.settings, (None if spidercls is DefaultSpider else spidercls)
        self.exitcode = self._show(fetched, opts)

    def _show(self, fetched: _Fetched, opts: argparse.Namespace) -> int:
        assert fetched.settings is not None
        response = fetched.response
        if response is None:
            print(f"Cannot fetch the page: {fetched.failure or 'no response'}", file=sys.stderr)
            return 1
        if not isinstance(response, HtmlResponse):
            print(f"{response.url} is not an HTML page (Content-Type: "
                  f"{(response.headers.get('Content-Type') or b'').decode('latin-1')}): the middleware skips it",
                  file=sys.stderr)
            return 1
        settings = fetched.settings
        if not reaches_callback(response.status, {}, fetched.spider,
                                allowed_statuses=settings.getlist("HTTPERROR_ALLOWED_CODES"),
                                allow_all_statuses=settings.getbool("HTTPERROR_ALLOW_ALL")):
            print(f"{response.url} answered HTTP {response.status}: an error page, which a crawl's callback does "
                  "not get (Scrapy's HttpErrorMiddleware) and the middleware skips (boilerplate/skipped/status); "
                  "HTTPERROR_ALLOWED_CODES or the spider's handle_httpstatus_list let it through", file=sys.stderr)
            return 1
        components = enabled(settings)
        if inside_project() and not {"middleware", "pipeline"} & set(components):
            ignored = sorted(name for name in settings if name.startswith(PREFIX))
            if ignored:
                print(f"Warning: {', '.join(ignored)} set, but no component of scrapy_boilerplate is enabled "
                      "to read them: a crawl ignores them", file=sys.stderr)
        as_declared = response.replace(encoding=None)  # as Scrapy reads it, should the middleware have re-read it
        try:
            plugin = BoilerplateSettings.from_settings(fetched.settings)
            refuse_too_large(response.body, plugin.max_page_size, "BOILERPLATE_MAX_PAGE_SIZE")
            detected = redetect(response.body, as_declared.encoding, as_declared.text)
            if detected is not None:  # read as the middleware reads it
                response = response.replace(encoding=detected)
            extraction = extract(response.selector, url=response.url, algorithm=plugin.algorithm,
                                 options=plugin.options)
        except (SettingError, ValueError) as error:  # ValueError: PageTooLarge, binary data
            print(error, file=sys.stderr)
            return 1
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        print(f"URL     {response.url} (HTTP {response.status})")
        project = inside_project()
        if fetched.spider:
            print(f"Spider  {fetched.spider.name}")
        else:
            print("Spider  (none: the project settings)" if project else
                  "Project (none: run outside a Scrapy project, with the defaults and the -s settings)")
        if project:
            print(f"Plugin  {_enabled_text(components)}")
        if detected is not None:
            print(f"Charset {detected}: the page is not valid in the {as_declared.encoding} it declares")
        print(f"Result  {summary(extraction, plugin.options)}\n")
        print(options_table(_settings_used(fetched.settings, plugin), ("setting", "value", "origin")))
        print(block_table(extraction, colour=colour, width=shutil.get_terminal_size().columns), end="")
        if opts.output or opts.view:
            view = block_view(extraction, response.selector.root, options=plugin.options, url=response.url)
            if opts.output:
                Path(opts.output).write_text(view, encoding="utf-8")
            if opts.view:
                _open_in_browser(view)
        return 0


def _enabled_text(components: list[str]) -> str:
    """What a crawl of the project does with its pages, given the components it enables."""
    if {"middleware", "pipeline"} <= set(components):
        if "add-on" in components:
            return "enabled (the add-on)"
        if "item middleware" in components:
            return "enabled (the middlewares and the pipeline)"
        return ("enabled (the middleware and the pipeline; without BoilerplateItemMiddleware the pipeline "
                "classifies each item's HTML again, with the settings)")
    if "middleware" in components:
        return ('the middleware only: responses get meta["boilerplate_result"], items keep their HTML '
                "(BoilerplatePipeline is not enabled)")
    if "pipeline" in components:
        return ('the pipeline only: items are filled; meta["boilerplate"] is not read '
                "(BoilerplateMiddleware is not enabled)")
    return ('NOT ENABLED: a crawl of this project classifies nothing; add "scrapy_boilerplate.Addon": 0 '
            "to the ADDONS dict of its settings.py")


def _fetching(spidercls: type[Spider], request: Request) -> type[Spider]:
    """``spidercls`` with ``request`` as its only start request (its settings and name unchanged)."""

    async def start(self: Spider) -> AsyncIterator[Request]:
        yield request

    return type(spidercls.__name__, (spidercls,), {"start": start, "__module__": spidercls.__module__})


def _keep(fetched: _Fetched, response: Response) -> None:
    fetched.response = response


def _fail(fetched: _Fetched, failure: Failure) -> None:
    fetched.failure = failure.getErrorMessage() or getattr(failure.type, "__name__", "error")


def _settings_used(settings: BaseSettings, plugin: BoilerplateSettings) -> list[tuple[str, str, str]]:
    """(setting, value, origin) of the algorithm and each of its options."""
    rows = [(setting_name("algorithm"), plugin.algorithm)]
    rows += [(setting_name(name), value_text(getattr(plugin.options, name))) for name in plugin.options.names()]
    return [(name, value, origin(settings.getpriority(name))) for name, value in rows]


def _open_in_browser(view: str) -> None:
    """Write ``view`` to a temporary file and open it in the browser, as ``scrapy view`` does."""
    descriptor, name = tempfile.mkstemp(prefix="boilerplate-", suffix=".html")
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(view)
    webbrowser.open(Path(name).as_uri())
