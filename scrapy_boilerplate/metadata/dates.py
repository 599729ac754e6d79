"""Dates as pages write them, made ISO 8601 with the standard library alone.

Machine-readable values (``datetime`` attributes, JSON-LD, ``<meta>``) are
ISO 8601 or RFC 2822 nearly always; dates in the text are numeric
(``2025-12-19``, ``19.12.2025``, ``12/19/2025``) or spell the month out in
English (``December 19, 2025``, ``19 Dec 2025``). Relative dates ("yesterday",
"3 hours ago") and impossible ones (year 0, a month 13, a day after tomorrow)
give ``None``: a date left empty is better than one made up.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import re

#: The earliest year a page's date may have; earlier years are typos and placeholders.
MIN_YEAR = 1900
#: How far past today a date may lie (time zones; a page dated at midnight of the next day).
LEEWAY = dt.timedelta(days=2)
#: Longer values are not dates (a paragraph that happens to contain one).
MAX_LENGTH = 80

MONTHS = {name: number for number, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
    ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
    ("oct", "october"), ("nov", "november"), ("dec", "december")), start=1) for name in names}

_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
#: Dates inside text, tried in this order; the first match wins.
_TEXT_DATES = [re.compile(pattern, re.IGNORECASE) for pattern in (
    r"\b" + _YEAR + r"[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})\b",
    r"\b" + _MONTH + r"\s+" + _DAY + r",?\s+" + _YEAR + r"\b",
    r"\b" + _DAY + r"\.?\s+(?:of\s+)?" + _MONTH + r",?\s+" + _YEAR + r"\b",
    r"\b(?P<day>\d{1,2})\.(?P<month>\d{1,2})\.(?P<year>\d{4})\b",
    r"\b(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})\b",
    r"\b(?P<day>\d{1,2})/(?P<month>\d{1,2})/(?P<year>\d{4})\b",  # where the day comes first: 15/12/2025
)]
#: A date in a URL's path: /2025/12/19/ or /2025-12-19-.
URL_DATE = re.compile(r"/(?P<year>(?:19|20)\d{2})[/-](?P<month>[01]?\d)[/-](?P<day>[0-3]?\d)(?:[/-]|\.html?|$)")


def iso_date(value: object, *, today: dt.date | None = None) -> str | None:
    """``value`` as ISO 8601 (with its time and offset when it gives them), or ``None`` if it holds
    no plausible date."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > MAX_LENGTH:
        return None
    moment = _machine(text)
    if moment is not None:
        return _checked(moment, today)
    return text_date(text, today=today)


def text_date(text: str, *, today: dt.date | None = None) -> str | None:
    """The first plausible date written in ``text`` (``YYYY-MM-DD``), or ``None``."""
    for pattern in _TEXT_DATES:
        for match in pattern.finditer(text):
            found = _checked(_from_parts(match), today)
            if found is not None:
                return found
    return None


def url_date(url: str | None, *, today: dt.date | None = None) -> str | None:
    """The date a URL's path holds (``/2025/12/19/``), or ``None``."""
    match = URL_DATE.search(url or "")
    return _checked(_from_parts(match), today) if match else None


def local_day(moment: str, shown: str) -> bool:
    """Whether the day ``shown`` on the page (``YYYY-MM-DD``) is the UTC time ``moment``'s in the
    site's own time zone: the day before or after, which a time zone (UTC-12 to UTC+14) reaches
    from that hour. Pages declare UTC times and show their readers local dates."""
    try:
        utc, day = dt.datetime.fromisoformat(moment), dt.date.fromisoformat(shown[:10])
    except ValueError:
        return False
    if len(moment) <= 10 or utc.utcoffset() != dt.timedelta(0):
        return False
    if day == utc.date() - dt.timedelta(days=1):
        return utc.hour < 12
    return day == utc.date() + dt.timedelta(days=1) and utc.hour >= 10


def _machine(text: str) -> dt.datetime | dt.date | None:
    if text[:4].isdigit():
        candidate = text.replace(" ", "T", 1) if len(text) > 10 and text[10] == " " else text
        try:
            moment = dt.datetime.fromisoformat(candidate)
        except ValueError:
            return None
        return moment if len(text) > 10 else moment.date()
    if "," in text[:5] or text[:3].isalpha():
        try:
            return email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
    return None


def _from_parts(match: re.Match[str]) -> dt.date | None:
    month = match["month"]
    number = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
    try:
        return dt.date(int(match["year"]), number, int(match["day"]))
    except ValueError:  # year 0, month 13, February 30
        return None


def _checked(moment: dt.datetime | dt.date | None, today: dt.date | None) -> str | None:
    if moment is None:
        return None
    day = moment.date() if isinstance(moment, dt.datetime) else moment
    if day.year < MIN_YEAR or day > (today or dt.date.today()) + LEEWAY:
        return None
    return moment.isoformat()
