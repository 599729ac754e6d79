"""BOILERPLATE_WORKERS: the middleware and the pipeline classifying in worker processes, in real crawls."""

from __future__ import annotations

import logging
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest
import pytest_twisted
from conftest import ARTICLE, GERMAN, PageSpider, children, serve
from scrapy.settings import Settings
from threaded_server import serving
from twisted.internet import defer, task

from scrapy_boilerplate import (
    Addon,
    BoilerpipeArticleOptions,
    BoilerplatePipeline,
    BoilerplateStartMiddleware,
    DeclutterOptions,
    JustextOptions,
    extract,
)
from scrapy_boilerplate.components import PageResult
from scrapy_boilerplate.components.classifier import Classifier
from scrapy_boilerplate.components.settings import BoilerplateSettings, SettingError
from scrapy_boilerplate.html.parse import utf8_body
from scrapy_boilerplate.workers import process as worker
from scrapy_boilerplate.workers.pool import PageTimeout, ProcessPool, WorkerError, WorkerPool, WorkersUnavailable

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
    """Sent as a page's URL, it kills the worker that unpickles it."""

    def __reduce__(self):
        return os._exit, (3,)


_answer = worker.answer


def answer_slowly(page, renderings=(), metadata=True, page_type=False):
    """Workers far slower than the downloads: 20 ms a page more."""
    time.sleep(0.02)
    return _answer(page, renderings, metadata, page_type)


def answer_unanswerably(page, renderings=(), metadata=True, page_type=False):
    """An answer that cannot travel back to the crawl: a lambda does not pickle."""
    return lambda: None


def answer_noting_victims(page, renderings=(), metadata=True, page_type=False):
    """A page whose URL has "victim" writes its worker's pid to $BOILERPLATE_TEST_VICTIM as it
    starts, then takes a second of the clock (the time to kill or freeze that worker, spending no CPU
    time), or computes for ever with "for-ever"."""
    url = page[1]
    if "victim" in url:
        noted = Path(os.environ["BOILERPLATE_TEST_VICTIM"])
        noted.with_suffix(".part").write_text(str(os.getpid()))
        noted.with_suffix(".part").rename(noted)
        while "for-ever" in url:
            pass
        time.sleep(1)
    return _answer(page, renderings, metadata, page_type)


#: Set in a worker as it answers a page whose URL has "victim".
_sending_victim = False


def answer_marking_victims(page, renderings=(), metadata=True, page_type=False):
    global _sending_victim
    _sending_victim = "victim" in page[1]
    return _answer(page, renderings, metadata, page_type)


