"""The compiled core: which modules are compiled, the switch to their source, and both giving one answer."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import scrapy_boilerplate
from scrapy_boilerplate import compiled_core
from scrapy_boilerplate.algorithms.learned import model, trees
from scrapy_boilerplate.algorithms.pagetype import forest
from scrapy_boilerplate.algorithms.pagetype import model as pagetype_model

PACKAGE = Path(scrapy_boilerplate.__file__).parent
SAMPLE = Path(__file__).resolve().parent / "data" / "learned_predictions.json"
SCORES = """
import json, sys
import scrapy_boilerplate
from scrapy_boilerplate.algorithms.learned import model
rows = json.load(open(sys.argv[1]))["page"]["rows"]
print(json.dumps([scrapy_boilerplate.compiled, model.load().probabilities(rows)]))
"""


def test_the_core_is_the_modules_with_declarations_beside_them():
    declared = {".".join(("scrapy_boilerplate", *path.relative_to(PACKAGE).with_suffix("").parts))
                for path in PACKAGE.rglob("*.pxd") if path.with_suffix(".py").is_file()}
    assert declared == set(compiled_core.MODULES)
    # The other declarations are those of C extensions that others cimport, or C helpers (inline
    # functions, structs) compiled into each module that cimports them, with no module of their own.
    for path in PACKAGE.rglob("*.pxd"):
        if not path.with_suffix(".py").is_file() and not path.with_suffix(".pyx").is_file():
            assert "cdef class" not in path.read_text() and "cdef inline" in path.read_text(), path


def test_the_c_extensions_are_the_pyx_files_and_always_run_compiled():
    sources = {".".join(("scrapy_boilerplate", *path.relative_to(PACKAGE).with_suffix("").parts))
               for path in PACKAGE.rglob("*.pyx")}
    assert sources == set(compiled_core.EXTENSIONS)
    assert not set(compiled_core.EXTENSIONS) & set(compiled_core.MODULES)
    for name in compiled_core.EXTENSIONS:  # no Python source to fall back on, SCRAPY_BOILERPLATE_PURE or not
        assert isinstance(importlib.import_module(name).__loader__, importlib.machinery.ExtensionFileLoader)
        assert not (PACKAGE.parent / Path(*name.split("."))).with_suffix(".py").exists()
        assert (PACKAGE.parent / Path(*name.split("."))).with_suffix(".pyi").is_file()  # their types, for mypy


def test_a_missing_c_extension_is_said_in_one_line(monkeypatch):
    monkeypatch.setattr(compiled_core, "EXTENSIONS", ("scrapy_boilerplate.html.no_such_extension",))
    assert compiled_core.missing_extensions() == (
        "scrapy_boilerplate's C extension scrapy_boilerplate.html.no_such_extension is not built: install the "
        "package with pip where a C compiler is, or run 'python setup.py build_ext --inplace' in its checkout")
    monkeypatch.undo()
    assert compiled_core.missing_extensions() is None


def test_importing_without_a_built_extension_says_so_in_one_line(tmp_path):
    # A checkout imported before its build: the package's import must not reach the missing module first.
    shutil.copytree(PACKAGE, tmp_path / "scrapy_boilerplate",
                    ignore=lambda folder, names: [name for name in names if name.startswith("segment.")
                                                  and name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
                                                  and folder.endswith("boilerpipe")])
    result = subprocess.run([sys.executable, "-c", "import scrapy_boilerplate"], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(tmp_path)}, cwd=tmp_path, check=False)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        "ImportError: scrapy_boilerplate's C extension scrapy_boilerplate.algorithms.boilerpipe.segment is not "
        "built: install the package with pip where a C compiler is, or run 'python setup.py build_ext --inplace' "
        "in its checkout")


def test_the_trees_declarations_are_those_the_models_write():
    shipped = (PACKAGE / "algorithms" / "learned" / "trees.pxd").read_text(encoding="utf-8")
    assert shipped == model.trees_declarations(trees.FEATURES, trees.GATE_FEATURES)
    assert "@cython.locals(x0=cython.double" in shipped and f"x{trees.FEATURES - 1}=cython.double)" in shipped
    for function in ("score", "score_trainset", "gate"):  # each reads an array of C doubles
        assert f"cpdef double {function}(const double[::1] row)\n" in shipped
    forest_declarations = (PACKAGE / "algorithms" / "pagetype" / "forest.pxd").read_text(encoding="utf-8")
    assert forest_declarations == pagetype_model.declarations(forest.FEATURES)
    assert forest_declarations.endswith("cpdef tuple scores(object row)\n")


def test_the_package_says_which_path_runs():
    assert scrapy_boilerplate.compiled is compiled_core.compiled()
    loader = type(trees.__loader__)
    if compiled_core.pure_chosen():
        assert not scrapy_boilerplate.compiled and loader is importlib.machinery.SourceFileLoader
    elif compiled_core.built():
        assert scrapy_boilerplate.compiled and loader is importlib.machinery.ExtensionFileLoader
    assert scrapy_boilerplate.compiled is (loader is importlib.machinery.ExtensionFileLoader)


def run_script(script: str, pure: bool, *arguments: str, stdin: str | None = None) -> tuple[bool, list]:
    """What ``script`` prints (JSON: whether the core ran compiled, and its findings), run in a new
    process on the compiled core or, with ``pure``, on the same modules' source."""
    environment = {key: value for key, value in os.environ.items() if key != compiled_core.PURE_VARIABLE}
    if pure:
        environment[compiled_core.PURE_VARIABLE] = "1"
    output = subprocess.run([sys.executable, "-c", script, *arguments], input=stdin, env=environment, check=True,
                            capture_output=True, text=True).stdout
    compiled, found = json.loads(output)
    return compiled, found


