"""Archived bodies in every content encoding a crawl meets, and broken ones: each record accounted
for, the good ones written, by the command line and by the docs' datatrove pipeline alike."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

pytest.importorskip("warcio", reason="the warc extra is not installed")

import brotli  # noqa: E402  # Scrapy's dependency
import warcs  # noqa: E402

from scrapy_boilerplate.archives import read  # noqa: E402
from scrapy_boilerplate.archives.bodies import BodyError, decoded  # noqa: E402

if sys.version_info >= (3, 14):
    from compression import zstd
else:
    from backports import zstd

REPOSITORY = Path(__file__).resolve().parent.parent


def page(number: int) -> bytes:
    paragraph = (f"Report {number}: the river rose by {number} centimetres overnight, and the town's volunteers "
                 "filled sandbags until the morning, while the council opened the school as a shelter. ")
    return (f"<html><head><title>Report {number}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<h1>Flood report {number}</h1><p>{paragraph * 3}</p><p>{paragraph * 2}</p>"
            "<footer>Contact us</footer></body></html>").encode()


def chunked(body: bytes, size: int = 300) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
                    for i in range(0, len(body), size)) + b"0\r\n\r\n"


def encoded_records() -> tuple[list[tuple], dict[str, int]]:
    """200 responses: 165 plain, 20 brotli, 5 zstd (all written), 5 with a broken encoding and
    5 chunked bodies cut short (skipped); the counts the summary must give."""
    records = []
    for number in range(200):
        url, body = f"https://example.com/{number}", page(number)
        if number < 20:
            records.append(warcs.response(url, brotli.compress(body), headers=(("Content-Encoding", "br"),)))
        elif number < 25:
            records.append(warcs.response(url, zstd.compress(body), headers=(("Content-Encoding", "zstd"),)))
        elif number < 30:
            broken = gzip.compress(body)[:40] + random.Random(number).randbytes(200)  # the same noise every run
            records.append(warcs.response(url, broken, headers=(("Content-Encoding", "gzip"),)))
        elif number < 35:
            cut = chunked(body)[:-400]
            records.append(warcs.response(url, cut, headers=(("Transfer-Encoding", "chunked"),)))
        elif number < 40:
            records.append(warcs.response(url, chunked(gzip.compress(body)), headers=(
                ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip"))))
        elif number < 45:
            records.append(warcs.response(url, zlib.compress(body), headers=(("Content-Encoding", "deflate"),)))
        else:
            records.append(warcs.response(url, body))
    return records, {"broken Content-Encoding": 5, "truncated chunked body": 5}


@pytest.fixture
def encoded_archive(tmp_path) -> Path:
    path = tmp_path / "encoded.warc.gz"
    warcs.write(path, encoded_records()[0])
    return path


def test_every_content_encoding_is_decoded_and_broken_ones_skip_their_record_alone(encoded_archive):
    items = list(read(str(encoded_archive)))
    assert len(items) == 200
    bodies = {item.url: item.body for item in items if hasattr(item, "body")}
    assert len(bodies) == 190
    assert all(bodies[f"https://example.com/{number}"] == page(number) for number in [*range(25), *range(35, 200)])
    skipped = [item for item in items if not hasattr(item, "body")]
    assert sorted((item.reason, item.url) for item in skipped) == sorted(
        [("broken Content-Encoding", f"https://example.com/{number}") for number in range(25, 30)]
        + [("truncated chunked body", f"https://example.com/{number}") for number in range(30, 35)])
    assert all(item.record_id and item.detail for item in skipped)


def test_the_command_line_writes_the_good_records_and_names_the_others(encoded_archive, tmp_path):
    output = tmp_path / "out.jsonl"
    result = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", "-o", str(output), str(encoded_archive)],
                            capture_output=True, text=True, timeout=300, cwd=REPOSITORY)
    assert result.returncode == 0, result.stderr  # records skipped for their bytes are no failure of the run
    lines = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 190
    assert "200 records read, 190 written, 10 skipped (5 broken Content-Encoding, 5 truncated chunked body)" \
        in result.stderr
    for number in range(25, 35):
        assert f"https://example.com/{number} <urn:uuid:" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("encoding", "body"), [
    ("gzip", gzip.compress(b"<p>x</p>" * 1000)), ("br", brotli.compress(b"<p>x</p>" * 1000)),
    ("zstd", zstd.compress(b"<p>x</p>" * 1000)), ("deflate", zlib.compress(b"<p>x</p>" * 1000)),
])
def test_a_body_that_decodes_past_the_limit_is_too_large(encoding, body):
    assert decoded(body, None, encoding, 0) == b"<p>x</p>" * 1000
    with pytest.raises(BodyError, match="body too large"):
        decoded(body, None, encoding, 4000)


def test_odd_encodings():
    body = b"<p>hello</p>"
    assert decoded(zlib.compress(body)[2:-4], None, "deflate", 0) == body  # raw deflate, as some servers send
    assert decoded(body, None, "gzip", 0) == body  # stored decoded, the header kept
    assert decoded(gzip.compress(brotli.compress(body)), None, "br, gzip", 0) == body
    assert decoded(chunked(body, 5), "chunked", None, 0) == body
    assert decoded(body, "chunked", None, 0) == body  # stored unchunked, the header kept
    with pytest.raises(BodyError, match="unknown Content-Encoding: compress"):
        decoded(b"\x1f\x9d....", None, "compress", 0)
    with pytest.raises(BodyError, match="broken Content-Encoding: br"):
        decoded(brotli.compress(body)[:-3] + b"\xff", None, "br", 0)


def test_the_docs_datatrove_pipeline_gives_what_the_command_line_gives(encoded_archive, tmp_path):
    pytest.importorskip("datatrove", reason="the datatrove extra is not installed")
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.writers import JsonlWriter

    from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor, BoilerplateWarcReader

    output = tmp_path / "cli.jsonl"
    subprocess.run([sys.executable, "-m", "scrapy_boilerplate", "-o", str(output), str(encoded_archive)],
                   capture_output=True, text=True, timeout=300, cwd=REPOSITORY, check=True)
    expected = {line["warc_record_id"]: line["text"]
                for line in map(json.loads, output.read_text(encoding="utf-8").splitlines())}

    executor = LocalPipelineExecutor(
        pipeline=[BoilerplateWarcReader(str(encoded_archive.parent), glob_pattern="*.warc.gz"),
                  BoilerplateExtractor("justext"), JsonlWriter(str(tmp_path / "out"))],
        tasks=1, workers=1, logging_dir=str(tmp_path / "logs"))
    stats = executor.run()

    documents = [json.loads(line) for path in sorted((tmp_path / "out").glob("*.jsonl.gz"))
                 for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()]
    assert {document["id"]: document["text"] for document in documents} == expected
    reader = json.loads(stats.to_json())[0]["stats"]
    assert reader["skipped: broken Content-Encoding"] == 5
    assert reader["skipped: truncated chunked body"] == 5
