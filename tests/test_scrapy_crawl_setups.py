"""Real crawl set-ups: per-request options, requests that are serialized (JOBDIR, scrapy-redis),
pipeline-only projects, HTTP errors, malformed links and binary pages, against the local server."""

from __future__ import annotations

import logging
import pickle
import shutil
import socket
import subprocess
import time

import pytest
import pytest_twisted
from conftest import ARTICLE, PAGES, serve
from scrapy import Request, Spider
from twisted.web.resource import Resource

import scrapy_boilerplate
from scrapy_boilerplate import Addon, BoilerplatePipeline, compiled_core

ADDON = {"ADDONS": {Addon: 0}}
PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
GERMAN_OPTIONS = {"boilerplate": {"stoplist": "German"}}
PAGE_COUNT = 12

#: An article whose content links are malformed: an unclosed IPv6 bracket, and under a malformed <base>.
BAD_LINKS = ARTICLE.replace('<a href="/flood-guide">', '<a href="http://[::1">')
BAD_BASE = ARTICLE.replace("<head>", '<head><base href="http://[oops/">')


class Missing(Resource):
    isLeaf = True

    def render_GET(self, request) -> bytes:
        request.setResponseCode(404)
        request.setHeader(b"content-type", b"text/html; charset=utf-8")
        return ARTICLE.encode()


@pytest.fixture(scope="module")
def site():
    """:data:`conftest.PAGES`, two articles with malformed links, and a page answering 404 with HTML."""
    port = serve({**PAGES, "bad-links.html": ("text/html; charset=utf-8", BAD_LINKS.encode()),
                  "bad-base.html": ("text/html; charset=utf-8", BAD_BASE.encode())})
    port.factory.resource.putChild(b"missing.html", Missing())
    yield f"http://127.0.0.1:{port.getHost().port}/"
    port.stopListening()


class FollowUpSpider(Spider):
    """Fetches the same article under PAGE_COUNT URLs, every other one with the German stoplist in
    meta, and fetches each once more with a copy of the response's meta (a re-request)."""

    name = "follow-up"

    async def start(self):
        for number in range(PAGE_COUNT):
            yield Request(f"{self.base}article.html?n={number}", meta=dict(GERMAN_OPTIONS) if number % 2 else {},
                          dont_filter=True)

    def parse(self, response):
        self.results.append((response.url, response.meta.get("boilerplate_result")))
        yield {"url": response.url, "html": response.text}
        if "again" not in response.meta:
            yield response.request.replace(meta={**response.meta, "again": True}, dont_filter=True)


def wanted_language(url: str) -> str:
    return "German" if int(url.rsplit("=", 1)[1]) % 2 else "English"


def check_follow_up(outcome) -> None:
    """Every response was classified once, with its own request's options, and its item got that result."""
    assert len(outcome.items) == len(outcome.results) == 2 * PAGE_COUNT
    for item in outcome.items:
        assert item["language"] == wanted_language(item["url"])
    for url, result in outcome.results:
        assert result.url == url and result.language == wanted_language(url)
    assert outcome.stats["boilerplate/pages"] == 2 * PAGE_COUNT
    assert outcome.stats["boilerplate/items/reused"] == 2 * PAGE_COUNT
    assert "scheduler/unserializable" not in outcome.stats


@pytest_twisted.inlineCallbacks
def test_an_item_gets_the_result_made_with_its_own_requests_options(crawl, site):
    outcome = yield crawl([], ADDON, FollowUpSpider, base=site)
    check_follow_up(outcome)


