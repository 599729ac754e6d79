"""The algorithm and options of a request: the crawler's settings, with its ``meta["boilerplate"]`` over them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import algorithms
from ..errors import BoilerplateError, UnknownOption
from ..model.options import Options
from .settings import OPTIONS_META_KEY, BoilerplateSettings, SettingError, UnknownSetting, setting_name

#: An algorithm's name and the options it runs with.
Choice = tuple[str, Options]


class RequestOptions:
    """What each request is classified with (:meth:`for_meta`).

    Each distinct ``meta["boilerplate"]`` is validated once and its answer,
    options or error, kept for the crawl: a spider giving every request the same
    options pays for them once.
    """

    def __init__(self, settings: BoilerplateSettings) -> None:
        self.settings = settings
        self._known: dict[Any, Choice | SettingError] = {}

    @property
    def default(self) -> Choice:
        """The crawler's algorithm and options (its settings)."""
        return self.settings.algorithm, self.settings.options

    def for_meta(self, meta: Mapping[str, Any] | None) -> Choice:
        """The algorithm and options for a request: the crawler's, with ``meta["boilerplate"]`` over them.

        Raises :class:`SettingError` naming the meta key for an invalid value.
        """
        overrides = (meta or {}).get(OPTIONS_META_KEY)
        if not overrides:
            return self.default
        try:
            key: Any = tuple(sorted(overrides.items()))
            hash(key)
        except (AttributeError, TypeError):
            key = None  # unhashable values (a list of stop words): not kept
        known = self._known.get(key) if key is not None else None
        if known is None:
            try:
                known = self._resolve(overrides)
            except SettingError as error:
                known = error
            if key is not None:
                self._known[key] = known
        if isinstance(known, SettingError):
            raise known
        return known

    def _resolve(self, overrides: Any) -> Choice:
        where = f'meta["{OPTIONS_META_KEY}"]'
        if not isinstance(overrides, Mapping):
            raise SettingError(where, overrides, "expected a dict of option names to values")
        changes = dict(overrides)
        algorithm = changes.pop("algorithm", self.settings.algorithm)
        try:
            options = self.settings.options
            if algorithm != self.settings.algorithm:  # its settings were validated at start-up
                options = self.settings.algorithm_options[algorithms.get(algorithm).name]
            return algorithm, options.replace(**changes)
        except UnknownOption as error:
            raise UnknownSetting(f'{where}["{error.option}"]', error.value, error.reason, kind="option") from None
        except BoilerplateError as error:
            option = getattr(error, "option", "algorithm")
            # A setting the meta's values conflict with (length_low above the meta's length_high) is named as such.
            name = (f'{where}["{option}"]' if option in overrides or option == "algorithm"
                    else f"{setting_name(option)} (with {where} = {dict(overrides)!r})")
            raise SettingError(name, getattr(error, "value", algorithm), getattr(error, "reason", str(error))) from None
