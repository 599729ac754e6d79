"""What the middleware attaches to a response: the page's extraction and its content links."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lxml import etree

from ..html.page import Page
from ..html.parse import parse
from ..html.start_tags import has_crowded_tag
from ..model import Block, Extraction, Metadata
from ..output.links import content_links

if TYPE_CHECKING:
    from scrapy.http import TextResponse

    from ..workers.process import Classified

#: ``response.meta`` key under which the middleware puts the :class:`PageResult`.
RESULT_META_KEY = "boilerplate_result"

#: What :meth:`PageResult.exported` gives for a page that failed to classify.
_NO_EXTRACTION: dict[str, Any] = {"algorithm": None, "language": None, "text": "", "blocks": []}


def response_root(response: TextResponse) -> etree._Element | None:
    """The root of ``response.selector``, the tree the callback's selectors use; parsed here
    when Scrapy cannot build that selector (it refuses a malformed ``<base href>``), and when
    an element has so many attributes that libxml2 would take minutes over it (see
    :data:`~scrapy_boilerplate.html.start_tags.MAX_ATTRIBUTES`)."""
    if has_crowded_tag(response.body):
        return parse(response.text, url=response.url)
    try:
        return response.selector.root
    except ValueError:  # w3lib: "Invalid IPv6 URL"
        return parse(response.text, url=response.url)


@dataclass(eq=False)
class PageResult:
    """The classification of one page; ``error`` says why there is none.

    ``extraction`` is ``None`` when the page failed to classify; ``text`` is
    then empty and ``blocks`` too, so a callback needs no special case. A
    result pickles (Scrapy's disk queues, scrapy-redis, a retried request
    carrying ``response.meta``): its links are worked out first, the parsed
    page stays behind.
    """

    url: str
    #: A factory, not a default: no class attribute then hides a worker's result's extraction
    #: from __getattr__ until it is unpickled.
    extraction: Extraction | None = field(default_factory=lambda: None)
    error: str | None = None
    #: The parsed page, for :attr:`links`.
    root: etree._Element | None = field(default=None, repr=False)
    #: The page's text when it was classified in a worker: parsed here only for :attr:`links`.
    html: str | None = field(default=None, repr=False)
    _links: list[str] | None = field(default=None, repr=False)
    #: Called with the number of malformed links skipped, to count them.
    _on_malformed_links: Callable[[int], Any] | None = field(default=None, repr=False)
    #: From a worker: the text and language, and the extraction unpickled on first use of :attr:`extraction`.
    classified: Classified | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.classified is not None:
            del self.extraction  # until asked for: see __getattr__

    def __getattr__(self, name: str) -> Any:
        # Called only for what the instance lacks: the extraction of a worker's result, before its first use.
        classified = self.__dict__.get("classified")
        if name != "extraction" or classified is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.extraction = classified.extraction()
        return self.extraction

    @property
    def text(self) -> str:
        if "extraction" not in self.__dict__:
            assert self.classified is not None  # deleted only for a worker's result (__post_init__)
            return self.classified.text
        return self.extraction.text if self.extraction is not None else ""

    @property
    def blocks(self) -> list[Block]:
        return self.extraction.blocks if self.extraction is not None else []

    @property
    def language(self) -> str | None:
        if "extraction" not in self.__dict__:
            assert self.classified is not None  # deleted only for a worker's result (__post_init__)
            return self.classified.language
        return self.extraction.language if self.extraction is not None else None

    @property
    def metadata(self) -> Metadata | None:
        """The page's metadata; ``None`` for a page that failed or when ``BOILERPLATE_METADATA`` is off."""
        if "extraction" not in self.__dict__:
            assert self.classified is not None  # deleted only for a worker's result (__post_init__)
            return self.classified.metadata
        return self.extraction.metadata if self.extraction is not None else None

    @property
    def page_type(self) -> str | None:
        """The page's type (:attr:`Extraction.page_type <scrapy_boilerplate.Extraction.page_type>`);
        ``None`` for a page that failed."""
        if "extraction" not in self.__dict__:
            assert self.classified is not None  # deleted only for a worker's result (__post_init__)
            if self.classified.page_type is not None:  # read in the worker: the extraction stays pickled
                return self.classified.page_type
        return self.extraction.page_type if self.extraction is not None else None

    def rendering(self, name: str) -> str:
        """The extraction's ``markdown`` or ``main_html`` (``""`` for a page that failed)."""
        return self.extraction.rendering(name) if self.extraction is not None else ""

    @property
    def links(self) -> list[str]:
        """Absolute URLs of the ``<a href>`` inside good blocks, in document order, without duplicates.

        A link belongs to the block of its nearest ancestor that starts a block;
        malformed URLs are skipped and counted (``boilerplate/links/malformed``).
        """
        if self._links is None:
            self._links = self._content_links()
        return self._links

    def _content_links(self) -> list[str]:
        root = self.root if self.root is not None or self.html is None else parse(self.html, url=self.url)
        if root is None or not self.blocks:
            return []
        links, malformed = content_links(Page(root, self.url), self.blocks)
        if malformed and self._on_malformed_links is not None:
            self._on_malformed_links(malformed)
        return links

    @property
    def exported(self) -> dict[str, Any]:
        """The extraction as :meth:`~scrapy_boilerplate.Extraction.to_dict` gives it, new at each call."""
        return self.extraction.to_dict() if self.extraction is not None else dict(_NO_EXTRACTION, blocks=[])

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the extraction's fields, the content links and the error."""
        return {**self.exported, "links": self.links, "error": self.error}

    def __getstate__(self) -> dict[str, Any]:
        return {"url": self.url, "extraction": self.extraction, "error": self.error, "_links": self.links}

    def __setstate__(self, state: dict[str, Any]) -> None:
        type(self).__init__(self, **state)
