"""zyte-common-items' :class:`~zyte_common_items.Article` made of an extraction and its metadata."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from ..model import Extraction

if TYPE_CHECKING:
    from zyte_common_items import Article

#: What :func:`probability` adds for each sign of an article, from a base of 0.4 for a page with main text.
_SIGNS = {"title": 0.2, "date_published": 0.2, "authors": 0.2}


def article_fields(extraction: Extraction, url: str) -> dict[str, Any]:
    """The values of the ``Article`` fields for ``extraction`` of the page at ``url``, by field name.

    ``articleBody`` is the main text with its headings, a block a line;
    ``articleBodyHtml`` the clean HTML of the good blocks (:attr:`Extraction.main_html`);
    ``datePublished`` falls back on ``dateModified``, as the ``Article`` definition asks.
    """
    from zyte_common_items import ArticleMetadata, Author, Image

    metadata = extraction.metadata
    text = extraction.text
    fields: dict[str, Any] = {
        "url": url,
        "articleBody": text or None,
        "articleBodyHtml": (extraction.main_html or None) if extraction.renderer is not None else None,
        "metadata": ArticleMetadata(probability=probability(extraction),
                                    dateDownloaded=dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")),
    }
    if metadata is not None:
        fields.update(
            headline=metadata.title,
            authors=[Author(name=name, nameRaw=name) for name in metadata.authors] or None,
            datePublished=metadata.date_published or metadata.date_modified,
            dateModified=metadata.date_modified,
            inLanguage=metadata.language,
            mainImage=Image(url=metadata.image) if metadata.image else None,
            canonicalUrl=metadata.canonical_url,
            description=metadata.description,
        )
    return fields


def probability(extraction: Extraction) -> float:
    """How likely the page is an article: 0 without main text, else the page type classifier's
    probability of ``"article"`` (:attr:`Extraction.page_type_probabilities`), rounded to 2 places.
    Where the type cannot be read (an extraction pickled before it was), a score from what was found:
    0.4 and 0.2 for each of a headline, a publication date and authors."""
    if not extraction.text:
        return 0.0
    types = extraction.page_type_probabilities
    if types:
        return round(types["article"], 2)
    metadata = extraction.metadata
    if metadata is None:
        return 0.4
    return round(0.4 + sum(weight for name, weight in _SIGNS.items() if getattr(metadata, name)), 2)


def to_article(extraction: Extraction, url: str, item_class: type[Article] | None = None) -> Article:
    """An ``Article`` (or an instance of ``item_class``, a subclass) of ``extraction``."""
    if item_class is None:
        from zyte_common_items import Article

        item_class = Article
    return item_class(**article_fields(extraction, url))