@pytest_twisted.inlineCallbacks
def test_jobdir_crawl_serializes_the_re_requests_and_classifies_each_page_once(crawl, site, tmp_path):
    outcome = yield crawl([], {**ADDON, "JOBDIR": str(tmp_path / "job")}, FollowUpSpider, base=site)
    check_follow_up(outcome)
    assert outcome.stats["scheduler/enqueued/disk"] == 2 * PAGE_COUNT


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def redis_url():
    """A redis-server of its own on 127.0.0.1, for the test's crawl only."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    redis = pytest.importorskip("redis")
    port = _free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL)
    client = redis.Redis(host="127.0.0.1", port=port)
    try:
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)


# scrapy-redis 0.9.1 passes spider= to the stats, which Scrapy 2.19 deprecates: its warning, not ours.
@pytest.mark.filterwarnings("ignore:Passing a 'spider' argument:scrapy.exceptions.ScrapyDeprecationWarning")
@pytest_twisted.inlineCallbacks
def test_scrapy_redis_queue_carries_the_re_requests_and_each_page_is_classified_once(crawl, site, redis_url):
    pytest.importorskip("scrapy_redis")
    settings = {**ADDON, "SCHEDULER": "scrapy_redis.scheduler.Scheduler",
                "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter", "REDIS_URL": redis_url,
                "SCHEDULER_FLUSH_ON_START": True}
    outcome = yield crawl([], settings, FollowUpSpider, base=site)
    check_follow_up(outcome)


@pytest_twisted.inlineCallbacks
def test_pipeline_only_warns_once_that_request_options_need_the_middleware(crawl, site, caplog):
    with caplog.at_level(logging.WARNING):
        outcome = yield crawl([], PIPELINE, FollowUpSpider, base=site)
    assert {item["language"] for item in outcome.items} == {"English"}  # the settings' choice
    [warning] = [r.getMessage() for r in caplog.records if "does not enable" in r.getMessage()]
    assert 'request.meta["boilerplate"] is read by BoilerplateMiddleware' in warning


@pytest_twisted.inlineCallbacks
def test_the_crawl_says_once_whether_the_compiled_core_runs(crawl, site, caplog):
    with caplog.at_level(logging.INFO):
        yield crawl([], ADDON, FollowUpSpider, base=site)
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("scrapy_boilerplate runs its ")]
    if scrapy_boilerplate.compiled:
        assert line == "scrapy_boilerplate runs its compiled core"
    elif compiled_core.pure_chosen():
        assert line == ("scrapy_boilerplate runs its pure-Python path (SCRAPY_BOILERPLATE_PURE is set; "
                        "its C extensions stay compiled)")
    else:
        assert line.startswith("scrapy_boilerplate runs its pure-Python path: its Cython modules were not built")


@pytest_twisted.inlineCallbacks
def test_only_responses_reaching_the_callback_are_classified(crawl, site):
    settings = {**ADDON, "HTTPERROR_ALLOW_ALL": False}
    refused = yield crawl([site + "missing.html", site + "article.html"], settings)
    assert refused.stats["boilerplate/pages"] == 1 and refused.stats["boilerplate/skipped/status"] == 1
    allowed = yield crawl([site + "missing.html"], settings, request_meta={"handle_httpstatus_list": [404]})
    assert "Farmers in the valley" in allowed.results[0].text
    assert allowed.stats["boilerplate/pages"] == 1 and "boilerplate/skipped/status" not in allowed.stats
    by_setting = yield crawl([site + "missing.html"], {**settings, "HTTPERROR_ALLOWED_CODES": [404]})
    assert by_setting.stats["boilerplate/pages"] == 1


@pytest_twisted.inlineCallbacks
def test_malformed_links_are_skipped_and_counted(crawl, site):
    # Scrapy's meta refresh middleware raises on a malformed <base> itself: off here.
    outcome = yield crawl([site + "bad-links.html", site + "bad-base.html"], {**ADDON, "METAREFRESH_ENABLED": False})
    links = {result.url.rsplit("/", 1)[1]: result.links for result in outcome.results}
    assert links == {"bad-links.html": [], "bad-base.html": [site + "flood-guide"]}
    assert outcome.stats["boilerplate/links/malformed"] == 2


@pytest.mark.parametrize("workers", [0, 2])
@pytest_twisted.inlineCallbacks
def test_binary_served_as_html_fails_alike_in_the_middleware_and_the_pipeline(crawl, site, workers):
    settings = {"BOILERPLATE_WORKERS": workers}
    through_middleware = yield crawl([site + "broken.html"], {**ADDON, **settings})
    through_pipeline = yield crawl([site + "broken.html"], {**PIPELINE, **settings}, raw_html=True)
    error = "ExtractionError: the input is binary data, not an HTML page"
    assert through_middleware.results[0].error == error and through_middleware.results[0].text == ""
    assert through_middleware.items[0]["boilerplate_error"] == through_pipeline.items[0]["boilerplate_error"] == error
    for outcome in (through_middleware, through_pipeline):
        assert outcome.stats["boilerplate/failures"] == 1 and "boilerplate/pages" not in outcome.stats


@pytest.mark.parametrize("workers", [0, 2])
@pytest_twisted.inlineCallbacks
def test_a_result_pickles_with_its_links(crawl, site, workers):
    outcome = yield crawl([site + "article.html"], {**ADDON, "BOILERPLATE_WORKERS": workers})
    [result] = outcome.results
    again = pickle.loads(pickle.dumps(result))
    assert (again.url, again.text, again.language, again.links) == (
        result.url, result.text, result.language, [site + "flood-guide"])
    assert again.root is None and again.html is None
