"""A local HTTP server on 127.0.0.1 in a thread, for tests whose client is another process.

The Twisted server of conftest.py serves only while the reactor runs; a test
that waits for a subprocess (the command line, ``scrapy boilerplate``) needs
a server that answers meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def serving(pages: dict[str, tuple[str, bytes]], requests: list[str] | None = None) -> Iterator[str]:
    """Serve ``pages`` (path -> (content type, body)), noting each path asked for in ``requests``;
    yields the base URL ``http://127.0.0.1:PORT/``."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if requests is not None:
                requests.append(self.path)
            content_type, body = pages.get(self.path.lstrip("/"), ("text/html", b"<p>not found</p>"))
            self.send_response(200 if self.path.lstrip("/") in pages else 404)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
