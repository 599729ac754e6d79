# The types of markdown.pyx, which type checkers do not read.
from collections.abc import Sequence

from ..html.page import Page
from .placement import Piece

def render(pieces: Sequence[Piece], *, page: Page | None, links: bool = True, images: bool = False) -> str: ...
