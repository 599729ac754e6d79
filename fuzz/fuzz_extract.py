"""Fuzz ``extract`` with atheris: every algorithm, every input form, odd URLs.

Runs outside CI, for as long as you like (atheris: ``pip install -e ".[fuzz]"``)::

    python fuzz/fuzz_extract.py -max_total_time=3600 -rss_limit_mb=4096

A failure is a call that raised something other than a ``BoilerplateError``,
returned data that is not JSON-ready, or changed the caller's tree, or a scan of
the bytes for crowded start tags (C) that crashed or answered wrong; atheris
writes the input that did it to ``crash-*`` in the current directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))
with atheris.instrument_imports():
    from forms import FORMS, check_extract, check_start_tags, in_form

    from scrapy_boilerplate import ALGORITHMS

URLS = (None, "", "http://example.com/a/b.html", "http://[::1", "http://a/\ud800", "ftp://x", "//x/y")


def test_one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    algorithm = provider.PickValueInList(list(ALGORITHMS))
    form = provider.PickValueInList(list(FORMS))
    url = provider.PickValueInList(list(URLS))
    if form == "bytes" and provider.ConsumeBool():
        page = provider.ConsumeBytes(provider.remaining_bytes())
        check_start_tags(page)
    else:
        page = in_form(provider.ConsumeUnicode(provider.remaining_bytes()), form)
    if page is not None:
        check_extract(page, algorithm, url)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
