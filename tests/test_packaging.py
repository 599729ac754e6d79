"""What the distribution declares: licence, type information, and floors the tests run against."""

from __future__ import annotations

import configparser
import sys
from pathlib import Path

import scrapy

ROOT = Path(__file__).resolve().parent.parent
SETUP = configparser.ConfigParser()
SETUP.read(ROOT / "setup.cfg")


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
