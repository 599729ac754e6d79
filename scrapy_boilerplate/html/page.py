"""A parsed page and the URL its relative links resolve against."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from lxml import etree

from .urls import join_url

#: The elements every rendering looks for in the whole page, found by one walk (see :meth:`Page.elements`).
LOOKED_FOR = ("base", "pre", "table")
#: The same, for a walk that tests each element's tag.
LOOKED_FOR_TAGS = frozenset(LOOKED_FOR)


def note_skipped(noted: list[etree._Element], element: etree._Element) -> None:
    """Add to ``noted`` what of :data:`LOOKED_FOR` ``element`` is or holds, for a walk that skips it
    with its content (most skipped elements hold no other: their own tag tells)."""
    if len(element):
        noted.extend(element.iter(*LOOKED_FOR))
    elif element.tag in LOOKED_FOR_TAGS:
        noted.append(element)


@dataclass(frozen=True)
class Page:
    """The parsed page an extraction came from (``root``) and its URL, if known.

    ``noted`` holds the page's elements of :data:`LOOKED_FOR` in document order when the
    algorithm's own walk through the page noted them (``None``: the renderers walk for them).
    """

    root: etree._Element
    url: str | None = None
    noted: Sequence[etree._Element] | None = field(default=None, repr=False, compare=False)

    def elements(self, tag: str) -> list[etree._Element]:
        """The page's elements named ``tag``, in document order: those of :data:`LOOKED_FOR` found
        by one walk for all, the algorithm's when it noted them (a walk through a whole page is
        among the renderers' largest costs), others (images) by a walk of their own."""
        found = self._found
        elements = found.get(tag)
        if elements is None:
            elements = found[tag] = list(self.root.iter(tag))
        return elements

    @cached_property
    def _found(self) -> dict[str, list[etree._Element]]:
        found: dict[str, list[etree._Element]] = {tag: [] for tag in LOOKED_FOR}
        for element in self.root.iter(*LOOKED_FOR) if self.noted is None else self.noted:
            elements = found.get(element.tag)
            if elements is not None:
                elements.append(element)
        return found

    @cached_property
    def base_href(self) -> str | None:
        """The ``href`` of the page's first ``<base href>``, as written (stripped)."""
        hrefs = (element.get("href") for element in self.elements("base"))
        return next((href.strip() for href in hrefs if href), None)

    @property
    def base_is_malformed(self) -> bool:
        """Whether the page's ``<base href>`` is one no URL can be made of (see :attr:`base`)."""
        return self.base_href is not None and join_url(self._url or "", self.base_href) is None

    @property
    def _url(self) -> str | None:
        return self.url or self.root.getroottree().docinfo.URL

    @cached_property
    def base(self) -> str | None:
        """The URL relative links resolve against: the first ``<base href>`` in the page (as the
        HTML standard says, wherever it stands) made absolute against the page's URL.

        A malformed ``<base href>`` (an invalid IPv6 host) gives way to the page's own URL,
        as browsers do.
        """
        if self.base_href is None:
            return self._url
        return join_url(self._url or "", self.base_href) or self._url
