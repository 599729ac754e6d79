"""Crawl throughput with and without scrapy_boilerplate, on the devset served from 127.0.0.1.

A server process holds every devset page in memory; this process crawls all
of them with a spider yielding ``{url, html}`` items, in alternating rounds:
without any pipeline, with :class:`~scrapy_boilerplate.BoilerplatePipeline`
classifying in the crawl's process, with the pipeline and
``BOILERPLATE_WORKERS`` (one worker process per core unless ``--workers``
says otherwise), and with justext 3.0.2 called in the callback (English
stoplist) for comparison. Items are discarded. Prints pages per second and
the ratio to the plain crawl.

    python benchmarks/crawl.py [--limit N] [--rounds N] [--concurrency N] [--workers N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
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
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds of the three crawls")
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="BOILERPLATE_WORKERS")
    args = parser.parse_args()

    keys = [page.key for page in devset.pages(args.limit)]
    receive, send = multiprocessing.Pipe(duplex=False)
    server = multiprocessing.Process(target=serve, args=(args.limit, send), daemon=True)
    server.start()
    port = receive.recv()
    try:
        results = crawl_rounds([f"http://127.0.0.1:{port}/{key}.html" for key in keys], args)
    finally:
        server.terminate()
    report(results, len(keys))


def crawl_rounds(urls: list[str], args: argparse.Namespace) -> dict[str, list[float]]:
    """Seconds per crawl, by contender."""
    import justext
    import scrapy
    from scrapy.crawler import CrawlerRunner
    from scrapy.utils.reactor import install_reactor
    from twisted.internet import defer

    install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
    from twisted.internet import reactor

    from scrapy_boilerplate import BoilerplatePipeline

    english = justext.get_stoplist("English")

    class PagesSpider(scrapy.Spider):
        name = "pages"

        async def start(self):
            for url in urls:
                yield scrapy.Request(url, dont_filter=True)

        def parse(self, response):
            yield {"url": response.url, "html": response.text}

    class JustextSpider(PagesSpider):
        def parse(self, response):
            paragraphs = justext.justext(response.text, english)
            yield {"url": response.url, "text": "\n".join(p.text for p in paragraphs if not p.is_boilerplate)}

    base = {
        "LOG_LEVEL": "WARNING", "TELNETCONSOLE_ENABLED": False, "ROBOTSTXT_OBEY": False,
        "COOKIES_ENABLED": False, "RETRY_ENABLED": False, "REDIRECT_ENABLED": False,
        "CONCURRENT_REQUESTS": args.concurrency, "CONCURRENT_REQUESTS_PER_DOMAIN": args.concurrency,
        "DOWNLOAD_MAXSIZE": 0, "DOWNLOAD_WARNSIZE": 0,
    }
    pipeline = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}
    contenders = {
        "plain": (PagesSpider, {}),
        "scrapy_boilerplate pipeline": (PagesSpider, pipeline),
        f"pipeline, {args.workers} worker(s)": (PagesSpider, {**pipeline, "BOILERPLATE_WORKERS": args.workers}),
        "justext 3.0.2 in the callback": (JustextSpider, {}),
    }
    seconds: dict[str, list[float]] = {name: [] for name in contenders}
    runner = CrawlerRunner(base)

    @defer.inlineCallbacks
    def run():
        try:
            for _ in range(args.rounds):
                for name, (spidercls, settings) in contenders.items():
                    crawler = runner.create_crawler(spidercls)
                    crawler.settings.update(settings, priority="spider")
                    started = time.perf_counter()
                    yield runner.crawl(crawler)
                    elapsed = time.perf_counter() - started
                    scraped = crawler.stats.get_value("item_scraped_count", 0)
                    if scraped != len(urls):
                        print(f"warning: {name} scraped {scraped} of {len(urls)} pages", file=sys.stderr)
                    seconds[name].append(elapsed)
                    print(f"  {name}: {len(urls) / elapsed:.0f} pages/s", flush=True)
        finally:
            reactor.stop()

    reactor.callWhenRunning(run)
    reactor.run()
    return seconds


def report(seconds: dict[str, list[float]], pages: int) -> None:
    """Pages per second over all rounds, their share of the plain crawl's, and the spread of
    that share between rounds (each round's crawl against the same round's plain crawl)."""
    plain_runs = seconds["plain"]
    plain = pages * len(plain_runs) / sum(plain_runs)
    print(f"\n{pages} pages, {len(plain_runs)} rounds")
    for name, runs in seconds.items():
        rate = pages * len(runs) / sum(runs)
        shares = [100 * plain_run / run for plain_run, run in zip(plain_runs, runs)]
        print(f"{name:32} {rate:7.1f} pages/s  {100 * rate / plain:5.1f}% of plain"
              f"  (rounds: {min(shares):.1f}% to {max(shares):.1f}%)")


if __name__ == "__main__":
    main()
