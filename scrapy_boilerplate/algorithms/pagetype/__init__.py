"""The kind of a page: article, forum, product, collection, listing, documentation or service.

A small model (:mod:`.model`) learned from the trainset's page types reads
page-level :mod:`.features` (the types the page declares, the words of its
address and title, its elements and how its text is spread over them, its
``class`` words and repeated items, price, cart, reply and date markers).
:class:`PageTypes` gives :attr:`Extraction.page_type
<scrapy_boilerplate.Extraction.page_type>`, reading the extraction's parsed page
only when first asked.
"""

from __future__ import annotations

from lxml import etree

from .features import row
from .model import load

__all__ = ["PAGE_TYPES", "PageTypes", "page_type", "probabilities"]

#: The types a page is told to be.
PAGE_TYPES = ("article", "service", "forum", "listing", "collection", "documentation", "product")


def probabilities(root: etree._Element, url: str | None = None) -> dict[str, float]:
    """How probable each of :data:`PAGE_TYPES` is for the page ``root`` is part of (``url``: its address,
    which tells much: without it the type is guessed from the page alone)."""
    return load().probabilities(row(root, url))


def page_type(root: etree._Element, url: str | None = None) -> str:
    """The most probable type of the page ``root`` is part of."""
    found = probabilities(root, url)
    return max(found, key=found.__getitem__)


class PageTypes:
    """The page type probabilities of a parsed page (a :class:`~scrapy_boilerplate.model.PageTypeReader`),
    read when first asked for, then kept without the page. Pickles without the page, keeping the
    probabilities if they were read (none if not: a tree cannot be pickled). A tree whose text lxml
    cannot decode has none."""

    __slots__ = ("_found", "_root", "_url")

    def __init__(self, root: etree._Element | None = None, url: str | None = None,
                 found: dict[str, float] | None = None) -> None:
        self._root = root
        self._url = url
        self._found = found

    def probabilities(self) -> dict[str, float]:
        if self._found is None:
            if self._root is None:
                return {}
            try:
                self._found = probabilities(self._root, self._url)
            except UnicodeDecodeError:  # a caller's XML tree holding an encoded surrogate: no type
                self._found = {}
            self._root = None  # the probabilities are all that is needed of it now
        return dict(self._found)

    def __reduce__(self) -> tuple:
        return (PageTypes, (None, None, self._found))
