# The types of article.pyx, which type checkers do not read.
from collections.abc import Sequence

from ..justext.blocks import JustextBlock
from .records import Records

UNLIKELY: int
MAYBE: int
POSITIVE: int
NEGATIVE: int
CLASS_WORDS: dict[int, str]
TAG_WEIGHTS: dict[str, int]
CLASS_WEIGHT: int
PARAGRAPH_TAGS: frozenset[str]
MIN_PARAGRAPH_CHARS: int
CLEANED_TAGS: frozenset[str]
RETRY_CHARS: int
SIBLING_PARAGRAPH_CHARS: int
SIBLING_LINK_DENSITY: float
MAX_LINK_DENSITY: float
MAX_LINK_DENSITY_SEMANTIC: float
MAX_LINK_DENSITY_GOOD_CLASS: float
MAX_HEADING_LINK_SHARE: float
COLUMNS: tuple[str, ...]

def class_bits(value: str | None) -> int: ...
class Article:
    def __init__(self, records: Records, blocks: Sequence[JustextBlock]) -> None: ...
