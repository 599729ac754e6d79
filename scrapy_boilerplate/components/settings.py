"""Reading and validating the ``BOILERPLATE_*`` settings, once per crawler.

Each algorithm's options are its own. ``BOILERPLATE_`` + an option's name in
upper case is the option of the algorithm that defines it (``LENGTH_LOW``:
jusText's, ``THRESHOLD``: learned's), except the :data:`SHARED_OPTIONS` every
algorithm having them reads; set while another algorithm is selected, it is
refused, since it would change nothing or, worse, an algorithm it was not
meant for (learned takes jusText's thresholds, with defaults of its own). A
dict setting per algorithm (``BOILERPLATE_LEARNED = {"length_low": 50}``) sets
any of its options. A value given as text (``-s BOILERPLATE_LENGTH_LOW=50``)
is converted to the type of the option's default. All are validated at
start-up, those of the algorithms not selected too (a request's meta may select
them), and a ``BOILERPLATE_*`` name that is none of them is refused as unknown;
an error names where the setting was set.

One module for one idea, the crawler's settings made into validated options:
its length is the refusals and the messages each kind of setting needs.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any

from scrapy.settings import SETTINGS_PRIORITIES, BaseSettings
from scrapy.utils.misc import load_object

from .. import algorithms
from ..errors import OptionError
from ..html.parse import MAX_PAGE_SIZE
from ..model.options import Options, check_number

PREFIX = "BOILERPLATE_"

#: Options that every algorithm having them reads from their flat setting: the page's language.
SHARED_OPTIONS = frozenset({"stoplist"})

#: ``request.meta`` key of per-request options: ``{"stoplist": "German"}``,
#: optionally with ``"algorithm"``.
OPTIONS_META_KEY = "boilerplate"

#: The fields of :class:`~scrapy_boilerplate.model.Metadata` the items get, each with its setting's key.
METADATA_KEYS: Mapping[str, str] = {
    "title": "TITLE_FIELD", "authors": "AUTHORS_FIELD", "date_published": "DATE_PUBLISHED_FIELD",
    "date_modified": "DATE_MODIFIED_FIELD", "description": "DESCRIPTION_FIELD", "site_name": "SITE_NAME_FIELD",
    "canonical_url": "CANONICAL_URL_FIELD", "image": "IMAGE_FIELD", "language": "LANGUAGE_CODE_FIELD",
}

#: The settings of the Scrapy layer (not of an algorithm) and their defaults.
DEFAULTS: Mapping[str, Any] = {
    "ALGORITHM": "justext",
    "HTML_FIELD": "html",
    "TEXT_FIELD": "text",
    "BLOCKS_FIELD": None,
    "LANGUAGE_FIELD": "language",
    "CLEAN_HTML_FIELD": None,
    "MARKDOWN_FIELD": None,
    "MARKDOWN_IMAGES": False,
    "MAIN_HTML_FIELD": None,
    "PAGE_TYPE_FIELD": None,
    "ERROR_FIELD": "boilerplate_error",
    "KEEP_HTML": False,
    "DROP_EMPTY": False,
    "MIN_TEXT_LENGTH": 1,
    "WORKERS": 0,
    "MAX_PAGE_SIZE": MAX_PAGE_SIZE,
    "PAGE_TIMEOUT": 10.0,
    "METADATA": True,
    "ITEM_CLASS": None,
    # Each metadata field's item field is named as its setting: TITLE_FIELD "title",
    # LANGUAGE_CODE_FIELD "language_code".
    **{key: key.removesuffix("_FIELD").lower() for key in METADATA_KEYS.values()},
}

#: The settings only the pipeline reads (it fills the items).
PIPELINE_SETTINGS = tuple(PREFIX + key for key in DEFAULTS if key.endswith("_FIELD")) + tuple(
    PREFIX + key for key in ("KEEP_HTML", "DROP_EMPTY", "MIN_TEXT_LENGTH"))

#: How each settings priority of Scrapy is called: where a value was set.
ORIGINS = {"default": "default", "command": "command", "addon": "add-on", "project": "project",
           "spider": "spider", "cmdline": "command line"}


class SettingError(OptionError):
    """A ``BOILERPLATE_*`` setting has an invalid value; the message names the setting and, when
    known, the settings it was set in (``origin``: ``"project"``, ``"spider"``, ``"command line"``)."""

    def __init__(self, setting: str, value: Any, reason: str, origin: str | None = None) -> None:
        super().__init__(setting, value, reason)
        self.setting = setting
        self.origin = origin
        if origin is not None:
            self.args = (f"{self.args[0]} in the {origin} settings",)

    def __reduce__(self) -> tuple:
        return (type(self), (self.setting, self.value, self.reason, self.origin))

    def set_in(self, origin: str) -> SettingError:
        """The same error, naming the settings it was set in."""
        return type(self)(self.setting, self.value, self.reason, origin)


class UnknownSetting(SettingError):
    """A ``BOILERPLATE_*`` setting that nothing reads (a misspelling), or a key of a request's
    ``meta["boilerplate"]`` that is no option of its algorithm (``kind="option"``); the message
    names the closest known one."""

    def __init__(self, setting: str, value: Any, reason: str, origin: str | None = None,
                 kind: str = "setting") -> None:
        super().__init__(setting, value, reason, origin)
        self.kind = kind
        where = f" in the {origin} settings" if origin is not None else ""
        self.args = (f"unknown {kind} {setting}{where} ({reason})",)

    def __reduce__(self) -> tuple:
        return (type(self), (self.setting, self.value, self.reason, self.origin, self.kind))

    def set_in(self, origin: str) -> SettingError:
        return type(self)(self.setting, self.value, self.reason, origin, self.kind)


def origin(priority: int | None) -> str:
    """Where a setting of this priority (``BaseSettings.getpriority``) was set: one of :data:`ORIGINS`."""
    if priority is None:
        return "default"
    names = [name for name, value in SETTINGS_PRIORITIES.items() if value == priority]
    return ORIGINS.get(names[0], names[0]) if names else f"priority {priority}"


def setting_name(option: str) -> str:
    return PREFIX + option.upper()


def algorithm_setting(algorithm: str) -> str:
    """The dict setting of ``algorithm``'s own options: ``BOILERPLATE_JUSTEXT``, ``BOILERPLATE_LEARNED``..."""
    return PREFIX + algorithm.upper().replace("-", "_")


