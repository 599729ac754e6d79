"""BOILERPLATE_WORKERS: the middleware and the pipeline classifying in worker processes, in real crawls."""

from __future__ import annotations

import logging
import os
import pickle
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
import pytest_twisted
from twisted.internet import defer, task

from scrapy_boilerplate import (Addon, BoilerpipeArticleOptions, BoilerplatePipeline, BoilerplateStartMiddleware, DeclutterOptions,
                                JustextOptions, extract)
from scrapy_boilerplate.workers import process as worker
from scrapy_boilerplate.components import PageResult
from scrapy_boilerplate.components.classifier import _BY_CRAWLER
from scrapy_boilerplate.workers.pool import WorkerError, WorkerPool, WorkersUnavailable
from scrapy_boilerplate.html.parse import utf8_body

from conftest import ARTICLE, GERMAN, PageSpider, serve

PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
ADDON = {"ADDONS": {Addon: 0}}
WORKERS = {"BOILERPLATE_WORKERS": 2}
PAGES = ["article.html", "german.html", "empty.html"]
#: A page slow enough that its worker is still on it when the test kills it.
SLOW = "<html><body>" + "<p>The river rose again over the weekend.</p>" * 100_000 + "</body></html>"


def fail_to_start(algorithm, options):
    """An initializer whose process dies: a worker that cannot start."""
    os._exit(3)


def fail_to_start_while_marked(algorithm, options):
    """Dies at its first two starts once the file named by $BOILERPLATE_TEST_MARKER exists."""
    marker = Path(os.environ["BOILERPLATE_TEST_MARKER"])
    if marker.exists():
        with marker.open("a") as attempts:
            attempts.write("x")
        if len(marker.read_text()) <= 2:
            os._exit(3)
    worker.configure(algorithm, options)


class KillsItsWorker:
    """Sent as a page's URL, it kills the worker that unpickles it, with the whole batch it came in."""

    def __reduce__(self):
        return os._exit, (3,)


_classify_all = worker.classify_all


def classify_all_slowly(pages, renderings=(), metadata=True):
    """Workers far slower than the downloads: 20 ms a page more."""
    time.sleep(0.02 * len(pages))
    return _classify_all(pages, renderings, metadata)


def classify_all_unanswerably(pages, renderings=(), metadata=True):
    """A batch whose answer cannot travel back to the crawl: a lambda does not pickle."""
    return lambda: None


def until(condition):
    """Wait, on the reactor, until ``condition()`` holds."""
    from twisted.internet import reactor

    @defer.inlineCallbacks
    def wait():
        while not condition():
            yield task.deferLater(reactor, 0.05, lambda: None)

    return wait()


def test_worker_classify_gives_the_extraction():
    worker.configure("justext", JustextOptions())
    extraction, seconds = worker.classify(utf8_body(ARTICLE), "http://example.com/")
    assert extraction.to_dict() == extract(ARTICLE, url="http://example.com/").to_dict() and seconds > 0
    german, _ = worker.classify(utf8_body(GERMAN), "", ("justext", JustextOptions(stoplist="German")))
    assert german.language == "German"
    assert worker.classify(b"", "")[0] == extract("")


def test_a_worker_renders_what_is_asked_and_the_rendering_travels_back():
    worker.configure("justext", JustextOptions())
    url = "http://example.com/news/"
    asked, _ = worker.classify(utf8_body(ARTICLE), url, renderings=("markdown", "main_html"))
    sent = pickle.loads(pickle.dumps(asked))
    assert sent.markdown == extract(ARTICLE, url=url).markdown and "](http://example.com/flood-guide)" in sent.markdown
    assert sent.main_html == extract(ARTICLE, url=url).main_html
    # Not asked: not rendered, so not sent; the crawl's process could only render the blocks' skeleton.
    plain, _ = worker.classify(utf8_body(ARTICLE), url)
    assert len(pickle.dumps(plain)) < len(pickle.dumps(asked))
    assert "](" not in pickle.loads(pickle.dumps(plain)).markdown


def test_a_workers_result_unpickles_its_extraction_only_when_asked():
    worker.configure("justext", JustextOptions())
    [(classified, _, _)] = worker.classify_all([(utf8_body(ARTICLE), "http://example.com/", None)])
    result = PageResult("http://example.com/", classified=pickle.loads(pickle.dumps(classified)))
    here = extract(ARTICLE, url="http://example.com/")
    assert (result.text, result.language) == (here.text, here.language) and "extraction" not in vars(result)
    assert result.extraction == here and result.blocks == here.blocks and "extraction" in vars(result)
    assert pickle.loads(pickle.dumps(result)).to_dict() == result.to_dict()
    with pytest.raises(AttributeError):
        result.misspelt  # noqa: B018


