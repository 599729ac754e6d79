# The types of words.pyx, which type checkers do not read.
from collections.abc import Iterable, Sequence

class Groups:
    size: int
    def __init__(self, groups: Sequence[Iterable[str]]) -> None: ...

class TextMarkers:
    def __init__(self, word_groups: Sequence[Iterable[str]], phrase_groups: Sequence[Sequence[str]]) -> None: ...
    def count(self, text: str) -> tuple[list[int], int]: ...