@pytest.mark.skipif(not compiled_core.built(), reason="the compiled core is not built here (installed without a C compiler, "
                                        "or with SCRAPY_BOILERPLATE_PURE=1)")
def test_the_compiled_and_the_pure_trees_give_the_same_probabilities_to_the_bit():
    compiled, by_extension = run_script(SCORES, False, str(SAMPLE))
    interpreted, by_source = run_script(SCORES, True, str(SAMPLE))
    assert (compiled, interpreted) == (True, False)
    assert len(by_extension) >= 10 and by_extension == by_source
    expected = json.loads(SAMPLE.read_text(encoding="utf-8"))["page"]["probabilities"]
    assert by_extension == pytest.approx(expected, abs=1e-9)


SEGMENTS = """
import json, sys
import scrapy_boilerplate
from lxml import html
from scrapy_boilerplate.algorithms.boilerpipe.segment import segment as boilerpipe_segment
from scrapy_boilerplate.algorithms.justext import segment
root = html.fromstring(sys.stdin.read())
found = [[[p.xpath, p.text, p.chars_in_links, p.heading, p.in_select, p.image_only]
          for p in segment(root, images=images, spaces=spaces, ruby_text=ruby_text, unclosed_buttons=buttons,
                           spaces_between_elements=between)]
         for images in (False, True) for spaces in (False, True) for ruby_text in (False, True)
         for buttons in (False, True) for between in (False, True)]
document = boilerpipe_segment(root)
found.append([document.title, [[b.xpath, b.text, b.words, b.words_in_links, b.words_in_wrapped_lines,
                                b.wrapped_lines, b.one_text_node] for b in document.blocks]])
print(json.dumps([scrapy_boilerplate.compiled, found]))
"""
#: A page with every kind of node jusText's and boilerpipe's segmentations treat apart.
EVERY_KIND = """<html><head><title>T</title><script>x()</script></head><body>
<h2 class="select-me">A <b>short</b> heading</h2><!-- a comment -->text after it<?php echo 1 ?>
<div>One<br>two<br><br>three <a href="/x">a link</a> <img alt="an image"> <i>and</i> <em>more</em></div>
<form>in a form<input value="x"><button>no</button></form><object><param name="a">kept</object>
<select><option>An option</option></select><p><ruby>漢字<rt>かんじ</rt><rp>(</rp></ruby> ruby</p>
<ul><li>one</li><li><p>two</p> tail</li></ul><pre>  code\n    indented</pre><link rel="stylesheet">
<iframe>framed</iframe><table><tr><td>cell <span> </span> <u>x</u><i>y</i></td></tr></table><noscript>no</noscript>
<p>A paragraph long enough to be wrapped: <abbr>it</abbr> runs past the eighty characters of one line, and
<a href="/y">a link <b>inside</b> it</a>, (with) "quoted" words; and more words, and more, and more again.</p>
<button>open<div></button></div><main>swallowed</main>
</body></html>"""


@pytest.mark.skipif(not compiled_core.built(), reason="the compiled core is not built here (installed without a C compiler, "
                                        "or with SCRAPY_BOILERPLATE_PURE=1)")
def test_the_segmentations_read_every_kind_of_node_alike_on_either_path():
    # Both segmentations are walkers (compiled on either path): the pure path must read the same.
    compiled, by_extension = run_script(SEGMENTS, False, stdin=EVERY_KIND)
    interpreted, by_source = run_script(SEGMENTS, True, stdin=EVERY_KIND)
    assert (compiled, interpreted) == (True, False)
    assert by_extension == by_source
    *paragraphs, (title, blocks) = by_extension
    texts = {paragraph[1] for segments in paragraphs for paragraph in segments}
    assert {"A short heading", "three a link an image andmore", "in a formkept", "漢字 ruby", "漢字かんじ( ruby",
            "open", "swallowed", "cell xy",
            "cell x y"} <= texts
    assert title == "T" and any(block[5] > 1 and block[3] == 4 for block in blocks)  # wrapped, with linked words


def test_the_variable_0_or_empty_leaves_the_compiled_core(monkeypatch):
    for value in ("", "0"):
        monkeypatch.setenv(compiled_core.PURE_VARIABLE, value)
        assert not compiled_core.pure_chosen()
    monkeypatch.setenv(compiled_core.PURE_VARIABLE, "1")
    assert compiled_core.pure_chosen()
