"""The datatrove extractor in a real pipeline: WarcReader -> BoilerplateExtractor -> JsonlWriter,
run by datatrove's LocalPipelineExecutor with 2 tasks on 2 workers over WARC files of devset pages."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("datatrove", reason="the datatrove extra is not installed")
pytest.importorskip("warcio", reason="the datatrove extra is not installed")

import warcs  # noqa: E402
from datatrove.executor import LocalPipelineExecutor  # noqa: E402
from datatrove.pipeline.readers import WarcReader  # noqa: E402
from datatrove.pipeline.readers.warc import process_record  # noqa: E402
from datatrove.pipeline.writers import JsonlWriter  # noqa: E402
from datatrove.utils.logging import logger  # noqa: E402
from warcio.archiveiterator import ArchiveIterator  # noqa: E402

from scrapy_boilerplate import OptionError, extract  # noqa: E402
from scrapy_boilerplate.archives import datatrove as datatrove_extractor  # noqa: E402
from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor  # noqa: E402

DEVSET = Path(os.environ.get("DEVSET", Path(__file__).resolve().parents[2] / "shared" / "devset"))
PAGES_PER_FILE = 15


def devset_pages(count: int) -> list[tuple[str, bytes]]:
    """The first ``count`` devset pages: their URLs and bytes."""
    if not (DEVSET / "snippets.json").is_file():
        pytest.skip(f"the devset is not at {DEVSET}")
    entries = json.loads((DEVSET / "snippets.json").read_text(encoding="utf-8"))
    return [(entries[key]["url"], gzip.decompress((DEVSET / "html" / f"{key}.html.gz").read_bytes()))
            for key in sorted(entries)[:count]]


def read_as_datatrove_does(path: Path) -> dict[str, tuple[str, str]]:
    """The HTML of each record that datatrove's WarcReader reads from ``path``, as it decodes it, and its
    URL, by record id."""
    with open(path, "rb") as file:
        documents = (process_record(record) for record in ArchiveIterator(file))
        return {document["id"]: (document["text"], document["url"]) for document in documents if document}


@pytest.mark.slow
@pytest.mark.parametrize(("algorithm", "options"), [("justext", {}), ("learned", {"threshold": 0.5})])
def test_a_local_pipeline_gives_the_text_extract_gives(tmp_path, algorithm, options):
    pages = devset_pages(2 * PAGES_PER_FILE)
    folder = tmp_path / "warcs"
    folder.mkdir()
    html = {}
    for number in range(2):
        chunk = pages[number * PAGES_PER_FILE:(number + 1) * PAGES_PER_FILE]
        path = folder / f"part-{number}.warc.gz"
        warcs.write(path, [warcs.response(url, body, "text/html") for url, body in chunk])
        html.update(read_as_datatrove_does(path))
    assert len(html) > PAGES_PER_FILE  # it leaves out a few that libmagic takes for other types
    expected = {record_id: extract(page, algorithm=algorithm, url=url, **options).text
                for record_id, (page, url) in html.items()}

    executor = LocalPipelineExecutor(
        pipeline=[WarcReader(str(folder)), BoilerplateExtractor(algorithm, **options),
                  JsonlWriter(str(tmp_path / "out"))],
        tasks=2, workers=2, logging_dir=str(tmp_path / "logs"))
    executor.run()

    documents = [json.loads(line) for path in sorted((tmp_path / "out").glob("*.jsonl.gz"))
                 for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()]
    found = {document["id"]: document["text"] for document in documents}
    assert len(found) == len(documents)
    assert found == {record_id: text for record_id, text in expected.items() if text}
    assert len(found) > PAGES_PER_FILE  # both tasks wrote


def test_options_are_checked_when_the_pipeline_is_built():
    with pytest.raises(OptionError, match="length_low"):
        BoilerplateExtractor("justext", length_low=-1)
    with pytest.raises(OptionError, match="algorithm"):
        BoilerplateExtractor("readability")
    assert BoilerplateExtractor("boilerpipe-article", timeout=0.5).timeout == 0.5


def test_a_document_that_is_no_page_is_dropped_not_raised_in_the_sandbox(tmp_path):
    from datatrove.data import Document

    extractor = BoilerplateExtractor("justext")
    documents = [Document(text="\x89PNG\r\n\x1a\n" + "\x00\x01" * 500, id="png"),
                 Document(text=f"<html><body><p>{'The river rose again overnight, and the town. ' * 8}</p></body></html>",
                          id="page")]
    kept = list(extractor.run(iter(documents)))
    assert [document.id for document in kept] == ["page"]
    stats = extractor.stats.to_dict()["stats"]
    assert stats["dropped"] == 1 and "broken_process" not in stats and "clean_error" not in stats


extract_text = datatrove_extractor.extract_text


def spend_or_die(document):
    """A worker's task whose documents named so spend CPU time for ever, or kill their worker: no
    page does either to the extraction itself, so the test wraps the task the workers run."""
    url = document[1]
    while url.endswith("/spin"):
        pass
    if url.endswith("/die"):
        os._exit(3)
    return extract_text(document)


def test_a_document_past_the_cpu_limit_or_killing_its_worker_is_dropped_named_and_counted(monkeypatch):
    from datatrove.data import Document

    monkeypatch.setattr(datatrove_extractor, "extract_text", spend_or_die)
    page = f"<html><body><p>{'The river rose again overnight, and the town. ' * 8}</p></body></html>"
    documents = [Document(text=page, id=f"<urn:{name}>", metadata={"url": f"https://example.com/{name}"})
                 for name in ("a", "spin", "b", "die", "c")]
    extractor = BoilerplateExtractor("justext", timeout=0.5)
    logged: list[str] = []
    sink = logger.add(logged.append, level="WARNING", format="{message}")  # datatrove's logger is loguru's
    try:
        kept = list(extractor.run(iter(documents)))
    finally:
        logger.remove(sink)
    assert [document.id for document in kept] == ["<urn:a>", "<urn:b>", "<urn:c>"]
    stats = extractor.stats.to_dict()["stats"]
    assert (stats["extracted"], stats["forwarded"], stats["timeout"], stats["broken_process"]) == (3, 3, 1, 1)
    messages = "".join(logged)
    assert ("https://example.com/spin <urn:spin>: skipped: timeout (the page took more than 0.5 s of CPU time "
            "in its worker, which was stopped and replaced)") in messages
    assert ("https://example.com/die <urn:die>: skipped: the extractor crashed: WorkerError: "
            "the worker process died on this page (exit code 3)") in messages
