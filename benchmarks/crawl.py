"""Crawl throughput with and without scrapy_boilerplate, on the devset served from 127.0.0.1.

A server process holds every devset page in memory; this process crawls all
of them, in alternating rounds, with the crawls users run:

- a spider that parses its pages without the plugin (``response.xpath`` for
  the title and the links): the honest baseline, 100%;
- the same spider with the add-on (middleware and pipeline), its items
  carrying ``response.text``; then with ``BOILERPLATE_WORKERS``;
- the same spider with the pipeline alone (``ITEM_PIPELINES``), with and
  without workers.

Items are discarded. Each crawl starts after a full collection of the cycles
the one before left (Scrapy's responses and selectors refer to each other) and
its time ends with the collection of its own: no crawl frees another's. Prints
each crawl's pages per second as a share of the parsing spider's, the CPU
milliseconds per page of the crawl's process and of the worker processes, and
the most requests alive at once.

    python benchmarks/crawl.py [--limit N] [--rounds N] [--concurrency N] [--workers N]
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402


def serve(limit: int | None, ready: Any) -> None:
    """Serve the devset pages as ``/KEY.html`` on a free port; send the port through ``ready``."""
    from twisted.internet import reactor
    from twisted.web.resource import Resource
    from twisted.web.server import Site

    class Pages(Resource):
        isLeaf = True

        def __init__(self, bodies: dict[bytes, bytes]) -> None:
            super().__init__()
            self.bodies = bodies

        def render_GET(self, request):
            request.setHeader(b"content-type", b"text/html")
            return self.bodies[request.path]

    bodies = {f"/{page.key}.html".encode(): page.body for page in devset.pages(limit)}
    port = reactor.listenTCP(0, Site(Pages(bodies)), interface="127.0.0.1", backlog=1024)
    ready.send(port.getHost().port)
    # No handlers: SIGTERM from main() ends the process at once, without
    # Twisted stopping a reactor that its shutdown may already have stopped.
    reactor.run(installSignalHandlers=False)


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds of the crawls")
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="BOILERPLATE_WORKERS")
    args = parser.parse_args()

    keys = [page.key for page in devset.pages(args.limit)]
    receive, send = multiprocessing.Pipe(duplex=False)
    server = multiprocessing.Process(target=serve, args=(args.limit, send), daemon=True)
    server.start()
    port = receive.recv()
    try:
        runs = crawl_rounds([f"http://127.0.0.1:{port}/{key}.html" for key in keys], args)
    finally:
        server.terminate()
    report(runs, len(keys))


@dataclass
class Run:
    """One crawl: wall seconds, CPU seconds of the crawl's process and of the workers, most live requests."""

    seconds: float
    cpu: float
    workers_cpu: float
    most_requests: int


@dataclass
class Contender:
    settings: dict[str, Any]
    runs: list[Run] = field(default_factory=list)


def crawl_rounds(urls: list[str], args: argparse.Namespace) -> dict[str, Contender]:
    """The runs of every contender."""
    import scrapy
    from scrapy.crawler import CrawlerRunner
    from scrapy.utils.reactor import install_reactor
    from scrapy.utils.trackref import live_refs
    from twisted.internet import defer, task

    install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
    from twisted.internet import reactor

    from scrapy_boilerplate import Addon, BoilerplatePipeline

    class ParsingSpider(scrapy.Spider):
        """What a spider does with a page anyway: its title and its links."""

        name = "pages"

        async def start(self):
            for url in urls:
                yield scrapy.Request(url, dont_filter=True)

        def parse(self, response):
            yield {"url": response.url, "title": response.xpath("//title/text()").get(),
                   "links": len(response.xpath("//a/@href").getall()), "html": response.text}

    base = {
        "LOG_LEVEL": "WARNING", "TELNETCONSOLE_ENABLED": False, "ROBOTSTXT_OBEY": False,
        "COOKIES_ENABLED": False, "RETRY_ENABLED": False, "REDIRECT_ENABLED": False,
        "CONCURRENT_REQUESTS": args.concurrency, "CONCURRENT_REQUESTS_PER_DOMAIN": args.concurrency,
        "DOWNLOAD_MAXSIZE": 0, "DOWNLOAD_WARNSIZE": 0,
    }
    addon = {"ADDONS": {Addon: 0}}
    pipeline = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
    workers = {"BOILERPLATE_WORKERS": args.workers}
    contenders = {
        "parsing spider, no plugin": Contender({}),
        "add-on": Contender(addon),
        f"add-on, {args.workers} workers": Contender({**addon, **workers}),
        "pipeline only": Contender(pipeline),
        f"pipeline only, {args.workers} workers": Contender({**pipeline, **workers}),
    }
    runner = CrawlerRunner(base)

    @defer.inlineCallbacks
    def run():
        try:
            for _ in range(args.rounds):
                for name, contender in contenders.items():
                    crawler = runner.create_crawler(ParsingSpider)
                    crawler.settings.update(contender.settings, priority="spider")
                    most = [0]

                    def sample(most=most):
                        most[0] = max(most[0], sum(len(objects) for kind, objects in live_refs.items()
                                                   if issubclass(kind, scrapy.Request)))

                    sampler = task.LoopingCall(sample)
                    sampler.start(0.1)
                    gc.collect()  # the cycles the crawl before left are not this crawl's to free
                    cpu, children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
                    started = time.perf_counter()
                    yield runner.crawl(crawler)
                    gc.collect()  # nor are this crawl's cycles the next one's
                    elapsed = time.perf_counter() - started
                    sampler.stop()
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    workers_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
                    contender.runs.append(Run(elapsed, time.process_time() - cpu, workers_cpu, most[0]))
                    scraped = crawler.stats.get_value("item_scraped_count", 0)
                    if scraped != len(urls):
                        print(f"warning: {name} scraped {scraped} of {len(urls)} pages", file=sys.stderr)
                    print(f"  {name}: {len(urls) / elapsed:.0f} pages/s", flush=True)
        finally:
            reactor.stop()

    reactor.callWhenRunning(run)
    reactor.run()
    return contenders


def report(contenders: dict[str, Contender], pages: int) -> None:
    """Pages per second over all rounds as a share of the parsing spider's (and the spread of that
    share between rounds), CPU ms per page in the crawl's process and in the workers, and the
    most requests alive at once (sampled every 0.1 s)."""
    baseline = next(iter(contenders.values())).runs
    baseline_rate = pages * len(baseline) / sum(run.seconds for run in baseline)
    print(f"\n{pages} pages, {len(baseline)} rounds; CPU ms per page")
    print(f"{'crawl':36} {'pages/s':>7} {'share':>6} {'(rounds)':>17} {'crawl':>6} {'workers':>7} {'requests':>8}")
    for name, contender in contenders.items():
        runs = contender.runs
        rate = pages * len(runs) / sum(run.seconds for run in runs)
        shares = [100 * base.seconds / run.seconds for base, run in zip(baseline, runs)]
        cpu = 1000 * sum(run.cpu for run in runs) / (pages * len(runs))
        workers_cpu = 1000 * sum(run.workers_cpu for run in runs) / (pages * len(runs))
        print(f"{name:36} {rate:7.1f} {100 * rate / baseline_rate:5.1f}% ({min(shares):5.1f}% to {max(shares):5.1f}%)"
              f" {cpu:6.2f} {workers_cpu:7.2f} {max(run.most_requests for run in runs):8d}")


if __name__ == "__main__":
    main()
