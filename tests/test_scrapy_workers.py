"""BOILERPLATE_WORKERS: the pipeline classifying in worker processes, in real crawls, and the worker protocol."""

from __future__ import annotations

import io
import logging
import os
import pickle
import signal
import threading

import pytest
import pytest_twisted

from scrapy_boilerplate import (ArticleExtractorOptions, BoilerplatePipeline, DeclutterOptions, JustextOptions,
                                extract)
from scrapy_boilerplate.components.workers import WorkerError, WorkerPool, WorkersUnavailable
from scrapy_boilerplate.document import utf8_body
from scrapy_boilerplate.worker import READY, frame, read_message, serve

from conftest import ARTICLE, GERMAN

PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
WORKERS = {**PIPELINE, "BOILERPLATE_WORKERS": 2}
PAGES = ["article.html", "german.html", "empty.html"]


def test_worker_answers_in_order_with_the_json_form_or_the_error():
    requests = io.BytesIO(b"".join(frame(message) for message in [
        ("justext", JustextOptions()), (7, utf8_body(ARTICLE), "http://example.com/"), (8, b"", ""),
        (9, b"<html><body><p>no text here", ""), (10, 12345, ""),
    ]))
    answers = io.BytesIO()
    serve(requests, answers)
    answers.seek(0)
    assert read_message(answers) == READY
    job, exported, seconds, failure = read_message(answers)
    assert (job, failure) == (7, None) and seconds > 0
    assert exported == extract(ARTICLE, url="http://example.com/").to_dict()
    assert read_message(answers)[:2] == (8, extract("").to_dict())
    assert read_message(answers)[:2] == (9, extract("<html><body><p>no text here").to_dict())
    job, exported, _, (error_type, message, details) = read_message(answers)  # a bug costs one page
    assert (job, exported) == (10, None) and message and details.startswith("Traceback")
    assert read_message(answers) is None


@pytest.mark.parametrize("algorithm", ["justext", "boilerpipe-article", "declutter"])
@pytest_twisted.inlineCallbacks
def test_workers_fill_items_exactly_as_the_crawls_process_does(crawl, server, algorithm):
    urls = [server + page for page in PAGES]
    settings = {"BOILERPLATE_ALGORITHM": algorithm, "BOILERPLATE_CLEAN_HTML_FIELD": "clean_html"}
    here = yield crawl(urls, {**PIPELINE, **settings})
    there = yield crawl(urls, {**WORKERS, **settings})
    for page in PAGES:
        assert there.item_for(page) == here.item_for(page)
    assert "Farmers in the valley" in there.item_for("article.html")["text"]
    if algorithm == "justext":
        assert there.item_for("german.html")["language"] == "German"
    if algorithm == "declutter":
        assert "Farmers in the valley" in there.item_for("article.html")["clean_html"]
    for key in ("boilerplate/pages", "boilerplate/blocks/good", "boilerplate/blocks/bad"):
        assert there.stats[key] == here.stats[key]
    assert there.stats["boilerplate/workers/restarts"] == 0
    assert there.stats["boilerplate/seconds"] > 0


@pytest_twisted.inlineCallbacks
def test_page_failing_in_a_worker_is_logged_counted_and_kept(crawl, server, caplog):
    with caplog.at_level(logging.ERROR):
        outcome = yield crawl([server + "broken.html", server + "article.html"], WORKERS, raw_html=True)
    broken = outcome.item_for("broken.html")
    assert broken["text"] == "" and broken["blocks"] == []
    assert broken["boilerplate_error"] == "ExtractionError: the input is binary data, not an HTML page"
    assert (outcome.stats["boilerplate/failures"], outcome.stats["boilerplate/pages"]) == (1, 1)
    assert any(server + "broken.html" in record.getMessage() for record in caplog.records)


@pytest_twisted.inlineCallbacks
def test_workers_that_cannot_start_leave_the_work_to_the_crawls_process(crawl, server, caplog, monkeypatch):
    monkeypatch.setattr(WorkerPool, "command", ("-c", "raise SystemExit(3)"))
    with caplog.at_level(logging.ERROR):
        outcome = yield crawl([server + "article.html"], WORKERS)
    assert "Farmers in the valley" in outcome.item_for("article.html")["text"]
    assert any("worker processes cannot start" in record.getMessage() for record in caplog.records)


@pytest_twisted.inlineCallbacks
def test_a_killed_worker_fails_its_page_only_and_is_replaced(caplog):
    pool = WorkerPool(1, "justext", JustextOptions())
    yield pool.start()
    # A page slow enough that the worker is still on it when it is killed.
    slow = "<html><body>" + "<p>The river rose again over the weekend.</p>" * 100_000 + "</body></html>"
    first, second, third = (pool.extract(utf8_body(page), "") for page in (slow, ARTICLE, GERMAN))
    [worker] = pool.workers
    with caplog.at_level(logging.WARNING):
        os.kill(worker.transport.pid, signal.SIGKILL)
        try:
            yield first
        except WorkerError as error:
            assert "died on this page" in str(error)
        else:
            raise AssertionError("the page the worker died on did not fail")
    article, _ = yield second
    german, _ = yield third
    assert "Farmers in the valley" in article["text"] and german["language"] == "German"
    assert pool.restarts == 1 and any("worker process exited" in r.getMessage() for r in caplog.records)
    yield pool.close()
    assert pool.workers == []


@pytest_twisted.inlineCallbacks
def test_options_that_cannot_travel_make_the_workers_unavailable():
    pool = WorkerPool(1, "justext", threading.Lock())
    with pytest.raises(WorkersUnavailable, match="cannot start"):
        yield pool.start()
    assert pool.workers == []


@pytest.mark.parametrize("options", [JustextOptions(stoplist="German"), JustextOptions(stoplist=["der", "die"]),
                                     ArticleExtractorOptions(), DeclutterOptions()])
def test_options_pickle_for_the_workers(options):
    assert pickle.loads(pickle.dumps(options)) == options