def owner(option: str) -> str:
    """The algorithm whose option the flat setting of ``option`` is: the first of
    :data:`~scrapy_boilerplate.ALGORITHMS` that has it (jusText for the thresholds learned shares)."""
    return next(name for name, algorithm in algorithms.ALGORITHMS.items() if option in algorithm.options.names())


def known_settings() -> list[str]:
    """Every ``BOILERPLATE_*`` setting: the Scrapy layer's and every option of every algorithm."""
    names = {PREFIX + key for key in DEFAULTS}
    for name, algorithm in algorithms.ALGORITHMS.items():
        names.add(algorithm_setting(name))
        names.update(setting_name(option) for option in algorithm.options.names())
    return sorted(names)


def _check_names(settings: BaseSettings) -> None:
    """Refuse a ``BOILERPLATE_*`` setting that nothing reads, naming the closest known one."""
    known = known_settings()
    renamed = {setting_name(option) for algorithm in algorithms.ALGORITHMS.values()
               for option in algorithm.options.renamed}  # read_options names what replaces them
    for name in sorted(settings):
        if name.startswith(PREFIX) and name not in known and name not in renamed:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"did you mean {close[0]}?" if close else "scrapy-boilerplate --list-algorithms lists the options"
            raise UnknownSetting(name, settings[name], hint)


def _check_owners(settings: BaseSettings, algorithm: str) -> None:
    """Refuse a flat option setting of another algorithm than the selected one."""
    for name in sorted(settings):
        if not name.startswith(PREFIX) or settings.getpriority(name) is None:
            continue
        option = name[len(PREFIX):].lower()
        if option in SHARED_OPTIONS or not any(option in chosen.options.names()
                                               for chosen in algorithms.ALGORITHMS.values()):
            continue
        whose = owner(option)
        if whose != algorithm and algorithm in algorithms.ALGORITHMS:
            mine = (f"{algorithm}'s own {option} goes in {algorithm_setting(algorithm)} = {{{option!r}: ...}}; "
                    if option in algorithms.ALGORITHMS[algorithm].options.names() else "")
            raise SettingError(name, settings[name], f"a setting of {whose}, not of {algorithm}, which "
                               f"{PREFIX}ALGORITHM selects; {mine}{whose}'s, for requests that select it, "
                               f"in {algorithm_setting(whose)}")


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
    names = {}  # each option given in the dict setting -> how an error names it
    fields = {field.name: field for field in dataclasses.fields(chosen.options)}
    for field in fields.values():
        name = setting_name(field.name)
        if settings.getpriority(name) is not None and (field.name in SHARED_OPTIONS or owner(field.name) == algorithm):
            values[field.name] = _coerce(settings, name, field.default)
    own = algorithm_setting(algorithm)
    if settings.get(own) not in (None, "", {}):
        try:
            given = settings.getdict(own)
        except ValueError:
            raise SettingError(own, settings.get(own), f"expected a dict of {algorithm}'s options") from None
        for option, value in given.items():
            if option not in fields:
                close = difflib.get_close_matches(str(option), list(fields), n=1)
                raise UnknownSetting(f"{own}[{option!r}]", value, f"not an option of {algorithm}; " + (
                    f"did you mean {close[0]!r}?" if close else f"its options: {', '.join(fields) or 'none'}"),
                    kind="option")
            names[option] = f"{own}[{option!r}]"
            values[option] = _coerce_value(names[option], value, fields[option].default)
    try:
        return chosen.options.from_mapping(values)
    except OptionError as error:
        raise SettingError(names.get(error.option, setting_name(error.option)), error.value, error.reason) from None


