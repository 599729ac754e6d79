"""jusText's paragraph: a run of a page's text between two paragraph boundaries, as :mod:`.segment` finds it."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree


@dataclass(slots=True)
class Paragraph:
    """A run of text between two paragraph boundaries, before classification."""

    element: etree._Element
    """The innermost open element where the paragraph starts."""
    xpath: str
    """Where ``element`` is, as ``/html[1]/body[1]/div[2]``, counting every sibling of the page."""
    text: str
    chars_in_links: int
    heading: bool
    """Some open element at its start is a heading (``h1`` ... ``h6``)."""
    in_select: bool
    """Some open element at its start is named like ``select``."""
    image_only: bool = False
    """All its text is images' alternative text (only when segmenting with ``images``)."""
