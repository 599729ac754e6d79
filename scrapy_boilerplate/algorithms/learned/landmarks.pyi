# The types of landmarks.pyx, which type checkers do not read.
from collections.abc import Iterator, Sequence

from ..justext.blocks import JustextBlock
from .records import Record

COLUMNS: tuple[str, ...]

def landmark_features(records: list[Record], every_record: list[Record], blocks: Sequence[JustextBlock],
                      prose: list[bool], skipped: list[float]) -> Iterator[tuple[float, ...] | None]: ...
