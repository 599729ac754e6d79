"""What a page says about itself: its headline, authors, dates, language and the like."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Metadata:
    """The article record of a page, as ``scrapy_boilerplate.metadata`` reads it.

    ``title`` is the headline (not the ``<title>`` with its " | Site" suffix);
    ``authors`` the names of the people (or organizations) who wrote it;
    ``date_published`` and ``date_modified`` ISO 8601 (``2025-12-19`` or
    ``2025-12-19T10:30:00+01:00`` when the page gives the time); ``canonical_url``
    and ``image`` absolute URLs; ``language`` an ISO 639-1 code (``"en"``).
    A field the page does not give, or gives unusable, is ``None`` (``authors`` empty);
    ``invalid`` names the fields whose values were refused or capped (a date like
    "yesterday" or of year 0, thousands of authors, an overlong value), which the
    crawl counts.
    """

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    date_published: str | None = None
    date_modified: str | None = None
    description: str | None = None
    site_name: str | None = None
    canonical_url: str | None = None
    image: str | None = None
    language: str | None = None
    invalid: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready ``dict`` of the fields (``invalid`` included)."""
        return {"title": self.title, "authors": list(self.authors), "date_published": self.date_published,
                "date_modified": self.date_modified, "description": self.description,
                "site_name": self.site_name, "canonical_url": self.canonical_url, "image": self.image,
                "language": self.language, "invalid": list(self.invalid)}
