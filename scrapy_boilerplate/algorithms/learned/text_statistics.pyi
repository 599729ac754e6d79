# The types of text_statistics.pyx, which type checkers do not read.
COUNTED_CHARS: str
SENTENCE_ENDS: str

def text_statistics(text: str) -> tuple[float, ...]: ...
