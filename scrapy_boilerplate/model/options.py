"""Validated, immutable option sets shared by every algorithm."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from ..errors import OptionError, UnknownOption

OptionsT = TypeVar("OptionsT", bound="Options")


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of an algorithm's options.

    Subclasses are frozen dataclasses whose ``__post_init__`` validates every
    field and raises :class:`~scrapy_boilerplate.OptionError` naming the bad one, so that an
    instance is always valid.
    """

    #: The name under which the algorithm is registered.
    algorithm: ClassVar[str]
    #: Former option names, refused with what replaces them.
    renamed: ClassVar[Mapping[str, str]] = MappingProxyType({})

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def from_mapping(cls: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
        """Build from a mapping of option names to values, rejecting unknown names."""
        for name in values:
            if name in cls.renamed:
                raise OptionError(name, values[name], f"renamed {cls.renamed[name]}")
        unknown = sorted(set(values) - set(cls.names()))
        if unknown:
            close = difflib.get_close_matches(str(unknown[0]), cls.names(), n=1)
            raise UnknownOption(
                unknown[0], values[unknown[0]],
                f"not an option of {cls.algorithm}; "
                + (f"did you mean {close[0]}?" if close else f"its options: {', '.join(cls.names()) or 'none'}"),
            )
        return cls(**values)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its values and validated again when unpickled; read-only
        # mapping views, which pickle refuses, travel as dicts.
        values = {name: getattr(self, name) for name in self.names()}
        values = {name: dict(value) if isinstance(value, MappingProxyType) else value
                  for name, value in values.items()}
        return (_from_mapping, (type(self), values))

    def replace(self: OptionsT, **changes: Any) -> OptionsT:
        """A copy with ``changes`` applied and validated."""
        if not changes:
            return self
        current = {name: getattr(self, name) for name in self.names()}
        return self.from_mapping({**current, **changes})


def _from_mapping(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    return options_type.from_mapping(values)


def check_number(name: str, value: Any, *, integer: bool = False, minimum: float = 0) -> None:
    """Raise :class:`OptionError` unless ``value`` is a number (an ``int`` if asked) ``>= minimum``."""
    allowed = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, allowed):
        raise OptionError(name, value, "expected an integer" if integer else "expected a number")
    if value != value or value < minimum:  # value != value: NaN
        raise OptionError(name, value, f"must be at least {minimum}")


def check_order(low_name: str, low: float, high_name: str, high: float) -> None:
    """Raise :class:`OptionError` when a lower threshold lies above its upper one."""
    if low > high:
        raise OptionError(low_name, low, f"must not exceed {high_name} ({high!r})")


def check_bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise OptionError(name, value, "expected True or False")
