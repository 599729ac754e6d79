# The types of landmarks.pyx, which type checkers do not read.
from .records import Records

COLUMNS: tuple[str, ...]

class Landmarks:
    def __init__(self, records: Records) -> None: ...
