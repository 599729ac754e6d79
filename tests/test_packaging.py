"""What the distribution declares: licence, type information, and floors the tests run against."""

from __future__ import annotations

import ast
import configparser
import dataclasses
import re
import sys
from pathlib import Path

import pytest
import scrapy

import scrapy_boilerplate
from scrapy_boilerplate import ALGORITHMS
from scrapy_boilerplate.cli import main
from scrapy_boilerplate.components.settings import DEFAULTS, PREFIX

ROOT = Path(__file__).resolve().parent.parent
SETUP = configparser.ConfigParser()
SETUP.read(ROOT / "setup.cfg")
README = (ROOT / "README.rst").read_text(encoding="utf-8")


def _floor(requirement: str) -> tuple[int, ...]:
    """``(2, 19)`` for ``scrapy>=2.19``."""
    return tuple(int(part) for part in requirement.split(">=")[1].split("."))


def test_the_projects_own_code_is_bsd_3_clause():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("BSD 3-Clause License")
    assert "Neither the name of the copyright holder" in licence
    assert SETUP["metadata"]["license"] == "BSD-3-Clause" and SETUP["metadata"]["license_files"] == "LICENSE"


def test_type_information_ships():
    assert (ROOT / "scrapy_boilerplate" / "py.typed").is_file()
    assert "py.typed" in SETUP["options.package_data"]["scrapy_boilerplate"]


def test_floors_are_met_by_the_versions_under_test():
    # .ci/run runs the Scrapy tests again with the floor itself.
    python = _floor(SETUP["options"]["python_requires"])
    assert sys.version_info[:2] >= python
    [requirement] = [line for line in SETUP["options"]["install_requires"].split() if line.startswith("scrapy>=")]
    assert tuple(int(part) for part in scrapy.__version__.split(".")[:2]) >= _floor(requirement)


def test_the_distribution_has_a_name_of_its_own(capsys):
    # "scrapy-boilerplate" on the package index is an unrelated project of 2013 (issue #30).
    name = SETUP["metadata"]["name"]
    assert name == scrapy_boilerplate.__distribution__ == "scrapy-main-text"
    assert f"pip install {name}\n" in README
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    core = "compiled core" if scrapy_boilerplate.compiled else "pure Python"
    assert capsys.readouterr().out == f"{name} {scrapy_boilerplate.__version__} ({core})\n"


def test_the_readme_is_valid_restructuredtext():
    # It is the package index's long description, which drops a page that does not parse.
    from docutils.core import publish_doctree
    from docutils.utils import SystemMessage

    try:
        publish_doctree(README, settings_overrides={"halt_level": 2, "report_level": 2, "warning_stream": False})
    except SystemMessage as error:
        pytest.fail(f"README.rst: {error}")


def test_the_readmes_settings_table_gives_the_defaults_of_the_code():
    defaults = {PREFIX + key: value for key, value in DEFAULTS.items()}
    for algorithm in ALGORITHMS.values():
        for field in dataclasses.fields(algorithm.options):
            defaults.setdefault(PREFIX + field.name.upper(), field.default)
    rows = re.findall(r"^``(BOILERPLATE_\w+)``\s+``([^`]+)``", README, flags=re.MULTILINE)
    assert len(rows) >= 5  # the five most used
    for setting, written in rows:
        assert setting in defaults, f"README.rst names {setting}, which no component reads"
        assert ast.literal_eval(written) == defaults[setting], setting
