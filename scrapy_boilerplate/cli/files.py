"""Writing the command line's outputs so that they never touch its inputs.

Each output is written to a new file beside it and renamed into place: a run
that fails leaves the old file whole, and a symbolic link at the output's path
is replaced, never followed (``-d out`` cannot write through ``out/page.txt``
into the file it points to).
"""

from __future__ import annotations

import gzip
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


def clashes(outputs: Iterable[Path], inputs: Iterable[str]) -> Path | None:
    """The first of ``outputs`` that is one of the files ``inputs`` names, or ``None``."""
    files = [Path(name) for name in inputs if Path(name).exists()]
    for output in outputs:
        for file in files:
            if _same(output, file):
                return output
    return None


def _same(output: Path, file: Path) -> bool:
    try:
        if output.exists() and os.path.samefile(output, file):
            return True
    except OSError:
        pass
    return output.resolve() == file.resolve()


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in UTF-8, replacing the file (or link) there in one step."""
    with replacing(path) as file:
        file.write(text)


@contextmanager
def replacing(path: Path) -> Iterator[TextIO]:
    """A text file (UTF-8; gzipped if ``path`` ends in ``.gz``) that replaces ``path`` when the
    block ends; if the block raises, ``path`` is left as it was."""
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        if path.name.endswith(".gz"):
            with os.fdopen(descriptor, "wb") as raw, gzip.open(raw, "wt", encoding="utf-8") as compressed:
                yield compressed
        else:
            with open(descriptor, "w", encoding="utf-8") as file:
                yield file
        os.chmod(temporary, 0o666 & ~_umask())  # as open() would have made it, not mkstemp's 0o600
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
