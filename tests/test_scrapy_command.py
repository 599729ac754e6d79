"""``scrapy boilerplate URL``, run as a user runs it, against a local server on 127.0.0.1."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from conftest import GERMAN
from lxml import etree
from threaded_server import serving

from scrapy_boilerplate import extract

REPOSITORY = Path(__file__).resolve().parent.parent
COMMAND = "scrapy_boilerplate.commands.boilerplate:Command"

SETTINGS = """
BOT_NAME = "tuned"
SPIDER_MODULES = ["tuned.spiders"]
ADDONS = {"scrapy_boilerplate.Addon": 0}
BOILERPLATE_LENGTH_LOW = 60
ROBOTSTXT_OBEY = False
TELNETCONSOLE_ENABLED = False
RETRY_ENABLED = False
"""
SPIDER = """
from scrapy import Spider


class GermanSpider(Spider):
    name = "german"
    custom_settings = {"BOILERPLATE_STOPLIST": "German", "BOILERPLATE_LENGTH_HIGH": 150}
"""
#: A browser for webbrowser (the BROWSER variable): it copies the page it is asked to open.
BROWSER = """
import shutil, sys
from urllib.parse import urlsplit
from urllib.request import url2pathname
shutil.copy(url2pathname(urlsplit(sys.argv[1]).path), sys.argv[2])
"""


# Each test runs the scrapy command in processes of its own.
pytestmark = pytest.mark.slow


@pytest.fixture
def environment(tmp_path) -> dict[str, str]:
    """The environment to run ``scrapy`` in, with this checkout's package first.

    A checkout not installed with ``pip install -e .`` since the command was
    added has no ``scrapy.commands`` entry point yet: a distribution's
    metadata declaring the one of setup.cfg registers it, as an installation does.
    """
    paths = [str(REPOSITORY)]
    if not any(point.value == COMMAND for point in entry_points(group="scrapy.commands")):
        declared = configparser.ConfigParser()
        declared.read(REPOSITORY / "setup.cfg")
        metadata = tmp_path / "metadata" / "scrapy_boilerplate_command-0.dist-info"
        metadata.mkdir(parents=True)
        (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: scrapy-boilerplate-command\nVersion: 0\n")
        (metadata / "entry_points.txt").write_text(
            "[scrapy.commands]\n" + declared["options.entry_points"]["scrapy.commands"].strip() + "\n")
        paths.append(str(metadata.parent))
    return {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, os.environ.get("PYTHONPATH", "")])}


@pytest.fixture
def project(tmp_path) -> Path:
    """A Scrapy project with the add-on, a project setting and a spider with ``custom_settings``."""
    root = tmp_path / "project"
    (root / "tuned" / "spiders").mkdir(parents=True)
    (root / "scrapy.cfg").write_text("[settings]\ndefault = tuned.settings\n")
    (root / "tuned" / "__init__.py").write_text("")
    (root / "tuned" / "settings.py").write_text(SETTINGS)
    (root / "tuned" / "spiders" / "__init__.py").write_text("")
    (root / "tuned" / "spiders" / "german.py").write_text(SPIDER)
    return root


def scrapy(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scrapy", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def settings_used(stdout: str) -> dict[str, tuple[str, str]]:
    rows = [line.split(None, 2) for line in stdout.splitlines() if line.startswith("BOILERPLATE_")]
    return {name: (value, origin) for name, value, origin in rows}


def table_labels(stdout: str) -> list[tuple[str, str]]:
    lines = stdout.split("\n   # label context-free")[1].splitlines()[1:]
    return [tuple(line.split()[1:3]) for line in lines]


def test_listed_by_scrapy(environment, tmp_path):
    result = scrapy("-h", cwd=tmp_path, env=environment)
    assert "boilerplate" in result.stdout and "classifies its blocks" in result.stdout


def test_spider_custom_settings_project_and_command_line(environment, project):
    with serving({"german.html": ("text/html; charset=utf-8", GERMAN.encode())}) as base:
        result = scrapy("boilerplate", "--spider", "german", base + "german.html", "-o", "view.html",
                        "-s", "BOILERPLATE_MAX_LINK_DENSITY=0.3", cwd=project, env=environment)
    assert result.returncode == 0, result.stderr
    used = settings_used(result.stdout)
    assert used["BOILERPLATE_ALGORITHM"] == ("justext", "default")
    assert used["BOILERPLATE_LENGTH_LOW"] == ("60", "project")
    assert used["BOILERPLATE_LENGTH_HIGH"] == ("150", "spider")
    assert used["BOILERPLATE_STOPLIST"] == ("German", "spider")
    assert used["BOILERPLATE_MAX_LINK_DENSITY"] == ("0.30", "command line")
    assert used["BOILERPLATE_STOPWORDS_LOW"] == ("0.30", "default")
    assert "Spider  german" in result.stdout
    expected = extract(GERMAN, stoplist="German", length_low=60, length_high=150, max_link_density=0.3)
    assert table_labels(result.stdout) == [(block.label, block.cf_label) for block in expected.blocks]
    assert f"· {len(expected.blocks)} blocks: " in result.stdout
    view = etree.HTML((project / "view.html").read_text(encoding="utf-8"))
    assert len(view.xpath("//*[@data-sb-blocks]")) == len(expected.blocks)
    assert "stoplist German" in view.xpath("string(//sb-summary)")


def test_outside_a_project_with_defaults_and_the_view_in_a_browser(environment, tmp_path):
    (tmp_path / "browser.py").write_text(BROWSER)
    opened = tmp_path / "opened.html"
    environment["BROWSER"] = f"{sys.executable} {tmp_path / 'browser.py'} %s {opened}"
    environment["TMPDIR"] = str(tmp_path)  # where the command writes the view for the browser
    with serving({"german.html": ("text/html; charset=utf-8", GERMAN.encode())}) as base:
        result = scrapy("boilerplate", base + "german.html", "--view", cwd=tmp_path, env=environment)
    assert result.returncode == 0, result.stderr
    used = settings_used(result.stdout)
    assert used and {origin for _, origin in used.values()} == {"default"}
    assert used["BOILERPLATE_STOPLIST"] == ("auto", "default")
    assert table_labels(result.stdout) == [(block.label, block.cf_label) for block in extract(GERMAN).blocks]
    assert "stoplist German" in result.stdout  # the one "auto" picked
    assert etree.HTML(opened.read_text(encoding="utf-8")).xpath("//sb-bar")
    assert len(list(tmp_path.glob("boilerplate-*.html"))) == 1
    # No project: said as such, not as a project that does not enable the plugin.
    assert "Project (none: run outside a Scrapy project, with the defaults and the -s settings)" in result.stdout
    assert "Plugin" not in result.stdout and "NOT ENABLED" not in result.stdout + result.stderr


@pytest.mark.parametrize(("pages", "args", "message"), [
    ({}, ["http://127.0.0.1:1/closed.html"], "Cannot fetch the page: "),
    ({"data.json": ("application/json", b"{}")}, ["data.json"], "is not an HTML page (Content-Type: application/json)"),
    ({"german.html": ("text/html", GERMAN.encode())}, ["german.html", "-s", "BOILERPLATE_LENGTH_LOW=-1"],
     "invalid value for BOILERPLATE_LENGTH_LOW: -1 (must be at least 0)"),
])
def test_failures_exit_1_with_one_clear_line(environment, tmp_path, pages, args, message):
    with serving(pages) as base:
        url = args[0] if args[0].startswith("http") else base + args[0]
        result = scrapy("boilerplate", url, *args[1:], "-s", "RETRY_ENABLED=False", cwd=tmp_path, env=environment)
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_usage_error_without_a_url(environment, tmp_path):
    result = scrapy("boilerplate", cwd=tmp_path, env=environment)
    assert result.returncode == 2 and "Usage" in result.stdout + result.stderr


def test_a_file_instead_of_a_url_says_why(environment, tmp_path):
    (tmp_path / "page.html").write_text(GERMAN, encoding="utf-8")
    result = scrapy("boilerplate", "page.html", cwd=tmp_path, env=environment)
    assert result.returncode == 2
    assert "page.html is a file, not a URL: this command fetches a page as a crawl would; classify a file " \
           "with scrapy-boilerplate page.html" in result.stderr
    result = scrapy("boilerplate", "no-such-page", cwd=tmp_path, env=environment)
    assert result.returncode == 2 and "'no-such-page' is not a URL: give an http(s) URL" in result.stderr


def test_an_unknown_spider_is_a_usage_error(environment, project):
    result = scrapy("boilerplate", "--spider", "nosuch", "http://127.0.0.1:1/", cwd=project, env=environment)
    assert result.returncode == 2
    assert "no spider named 'nosuch' in this project (scrapy list lists them)" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_error_page_is_reported_not_classified(environment, project):
    with serving({}) as base:
        result = scrapy("boilerplate", base + "missing.html", cwd=project, env=environment)
    assert result.returncode == 1 and result.stdout == ""
    assert (f"{base}missing.html answered HTTP 404: an error page, which a crawl's callback does not get "
            "(Scrapy's HttpErrorMiddleware) and the middleware skips") in result.stderr


def test_an_error_page_the_project_lets_through_is_classified(environment, project):
    with (project / "tuned" / "settings.py").open("a") as settings:
        settings.write("HTTPERROR_ALLOWED_CODES = [404]\n")
    with serving({}) as base:
        result = scrapy("boilerplate", base + "missing.html", cwd=project, env=environment)
    assert result.returncode == 0, result.stderr
    assert "(HTTP 404)" in result.stdout


@pytest.mark.parametrize(("settings", "says"), [
    ('ADDONS = {"scrapy_boilerplate.Addon": 0}', "Plugin  enabled (the add-on)"),
    ('DOWNLOADER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateMiddleware": 150}\n'
     'ITEM_PIPELINES = {"scrapy_boilerplate.BoilerplatePipeline": 100}\n'
     'SPIDER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateItemMiddleware": 10}',
     "Plugin  enabled (the middlewares and the pipeline)"),
    ('DOWNLOADER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateMiddleware": 150}\n'
     'ITEM_PIPELINES = {"scrapy_boilerplate.BoilerplatePipeline": 100}',
     "Plugin  enabled (the middleware and the pipeline; without BoilerplateItemMiddleware the pipeline "
     "classifies each item's HTML again, with the settings)"),
    ('DOWNLOADER_MIDDLEWARES = {"scrapy_boilerplate.BoilerplateMiddleware": 150}',
     'Plugin  the middleware only: responses get meta["boilerplate_result"], items keep their HTML'),
    # The quick start's line pasted above the ADDONS = {} of startproject's template:
    ('ADDONS = {"scrapy_boilerplate.Addon": 0}\nADDONS = {}', "Plugin  NOT ENABLED: a crawl of this project "
     'classifies nothing; add "scrapy_boilerplate.Addon": 0 to the ADDONS dict of its settings.py'),
], ids=["add-on", "every component", "without the item middleware", "middleware only", "none"])
def test_says_whether_the_project_enables_the_plugin(environment, project, settings, says):
    (project / "tuned" / "settings.py").write_text(SETTINGS.replace('ADDONS = {"scrapy_boilerplate.Addon": 0}',
                                                                    settings))
    with serving({"german.html": ("text/html; charset=utf-8", GERMAN.encode())}) as base:
        result = scrapy("boilerplate", base + "german.html", cwd=project, env=environment)
    assert result.returncode == 0, result.stderr
    assert any(line.startswith(says) for line in result.stdout.splitlines())
    warning = ("Warning: BOILERPLATE_LENGTH_LOW set, but no component of scrapy_boilerplate is enabled to read "
               "them: a crawl ignores them")
    assert (warning in result.stderr) == ("NOT ENABLED" in says)


def test_a_page_misdeclaring_its_encoding_is_read_as_the_middleware_reads_it(environment, project):
    body = GERMAN.replace("<head>", '<head><meta charset="utf-8">').encode("latin-1")
    with serving({"german.html": ("text/html", body)}) as base:
        result = scrapy("boilerplate", base + "german.html", "-o", "view.html", cwd=project, env=environment)
    assert result.returncode == 0, result.stderr
    assert "Charset cp1252: the page is not valid in the utf-8 it declares" in result.stdout.splitlines()
    view = (project / "view.html").read_text(encoding="utf-8")
    assert "Behörden" in view and "\ufffd" not in view


def test_a_page_above_the_size_limit_is_reported(environment, project):
    with serving({"german.html": ("text/html; charset=utf-8", GERMAN.encode())}) as base:
        result = scrapy("boilerplate", base + "german.html", "-s", "BOILERPLATE_MAX_PAGE_SIZE=100",
                        cwd=project, env=environment)
    assert result.returncode == 1 and result.stdout == ""
    assert "bytes, more than BOILERPLATE_MAX_PAGE_SIZE (100): skipped" in result.stderr