def test_an_extraction_pickles_as_rows_into_the_same_blocks():
    extraction = extract(ARTICLE)
    again = pickle.loads(pickle.dumps(extraction))
    assert again.blocks == extraction.blocks and type(again.blocks[0]) is type(extraction.blocks[0])
    assert (again.language, again.algorithm, again.html) == (extraction.language, "justext", None)
    # What the workers send back: no field names per block, as the dicts of to_dict() have.
    assert len(pickle.dumps(extraction)) < 0.8 * len(pickle.dumps(extraction.to_dict()))


@pytest_twisted.inlineCallbacks
def test_waiting_pages_go_to_a_worker_together(monkeypatch):
    calls = []
    submit = ProcessPoolExecutor.submit

    def counted(executor, function, *arguments):
        if function is worker.classify_all:
            calls.append(len(arguments[0]))
        return submit(executor, function, *arguments)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counted)
    pool = WorkerPool(1, "justext", JustextOptions())
    pool.start()
    pages = [pool.classify(utf8_body(page), "") for page in [ARTICLE, GERMAN] * 10]  # sent before it runs
    results = yield defer.gatherResults(pages)
    assert [extraction.language for extraction, _ in results] == ["English", "German"] * 10
    assert calls == [8, 8, 4]
    pool.close()


@pytest.mark.parametrize("algorithm", ["justext", "boilerpipe-article", "declutter"])
@pytest_twisted.inlineCallbacks
def test_workers_fill_items_exactly_as_the_crawls_process_does(crawl, server, algorithm):
    urls = [server + page for page in PAGES]
    settings = {**PIPELINE, "BOILERPLATE_ALGORITHM": algorithm, "BOILERPLATE_CLEAN_HTML_FIELD": "clean_html",
                "BOILERPLATE_BLOCKS_FIELD": "blocks"}
    here = yield crawl(urls, settings)
    there = yield crawl(urls, {**settings, **WORKERS})
    for page in PAGES:
        assert there.item_for(page) == here.item_for(page)
    assert "Farmers in the valley" in there.item_for("article.html")["text"]
    if algorithm == "justext":
        assert there.item_for("german.html")["language"] == "German"
    if algorithm == "declutter":
        assert "Farmers in the valley" in there.item_for("article.html")["clean_html"]
    for key in ("boilerplate/pages", "boilerplate/blocks/good", "boilerplate/blocks/bad"):
        assert there.stats[key] == here.stats[key]
    assert there.stats["boilerplate/workers/pages"] == 3
    assert there.stats["boilerplate/workers/restarts"] == 0
    assert there.stats["boilerplate/seconds"] > 0


@pytest_twisted.inlineCallbacks
def test_with_the_addon_the_middleware_classifies_in_the_workers(crawl, server, caplog):
    urls = [server + page for page in PAGES]
    meta = {"boilerplate": {"stoplist": "German"}}
    here = yield crawl(urls, ADDON, request_meta=meta)
    with caplog.at_level(logging.INFO):
        there = yield crawl(urls, {**ADDON, **WORKERS}, request_meta=meta)
    def by_url(outcome):
        return {result.url: result.to_dict() for result in outcome.results}

    assert by_url(there) == by_url(here)
    english = yield crawl([server + "article.html"], {**ADDON, **WORKERS})
    assert english.results[0].links == [server + "flood-guide"]
    assert {result.language for result in there.results} == {"German"}
    assert there.stats["boilerplate/workers/pages"] == 3 and there.stats["boilerplate/items/reused"] == 3
    assert "2 worker processes classify the pages of the middleware and the pipeline" in caplog.text
    assert "without BoilerplateStartMiddleware" not in caplog.text


@pytest_twisted.inlineCallbacks
def test_the_workers_decode_a_body_as_scrapy_does(crawl):
    """The middleware hands the response's body over undecoded, with the encoding Scrapy chose."""
    meta_charset = GERMAN.replace("<head>", '<head><meta charset="windows-1252">')
    port = serve({"header.html": ("text/html; charset=iso-8859-1", GERMAN.encode("latin-1")),
                  "meta.html": ("text/html", meta_charset.encode("cp1252")),
                  "bom.html": ("text/html; charset=iso-8859-1", b"\xef\xbb\xbf" + GERMAN.encode())})
    urls = [f"http://127.0.0.1:{port.getHost().port}/{name}" for name in ("header.html", "meta.html", "bom.html")]
    try:
        here = yield crawl(urls, ADDON)
        there = yield crawl(urls, {**ADDON, **WORKERS})
    finally:
        yield port.stopListening()
    by_url = {result.url: result.to_dict() for result in here.results}
    assert {result.url: result.to_dict() for result in there.results} == by_url
    assert all("Fähre" in result["text"] for result in by_url.values())
    assert there.stats["boilerplate/workers/pages"] == 3


