"""Web archives in, JSON lines out: the records read, the bad ones skipped and counted, the run bounded."""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("warcio", reason="the warc extra is not installed")

import warcs  # noqa: E402
from conftest import ARTICLE, GERMAN, PNG, children  # noqa: E402
from threaded_server import serving  # noqa: E402

from scrapy_boilerplate import JustextOptions, extract  # noqa: E402
from scrapy_boilerplate.archives import Skipped, Tally, extract_record, read, records, run, start  # noqa: E402
from scrapy_boilerplate.cli import main  # noqa: E402
from scrapy_boilerplate.html.parse import decode  # noqa: E402

REPOSITORY = Path(__file__).resolve().parent.parent
LATIN1_PAGE = ("<html><body><h1>Été</h1><p>" + "Les élèves de l'école sont allés à la fête du village "
               "avec leurs parents et leurs professeurs, et ils ont chanté. " * 4 + "</p></body></html>")


def expected_text(body: bytes, content_type: str, url: str) -> str:
    return extract(decode(body, content_type), url=url).text


@pytest.fixture
def archive(tmp_path) -> tuple[Path, list[tuple]]:
    pages = [warcs.response("https://example.com/article", ARTICLE.encode()),
             warcs.response("https://example.de/hochwasser", GERMAN.encode()),
             warcs.response("https://example.fr/ete", LATIN1_PAGE.encode("latin-1"), "text/html; charset=iso-8859-1")]
    path = tmp_path / "pages.warc.gz"
    warcs.write(path, pages)
    return path, pages


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scrapy_boilerplate", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPOSITORY)


def written(output: Path) -> int:
    """How many bytes a run writing ``output`` has written so far, into the file that replaces it at the end."""
    return sum(part.stat().st_size for part in output.parent.glob(f".{output.name}.*.part"))


def lines_of(path: Path) -> list[dict]:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as file:
        return [json.loads(line) for line in file]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_response_becomes_a_line_with_the_text_extract_gives(archive, tmp_path, jobs):
    path, pages = archive
    output = tmp_path / "out.jsonl.gz"
    result = run_cli(str(path), "-o", str(output), "-j", jobs)
    assert result.returncode == 0, result.stderr
    lines = lines_of(output)
    assert [line["url"] for line in lines] == [url for _, url, *_ in pages]  # in archive order
    for line, (_, url, body, headers, _) in zip(lines, pages):
        assert line["text"] == expected_text(body, dict(headers)["Content-Type"], url)
        assert line["warc_record_id"].startswith("<urn:uuid:") and line["warc_date"]
    assert [line["language"] for line in lines] == ["English", "German", "French"]
    assert "Les élèves de l'école" in lines[2]["text"]  # decoded with the header's charset
    assert result.stderr.splitlines()[-1] == "scrapy-boilerplate: 3 records read, 3 written, 0 skipped"
    assert result.stdout == ""


