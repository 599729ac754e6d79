"""The datatrove pipeline of docs/archives.rst on datatrove's Ray executor, on a local Ray instance:
the records the command line writes, a task per archive, each extractor's worker pool forked in a
Ray worker process."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest

pytest.importorskip("datatrove", reason="the datatrove extra is not installed")
pytest.importorskip("warcio", reason="the datatrove extra is not installed")
ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'scrapy-main-text[ray]')")

import warcs  # noqa: E402
from conftest import ARTICLE, GERMAN, PNG  # noqa: E402

from scrapy_boilerplate import JustextOptions  # noqa: E402
from scrapy_boilerplate.archives import run, start  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    """A Ray instance of this machine, 2 CPUs, started for these tests alone."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_a_ray_pipeline_writes_what_the_command_line_writes(local_ray, tmp_path):
    from datatrove.executor.ray import RayPipelineExecutor
    from datatrove.pipeline.writers import JsonlWriter

    from scrapy_boilerplate.archives.datatrove import BoilerplateExtractor, BoilerplateWarcReader

    folder = tmp_path / "warcs"
    folder.mkdir()
    for number in range(2):
        warcs.write(folder / f"part-{number}.warc.gz", [
            warcs.response(f"https://example.com/{number}/article", ARTICLE.encode()),
            warcs.response(f"https://example.de/{number}/hochwasser", GERMAN.encode()),
            warcs.response(f"https://example.com/{number}/image", PNG, "text/html"),
            warcs.other("request", f"https://example.com/{number}/article")])
    expected = io.StringIO()
    run([str(path) for path in sorted(folder.iterdir())], expected, initializer=start,
        initargs=("justext", JustextOptions()))
    lines = [json.loads(line) for line in expected.getvalue().splitlines()]
    assert len(lines) == 4

    output = tmp_path / "out"
    RayPipelineExecutor(
        pipeline=[BoilerplateWarcReader(str(folder)), BoilerplateExtractor(algorithm="justext"),
                  JsonlWriter(str(output))],
        tasks=2, workers=2, mem_per_cpu_gb=0.5, logging_dir=str(tmp_path / "logs")).run()

    documents = [json.loads(line) for path in sorted(output.glob("*.jsonl.gz"))
                 for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()]
    assert {document["id"]: document["text"] for document in documents} == {
        line["warc_record_id"]: line["text"] for line in lines}
    assert {document["metadata"]["url"] for document in documents} == {line["url"] for line in lines}
    stats = json.loads(Path(tmp_path / "logs" / "stats.json").read_text())
    reader = next(step for step in stats if "WARC" in step["name"])
    skipped = {name: count["total"] for name, count in reader["stats"].items() if name.startswith("skipped")}
    assert skipped == {"skipped: binary data": 2, "skipped: request record": 2}
