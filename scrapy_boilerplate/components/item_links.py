"""The link from an item to the result of the response whose callback yielded it, for the pipeline to reuse."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scrapy.http import Response

    from .page import PageResult


@dataclass(eq=False)
class _Link:
    item: Any
    #: The response's text or body, as the item carried it when its callback yielded it.
    html: str | bytes
    result: PageResult
    response: weakref.ref[Response]


class ItemLinks:
    """Items linked to their response's :class:`~scrapy_boilerplate.components.PageResult`.

    :class:`~scrapy_boilerplate.BoilerplateItemMiddleware` links an item when
    the callback of a response yields it carrying that response's own
    ``response.text`` or ``response.body``; the pipeline takes the link
    (:meth:`take`). A link holds its item, so that no other item can be taken
    for it, and lasts until it is taken or its response is freed, whichever
    comes first: an item dropped before the pipeline, or replaced by another
    object, costs nothing past its response, however long the crawl.
    """

    def __init__(self) -> None:
        # id(item) -> link: the link holds the item, so the id is its own while the entry lives.
        self._by_item: weakref.WeakValueDictionary[int, _Link] = weakref.WeakValueDictionary()
        # The links of a response, which only it keeps alive.
        self._of_response: weakref.WeakKeyDictionary[Response, set[_Link]] = weakref.WeakKeyDictionary()

    def link(self, response: Response, item: Any, html: str | bytes, result: PageResult) -> None:
        """Link ``item``, which carries ``html``, ``response``'s own text or body, to ``response``'s result."""
        link = _Link(item, html, result, weakref.ref(response))
        self._of_response.setdefault(response, set()).add(link)
        self._by_item[id(item)] = link

    def take(self, item: Any, html: object) -> PageResult | None:
        """The result ``item`` was linked to, unlinking it; ``None`` when it was not linked, or when
        its HTML is no longer the one it carried then (a pipeline before this one changed it)."""
        link = self._by_item.pop(id(item), None)
        if link is None:
            return None
        response = link.response()
        if response is not None:
            self._of_response.get(response, set()).discard(link)
        return link.result if link.html is html else None

    def __len__(self) -> int:
        """How many items are linked and not taken yet."""
        return len(self._by_item)
