"""The exceptions raised by scrapy_boilerplate."""

from __future__ import annotations

from typing import Any


class BoilerplateError(Exception):
    """Base class of every error raised by scrapy_boilerplate."""


class OptionError(BoilerplateError, ValueError):
    """An option (or the setting it comes from) has an invalid value."""

    def __init__(self, option: str, value: Any, reason: str) -> None:
        self.option = option
        self.value = value
        self.reason = reason
        super().__init__(f"invalid value for {option}: {value!r} ({reason})")

    def __reduce__(self) -> tuple:
        # Pickled from a worker process with the arguments __init__ takes, not the message.
        return (type(self), (self.option, self.value, self.reason))


class UnknownOption(OptionError):
    """An option name the algorithm does not have (a misspelling, another algorithm's option):
    not a value refused, a name nothing reads."""

    def __init__(self, option: str, value: Any, reason: str) -> None:
        super().__init__(option, value, reason)
        self.args = (f"unknown option {option} ({reason})",)


class ExtractionError(BoilerplateError, ValueError):
    """The input cannot be read as an HTML page (binary data, unsupported type)."""


class PageTooComplex(ExtractionError):
    """The page has more blocks than the algorithm's ``max_blocks`` (learned's: it scores every
    block, at several times jusText's cost per block): skipped before they are scored."""

    def __init__(self, blocks: int, limit: int, algorithm: str) -> None:
        self.blocks = blocks
        self.limit = limit
        self.algorithm = algorithm
        super().__init__(f"the page has {blocks:,} blocks, more than {algorithm}'s max_blocks ({limit:,}): skipped")

    def __reduce__(self) -> tuple:
        return (type(self), (self.blocks, self.limit, self.algorithm))


class PageTooLarge(ExtractionError):
    """The page has more bytes than the limit (``BOILERPLATE_MAX_PAGE_SIZE``, ``--max-page-size``):
    skipped, never parsed."""

    def __init__(self, size: int, limit: int, setting: str) -> None:
        self.size = size
        self.limit = limit
        self.setting = setting
        super().__init__(f"the page has {size:,} bytes, more than {setting} ({limit:,}): skipped")

    def __reduce__(self) -> tuple:
        return (type(self), (self.size, self.limit, self.setting))
