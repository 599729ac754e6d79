"""Sphinx directives that write the settings tables and the CLI's help from the code itself.

``.. boilerplate-settings:: scrapy`` lists the Scrapy layer's settings
(:data:`scrapy_boilerplate.components.settings.DEFAULTS`), ``.. boilerplate-settings::
justext`` (any key of :data:`scrapy_boilerplate.ALGORITHMS`) the options of
that algorithm, each as its ``BOILERPLATE_*`` setting with its flag, its
default and its meaning. The meaning is the ``#:`` comment above the field (of
the options dataclass, or of :class:`~scrapy_boilerplate.components.settings.BoilerplateSettings`):
a setting without one is a warning, which the docs build (``-W``) makes an
error, so the tables cannot drift from the code.

``.. boilerplate-cli-help::`` is the ``--help`` of ``scrapy-boilerplate``.

Each setting is a target of the ``:setting:`` role, as in Scrapy's own docs.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Mapping
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from scrapy_boilerplate import ALGORITHMS
from scrapy_boilerplate.cli import build_parser
from scrapy_boilerplate.cli.flags import default, flag
from scrapy_boilerplate.components.settings import (
    DEFAULTS,
    METADATA_KEYS,
    PREFIX,
    SHARED_OPTIONS,
    BoilerplateSettings,
    algorithm_setting,
    setting_name,
)

logger = logging.getLogger(__name__)

#: A default whose literal is longer than this is listed below its table.
_LONGEST_INLINE_DEFAULT = 30


def _field_docs(owner: type) -> dict[str, str]:
    """The ``#:`` comment of each field of ``owner`` and of its bases, by field name."""
    docs: dict[str, str] = {}
    for cls in reversed(owner.__mro__[:-1]):
        analyzer = ModuleAnalyzer.for_module(cls.__module__)
        for (class_name, name), lines in analyzer.find_attr_docs().items():
            if class_name == cls.__qualname__:
                docs[name] = " ".join(line.strip() for line in lines if line.strip())
    return docs


def _literal(value: Any) -> str:
    """``value`` as it is written in ``settings.py``."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, Mapping):
        return ", ".join(f"{key} ({', '.join(sorted(attributes))})" if attributes else str(key)
                         for key, attributes in sorted(value.items()))
    if isinstance(value, (frozenset, set)):
        return ", ".join(f'"{item}"' for item in sorted(value))
    if isinstance(value, tuple):
        return ", ".join(f'"{item}"' for item in value)
    return repr(value)


class _Setting:
    def __init__(self, name: str, flag: str | None, value: Any, meaning: str | None, *, target: bool = True) -> None:
        self.name, self.flag, self.value, self.meaning = name, flag, value, meaning
        #: Whether the row is the setting's entry (``:setting:`` links to it); not for a dict setting's key.
        self.target = target


def _scrapy_settings() -> Iterator[_Setting]:
    docs = _field_docs(BoilerplateSettings)
    # The metadata fields' settings share one field (metadata_fields): described from its keys.
    docs.update({key.lower(): f"The item field that gets the page's metadata ``{name}`` "
                 "(:class:`~scrapy_boilerplate.Metadata`); ``None`` omits it."
                 for name, key in METADATA_KEYS.items()})
    for key, value in DEFAULTS.items():
        yield _Setting(PREFIX + key, None, value, docs.get(key.lower()))


def _algorithm_settings(algorithm: str) -> Iterator[_Setting]:
    options = ALGORITHMS[algorithm].options
    docs = _field_docs(options)
    inherited = _inherited_fields(options)
    for field in dataclasses.fields(options):
        if field.name not in inherited:
            yield _Setting(setting_name(field.name), flag(field.name), default(field), docs.get(field.name))
    # The options it shares with another algorithm are its own, with its defaults: its dict setting sets them.
    for field in dataclasses.fields(options):
        if field.name in inherited and field.name not in SHARED_OPTIONS:
            yield _Setting(f'{algorithm_setting(algorithm)}["{field.name}"]', flag(field.name), default(field),
                           docs.get(field.name), target=False)


def _inherited_fields(options: type) -> set[str]:
    """The fields ``options`` has from the options of another algorithm (learned's from jusText's)."""
    for other in ALGORITHMS.values():
        if other.options is not options and issubclass(options, other.options):
            return {field.name for field in dataclasses.fields(other.options)}
    return set()


class SettingsTable(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        which = self.arguments[0]
        if which == "scrapy":
            settings = list(_scrapy_settings())
        elif which in ALGORITHMS:
            settings = list(_algorithm_settings(which))
        else:
            raise self.error(f"boilerplate-settings: {which!r} is neither 'scrapy' nor an algorithm "
                             f"({', '.join(ALGORITHMS)})")
        if not settings:
            return self._parse([f"``{which}`` has no options."])
        with_flags = any(setting.flag for setting in settings)
        widths = "30 20 14 36" if with_flags else "34 16 50"
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", "",
                 "   * - Setting", *(["     - Flag"] if with_flags else []), "     - Default", "     - Meaning"]
        long_defaults = []
        for setting in settings:
            if not setting.meaning:
                logger.warning("%s has no description: write a '#:' comment above its field", setting.name,
                               location=self.get_location())
            literal = _literal(setting.value)
            if len(literal) > _LONGEST_INLINE_DEFAULT:
                long_defaults.append((setting.name, literal))
                literal_cell = "(below)"
            else:
                literal_cell = f"``{literal}``"
            lines += ([f"   * - .. setting:: {setting.name}", "", f"       ``{setting.name}``"] if setting.target
                      else [f"   * - ``{setting.name}``"])
            if with_flags:
                lines.append(f"     - ``{setting.flag}``" if setting.flag else "     -")
            lines += [f"     - {literal_cell}", f"     - {setting.meaning or ''}"]
        lines.append("")
        for name, literal in long_defaults:
            lines += [f"``{name}`` defaults to:", "", "    " + literal, ""]
        return self._parse(lines)

    def _parse(self, lines: list[str]) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=self.get_location()), self.content_offset, container)
        return container.children


class CliHelp(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        columns = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = "96"  # argparse wraps the help at the terminal's width
        try:
            text = build_parser().format_help()
        finally:
            if columns is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = columns
        return [nodes.literal_block(text, text, language="none")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_crossref_type("setting", "setting", indextemplate="pair: %s; setting")
    app.add_directive("boilerplate-settings", SettingsTable)
    app.add_directive("boilerplate-cli-help", CliHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
