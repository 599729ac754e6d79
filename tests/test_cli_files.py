"""The command line never destroys its input: outputs that would overwrite one are refused, and every
output replaces its file in one step, without following a link there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ARTICLE

from scrapy_boilerplate.cli import main

REPOSITORY = Path(__file__).resolve().parent.parent


def test_an_archive_output_naming_its_input_is_refused_and_the_archive_kept(tmp_path, capsys):
    pytest.importorskip("warcio", reason="the warc extra is not installed")
    import warcs

    archive = tmp_path / "same.warc.gz"
    warcs.write(archive, [warcs.response("https://example.com/", ARTICLE.encode())])
    before = archive.read_bytes()
    for output in (str(archive), str(tmp_path / "." / "same.warc.gz")):
        with pytest.raises(SystemExit) as exit:
            main(["-o", output, str(archive)])
        assert exit.value.code == 2
        assert "is an input archive; choose another file" in capsys.readouterr().err
    assert archive.read_bytes() == before


def test_an_output_directory_that_would_overwrite_an_input_is_refused(tmp_path, capsys, monkeypatch):
    page = tmp_path / "self.html"
    page.write_text(ARTICLE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit:
        main(["-f", "html", "-d", ".", "self.html"])
    assert exit.value.code == 2
    assert "self.html would overwrite an input; choose another directory" in capsys.readouterr().err
    assert page.read_text(encoding="utf-8") == ARTICLE


def test_an_output_directory_never_writes_through_a_link(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "page.txt").symlink_to(Path("..") / "victim.txt")
    page = tmp_path / "page.html"
    page.write_text(ARTICLE, encoding="utf-8")
    assert main(["-d", str(out), str(page)]) == 0
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not (out / "page.txt").is_symlink()
    assert "River" in (out / "page.txt").read_text(encoding="utf-8")
    assert [path.name for path in out.iterdir()] == ["page.txt"]  # no temporary file left


def test_a_failed_archive_run_leaves_the_old_output_whole(tmp_path, monkeypatch):
    pytest.importorskip("warcio", reason="the warc extra is not installed")
    import warcs

    from scrapy_boilerplate.cli import archives

    archive = tmp_path / "a.warc.gz"
    warcs.write(archive, [warcs.response("https://example.com/", ARTICLE.encode())])
    output = tmp_path / "out.jsonl"
    output.write_text("earlier run\n", encoding="utf-8")

    def failing_run(*args, **kwargs):
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(archives, "run", failing_run)
    with pytest.raises(RuntimeError):
        main(["-o", str(output), str(archive)])
    assert output.read_text(encoding="utf-8") == "earlier run\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.warc.gz", "out.jsonl"]


def test_an_output_keeps_the_permissions_a_new_file_gets(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(ARTICLE, encoding="utf-8")
    assert main(["-d", str(tmp_path / "out"), str(page)]) == 0
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "out" / "page.txt").stat().st_mode & 0o777 == 0o666 & ~mask


def test_dev_zero_is_refused_within_the_page_size_limit(tmp_path):
    result = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", "--max-page-size", "1000000", "/dev/zero"],
                            capture_output=True, text=True, timeout=60, cwd=REPOSITORY)
    assert result.returncode == 1
    assert "/dev/zero: the input has more than 1,000,000 bytes (--max-page-size): skipped" in result.stderr


def test_a_fifo_and_standard_input_are_read_no_further_than_the_limit(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"yes '<p>word</p>' > {fifo}"])
    try:
        result = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", "--max-page-size", "100000", str(fifo)],
                                capture_output=True, text=True, timeout=60, cwd=REPOSITORY)
    finally:
        writer.kill()
        writer.wait()
    assert result.returncode == 1
    assert "the input has more than 100,000 bytes (--max-page-size): skipped" in result.stderr
    with subprocess.Popen(["yes", "<p>word</p>"], stdout=subprocess.PIPE) as source:
        result = subprocess.run([sys.executable, "-m", "scrapy_boilerplate", "--max-page-size", "100000", "-"],
                                stdin=source.stdout, capture_output=True, text=True, timeout=60, cwd=REPOSITORY)
        source.kill()
    assert result.returncode == 1
    assert "-: the input has more than 100,000 bytes (--max-page-size): skipped" in result.stderr
