"""Reading and validating the ``BOILERPLATE_*`` settings, once per crawler.

Every option of the selected algorithm is the setting ``BOILERPLATE_`` + its
name in upper case; a value given as text (``-s BOILERPLATE_LENGTH_LOW=50``)
is converted to the type of the option's default.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scrapy.settings import BaseSettings

from .. import algorithms
from ..errors import OptionError
from ..model.options import Options, check_number

PREFIX = "BOILERPLATE_"

#: ``request.meta`` key of per-request options: ``{"stoplist": "German"}``,
#: optionally with ``"algorithm"``.
OPTIONS_META_KEY = "boilerplate"

#: The settings of the Scrapy layer (not of an algorithm) and their defaults.
DEFAULTS: Mapping[str, Any] = {
    "ALGORITHM": "justext",
    "HTML_FIELD": "html",
    "TEXT_FIELD": "text",
    "BLOCKS_FIELD": None,
    "LANGUAGE_FIELD": "language",
    "CLEAN_HTML_FIELD": None,
    "MARKDOWN_FIELD": None,
    "MAIN_HTML_FIELD": None,
    "ERROR_FIELD": "boilerplate_error",
    "KEEP_HTML": False,
    "DROP_EMPTY": False,
    "MIN_TEXT_LENGTH": 1,
    "WORKERS": 0,
    #: Seconds a page may take in a worker before it fails and its worker is replaced; 0: no limit.
    "PAGE_TIMEOUT": 10.0,
}


class SettingError(OptionError):
    """A ``BOILERPLATE_*`` setting has an invalid value; the message names the setting."""

    def __init__(self, setting: str, value: Any, reason: str) -> None:
        super().__init__(setting, value, reason)
        self.setting = setting


def setting_name(option: str) -> str:
    return PREFIX + option.upper()


def known_settings() -> list[str]:
    """Every ``BOILERPLATE_*`` setting: the Scrapy layer's and every option of every algorithm."""
    names = {PREFIX + key for key in DEFAULTS}
    for algorithm in algorithms.ALGORITHMS.values():
        names.update(setting_name(option) for option in algorithm.options.names())
    return sorted(names)


def read_options(settings: BaseSettings, algorithm: str) -> Options:
    """The options of ``algorithm`` from the settings the user set; :class:`SettingError` if invalid."""
    try:
        chosen = algorithms.get(algorithm)
    except OptionError as error:
        raise SettingError(setting_name("algorithm"), algorithm, error.reason) from None
    for option, replacement in chosen.options.renamed.items():
        if settings.getpriority(setting_name(option)) is not None:
            raise SettingError(setting_name(option), settings.get(setting_name(option)),
                               f"renamed {PREFIX}{replacement.upper()}")
    values = {}
    for option in dataclasses.fields(chosen.options):
        name = setting_name(option.name)
        if settings.getpriority(name) is not None:
            values[option.name] = _coerce(settings, name, option.default)
    try:
        return chosen.options.from_mapping(values)
    except OptionError as error:
        raise SettingError(setting_name(error.option), error.value, error.reason) from None


def _coerce(settings: BaseSettings, name: str, default: Any) -> Any:
    """The setting's value, converted like Scrapy converts text settings when it is text."""
    value = settings.get(name)
    if not isinstance(value, str):
        return value  # a Python value from settings.py: the options validate its type
    getter = {bool: settings.getbool, int: settings.getint, float: settings.getfloat}.get(type(default))
    if isinstance(default, (tuple, list, frozenset)):
        getter = settings.getlist
    if getter is None:
        return value
    try:
        return getter(name)
    except ValueError:
        raise SettingError(name, value, f"expected {type(default).__name__}") from None


def _field(settings: BaseSettings, key: str) -> str | None:
    # Settings.get() turns a None the user set into the default; None omits the field.
    value = settings[PREFIX + key] if settings.getpriority(PREFIX + key) is not None else DEFAULTS[key]
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise SettingError(PREFIX + key, value, "expected an item field name or None")
    return value


def _number(settings: BaseSettings, key: str, *, integer: bool = True) -> Any:
    """The setting's number (an ``int`` if ``integer``), at least 0."""
    name = PREFIX + key
    value = settings.get(name, DEFAULTS[key])
    try:
        value = (int if integer else float)(value) if isinstance(value, str) else value
    except ValueError:
        raise SettingError(name, value, "expected an integer" if integer else "expected a number") from None
    try:
        check_number(name, value, integer=integer)
    except OptionError as error:
        raise SettingError(name, value, error.reason) from None
    return value


def _flag(settings: BaseSettings, key: str) -> bool:
    try:
        return settings.getbool(PREFIX + key, DEFAULTS[key])
    except ValueError:
        raise SettingError(PREFIX + key, settings.get(PREFIX + key), "expected True or False") from None


@dataclasses.dataclass(frozen=True)
class BoilerplateSettings:
    """The validated ``BOILERPLATE_*`` settings of one crawler."""

    algorithm: str
    options: Options
    html_field: str
    text_field: str
    blocks_field: str | None
    language_field: str | None
    clean_html_field: str | None
    markdown_field: str | None
    main_html_field: str | None
    error_field: str | None
    keep_html: bool
    drop_empty: bool
    min_text_length: int
    workers: int
    page_timeout: float

    @property
    def rendering_fields(self) -> dict[str, str]:
        """The renderings of the extraction the items get (``"markdown"``, ``"main_html"``), each with its field."""
        return {name: field for name, field in (("markdown", self.markdown_field),
                                                ("main_html", self.main_html_field)) if field}

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> BoilerplateSettings:
        """Validate every ``BOILERPLATE_*`` setting; :class:`SettingError` names the first bad one."""
        algorithm = settings.get(PREFIX + "ALGORITHM", DEFAULTS["ALGORITHM"])
        fields = {}
        for key in ("HTML_FIELD", "TEXT_FIELD"):
            fields[key] = _field(settings, key)
            if fields[key] is None:
                raise SettingError(PREFIX + key, settings.get(PREFIX + key), "must name an item field")
        return cls(
            algorithm=algorithm,
            options=read_options(settings, algorithm),
            html_field=fields["HTML_FIELD"],
            text_field=fields["TEXT_FIELD"],
            blocks_field=_field(settings, "BLOCKS_FIELD"),
            language_field=_field(settings, "LANGUAGE_FIELD"),
            clean_html_field=_field(settings, "CLEAN_HTML_FIELD"),
            markdown_field=_field(settings, "MARKDOWN_FIELD"),
            main_html_field=_field(settings, "MAIN_HTML_FIELD"),
            error_field=_field(settings, "ERROR_FIELD"),
            keep_html=_flag(settings, "KEEP_HTML"),
            drop_empty=_flag(settings, "DROP_EMPTY"),
            min_text_length=_number(settings, "MIN_TEXT_LENGTH"),
            workers=_number(settings, "WORKERS"),
            page_timeout=_number(settings, "PAGE_TIMEOUT", integer=False),
        )
