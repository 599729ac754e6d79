"""What reading pages that misdeclare their encoding costs: ``decode`` against Scrapy's decoding.

On each devset page as served (nearly all valid in the encoding they declare),
``scrapy_boilerplate.html.parse.decode`` against Scrapy's ``TextResponse.text``,
taking turns: the price every page pays
for the check. Then the same pages re-encoded in cp1251, gbk, shift_jis and
cp1252 where they can be, under ``<meta charset="utf-8">``: the price of
detecting the encoding (charset_normalizer) on the pages that need it, and
how many read as when declared right.

    python benchmarks/charset.py [--limit N]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
from scrapy.http import HtmlResponse  # noqa: E402

from scrapy_boilerplate.html.parse import decode, decode_page  # noqa: E402

ENCODINGS = ("cp1251", "gbk", "shift_jis", "cp1252")
ROUND = 20


def milliseconds(function: Callable[[bytes], object], bodies: list[bytes]) -> list[float]:
    times = []
    for body in bodies:
        started = time.perf_counter()
        function(body)
        times.append((time.perf_counter() - started) * 1000)
    return times


def scrapy_text(body: bytes) -> str:
    return HtmlResponse("http://example.com/", body=body).text


def duel(bodies: list[bytes]) -> tuple[float, float]:
    """Total milliseconds of Scrapy's decoding and of ``decode`` on ``bodies``, taking turns by rounds."""
    theirs, ours = [], []
    for start in range(0, len(bodies), ROUND):
        chunk = bodies[start:start + ROUND]
        turns = [(scrapy_text, theirs), (decode, ours)]
        if start // ROUND % 2:
            turns.reverse()
        for function, times in turns:
            times.extend(milliseconds(function, chunk))
    return sum(theirs), sum(ours)


def misdeclared(text: str, encoding: str) -> tuple[bytes, bytes] | None:
    """The page in ``encoding`` declared utf-8 and declared right, if ``encoding`` holds all its characters
    and some beyond ASCII."""
    try:
        wrong, right = (f"<meta charset='{declared}'>{text}".encode(encoding) for declared in ("utf-8", encoding))
    except UnicodeEncodeError:
        return None
    return (wrong, right) if not text.isascii() else None


def main() -> None:
    args = devset.argument_parser(__doc__).parse_args()
    pages = devset.pages()[:args.limit]
    bodies = [page.body for page in pages]
    decode(bodies[0])  # imports outside the timing
    theirs, ours = duel(bodies)
    print(f"{len(bodies)} devset pages as served: Scrapy's decoding {theirs:8.1f} ms, decode {ours:8.1f} ms "
          f"({ours / theirs:.3f}x)")
    texts = [scrapy_text(body) for body in bodies]
    for encoding in ENCODINGS:
        pairs = [pair for pair in (misdeclared(text, encoding) for text in texts) if pair is not None]
        if not pairs:
            print(f"{encoding:9}: no devset page fits in it")
            continue
        detected = milliseconds(decode_page, [wrong for wrong, _ in pairs])
        same = sum(decode(wrong) == decode(right).replace(f"charset='{encoding}'", "charset='utf-8'", 1)
                   for wrong, right in pairs)
        print(f"{encoding:9}: {len(pairs):4} pages declared utf-8, {same:4} read as when declared right; "
              f"decode {statistics.median(detected):6.1f} ms median, {max(detected):6.1f} ms max")


if __name__ == "__main__":
    main()
