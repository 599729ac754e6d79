"""The command line: inputs, formats, generated option flags, processes, exit codes."""

from __future__ import annotations

import dataclasses
import gzip
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
from conftest import ARTICLE, GERMAN, PDF, PNG, children
from lxml import etree
from threaded_server import serving

from scrapy_boilerplate import ALGORITHMS, extract
from scrapy_boilerplate.cli import build_parser, main
from scrapy_boilerplate.cli.flags import DEST_PREFIX, flag

REPOSITORY = Path(__file__).resolve().parent.parent


@pytest.fixture
def pages(tmp_path) -> dict[str, Path]:
    """The article (plain and gzipped), the German page, a PNG and a PDF, as files."""
    files = {"article.html": ARTICLE.encode(), "german.html": GERMAN.encode(),
             "article.html.gz": gzip.compress(ARTICLE.encode()), "image.png": PNG, "paper.pdf": PDF}
    for name, body in files.items():
        (tmp_path / name).write_bytes(body)
    return {name: tmp_path / name for name in files}


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """``python -m scrapy_boilerplate ARGS`` as a user runs it: output to pipes, not a terminal."""
    return subprocess.run([sys.executable, "-m", "scrapy_boilerplate", *args], input=stdin,
                          capture_output=True, timeout=120, cwd=REPOSITORY)


def test_text_is_the_good_blocks(pages, capsys):
    assert main([str(pages["article.html"])]) == 0
    assert capsys.readouterr().out == extract(ARTICLE).text + "\n"


def test_gzipped_file_and_stdin_read_like_the_file(pages, capsys):
    assert main([str(pages["article.html.gz"]), "--format", "jsonl"]) == 0
    from_gzip = json.loads(capsys.readouterr().out)
    result = run("-f", "jsonl", "-", stdin=ARTICLE.encode())
    assert result.returncode == 0, result.stderr
    from_stdin = json.loads(result.stdout)
    assert from_gzip["blocks"] == from_stdin["blocks"] == extract(ARTICLE).to_dict()["blocks"]
    assert (from_gzip["file"], from_stdin["file"]) == (str(pages["article.html.gz"]), "-")