def _coerce_value(name: str, value: Any, default: Any) -> Any:
    """A value of a dict setting, converted as :func:`_coerce` converts a setting's."""
    return _coerce(BaseSettings({name: value}), name, default)


def _coerce(settings: BaseSettings, name: str, default: Any) -> Any:
    """The setting's value, converted like Scrapy converts text settings when it is text."""
    value = settings.get(name)
    if not isinstance(value, str):
        return value  # a Python value from settings.py: the options validate its type
    if type(default) in (int, float):  # an int where a float is due, or the reverse: the options say
        for number in (int, float):
            try:
                return number(value)
            except ValueError:
                pass
        raise SettingError(name, value, "expected a number")
    try:
        if isinstance(default, bool):
            return settings.getbool(name)
        if isinstance(default, (tuple, list, frozenset)):
            return settings.getlist(name)
    except ValueError:
        raise SettingError(name, value, f"expected {type(default).__name__}") from None
    return value


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


def _item_class(settings: BaseSettings) -> type | None:
    """The class of ``BOILERPLATE_ITEM_CLASS``: ``zyte_common_items.Article`` or a subclass, or ``None``."""
    name = PREFIX + "ITEM_CLASS"
    value = settings.get(name)
    if value in (None, ""):
        return None
    try:
        from zyte_common_items import Article
    except ImportError:
        raise SettingError(name, value, 'needs zyte-common-items: pip install "scrapy-main-text[articles]"') from None
    try:
        item_class = load_object(value) if isinstance(value, str) else value
    except (ImportError, ValueError, NameError) as error:
        raise SettingError(name, value, f"cannot be imported ({error})") from None
    if not (isinstance(item_class, type) and issubclass(item_class, Article)):
        raise SettingError(name, value, "expected zyte_common_items.Article or a subclass of it")
    return item_class


