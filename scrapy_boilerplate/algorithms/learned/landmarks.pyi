# The types of landmarks.pyx, which type checkers do not read.
from collections.abc import Sequence

from ..justext.blocks import JustextBlock
from .records import Record

COLUMNS: tuple[str, ...]

class Landmarks:
    def __init__(self, records: list[Record], every_record: list[Record], blocks: Sequence[JustextBlock],
                 prose: list[bool]) -> None: ...