def test_json_and_jsonl_are_to_dict_with_url_and_file(pages, capsys):
    names = [str(pages["article.html"]), str(pages["german.html"])]
    assert main(["--format", "jsonl", *names]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected = [{"url": None, "file": name, **extract(page).to_dict()} for name, page in zip(names, (ARTICLE, GERMAN))]
    assert lines == expected
    assert main(["--format", "json", *names]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    assert main(["--format", "json", names[0]]) == 0
    assert json.loads(capsys.readouterr().out) == expected[0]


def test_markdown_is_the_extractions_with_links_made_absolute_for_urls(pages, capsys):
    assert main(["--format", "markdown", str(pages["article.html"])]) == 0
    markdown = capsys.readouterr().out
    assert markdown == extract(ARTICLE).markdown + "\n"
    assert markdown.startswith("# River levels rise after a week of rain\n\n") and "[flood guide](/flood-guide)" in markdown
    with serving({"article.html": ("text/html", ARTICLE.encode()), "german.html": ("text/html", GERMAN.encode())}) as base:
        # Rendered in the worker processes, where the parsed page is: links and all.
        result = run("-f", "markdown", "-j", "2", base + "article.html", base + "german.html")
    assert result.returncode == 0, result.stderr
    article, german = result.stdout.decode().split("\n==> ")
    assert article == f"==> {base}article.html <==\n" + extract(ARTICLE, url=base + "article.html").markdown + "\n"
    assert f"[flood guide]({base}flood-guide)" in article
    assert german == f"{base}german.html <==\n" + extract(GERMAN, url=base + "german.html").markdown + "\n"


def test_markdown_images_only_with_the_flag(pages, capsys):
    assert main(["--format", "markdown", "--markdown-images", str(pages["article.html"])]) == 0
    markdown = capsys.readouterr().out
    assert markdown == extract(ARTICLE).to_markdown(images=True) + "\n"
    assert "\n\n![The river in flood](/river.jpg)\n\n" in markdown
    with pytest.raises(SystemExit) as error:
        main(["--markdown-images", str(pages["article.html"])])
    assert error.value.code == 2
    assert "--markdown-images: only with --format markdown" in capsys.readouterr().err


def test_blocks_table_one_line_per_block_coloured_only_when_asked(pages, capsys):
    assert main(["--format", "blocks", str(pages["article.html"])]) == 0
    lines = capsys.readouterr().out.splitlines()
    blocks = extract(ARTICLE).blocks
    assert lines[0].split() == ["#", "label", "context-free", "chars", "links", "stop", "text"]
    assert len(lines) == 1 + len(blocks)
    for line, block in zip(lines[1:], blocks):
        number, label, cf_label, chars = line.split()[:4]
        assert (label, cf_label, int(chars)) == (block.label, block.cf_label, block.chars)
    assert "\x1b[" not in "".join(lines)
    assert main(["--format", "blocks", "--color", "always", str(pages["article.html"])]) == 0
    coloured = capsys.readouterr().out.splitlines()[1:]
    assert [line.startswith("\x1b[32m") for line in coloured] == [block.is_good for block in blocks]
    assert all(line.startswith("\x1b[2;37m") for line, block in zip(coloured, blocks) if not block.is_good)


def test_blocks_table_not_coloured_in_a_pipe(pages):
    result = run("-f", "blocks", str(pages["article.html"]))
    assert result.returncode == 0 and b"\x1b[" not in result.stdout
    assert b"River levels rise" in result.stdout


def test_html_is_the_block_view(pages, capsys):
    assert main(["--format", "html", str(pages["article.html"])]) == 0
    view = capsys.readouterr().out
    assert view.startswith("<!DOCTYPE html>") and 'http-equiv="Content-Security-Policy"' in view
    good = etree.HTML(view).xpath('//*[@data-sb-label="good"]')
    assert len(good) == sum(block.is_good for block in extract(ARTICLE).blocks)


def test_several_html_views_go_to_a_directory(pages, tmp_path, capsys):
    names = [str(pages["article.html"]), str(pages["article.html.gz"]), str(pages["german.html"])]
    assert main(["-f", "html", "--output-dir", str(tmp_path / "views"), *names]) == 0
    written = sorted(path.name for path in (tmp_path / "views").iterdir())
    assert written == ["article-2.html", "article.html", "german.html"]
    assert capsys.readouterr().out.split() == [str(tmp_path / "views" / name)
                                               for name in ("article.html", "article-2.html", "german.html")]


def test_every_option_of_every_algorithm_has_its_flag():
    parser = build_parser()
    shown = parser.format_help()
    names = {field.name for algorithm in ALGORITHMS.values() for field in dataclasses.fields(algorithm.options)}
    for name in names:
        assert f"  {flag(name)} " in shown
        assert vars(parser.parse_args(["page.html", flag(name), "value"]))[DEST_PREFIX + name] == "value"
    given = {key for key in vars(parser.parse_args(["page.html"])) if key.startswith(DEST_PREFIX)}
    assert given == {DEST_PREFIX + name for name in names}


def test_the_help_names_a_shared_flags_own_default():
    # learned turns on jusText's spaces: the learned group says so where the flag is jusText's.
    groups = {group.title: group.description for group in build_parser()._action_groups}
    assert "defaults here: --spaces True" in groups["options of --algorithm learned"]
    assert "defaults here" not in (groups["options of --algorithm boilerpipe-article"] or "")


def test_each_flag_takes_its_default_back(pages, capsys):
    """Every option's default, written as a flag, gives the default options: the conversions match the types."""
    for name, algorithm in ALGORITHMS.items():
        argv = ["-a", name, "-f", "jsonl"]
        for field in dataclasses.fields(algorithm.options):
            value = field.default_factory() if field.default is dataclasses.MISSING else field.default
            if isinstance(value, (tuple, list, frozenset, set)):
                text = ",".join(sorted(value))
            elif isinstance(value, dict) or hasattr(value, "items"):
                text = json.dumps({key: sorted(words) for key, words in value.items()})
            else:
                text = str(value)
            argv += [flag(field.name), text]
        assert main([*argv, str(pages["article.html"])]) == 0, name
        assert json.loads(capsys.readouterr().out)["blocks"] == extract(ARTICLE, algorithm=name).to_dict()["blocks"]


def test_flags_change_the_classification(pages, capsys):
    assert main(["-f", "jsonl", "--length-low", "10", "--length-high", "20", "--stoplist", "German",
                 str(pages["german.html"])]) == 0
    got = json.loads(capsys.readouterr().out)
    expected = extract(GERMAN, length_low=10, length_high=20, stoplist="German")
    assert got["blocks"] == expected.to_dict()["blocks"] and got["language"] == "German"
    assert main(["-f", "jsonl", "-a", "declutter", "--words-weight", "0.5", "--poison-words", "nav,footer",
                 str(pages["article.html"])]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["blocks"] == extract(ARTICLE, algorithm="declutter", words_weight=0.5,
                                     poison_words=["nav", "footer"]).to_dict()["blocks"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--length-low", "ten", "PAGE"], "argument --length-low: invalid int value: 'ten'"),
    (["--length-low", "-5", "PAGE"], "argument --length-low: invalid value -5: must be at least 0"),
    (["--length-low", "300", "PAGE"], "argument --length-low: invalid value 300: must not exceed length_high (200)"),
    (["--no-headings", "maybe", "PAGE"], "argument --no-headings: invalid boolean value: 'maybe'"),
    (["--stoplist", "Klingon", "PAGE"], "argument --stoplist: invalid value 'Klingon'"),
    (["-a", "declutter", "--length-low", "5", "PAGE"], "argument --length-low: not an option of declutter"),
    (["-a", "declutter", "--allowed-tags", "[1]", "PAGE"], "argument --allowed-tags: invalid JSON object value"),
    (["-a", "nonsense", "PAGE"], "argument -a/--algorithm: invalid choice: 'nonsense'"),
    (["-f", "pdf", "PAGE"], "argument -f/--format: invalid choice: 'pdf'"),
    (["-j", "0", "PAGE"], "argument -j/--jobs: must be at least 1"),
    (["-f", "html", "PAGE", "PAGE"], "argument --format: html gives one document per input"),
    (["-", "-"], "- (standard input) can be read once only"),
    ([], "the following arguments are required: INPUT"),
])
def test_bad_arguments_exit_2_naming_the_option(argv, message, pages):
    result = run(*(str(pages["article.html"]) if arg == "PAGE" else arg for arg in argv))
    assert result.returncode == 2
    assert message in result.stderr.decode()
    assert "Traceback" not in result.stderr.decode()


def test_exit_0_when_every_input_is_classified(pages):
    result = run(str(pages["article.html"]), str(pages["german.html"]))
    assert result.returncode == 0 and result.stderr == b""
    assert f"==> {pages['german.html']} <==".encode() in result.stdout


def test_exit_1_names_each_input_that_failed_and_prints_the_others(pages, tmp_path):
    (tmp_path / "notes.html").write_bytes(bytes(range(256)) * 64)  # binary data, named .html
    inputs = [str(pages["image.png"]), str(pages["article.html"]), str(tmp_path / "missing.html"),
              str(pages["paper.pdf"]), str(tmp_path / "notes.html"), "ftp://example.com/page.html"]
    result = run("-f", "jsonl", *inputs)
    assert result.returncode == 1
    errors = result.stderr.decode().splitlines()
    assert errors == [
        f"scrapy-boilerplate: {pages['image.png']}: the input is binary data, not an HTML page",
        f"scrapy-boilerplate: {tmp_path / 'missing.html'}: No such file or directory",
        f"scrapy-boilerplate: {pages['paper.pdf']}: the input is binary data, not an HTML page",
        f"scrapy-boilerplate: {tmp_path / 'notes.html'}: the input is binary data, not an HTML page",
        "scrapy-boilerplate: ftp://example.com/page.html: unsupported URL scheme 'ftp': only http and https "
        "are fetched",
    ]
    assert [json.loads(line)["file"] for line in result.stdout.splitlines()] == [str(pages["article.html"])]


def test_broken_gzip_file_is_a_failure(tmp_path):
    (tmp_path / "cut.html.gz").write_bytes(gzip.compress(ARTICLE.encode())[:100])
    result = run(str(tmp_path / "cut.html.gz"))
    assert result.returncode == 1 and b"not a readable gzip file" in result.stderr


def test_urls_fetched_and_unreachable_ones_named():
    pages = {"article.html": ("text/html; charset=utf-8", ARTICLE.encode()),
             "latin.html": ("text/html; charset=iso-8859-1", GERMAN.encode("iso-8859-1")),
             "data.json": ("application/json", b"{}")}
    with serving(pages) as base:
        result = run("-f", "jsonl", base + "article.html", base + "latin.html", base + "missing.html",
                     base + "data.json", "http://127.0.0.1:1/closed.html")
    assert result.returncode == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["url"] for record in records] == [base + "article.html", base + "latin.html"]
    assert records[0]["blocks"] == extract(ARTICLE).to_dict()["blocks"]
    assert records[1]["blocks"] == extract(GERMAN).to_dict()["blocks"]  # decoded with the header's charset
    errors = result.stderr.decode()
    assert f"{base}missing.html: HTTP error 404: Not Found" in errors
    assert f"{base}data.json: not an HTML page (Content-Type: application/json)" in errors
    assert "http://127.0.0.1:1/closed.html: cannot fetch it: [Errno 111] Connection refused" in errors
    assert "Traceback" not in errors


def test_processes_give_the_output_of_one_process_in_input_order(pages, tmp_path):
    names = []
    for number in range(6):
        path = tmp_path / f"page{number}.html"
        path.write_text(ARTICLE.replace("River levels", f"River {number} levels"), encoding="utf-8")
        names.append(str(path))
    names.insert(3, str(pages["image.png"]))
    one = run("-f", "jsonl", *names)
    several = run("-f", "jsonl", "-j", "3", *names)
    assert (one.returncode, several.returncode) == (1, 1)
    assert several.stdout == one.stdout and several.stderr == one.stderr
    assert b"\r" not in several.stderr  # no progress bar: stderr is not a terminal


def test_progress_bar_on_a_terminal_only_with_several_inputs(pages, capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main([str(pages["article.html"]), str(pages["german.html"])]) == 0
    shown = capsys.readouterr().err
    assert re.search(r"\r1/2 \|[^|]{10}\| \S*article\.html", shown) and "2/2" in shown, shown
    assert main([str(pages["article.html"])]) == 0
    assert capsys.readouterr().err == ""


def test_lists():
    algorithms = run("--list-algorithms")
    assert algorithms.returncode == 0
    lines = algorithms.stdout.decode().splitlines()
    assert [line.split()[0] for line in lines] == list(ALGORITHMS)
    assert "--length-low" in lines[0] and "(no options)" in lines[2]
    stoplists = run("--list-stoplists")
    assert stoplists.returncode == 0 and {"auto", "English", "German"} <= set(stoplists.stdout.decode().split())


@pytest.mark.slow
def test_20_mb_file(tmp_path, capsys):
    paragraph = ("<div><p>" + " ".join(["It was the best of times, it was the worst of times, it was the age of "
                                        "wisdom, it was the age of foolishness."] * 4) + "</p>"
                 "<a href='/more'>More stories</a></div>\n")
    page = tmp_path / "big.html"
    page.write_text("<html><body>" + paragraph * (20_000_000 // len(paragraph)) + "</body></html>")
    assert page.stat().st_size > 19_900_000
    assert main(["-f", "jsonl", str(page)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert len(record["blocks"]) == 2 * (20_000_000 // len(paragraph))
    assert record["language"] == "English" and record["text"].startswith("It was the best of times")


@pytest.mark.parametrize(("directory", "message"), [
    ("article.html", "argument -d/--output-dir: {dir} exists and is not a directory"),
    ("article.html/views", "argument -d/--output-dir: cannot create {dir}: Not a directory"),
], ids=["a file", "below a file"])
def test_output_dir_that_cannot_hold_files_exits_2_with_the_reason(pages, directory, message):
    target = pages["article.html"].parent / directory
    result = run("-d", str(target), str(pages["article.html"]))
    assert result.returncode == 2
    assert message.format(dir=target) in result.stderr.decode()
    assert "Traceback" not in result.stderr.decode() and result.stdout == b""


def test_an_output_file_that_cannot_be_written_fails_its_input_alone(pages, tmp_path):
    (tmp_path / "out" / "article.txt").mkdir(parents=True)  # a directory where the file would go
    result = run("-d", str(tmp_path / "out"), str(pages["article.html"]), str(pages["german.html"]))
    assert result.returncode == 1
    assert result.stderr.decode() == (f"scrapy-boilerplate: {pages['article.html']}: cannot write "
                                      f"{tmp_path / 'out' / 'article.txt'}: Is a directory\n")
    assert (tmp_path / "out" / "german.txt").read_text(encoding="utf-8") == extract(GERMAN).text + "\n"


def test_inputs_above_the_size_limit_fail_unread(pages, tmp_path):
    size = len(ARTICLE.encode())
    result = run("--max-page-size", str(size - 1), str(pages["article.html"]), str(pages["german.html"]))
    assert result.returncode == 1
    assert result.stderr.decode() == (f"scrapy-boilerplate: {pages['article.html']}: the input has more than "
                                      f"{size - 1:,} bytes (--max-page-size): skipped\n")
    assert result.stdout.decode().endswith(f"german.html <==\n{extract(GERMAN).text}\n")
    assert run("--max-page-size", "0", str(pages["article.html"])).returncode == 0


def test_inputs_misdeclaring_their_encoding_read_as_declared_right(tmp_path):
    russian = "<p>" + "Москва — столица России, крупнейший город страны и важный культурный центр. " * 6 + "</p>"
    (tmp_path / "wrong.html").write_bytes(('<meta charset="utf-8">' + russian).encode("cp1251"))
    (tmp_path / "right.html").write_bytes(('<meta charset="cp1251">' + russian).encode("cp1251"))
    served = {"header.html": ("text/html; charset=utf-8", russian.encode("cp1251"))}
    with serving(served) as base:
        result = run("-f", "jsonl", str(tmp_path / "wrong.html"), base + "header.html", str(tmp_path / "right.html"))
    assert result.returncode == 0, result.stderr
    wrong, header, right = (json.loads(line)["text"] for line in result.stdout.splitlines())
    assert wrong == header == right and right.startswith("Москва — столица России")


@pytest.mark.slow
def test_a_batch_whose_workers_are_killed_loses_the_killed_inputs_alone_and_names_them(tmp_path):
    """500 files in 2 worker processes, a worker killed 5 times at random moments (as the kernel's
    out-of-memory killer does): every other file is written, each killed one named, exit status 1."""
    pages = tmp_path / "pages"
    pages.mkdir()
    # Some 20 to 50 ms a page, and pages enough for the kills to land while the files flow, however fast
    # the extraction and however busy the machine.
    long_article = ARTICLE.replace("</body>", "<p>The river rose again overnight, said the mayor.</p>" * 3000
                                   + "</body>")
    names = []
    for number in range(500):
        path = pages / f"page{number:03}.html"
        path.write_text(long_article.replace("River levels", f"River {number} levels"), encoding="utf-8")
        names.append(path)
    out = tmp_path / "out"
    batch = subprocess.Popen([sys.executable, "-m", "scrapy_boilerplate", "-j", "2", "-d", str(out),
                              *map(str, names)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=REPOSITORY)
    randomly = random.Random(5)
    kills = 0
    while kills < 5 and batch.poll() is None:
        time.sleep(randomly.uniform(0.05, 0.3))
        workers = sorted(children(batch.pid))
        if workers and out.is_dir() and any(out.iterdir()):  # once files are written
            try:
                os.kill(randomly.choice(workers), signal.SIGKILL)
            except ProcessLookupError:  # it ended (the pool replaced it) since it was listed
                continue
            kills += 1
    written, errors = batch.communicate(timeout=300)
    assert kills == 5
    killed = re.findall(r"^scrapy-boilerplate: (\S+): WorkerError: the worker process died on this page "
                        r"\(killed by signal 9\)$", errors, flags=re.MULTILINE)
    assert 0 < len(killed) <= kills and len(errors.splitlines()) == len(killed), errors
    assert batch.returncode == 1  # some inputs failed (docs/cli.rst)
    kept = [path for path in names if str(path) not in killed]
    assert written.splitlines() == [str(out / f"{path.stem}.txt") for path in kept]
    assert sorted(path.name for path in out.iterdir()) == [f"{path.stem}.txt" for path in kept]
    assert all("River levels" not in (out / f"{path.stem}.txt").read_text(encoding="utf-8") for path in kept)
