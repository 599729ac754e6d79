"""Whether an author's name names a person (or a body that signs its articles), and that name cleaned.

Pages and their structured data put in the author's field what is not one: a
profile's numeric id (``262588213843476``), a date or its fragment, glued to the
name by a byline's layout (``Oleg Parashchak Jul``, ``Nov``), the CMS's
placeholder account (``admin``, ``Editorial Staff``). :func:`person` cleans a name
of these, or refuses it; the site's own name is refused where the site is known
(:func:`scrapy_boilerplate.metadata.read_metadata`).
"""

from __future__ import annotations

import re

from .dates import MONTHS

#: Words that, all of a name's, name an account or a desk rather than a writer, in the languages of
#: the stoplists most used: "admin", "Editorial Staff", "Redaktion", "Rédaction", "Redacción".
PLACEHOLDERS = frozenset({
    "admin", "administrator", "administrador", "administrateur", "administratör", "root", "webmaster", "wpadmin",
    "staff", "editor", "editors", "editorial", "edit", "team", "desk", "newsroom", "writer", "writers", "guest",
    "author", "authors", "contributor", "contributors", "user", "anonymous", "unknown", "anon", "null", "none",
    "undefined", "default", "redaktion", "redaktionen", "redaktor", "redakcja", "redakce", "redazione",
    "rédaction", "redacción", "redação", "redaccion", "redacao", "redactie", "editorial", "equipo", "équipe",
    "la", "el", "the", "our", "die", "der", "de", "site", "web", "content", "post", "posts", "by", "and",
})
#: What a byline puts before the names: "By", "Posted by", "Author:".
BY = re.compile(r"^\W*(?:(?:written|posted|post|published|reviewed|edited|story|words|text|photos?)\s+)?by\b\W*"
                r"|^\W*(?:author|authors|autor|auteur|posted|written)\s*:\s*", re.IGNORECASE)
#: Weekday names that a byline's date brings along ("Jane Doe Monday").
_WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
#: Month names that are people's names too ("Theresa May", "Brian August"): never taken for a date's.
_NAMES_TOO = frozenset({"may", "june", "april", "august", "mai"})
_EDGE = re.compile(r"^[\W_]+|[\W_]+$")
_TOKEN_EDGE = re.compile(r"^\W+|\W+$")


def person(name: str) -> str | None:
    """``name`` without a date's words at its end and stray punctuation at its ends, or ``None``
    where it is no one's: an id or a number, a date, a placeholder account."""
    words = BY.sub("", name).split()
    # A date's words after the name ("Oleg Parashchak Jul", "Jane Doe 12"): the byline's date.
    while words and _dated(words[-1]):
        words.pop()
    text = _EDGE.sub("", " ".join(words)) if words else ""
    # The edges' punctuation went; a name's own inner punctuation ("O'Neil", "J.R.R.") stays. A
    # trailing full stop of an initial stays too ("Jane Q.").
    if text and name.rstrip().endswith(".") and len(text.rsplit(" ", 1)[-1]) == 1:
        text += "."
    if not text or not any(character.isalpha() for character in text):
        return None  # an id, a number, a date in digits
    tokens = {_TOKEN_EDGE.sub("", token) for token in text.lower().split()} - {""}
    if not tokens or tokens <= _WEEKDAYS | MONTHS.keys() or tokens <= PLACEHOLDERS:
        return None
    return text


def _dated(word: str) -> bool:
    """Whether ``word`` is a date's: a month's or a weekday's name, a number, a time."""
    bare = _TOKEN_EDGE.sub("", word.lower())
    return (not bare or (bare in MONTHS and bare not in _NAMES_TOO) or bare in _WEEKDAYS
            or not any(character.isalpha() for character in bare))
