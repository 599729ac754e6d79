"""``scrapy boilerplate URL``: fetch a page as a crawl would and show how the plugin classifies it.

The page is fetched through the project's settings (and a spider's
``custom_settings`` with ``--spider``, or the spider whose domain the URL
is in, as ``scrapy fetch`` picks it) and classified with the plugin's
settings as the middleware reads them; the command prints those settings,
where each comes from, and the block table. ``--view`` opens the coloured
block view in a browser, ``-o FILE`` writes it.
"""

from __future__ import annotations

import argparse
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
from scrapy.utils.spider import DefaultSpider, spidercls_for_request
from w3lib.url import is_url

from ..api import extract
from ..components.settings import BoilerplateSettings, SettingError, origin, setting_name
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
    spider: str | None = None


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
        if len(args) != 1 or not is_url(args[0]):
            raise UsageError
        assert self.crawler_process is not None
        fetched = _Fetched()
        request = Request(args[0], callback=lambda response: _keep(fetched, response),
                          errback=lambda failure: _fail(fetched, failure), dont_filter=True,
                          meta={"handle_httpstatus_list": SequenceExclude(range(300, 400))})
        loader = self.crawler_process.spider_loader
        spidercls = loader.load(opts.spider) if opts.spider else spidercls_for_request(loader, request, DefaultSpider)
        crawler = self.crawler_process.create_crawler(_fetching(spidercls, request))
        self.crawler_process.crawl(crawler)
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1
            return
        fetched.settings, fetched.spider = crawler.settings, (None if spidercls is DefaultSpider else spidercls.name)
        self.exitcode = self._show(fetched, opts)

    def _show(self, fetched: _Fetched, opts: argparse.Namespace) -> int:
        assert fetched.settings is not None
        response = fetched.response
        if response is None:
            print(f"Cannot fetch the page: {fetched.failure or 'no response'}", file=sys.stderr)
            return 1
        if not isinstance(response, HtmlResponse):
            print(f"{response.url} is not an HTML page (Content-Type: "
                  f"{response.headers.get('Content-Type', b'').decode('latin-1')}): the middleware skips it",
                  file=sys.stderr)
            return 1
        try:
            plugin = BoilerplateSettings.from_settings(fetched.settings)
            extraction = extract(response.selector, url=response.url, algorithm=plugin.algorithm,
                                 options=plugin.options)
        except (SettingError, ValueError) as error:
            print(error, file=sys.stderr)
            return 1
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        print(f"URL     {response.url} (HTTP {response.status})")
        print(f"Spider  {fetched.spider or '(none: the project settings)'}")
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


def _fetching(spidercls: type[Spider], request: Request) -> type[Spider]:
    """``spidercls`` with ``request`` as its only start request (its settings and name unchanged)."""

    async def start(self: Spider) -> AsyncIterator[Request]:
        yield request

    return type(spidercls.__name__, (spidercls,), {"start": start, "__module__": spidercls.__module__})


def _keep(fetched: _Fetched, response: Response) -> None:
    fetched.response = response


def _fail(fetched: _Fetched, failure: Failure) -> None:
    fetched.failure = failure.getErrorMessage() or failure.type.__name__


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