def make_send_bytes_halfway(then):
    """A Connection._send_bytes that, in a worker answering a victim page, sends half of the
    message and then calls ``then()``: the worker dies (or freezes) halfway through sending.
    CPython's private writer under ``send_bytes``: the one place where a message can be cut
    after its length went out, as a kill at that moment cuts it."""
    send_bytes = Connection._send_bytes

    def send_bytes_halfway(connection, message):
        if not _sending_victim:
            return send_bytes(connection, message)
        message = bytes(message)
        os.write(connection.fileno(), struct.pack("!i", len(message)) + message[:len(message) // 2])
        then()

    return send_bytes_halfway


def until(condition, timeout=60):
    """Wait, on the reactor, until ``condition()`` holds."""
    from twisted.internet import reactor

    @defer.inlineCallbacks
    def wait():
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, "waited in vain"
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
    classified, _ = worker.answer((utf8_body(ARTICLE), "http://example.com/", None, None))
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
        classifier = Classifier.of(self.crawler)
        self.most["pages"] = max(self.most["pages"], classifier.workers.pool.pending)
        self.most["answer_waiters"] = max(self.most["answer_waiters"], classifier.workers.waiting_for_answers)
        yield from super().parse(response)


@pytest.mark.parametrize("components", [ADDON, {**PIPELINE, "SPIDER_MIDDLEWARES": {BoilerplateStartMiddleware: 100}}],
                         ids=["addon", "pipeline"])
@pytest_twisted.inlineCallbacks
def test_workers_slower_than_the_downloads_slow_the_crawl_down(crawl, server, components, monkeypatch):
    """Pages wait for a free worker with their requests in Scrapy's hands, and the spider's
    start requests are read no faster than the workers classify: a few dozen requests alive
    at once, not the 150 the engine would otherwise pull into its scheduler."""
    monkeypatch.setattr(worker, "answer", answer_slowly)  # the workers are forked after this
    monkeypatch.setattr(SamplingSpider, "most", {"requests": 0, "pages": 0, "answer_waiters": 0})
    urls = [f"{server}article.html?{number}" for number in range(150)]
    settings = {**components, "BOILERPLATE_WORKERS": 1, "CONCURRENT_REQUESTS": 8, "LOG_LEVEL": "WARNING"}
    outcome = yield crawl(urls, settings, SamplingSpider)
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    assert outcome.stats["boilerplate/workers/pages"] == 150 and outcome.stats["boilerplate/pages"] == 150
    assert all("Farmers in the valley" in item["text"] for item in outcome.items)
    # The workers hold 16 pages at most (PAGES_PER_WORKER); 8 more at most are being downloaded.
    assert 0 < SamplingSpider.most["pages"] <= 16 + 8 and SamplingSpider.most["requests"] <= 16 + 2 * 8
    # A start request held back past several rechecks waits on the workers once, not once per recheck.
    assert SamplingSpider.most["answer_waiters"] <= 1


@pytest_twisted.inlineCallbacks
def test_an_answer_that_cannot_come_back_fails_its_page_and_the_crawl_goes_on(crawl, server, monkeypatch):
    monkeypatch.setattr(worker, "answer", answer_unanswerably)  # the workers are forked after this
    urls = [server + "article.html", server + "article.html?again"]
    outcome = yield crawl(urls, {**PIPELINE, **WORKERS}, raw_html=True)
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    assert all(item["text"] == "" and "cannot be sent back" in item["boilerplate_error"] for item in outcome.items)
    assert outcome.stats["boilerplate/failures"] == 2 and outcome.stats["boilerplate/workers/restarts"] == 0


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


def wait_for(condition, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


@pytest.fixture
def victim(tmp_path, monkeypatch):
    """The file where the worker taking a page whose URL has "victim" writes its pid; read with :func:`victim_pid`."""
    noted = tmp_path / "victim"
    monkeypatch.setenv("BOILERPLATE_TEST_VICTIM", str(noted))
    monkeypatch.setattr(worker, "answer", answer_noting_victims)  # the workers are forked after this
    return noted


def victim_pid(noted: Path) -> int:
    wait_for(noted.exists)
    return int(noted.read_text())


@pytest.fixture
def pool():
    pools = []

    def start(*arguments, **keywords):
        pools.append(WorkerPool(*arguments, **keywords))
        pools[-1].start()
        return pools[-1]

    before = children()
    yield start
    for each in pools:
        each.close()
    assert children() == before  # no process left behind


def test_a_killed_worker_fails_its_page_only_and_is_replaced(pool, victim, caplog):
    workers = pool(1, "justext", JustextOptions())
    first, second, third = (workers.classify(utf8_body(page), url) for page, url in
                            ((ARTICLE, "victim"), (ARTICLE, ""), (GERMAN, "")))
    with caplog.at_level(logging.WARNING):
        os.kill(victim_pid(victim), signal.SIGKILL)
        with pytest.raises(WorkerError, match=r"died on this page \(killed by signal 9\)"):
            first.result(timeout=60)
        assert "Farmers in the valley" in second.result(timeout=60)[0].text
        assert third.result(timeout=60)[0].language == "German"
    assert workers.events == {"restarts": 1}
    assert "A worker process died (killed by signal 9) on victim; starting another" in [
        record.getMessage() for record in caplog.records]


def test_a_page_killing_its_worker_fails_alone(pool):
    workers = pool(1, "justext", JustextOptions())
    before, killer, after = (workers.classify(utf8_body(ARTICLE), url) for url in ("", KillsItsWorker(), ""))
    with pytest.raises(WorkerError, match=r"died on this page \(exit code 3\)"):
        killer.result(timeout=60)
    assert "Farmers in the valley" in before.result(timeout=60)[0].text
    assert "Farmers in the valley" in after.result(timeout=60)[0].text
    assert workers.events == {"restarts": 1}


def test_a_page_past_the_time_limit_fails_alone_and_its_worker_is_replaced(pool, victim, caplog):
    workers = pool(2, "justext", JustextOptions(), page_timeout=0.5)
    endless = workers.classify(utf8_body(ARTICLE), "victim-for-ever")
    victim_pid(victim)
    others = [workers.classify(utf8_body(ARTICLE), "") for _ in range(5)]
    with caplog.at_level(logging.WARNING):
        with pytest.raises(PageTimeout, match=r"^the page took more than 0.5 s of CPU time in its worker, "
                                              r"which was stopped and replaced$"):
            endless.result(timeout=60)
    assert all("Farmers in the valley" in each.result(timeout=60)[0].text for each in others)
    assert workers.events == {"restarts": 1, "timeouts": 1}
    assert "A worker process was stopped after 0.5 s of CPU time on victim-for-ever; starting another" in [
        record.getMessage() for record in caplog.records]


def test_the_time_limit_counts_cpu_time_not_the_clock(pool, victim):
    """A page held a second by the clock, but spending little CPU time (as on a loaded machine,
    where other processes have the cores), is answered however short the limit."""
    workers = pool(1, "justext", JustextOptions(), page_timeout=0.3)
    held = workers.classify(utf8_body(ARTICLE), "victim")
    assert "Farmers in the valley" in held.result(timeout=60)[0].text
    assert workers.events == {}


def test_a_frozen_worker_fails_its_page_at_the_stall_limit(pool, victim, monkeypatch, caplog):
    """A frozen process spends no CPU time: it is stopped at ``stall_factor`` times the limit by the clock."""
    monkeypatch.setattr(ProcessPool, "stall_factor", 2)
    workers = pool(1, "justext", JustextOptions(), page_timeout=1.5)
    frozen = workers.classify(utf8_body(ARTICLE), "victim")
    os.kill(victim_pid(victim), signal.SIGSTOP)
    later = workers.classify(utf8_body(GERMAN), "")
    with caplog.at_level(logging.WARNING), pytest.raises(
            PageTimeout, match=r"^the page's worker gave no answer in 3 s without spending its 1.5 s of CPU time "
                               r"\(frozen\?\); it was stopped and replaced$"):
        frozen.result(timeout=60)
    assert "A worker process gave no answer in 3 s on victim (frozen?); stopped, starting another" in [
        record.getMessage() for record in caplog.records]
    assert later.result(timeout=60)[0].language == "German"
    assert workers.events == {"restarts": 1, "timeouts": 1}


@pytest.mark.parametrize("then, error, events", [
    (lambda: os._exit(9), WorkerError, {"restarts": 1}),
    (lambda: os.kill(os.getpid(), signal.SIGSTOP), PageTimeout, {"restarts": 1, "timeouts": 1}),
], ids=["dies", "freezes"])
def test_a_worker_that_stops_halfway_through_its_answer_costs_that_page_only(pool, monkeypatch, then, error, events):
    """The hang of the standard library's pool: the crawl's process reading an answer whose end never comes."""
    monkeypatch.setattr(ProcessPool, "stall_factor", 2)
    monkeypatch.setattr(worker, "answer", answer_marking_victims)
    monkeypatch.setattr(Connection, "_send_bytes", make_send_bytes_halfway(then))
    workers = pool(1, "justext", JustextOptions(), page_timeout=1)
    cut, whole = (workers.classify(utf8_body(ARTICLE), url) for url in ("victim", ""))
    with pytest.raises(error):
        cut.result(timeout=60)
    assert "Farmers in the valley" in whole.result(timeout=60)[0].text
    assert workers.events == events


def test_a_replacement_failing_to_start_is_retried_while_the_live_worker_works(pool, victim, caplog, monkeypatch,
                                                                              tmp_path):
    marker = tmp_path / "marker"
    monkeypatch.setenv("BOILERPLATE_TEST_MARKER", str(marker))
    monkeypatch.setattr(WorkerPool, "initializer", staticmethod(fail_to_start_while_marked))
    monkeypatch.setattr(WorkerPool, "first_backoff", 0.2)
    workers = pool(2, "justext", JustextOptions())
    wait_for(lambda: workers.running == 2)
    marker.touch()
    doomed = workers.classify(utf8_body(ARTICLE), "victim")
    with caplog.at_level(logging.WARNING):
        os.kill(victim_pid(victim), signal.SIGKILL)
        with pytest.raises(WorkerError):
            doomed.result(timeout=60)
        # While the replacement fails to start, the live worker takes every page.
        pages = [workers.classify(utf8_body(ARTICLE), "") for _ in range(6)]
        assert all("Farmers in the valley" in each.result(timeout=60)[0].text for each in pages)
        wait_for(lambda: workers.running == 2)
    assert (workers.events, workers.unavailable) == ({"restarts": 1, "failed_starts": 2}, None)
    assert len([r for r in caplog.records if "failed to start" in r.getMessage()]) == 2
    assert marker.read_text() == "xxx"


def test_closing_stops_busy_and_frozen_workers_at_once(pool, victim):
    before = children()
    workers = pool(2, "justext", JustextOptions())
    held = workers.classify(utf8_body(ARTICLE), "victim-for-ever")
    os.kill(victim_pid(victim), signal.SIGSTOP)
    waiting = [workers.classify(utf8_body(SLOW), "") for _ in range(3)]  # one in the other worker, two waiting
    time.sleep(0.2)
    started = time.monotonic()
    workers.close()
    assert time.monotonic() - started < 5 and children() == before and workers.pids == []
    with pytest.raises(WorkerError, match="closed before it was classified"):
        held.result(timeout=0)
    assert all(isinstance(each.exception(timeout=0), WorkerError) for each in waiting)


def test_options_that_cannot_travel_make_the_workers_unavailable():
    workers = WorkerPool(1, "justext", threading.Lock())
    workers.start()
    assert "cannot be sent" in workers.unavailable and workers.pids == []
    with pytest.raises(WorkersUnavailable):
        workers.classify(b"<p>x</p>", "").result(timeout=0)


@pytest.mark.parametrize("options", [JustextOptions(stoplist="German"), JustextOptions(stoplist=["der", "die"]),
                                     BoilerpipeArticleOptions(), DeclutterOptions()])
def test_options_pickle_for_the_workers(options):
    assert pickle.loads(pickle.dumps(options)) == options


def kill(pid):
    os.kill(pid, signal.SIGKILL)


def freeze(pid):
    os.kill(pid, signal.SIGSTOP)


FAULTS = {
    "killed": (kill, "WorkerError: the worker process died on this page (killed by signal 9)", {"restarts": 1}),
    "frozen": (freeze, "PageTimeout: the page's worker gave no answer in 4 s without spending its 2 s of CPU time "
                       "(frozen?); it was stopped and replaced (BOILERPLATE_PAGE_TIMEOUT)",
               {"restarts": 1, "timeouts": 1}),
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest_twisted.inlineCallbacks
def test_a_worker_killed_or_frozen_in_a_crawl_costs_its_page_only(crawl, server, victim, fault, monkeypatch):
    monkeypatch.setattr(ProcessPool, "stall_factor", 2)
    act, error, events = FAULTS[fault]
    urls = [f"{server}article.html?{number}" for number in range(20)] + [server + "article.html?victim"]
    before = children()
    crawled = crawl(urls, {**ADDON, **WORKERS, "BOILERPLATE_PAGE_TIMEOUT": 2})
    yield until(victim.exists)
    act(int(victim.read_text()))
    outcome = yield crawled
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    victims = [item for item in outcome.items if item["url"].endswith("victim")]
    assert [(item["text"], item["boilerplate_error"]) for item in victims] == [("", error)]
    assert all("Farmers in the valley" in item["text"] for item in outcome.items if item not in victims)
    for event in ("restarts", "timeouts", "failed_starts"):
        assert outcome.stats[f"boilerplate/workers/{event}"] == events.get(event, 0)
    assert outcome.stats["boilerplate/failures"] == 1 and outcome.stats["boilerplate/workers/pages"] == 20
    assert children() == before


@pytest.mark.parametrize("fault", FAULTS)
@pytest_twisted.inlineCallbacks
def test_a_worker_stopping_halfway_through_its_answer_in_a_crawl_costs_that_page_only(crawl, server, monkeypatch,
                                                                                      fault):
    monkeypatch.setattr(ProcessPool, "stall_factor", 2)
    action, error, events = FAULTS[fault]
    monkeypatch.setattr(worker, "answer", answer_marking_victims)
    monkeypatch.setattr(Connection, "_send_bytes", make_send_bytes_halfway(lambda: action(os.getpid())))
    urls = [f"{server}article.html?{number}" for number in range(20)] + [server + "article.html?victim"]
    before = children()
    outcome = yield crawl(urls, {**ADDON, **WORKERS, "BOILERPLATE_PAGE_TIMEOUT": 2})
    assert sorted(item["url"] for item in outcome.items) == sorted(urls)
    assert [item["boilerplate_error"] for item in outcome.items if item["url"].endswith("victim")] == [error]
    assert outcome.stats["boilerplate/workers/restarts"] == 1 and outcome.stats["boilerplate/failures"] == 1
    assert children() == before


@pytest.mark.parametrize("value, reason", [(-1, "must be at least 0"), ("soon", "expected a number")])
def test_a_bad_page_timeout_stops_the_crawl_at_start_up(value, reason):
    with pytest.raises(SettingError, match=f"BOILERPLATE_PAGE_TIMEOUT.*{reason}"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_PAGE_TIMEOUT": value}))
    assert BoilerplateSettings.from_settings(Settings({"BOILERPLATE_PAGE_TIMEOUT": "2.5"})).page_timeout == 2.5
    assert BoilerplateSettings.from_settings(Settings()).page_timeout == 10


#: A crawl in a process of its own, as ``scrapy crawl`` runs it (with Scrapy's Ctrl-C handling):
#: the URLs are its arguments; the worker taking a page whose URL has "victim" notes its pid
#: in $BOILERPLATE_TEST_VICTIM.
CRAWL_SCRIPT = """
import os, sys, time
from pathlib import Path
import scrapy
from scrapy.crawler import CrawlerProcess
from scrapy_boilerplate.workers import process as worker
from scrapy_boilerplate.workers.pool import ProcessPool

answer = worker.answer

def answer_noting_victims(page, renderings=(), metadata=True, page_type=False):
    if "victim" in page[1]:
        noted = Path(os.environ["BOILERPLATE_TEST_VICTIM"])
        noted.with_suffix(".part").write_text(str(os.getpid()))
        noted.with_suffix(".part").rename(noted)
    time.sleep(0.05)
    return answer(page, renderings, metadata, page_type)

worker.answer = answer_noting_victims
ProcessPool.stall_factor = 2  # a frozen worker's page fails at twice the limit by the clock

class Pages(scrapy.Spider):
    name = "pages"

    async def start(self):
        for url in sys.argv[1:]:
            yield scrapy.Request(url, dont_filter=True)

    def parse(self, response):
        yield {"url": response.url, "html": response.text}

process = CrawlerProcess({"ADDONS": {"scrapy_boilerplate.Addon": 0}, "BOILERPLATE_WORKERS": 2,
                          "BOILERPLATE_PAGE_TIMEOUT": os.environ["BOILERPLATE_PAGE_TIMEOUT"],
                          "CONCURRENT_REQUESTS": 4, "TELNETCONSOLE_ENABLED": False})
process.crawl(Pages)
process.start()
"""


@pytest.mark.slow
@pytest.mark.parametrize("page_timeout, interrupts", [(2, 1), (0, 2)], ids=["once", "twice-without-limit"])
def test_ctrl_c_stops_a_crawl_with_a_frozen_worker_and_leaves_no_process(tmp_path, page_timeout, interrupts):
    """Ctrl-C once: the crawl stops once the frozen worker's page is past its time limit;
    with no limit, a second Ctrl-C stops it at once. Either way no worker is left."""
    pages = {f"{number}.html": ("text/html", ARTICLE.encode()) for number in range(300)}
    pages["victim.html"] = ("text/html", ARTICLE.encode())
    noted = tmp_path / "victim"
    environment = {**os.environ, "BOILERPLATE_TEST_VICTIM": str(noted), "BOILERPLATE_PAGE_TIMEOUT": str(page_timeout)}
    with serving(pages) as base:
        urls = [base + "victim.html"] + [f"{base}{number}.html" for number in range(300)]
        crawl = subprocess.Popen([sys.executable, "-c", CRAWL_SCRIPT, *urls], env=environment, start_new_session=True,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(noted.exists)
            os.kill(int(noted.read_text()), signal.SIGSTOP)
            workers = children(crawl.pid)
            assert len(workers) == 2
            for _ in range(interrupts):
                time.sleep(1)
                os.killpg(crawl.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
            started = time.monotonic()
            _, log = crawl.communicate(timeout=2 * page_timeout + 15)
        finally:
            crawl.kill()
    assert time.monotonic() - started < 2 * page_timeout + 10
    assert "shutting down gracefully" in log
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    if interrupts == 1:
        assert crawl.returncode == 0 and "PageTimeout" in log and "Spider closed (shutdown)" in log
