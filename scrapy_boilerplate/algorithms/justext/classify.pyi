# The types of classify.pyx, which type checkers do not read.
from collections.abc import Sequence
from typing import Protocol

from .blocks import JustextBlock
from .options import JustextOptions
from .paragraph import Paragraph as Segmented

GOOD: str
BAD: str
SHORT: str
NEAR_GOOD: str

class Paragraph(Protocol):
    """What the context-sensitive steps read and write: a :class:`JustextBlock`."""

    label: str
    cf_label: str
    heading: bool
    chars: int

def classify_paragraphs(paragraphs: list[Segmented], word_counts: list[int], stopword_counts: list[int],
                        options: JustextOptions, block_type: type[JustextBlock], headings: bool, headlines: bool,
                        ) -> list[JustextBlock]: ...
def classify_in_context(paragraphs: Sequence[Paragraph], p: JustextOptions) -> None: ...