@pytest_twisted.inlineCallbacks
def test_workers_without_the_start_middleware_are_reported(crawl, server, caplog):
    with caplog.at_level(logging.INFO):
        outcome = yield crawl([server + "article.html"], {**PIPELINE, **WORKERS})
    assert "2 worker processes classify the pages of the pipeline" in caplog.text
    assert "BOILERPLATE_WORKERS without BoilerplateStartMiddleware" in caplog.text
    assert outcome.stats["boilerplate/workers/pages"] == 1


class SamplingSpider(PageSpider):
    """Notes, at each page, the requests alive and the pages handed to the workers and not answered."""

    most = {"requests": 0, "pages": 0}

    def parse(self, response):
        from scrapy import Request
        from scrapy.utils.trackref import live_refs

        live = sum(len(objects) for kind, objects in live_refs.items() if issubclass(kind, Request))
        self.most["requests"] = max(self.most["requests"], live)
        workers = _BY_CRAWLER[self.crawler].workers
        self.most["pages"] = max(self.most["pages"], workers.pending)
        self.most["answer_waiters"] = max(self.most["answer_waiters"], len(workers._answer_waiters))
        yield from super().parse(response)


@pytest.mark.parametrize("components", [ADDON, {**PIPELINE, "SPIDER_MIDDLEWARES": {BoilerplateStartMiddleware: 100}}],
                         ids=["addon", "pipeline"])
@pytest_twisted.inlineCallbacks
def test_workers_slower_than_the_downloads_slow_the_crawl_down(crawl, server, components, monkeypatch):
    """Pages wait for a free worker with their requests in Scrapy's hands, and the spider's
    start requests are read no faster than the workers classify: a few dozen requests alive
    at once, not the 150 the engine would otherwise pull into its scheduler."""
    monkeypatch.setattr(worker, "classify_all", classify_all_slowly)  # the workers are forked after this
    monkeypatch.setattr(SamplingSpider, "most", {"requests": 0, "pages": 0, "answer_waiters": 0})
    urls = [f"{server}article.html?{number}" for number in range(150)]
    settings = {**components, "BOILERPLATE_WORKERS": 1, "CONCURRENT_REQUESTS": 8, "LOG_LEVEL": "WARNING"}
    outcome = yield crawl(urls, settings, SamplingSpider)
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    assert outcome.stats["boilerplate/workers/pages"] == 150 and outcome.stats["boilerplate/pages"] == 150
    assert all("Farmers in the valley" in item["text"] for item in outcome.items)
    # The workers hold 16 pages at most (2 batches of 8); 8 more at most are being downloaded.
    assert 0 < SamplingSpider.most["pages"] <= 16 + 8 and SamplingSpider.most["requests"] <= 16 + 2 * 8
    # A start request held back past several rechecks waits on the workers once, not once per recheck.
    assert SamplingSpider.most["answer_waiters"] <= 1


@pytest_twisted.inlineCallbacks
def test_a_batch_whose_answer_cannot_come_back_fails_its_pages_and_the_crawl_goes_on(crawl, server, monkeypatch):
    monkeypatch.setattr(worker, "classify_all", classify_all_unanswerably)  # the workers are forked after this
    urls = [server + "article.html", server + "article.html?again"]
    outcome = yield crawl(urls, {**PIPELINE, **WORKERS}, raw_html=True)
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    assert all(item["text"] == "" and item["boilerplate_error"] for item in outcome.items)
    assert outcome.stats["boilerplate/failures"] == 2


