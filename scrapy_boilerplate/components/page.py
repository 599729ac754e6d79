"""What the middleware attaches to a response: the page's extraction and its content links."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from ..result import Block, Extraction

#: ``response.meta`` key under which the middleware puts the :class:`PageResult`.
RESULT_META_KEY = "boilerplate_result"


@dataclass(eq=False)
class PageResult:
    """The classification of one page; ``error`` says why there is none.

    ``extraction`` is ``None`` when the page failed to classify; ``text`` is
    then empty and ``blocks`` too, so a callback needs no special case. A page
    classified in a worker process (``BOILERPLATE_WORKERS``) comes back in its
    JSON-ready form only: ``exported``, without ``extraction``.
    """

    url: str
    extraction: Extraction | None = None
    error: str | None = None
    root: etree._Element | None = field(default=None, repr=False)
    _exported: dict[str, Any] | None = field(default=None, repr=False)
    _links: list[str] | None = field(default=None, repr=False)

    @classmethod
    def from_exported(cls, url: str, exported: dict[str, Any]) -> PageResult:
        """The result of a page classified elsewhere, from its JSON-ready form."""
        return cls(url, _exported=exported)

    @property
    def exported(self) -> dict[str, Any]:
        """The extraction as :meth:`~scrapy_boilerplate.Extraction.to_dict` gives it: a new one at each
        call for a page classified in this process, so that items never share their blocks."""
        if self._exported is not None:
            return self._exported
        if self.extraction is not None:
            return self.extraction.to_dict()
        return {"algorithm": None, "language": None, "text": "", "blocks": []}

    @property
    def text(self) -> str:
        return self.extraction.text if self.extraction is not None else self.exported["text"]

    @property
    def blocks(self) -> list[Block]:
        return self.extraction.blocks if self.extraction is not None else []

    @property
    def language(self) -> str | None:
        return self.extraction.language if self.extraction is not None else self.exported["language"]

    def rendering(self, name: str) -> str:
        """The extraction's ``markdown`` or ``main_html`` (``""`` for a page that failed)."""
        if self.extraction is not None:
            return getattr(self.extraction, name)
        return self.exported.get(name, "")

    @property
    def links(self) -> list[str]:
        """Absolute URLs of the ``<a href>`` inside good blocks, in document order, without duplicates.

        A link belongs to the block of its nearest ancestor that starts a block.
        """
        if self._links is None:
            self._links = _content_links(self.root, self.blocks, self.url)
        return self._links

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the extraction's fields, the content links and the error."""
        return {**self.exported, "links": self.links, "error": self.error}


def _content_links(root: etree._Element | None, blocks: list[Block], base_url: str) -> list[str]:
    if root is None or not blocks:
        return []
    tree = root.getroottree()
    good_starts: dict[etree._Element, bool] = {}
    for block in blocks:
        for element in tree.xpath(block.xpath):
            # An element opening several blocks is content if any of them is.
            good_starts[element] = good_starts.get(element, False) or block.is_good
    links: dict[str, None] = {}
    for anchor in root.iter("a"):
        href = anchor.get("href")
        if not href or href.startswith(("#", "javascript:", "mailto:")):
            continue
        if _owner_is_good(anchor, good_starts):
            links[urljoin(base_url, href.strip())] = None
    return list(links)


def _owner_is_good(anchor: etree._Element, good_starts: dict[etree._Element, bool]) -> bool:
    for element in anchor.iterancestors():
        if element in good_starts:
            return good_starts[element]
    return False
