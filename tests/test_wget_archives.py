"""A WARC written by ``wget --warc-file`` of 300 real pages served on 127.0.0.1: the command line and
the docs' datatrove pipeline give the same records, the same on a machine whose every core is busy.

wget writes no ``WARC-Identified-Payload-Type``: datatrove's own ``WarcReader`` guesses each record's
type with libmagic and drops the pages it takes for JavaScript; ``BoilerplateWarcReader`` does not.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("datatrove", reason="the datatrove extra is not installed")
pytest.importorskip("warcio", reason="the datatrove extra is not installed")

from threaded_server import serving  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.html.parse import decode  # noqa: E402

REPOSITORY = Path(__file__).resolve().parent.parent
TRAINSET = Path(os.environ.get("TRAINSET", REPOSITORY.parent / "shared" / "trainset"))
PAGES = 300


@pytest.fixture(scope="module")
def wget_warc(tmp_path_factory) -> Path:
    """The WARC wget writes of the first 300 trainset pages with a main text, each served as ``text/html``."""
    if shutil.which("wget") is None:
        pytest.skip("wget is not installed (apt-get install wget)")
    if not (TRAINSET / "ground-truth.json").is_file():
        pytest.skip(f"the trainset is not at {TRAINSET} (set TRAINSET to its folder)")
    folder = tmp_path_factory.mktemp("wget")
    (folder / "archive").mkdir()
    pages = {}
    for path in sorted((TRAINSET / "html").glob("*.html.gz")):
        body = gzip.decompress(path.read_bytes())
        if extract(decode(body, "text/html")).text:  # a page jusText finds no main text in writes no line
            pages[f"{path.name.removesuffix('.html.gz')}.html"] = ("text/html", body)
        if len(pages) == PAGES:
            break
    with serving(pages) as base:
        (folder / "urls.txt").write_text("".join(f"{base}{name}\n" for name in pages))
        # Retries: on a loaded machine a connection to the test's server can fail once; the WARC must hold every page.
        subprocess.run(["wget", "--quiet", "--tries=5", "--waitretry=1", "--retry-connrefused", "--timeout=60",
                        "--output-document=/dev/null",
                        f"--warc-file={folder / 'archive' / 'pages'}", f"--input-file={folder / 'urls.txt'}"],
                       cwd=folder, timeout=300, check=False)  # the pages are read whatever wget's exit status
    warc = folder / "archive" / "pages.warc.gz"
    assert warc.is_file()
    return warc


@contextmanager
def busy_cores() -> Iterator[None]:
    """A process spinning on each core, for as long as it lasts."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def command_line_records(warc: Path, output: Path) -> tuple[dict[str, str], str]:
    done = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", str(warc), "-o", str(output), "-j", "2"],
                          capture_output=True, text=True, timeout=600, cwd=REPOSITORY)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    return {line["warc_record_id"]: line["text"] for line in lines}, done.stderr


def datatrove_records(warc: Path, output: Path) -> dict[str, str]:
    """The pipeline of docs/archives.rst, on the folder holding ``warc``."""
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.writers import JsonlWriter

    from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor, BoilerplateWarcReader

    LocalPipelineExecutor(
        pipeline=[BoilerplateWarcReader(str(warc.parent), glob_pattern="*.warc.gz"),
                  BoilerplateExtractor(algorithm="justext"),
                  JsonlWriter(str(output))],
        tasks=1, workers=1, logging_dir=str(output.with_name(output.name + "-logs"))).run()
    documents = [json.loads(line) for path in sorted(output.glob("*.jsonl.gz"))
                 for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()]
    return {document["id"]: document["text"] for document in documents}


def html_records_datatrove_would_guess(warc: Path) -> int:
    """How many of the archive's pages datatrove's own WarcReader reads as HTML (libmagic's guesses)."""
    pytest.importorskip("magic", reason="python-magic is not installed")
    from datatrove.pipeline.readers.warc import process_record
    from warcio.archiveiterator import ArchiveIterator

    with open(warc, "rb") as file:
        return sum(1 for record in ArchiveIterator(file) if process_record(record))


@pytest.mark.slow
def test_a_wget_archive_gives_the_same_300_records_through_the_command_line_and_datatrove(wget_warc, tmp_path):
    assert html_records_datatrove_would_guess(wget_warc) < PAGES  # the pages libmagic takes for JavaScript
    quiet, summary = command_line_records(wget_warc, tmp_path / "quiet.jsonl")
    assert f"{PAGES} written" in summary and "timeout" not in summary, summary
    assert len(quiet) == PAGES
    assert datatrove_records(wget_warc, tmp_path / "quiet-datatrove") == quiet
    with busy_cores():
        busy, summary = command_line_records(wget_warc, tmp_path / "busy.jsonl")
        assert busy == quiet, summary
        assert datatrove_records(wget_warc, tmp_path / "busy-datatrove") == quiet