@pytest_twisted.inlineCallbacks
def test_workers_that_cannot_start_leave_the_work_to_the_crawls_process(crawl, server, caplog, monkeypatch):
    monkeypatch.setattr(WorkerPool, "initializer", staticmethod(fail_to_start))
    monkeypatch.setattr(WorkerPool, "first_backoff", 0.05)
    with caplog.at_level(logging.WARNING):
        outcome = yield crawl([server + "article.html", server + "german.html"], {**PIPELINE, **WORKERS})
    assert "Farmers in the valley" in outcome.item_for("article.html")["text"]
    assert outcome.stats["boilerplate/workers/failed_starts"] == 2 * WorkerPool.max_failed_starts
    assert outcome.stats["boilerplate/pages"] == 2 and "boilerplate/workers/pages" not in outcome.stats
    failures = [r.getMessage() for r in caplog.records if "failed to start" in r.getMessage()]
    assert len(failures) == 2 * WorkerPool.max_failed_starts
    [given_up] = [r.getMessage() for r in caplog.records if "from now on" in r.getMessage()]
    assert given_up.startswith("no worker process can start")


def _pid(each) -> int:
    [process] = each.executor._processes.values()
    return process.pid


@pytest_twisted.inlineCallbacks
def test_a_killed_worker_fails_its_page_only_and_is_replaced(caplog):
    pool = WorkerPool(1, "justext", JustextOptions())
    pool.start()
    yield until(lambda: pool.running == 1)
    first, second, third = (pool.classify(utf8_body(page), "") for page in (SLOW, ARTICLE, GERMAN))
    with caplog.at_level(logging.WARNING):
        os.kill(_pid(pool.workers[0]), signal.SIGKILL)
        with pytest.raises(WorkerError, match="died on this page"):
            yield first
    article = (yield second)[0]
    german = (yield third)[0]
    assert "Farmers in the valley" in article.text and german.language == "German"
    assert pool.restarts == 1 and any("worker process died" in r.getMessage() for r in caplog.records)
    pool.close()


@pytest_twisted.inlineCallbacks
def test_a_page_killing_its_batchs_worker_fails_alone_and_the_others_go_again():
    pool = WorkerPool(1, "justext", JustextOptions())
    pool.start()
    yield until(lambda: pool.running == 1)
    busy = [pool.classify(utf8_body(page), "") for page in (SLOW, ARTICLE)]  # two batches in flight
    killer, *others = [pool.classify(utf8_body(ARTICLE), KillsItsWorker()),
                       *(pool.classify(utf8_body(page), "") for page in (GERMAN, ARTICLE))]  # one batch, later
    yield defer.gatherResults(busy)
    with pytest.raises(WorkerError, match="died on this page"):
        yield killer
    (german, _), (article, _) = yield defer.gatherResults(others)
    assert german.language == "German" and "Farmers in the valley" in article.text
    assert pool.restarts == 2  # the batch, then the page alone
    pool.close()


@pytest_twisted.inlineCallbacks
def test_a_replacement_failing_to_start_is_retried_while_the_live_worker_works(caplog, monkeypatch, tmp_path):
    marker = tmp_path / "marker"
    monkeypatch.setenv("BOILERPLATE_TEST_MARKER", str(marker))
    monkeypatch.setattr(WorkerPool, "initializer", staticmethod(fail_to_start_while_marked))
    pool = WorkerPool(2, "justext", JustextOptions())
    pool.first_backoff = 0.2
    pool.start()
    yield until(lambda: pool.running == 2)
    marker.touch()
    doomed = pool.classify(utf8_body(SLOW), "")
    victim = next(each for each in pool.workers if each.batches)
    with caplog.at_level(logging.WARNING):
        os.kill(_pid(victim), signal.SIGKILL)
        with pytest.raises(WorkerError):
            yield doomed
        # While the replacement fails to start, the live worker takes every page.
        pages = yield defer.gatherResults([pool.classify(utf8_body(ARTICLE), "") for _ in range(6)])
        assert all("Farmers in the valley" in extraction.text for extraction, *_ in pages)
        yield until(lambda: pool.running == 2)
    assert (pool.restarts, pool.failed_starts, pool.unavailable) == (1, 2, None)
    assert len([r for r in caplog.records if "failed to start" in r.getMessage()]) == 2
    assert marker.read_text() == "xxx"
    pool.close()


def test_options_that_cannot_travel_make_the_workers_unavailable():
    pool = WorkerPool(1, "justext", threading.Lock())
    pool.start()
    assert "cannot be sent" in pool.unavailable and pool.workers == []
    with pytest.raises(WorkersUnavailable):
        pool.classify(b"<p>x</p>", "").result.raiseException()


@pytest.mark.parametrize("options", [JustextOptions(stoplist="German"), JustextOptions(stoplist=["der", "die"]),
                                     BoilerpipeArticleOptions(), DeclutterOptions()])
def test_options_pickle_for_the_workers(options):
    assert pickle.loads(pickle.dumps(options)) == options
