# The types of untracked.pyx, which type checkers do not read.
from typing import Any

def untrack(objects: list[Any]) -> None: ...