def test_chunked_and_gzipped_bodies_are_decoded(tmp_path):
    compressed = gzip.compress(GERMAN.encode("utf-8"))
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(compressed[i:i + 500]), compressed[i:i + 500])
                       for i in range(0, len(compressed), 500)) + b"0\r\n\r\n"
    path = tmp_path / "encoded.warc"
    warcs.write(path, [warcs.response("https://example.de/hochwasser", chunked, headers=(
        ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip")))])
    [record] = read(str(path))
    assert record.body == GERMAN.encode("utf-8")


def test_fields_and_options_and_standard_output(archive, capsys):
    path, pages = archive
    assert main([str(path), "-a", "learned", "--threshold", "0.5", "--fields",
                 "markdown,html,blocks,metadata,page_type"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    extraction = extract(ARTICLE, url=pages[0][1], algorithm="learned", threshold=0.5)
    assert lines[0]["text"] == extraction.text
    assert lines[0]["markdown"] == extraction.markdown
    assert lines[0]["html"] == extraction.main_html
    assert lines[0]["blocks"] == [block.to_dict() for block in extraction.blocks]
    assert lines[0]["metadata"] == extraction.metadata.to_dict()
    assert lines[0]["page_type"] == extraction.page_type and extraction.page_type is not None


@pytest.mark.parametrize(("args", "message"), [
    (["a.warc.gz", "page.html"], "web archives and pages cannot be read in one run"),
    (["a.warc.gz", "-f", "markdown"], "web archives give JSON lines"),
    (["page.html", "-o", "out.jsonl"], "only for web archives"),
    (["a.warc.gz", "--fields", "title"], "unknown field 'title'"),
    (["a.warc.gz", "--record-timeout", "0"], "must be more than 0"),
])
def test_bad_arguments(args, message, capsys):
    with pytest.raises(SystemExit) as exit:
        main(args)
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


def test_bad_records_are_skipped_by_reason(tmp_path):
    big = b"<html><body>" + b"<p>" + b"word " * 4_000_000 + b"</p></body></html>"  # 20 MB
    records = [
        warcs.other("warcinfo", ""),
        warcs.other("request", "https://example.com/article"),
        warcs.response("https://example.com/article", ARTICLE.encode()),
        warcs.other("metadata", "https://example.com/article", b"fetchTimeMs: 12\n"),
        warcs.other("revisit", "https://example.com/article"),
        warcs.response("https://example.com/missing", b"<p>gone</p>", status="404 Not Found"),
        warcs.response("https://example.com/image.png", PNG, "image/png"),
        warcs.response("https://example.com/image-as-html", PNG, "text/html"),
        # Noise whose control characters alone stay under the binary share: its replacement characters tip it.
        warcs.response("https://example.com/random-bytes", random.Random(78).randbytes(5000), "text/html"),
        warcs.response("https://example.com/untyped", ARTICLE.encode(), None),
        warcs.response("https://example.com/big", big),
        warcs.response("https://example.com/empty", b"<html><body><nav>Home</nav></body></html>"),
        warcs.response("https://example.de/hochwasser", GERMAN.encode()),
    ]
    path = tmp_path / "bad.warc.gz"
    warcs.write(path, records)
    output = io.StringIO()
    tally = run([str(path)], output, initializer=start, initargs=("justext", JustextOptions()))
    assert [json.loads(line)["url"] for line in output.getvalue().splitlines()] == [
        "https://example.com/article", "https://example.de/hochwasser"]
    assert tally.read == len(records) and tally.written == 2
    assert tally.skipped == {"warcinfo record": 1, "request record": 1, "metadata record": 1, "revisit record": 1,
                             "status not 200": 1, "not HTML": 1, "binary data": 2, "no Content-Type": 1,
                             "body too large": 1, "no main text": 1}
    assert tally.summary().startswith("13 records read, 2 written, 11 skipped (")


def test_a_body_too_large_is_not_read(tmp_path):
    path = tmp_path / "big.warc"
    warcs.write(path, [warcs.response("https://example.com/big", b"<p>" + b"x" * 3000 + b"</p>")])
    assert [item.reason for item in read(str(path), max_body=1000)] == ["body too large"]


def _archive_bytes(tmp_path: Path, name: str) -> bytes:
    path = tmp_path / name
    warcs.write(path, [warcs.response(f"https://example.com/{n}", ARTICLE.encode()) for n in range(3)])
    return path.read_bytes()


@pytest.mark.parametrize("name", ["cut.warc", "cut.warc.gz"])
def test_an_archive_cut_short_ends_with_a_reason(tmp_path, name, capsys):
    whole = _archive_bytes(tmp_path, name)
    # Cut inside the last record's body: it is shorter than its length says (gzipped, its
    # member also ends before the end-of-stream marker).
    path = tmp_path / f"short-{name}"
    path.write_bytes(whole[: len(whole) - 600])
    items = list(read(str(path)))
    assert [type(item) for item in items[:2]] == [records.Record, records.Record]
    assert items[2:] == [Skipped("truncated record", items[2].record_id)]
    assert items[2].record_id.startswith("<urn:uuid:")
    output = tmp_path / "out.jsonl"
    assert main([str(path), "-o", str(output)]) == 1  # the damage is reported
    assert len(lines_of(output)) == 2
    err = capsys.readouterr().err
    assert f"{path}: {items[2].reason}" in err and "the archive ends here" in err
    assert "3 records read, 2 written, 1 skipped" in err


def test_a_truncated_gzip_member_in_its_header(tmp_path):
    whole = _archive_bytes(tmp_path, "pages.warc.gz")
    members = whole.split(b"\x1f\x8b\x08")
    third = len(whole) - len(members[-1]) - 3
    path = tmp_path / "cut.warc.gz"
    path.write_bytes(whole[: third + 40])  # the last member's first bytes only
    assert [getattr(item, "reason", "record") for item in read(str(path))] == ["record", "record",
                                                                               "truncated record"]


def test_bytes_that_are_not_an_archive(tmp_path, capsys):
    path = tmp_path / "noise.warc.gz"
    path.write_bytes(gzip.compress(random.Random(0).randbytes(3000)))  # fixed: the same noise every run
    missing = tmp_path / "missing.warc"
    assert main([str(missing), str(path), "-o", str(tmp_path / "out.jsonl")]) == 1
    err = capsys.readouterr().err
    assert f"{missing}: cannot open it" in err
    assert f"{path}: not a web archive (gzipped): no WARC or ARC record at its start" in err
    assert "0 records read, 0 written, 0 skipped" in err


def test_an_html_file_named_warc_and_a_lone_warc_line_say_what_they_are(tmp_path, capsys):
    page = tmp_path / "page.warc"
    page.write_text(ARTICLE, encoding="utf-8")
    assert main([str(page), "-o", str(tmp_path / "out.jsonl")]) == 1
    assert f"{page}: not a web archive: no WARC or ARC record at its start" in capsys.readouterr().err
    lone = tmp_path / "lone.warc"
    lone.write_bytes(b"WARC/1.0\r\n")
    assert main([str(lone), "-o", str(tmp_path / "out.jsonl")]) == 0
    assert "1 record read, 0 written, 1 skipped (1 record without a WARC-Type)" in capsys.readouterr().err


def test_no_archive_to_read_says_so_and_reads_nothing(tmp_path, capsys):
    missing = tmp_path / "missing.warc.gz"
    assert main([str(missing), "-o", str(tmp_path / "out.jsonl")]) == 1
    err = capsys.readouterr().err
    assert f"{missing}: cannot open it" in err
    assert err.rstrip().endswith("0 records read, 0 written, 0 skipped")


def slow_or_broken(record):
    """A task whose records named so hang, raise or kill their worker."""
    while record.url.endswith("/hang"):  # spends CPU time for ever
        pass
    if record.url.endswith("/raise"):
        raise RuntimeError("a bug")
    if record.url.endswith("/die"):
        os._exit(3)
    return extract_record(record)


@pytest.mark.parametrize("processes", [1, 2])
def test_a_record_that_hangs_or_crashes_costs_itself_alone(tmp_path, processes):
    names = ["a", "hang", "b", "raise", "c", "die", "d"]
    path = tmp_path / "pages.warc"
    ids = warcs.write(path, [warcs.response(f"https://example.com/{name}", ARTICLE.encode()) for name in names])
    output = io.StringIO()
    reports: list[str] = []
    notes: list[str] = []
    started = time.monotonic()
    tally = run([str(path)], output, processes=processes, timeout=1, initializer=start,
                initargs=("justext", JustextOptions()), task=slow_or_broken, report=reports.append, note=notes.append)
    assert time.monotonic() - started < 30
    assert [json.loads(line)["url"][-1] for line in output.getvalue().splitlines()] == ["a", "b", "c", "d"]
    assert tally.skipped == {"timeout": 1, "extractor crashed": 2}
    assert [record_id for record_id, _ in tally.crashed] == [ids[3], ids[5]]
    assert reports[0].startswith(f"https://example.com/raise {ids[3]}: the extractor crashed: ")
    assert reports[0].endswith("RuntimeError: a bug")
    assert reports[1] == (f"https://example.com/die {ids[5]}: the extractor crashed: "
                          "WorkerError: the worker process died on this page (exit code 3)")
    assert notes == [f"https://example.com/hang {ids[1]}: skipped: timeout (the page took more than 1 s of CPU "
                     "time in its worker, which was stopped and replaced)"]


@pytest.mark.slow
def test_workers_killed_at_random_moments_cost_their_records_only(tmp_path):
    """Workers killed from outside (as the kernel's out-of-memory killer does), even while sending
    a line back: the run ends, with every other record written and the lost ones counted."""
    path = tmp_path / "many.warc.gz"
    # Enough records for the kills to land while they flow: 600 took half a second, and the run
    # often ended after a kill or two, each of a worker still starting (which costs no record).
    count = 3000
    warcs.write(path, [warcs.response(f"https://example.com/{n}", ARTICLE.encode()) for n in range(count)])
    output = tmp_path / "out.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "scrapy_boilerplate", str(path), "-o", str(output), "-j", "2"],
                               stderr=subprocess.PIPE, text=True, cwd=REPOSITORY)
    randomly = random.Random(1)
    kills = 0
    while kills < 5 and process.poll() is None:
        time.sleep(randomly.uniform(0.05, 0.3))
        workers = sorted(children(process.pid))
        if workers and written(output):  # once records are written
            try:
                os.kill(randomly.choice(workers), signal.SIGKILL)
            except ProcessLookupError:  # it ended (the pool replaced it) since it was listed
                continue
            kills += 1
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1, err  # records crashed the extractor: the run says so
    crashed = int(re.search(r"(\d+) extractor crashed\)", err).group(1))
    assert 0 < crashed <= kills and f"{count} records read, {count - crashed} written" in err
    assert len(lines_of(output)) == count - crashed


@pytest.mark.slow
@pytest.mark.parametrize("name", ["out.jsonl", "out.jsonl.gz"])
def test_ctrl_c_leaves_whole_lines(tmp_path, name):
    path = tmp_path / "many.warc.gz"
    warcs.write(path, [warcs.response(f"https://example.com/{n}", ARTICLE.encode()) for n in range(3000)])
    output = tmp_path / name
    process = subprocess.Popen([sys.executable, "-m", "scrapy_boilerplate", str(path), "-o", str(output)],
                               stderr=subprocess.PIPE, text=True, cwd=REPOSITORY)
    deadline = time.monotonic() + 60
    while written(output) <= 1000 and time.monotonic() < deadline:
        time.sleep(0.1)  # until some lines are out
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    lines = lines_of(output)  # a complete gzip stream of complete lines
    assert 0 < len(lines) < 3000
    assert f"{len(lines)} written" in err and "(interrupted)" in err
    assert "Traceback" not in err


def test_urls_common_crawl_paths_and_lists_of_them(archive, tmp_path, monkeypatch, capsys):
    path, pages = archive
    served = {"crawl-data/CC-MAIN-2024-10/segments/1/warc/one.warc.gz": ("application/octet-stream",
                                                                         path.read_bytes())}
    with serving(served) as base:
        monkeypatch.setattr(records, "COMMON_CRAWL", base)
        listing = tmp_path / "warc.paths.gz"
        listing.write_bytes(gzip.compress(b"crawl-data/CC-MAIN-2024-10/segments/1/warc/one.warc.gz\n"))
        output = tmp_path / "out.jsonl"
        assert main([base + "crawl-data/CC-MAIN-2024-10/segments/1/warc/one.warc.gz", str(listing),
                     "crawl-data/CC-MAIN-2024-10/segments/1/warc/one.warc.gz", "-o", str(output)]) == 0
    assert [line["url"] for line in lines_of(output)] == [url for _, url, *_ in pages] * 3


def test_no_progress_bar_on_a_pipe(archive):
    path, _ = archive
    result = run_cli(str(path))
    assert "\r" not in result.stderr and "records/s" not in result.stderr
    assert len(result.stdout.splitlines()) == 3


def test_tally_summary():
    tally = Tally(read=5, written=2)
    tally.skipped.update({"timeout": 1, "not HTML": 2})
    assert tally.summary() == "5 records read, 2 written, 3 skipped (2 not HTML, 1 timeout)"


def on_a_terminal(path: Path, tmp_path: Path) -> tuple[int, bytes]:
    """The exit status of the command line run on the archive at ``path``, and what it showed on its
    standard error, a terminal of 24 rows and 100 columns."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    result = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", str(path), "-o", str(tmp_path / "o.jsonl")],
                            stderr=follower, stdout=subprocess.DEVNULL, timeout=120, cwd=REPOSITORY)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    return result.returncode, shown


def test_a_progress_bar_with_records_per_second_on_a_terminal(archive, tmp_path):
    path, _ = archive
    status, shown = on_a_terminal(path, tmp_path)
    assert status == 0
    assert re.search(rb"records: 3 \[00:\d\d, +[\d.]+ records/s\]", shown), shown
    assert shown.rstrip().endswith(b"scrapy-boilerplate: 3 records read, 3 written, 0 skipped")


def test_the_progress_bar_counts_records_in_words_that_hold_for_one(tmp_path):
    """Not tqdm's "1 records [00:01,  1.11s/ records]"."""
    path = tmp_path / "one.warc.gz"
    warcs.write(path, [warcs.response("https://example.com/article", ARTICLE.encode())])
    status, shown = on_a_terminal(path, tmp_path)
    assert status == 0
    bar = shown.rstrip().rpartition(b"\n")[0]  # what is shown before the summary line
    assert re.fullmatch(rb"(\rrecords: [01] \[00:\d\d, +(\?|[\d.]+) records/s\])+\s*", bar), shown
