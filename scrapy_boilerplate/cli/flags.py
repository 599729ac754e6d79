"""One command-line flag per option of every algorithm, generated from the options dataclasses.

The flag of an option is ``--`` and its name with ``-`` for ``_``
(``length_low``: ``--length-low``). Values are converted to the type of the
option's default (numbers, ``true``/``false``, comma-separated words, a JSON
object) and validated by the options class itself, so the flags never drift
from the engine; an invalid value is an argparse error naming the flag.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import typing
from collections.abc import Mapping
from typing import Any

from .. import ALGORITHMS
from ..errors import OptionError
from ..inspect.features import value_text
from ..model.options import Options

#: argparse ``dest`` of an option's flag: this prefix and the option's name.
DEST_PREFIX = "option:"
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def flag(option: str) -> str:
    """The flag of an option: ``length_low`` -> ``--length-low``."""
    return "--" + option.replace("_", "-")


def default(field: dataclasses.Field) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    assert field.default_factory is not dataclasses.MISSING  # every option has a default
    return field.default_factory()


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """Add the flag of every option of every algorithm of :data:`~scrapy_boilerplate.ALGORITHMS`, by algorithm."""
    added: dict[str, Any] = {}  # each flag added, with the default shown in its help
    for algorithm in ALGORITHMS.values():
        fields = dataclasses.fields(algorithm.options)
        shared = [flag(field.name) for field in fields if flag(field.name) in added]
        description = f"also {', '.join(shared)} (above)" if shared else None
        # A shared option whose default differs here (learned turns jusText's spaces on).
        own = [f"{flag(field.name)} {value_text(default(field), limit=50)}" for field in fields
               if flag(field.name) in added and added[flag(field.name)] != default(field)]
        if own:
            description = f"{description}; defaults here: {', '.join(own)}"
        if not fields:
            description = "it has no options"
        group = parser.add_argument_group(f"options of --algorithm {algorithm.name}", description)
        for field in fields:
            if flag(field.name) in added:
                continue
            value = added[flag(field.name)] = default(field)
            group.add_argument(flag(field.name), dest=DEST_PREFIX + field.name,
                               metavar=_METAVARS[kind(algorithm.options, field)],
                               help=f"default: {value_text(value, limit=50)}".replace("%", "%%"))


def options_from(parser: argparse.ArgumentParser, args: argparse.Namespace, algorithm: str) -> Options:
    """The options of ``algorithm`` the flags in ``args`` set, validated; ``parser.error`` (exit 2) if invalid."""
    options_type = ALGORITHMS[algorithm].options
    fields = {field.name: field for field in dataclasses.fields(options_type)}
    given = {name[len(DEST_PREFIX):]: raw for name, raw in vars(args).items()
             if name.startswith(DEST_PREFIX) and raw is not None}
    values = {}
    for name, raw in given.items():
        if name not in fields:
            known = " ".join(map(flag, fields)) or "none"
            parser.error(f"argument {flag(name)}: not an option of {algorithm} (its options: {known})")
        try:
            values[name] = convert(raw, kind(options_type, fields[name]))
        except ValueError as error:
            parser.error(f"argument {flag(name)}: {error}")
    try:
        return options_type.from_mapping(values)
    except OptionError as error:
        option = error.option.split("[")[0]
        parser.error(f"argument {flag(option)}: invalid value {error.value!r}: {error.reason}")
    raise AssertionError("parser.error exits")  # pragma: no cover


def kind(options_type: type[Options], field: dataclasses.Field) -> type:
    """What a flag's text becomes for ``field``: ``bool``, ``int``, ``float``, ``str``, ``list`` or ``dict``.

    The annotation decides when it is one of the scalar types (``words_weight: float = 1``
    takes ``1.5``); otherwise the default's type does.
    """
    hint = typing.get_type_hints(options_type).get(field.name)
    if hint in (bool, int, float, str):
        return hint
    value = default(field)
    if isinstance(value, Mapping):
        return dict
    if isinstance(value, (tuple, list, set, frozenset)):
        return list
    return type(value) if isinstance(value, (bool, int, float)) else str


def convert(raw: str, to: type) -> Any:
    """``raw`` converted to ``to`` (see :func:`kind`); ``ValueError`` saying what was expected."""
    if to is bool:
        word = raw.strip().lower()
        if word in _TRUE | _FALSE:
            return word in _TRUE
        raise ValueError(f"invalid boolean value: {raw!r} (true or false)")
    if to in (int, float):
        try:
            return to(raw)
        except ValueError:
            raise ValueError(f"invalid {to.__name__} value: {raw!r}") from None
    if to is dict:
        try:
            value = json.loads(raw)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise ValueError(f"invalid JSON object value: {raw!r}")
        return value
    if to is list:
        return [word.strip() for word in raw.split(",") if word.strip()]
    return raw


_METAVARS = {bool: "{true,false}", int: "INT", float: "NUMBER", dict: "JSON", list: "WORD,...", str: "TEXT"}


def count(text: str, minimum: int = 0) -> int:
    """An argparse type: a whole number of at least ``minimum``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"must be at least {minimum}: {text!r}")
    return value