@dataclasses.dataclass(frozen=True)
class BoilerplateSettings:
    """The validated ``BOILERPLATE_*`` settings of one crawler."""

    #: The algorithm: a key of :data:`~scrapy_boilerplate.ALGORITHMS`.
    algorithm: str
    options: Options
    #: The item field holding the page's HTML (``str`` or ``bytes``).
    html_field: str
    #: The item field that gets the main text.
    text_field: str
    #: The item field that gets the labelled blocks (JSON-ready dicts); ``None`` omits them.
    blocks_field: str | None
    #: The item field that gets the stoplist's language; ``None`` omits it.
    language_field: str | None
    #: The item field that gets the cleaned page of the algorithms that make one (``declutter``).
    clean_html_field: str | None
    #: The item field that gets the good blocks as Markdown; ``None``: not rendered.
    markdown_field: str | None
    #: The Markdown writes the main content's images, ``![alt](URL)``.
    markdown_images: bool
    #: The item field that gets the good blocks as clean HTML; ``None``: not rendered.
    main_html_field: str | None
    #: The item field that gets the page's type (``Extraction.page_type``); ``None``: not read.
    page_type_field: str | None
    #: The item field set only when the page failed to classify, with the reason.
    error_field: str | None
    #: Keep the HTML field in the item.
    keep_html: bool
    #: Drop (``DropItem``) the items whose main text is shorter than ``MIN_TEXT_LENGTH``.
    drop_empty: bool
    #: With ``DROP_EMPTY``: the shortest text kept, in characters.
    min_text_length: int
    #: Worker processes that classify the pages; ``0``: the crawl's own process does.
    workers: int
    #: Pages of more bytes are skipped, never parsed; 0: no limit.
    max_page_size: int
    #: Seconds a page may take in a worker before it fails and its worker is replaced; 0: no limit.
    page_timeout: float
    #: The options of every algorithm, for requests whose meta selects another.
    algorithm_options: Mapping[str, Options] = dataclasses.field(repr=False, default_factory=dict)
    #: Read each page's metadata (title, authors, dates...) for the items.
    metadata: bool = True
    #: Each :class:`~scrapy_boilerplate.model.Metadata` field the items get -> its item field.
    metadata_fields: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: The metadata item fields left at their default names: an item class without them is not reported.
    default_metadata_fields: frozenset[str] = frozenset()
    #: The item class the pipeline makes of items with HTML (``zyte_common_items.Article``), if any.
    item_class: type | None = None

    @property
    def rendering_fields(self) -> dict[str, str]:
        """The renderings of the extraction the items get (``"markdown"``, ``"main_html"``), each with its field."""
        markdown = "markdown_images" if self.markdown_images else "markdown"
        return {name: field for name, field in ((markdown, self.markdown_field),
                                                ("main_html", self.main_html_field)) if field}

    @property
    def renderings(self) -> tuple[str, ...]:
        """The renderings the items need: those of :attr:`rendering_fields`, and the clean HTML of ``Article`` items."""
        names = tuple(self.rendering_fields)
        return names + ("main_html",) if self.item_class is not None and "main_html" not in names else names

    @property
    def page_type(self) -> bool:
        """Whether the items need the page's type: its field, or the probability of ``Article`` items."""
        return self.page_type_field is not None or self.item_class is not None

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> BoilerplateSettings:
        """Validate every ``BOILERPLATE_*`` setting; :class:`SettingError` names the first bad one
        and the settings it was set in."""
        try:
            return cls._read(settings)
        except SettingError as error:
            given = error.setting.partition("[")[0]  # BOILERPLATE_LEARNED['threshold']: the dict's
            if error.origin is not None or settings.getpriority(given) is None:
                raise
            raise error.set_in(origin(settings.getpriority(given))) from None

    @classmethod
    def _read(cls, settings: BaseSettings) -> BoilerplateSettings:
        _check_names(settings)
        algorithm = settings.get(PREFIX + "ALGORITHM", DEFAULTS["ALGORITHM"])
        options = read_options(settings, algorithm)  # the selected algorithm's errors first
        _check_owners(settings, algorithm)
        algorithm_options = {name: options if name == algorithm else read_options(settings, name)
                             for name in algorithms.ALGORITHMS}
        fields: dict[str, str] = {}
        metadata = _flag(settings, "METADATA")
        for key in ("HTML_FIELD", "TEXT_FIELD"):
            field = _field(settings, key)
            if field is None:
                raise SettingError(PREFIX + key, settings.get(PREFIX + key), "must name an item field")
            fields[key] = field
        return cls(
            algorithm=algorithm,
            options=options,
            algorithm_options=algorithm_options,
            html_field=fields["HTML_FIELD"],
            text_field=fields["TEXT_FIELD"],
            blocks_field=_field(settings, "BLOCKS_FIELD"),
            language_field=_field(settings, "LANGUAGE_FIELD"),
            clean_html_field=_field(settings, "CLEAN_HTML_FIELD"),
            markdown_field=_field(settings, "MARKDOWN_FIELD"),
            markdown_images=_flag(settings, "MARKDOWN_IMAGES"),
            main_html_field=_field(settings, "MAIN_HTML_FIELD"),
            page_type_field=_field(settings, "PAGE_TYPE_FIELD"),
            error_field=_field(settings, "ERROR_FIELD"),
            keep_html=_flag(settings, "KEEP_HTML"),
            drop_empty=_flag(settings, "DROP_EMPTY"),
            min_text_length=_number(settings, "MIN_TEXT_LENGTH"),
            workers=_number(settings, "WORKERS"),
            max_page_size=_number(settings, "MAX_PAGE_SIZE"),
            page_timeout=_number(settings, "PAGE_TIMEOUT", integer=False),
            metadata=metadata,
            metadata_fields={name: field for name, key in METADATA_KEYS.items()
                             if metadata and (field := _field(settings, key))},
            default_metadata_fields=frozenset(DEFAULTS[key] for key in METADATA_KEYS.values()
                                              if settings.getpriority(PREFIX + key) is None),
            item_class=_item_class(settings) if metadata else None,
        )
