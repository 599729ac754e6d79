"""Whitespace normalization, as the algorithms' references do it, and the characters text output leaves out."""

from __future__ import annotations

import re
import unicodedata

#: Runs of two spaces or more.
SPACE_RUNS = re.compile("  +")


def collapse(text: str) -> str:
    """``text`` stripped, and each run of whitespace in it made one space: ``" ".join(text.split())``."""
    # Every whitespace character but the space is unprintable (str.isprintable),
    # and most texts are printable: collapsing their runs of spaces costs
    # less than splitting them into words.
    if text.isprintable():
        return (SPACE_RUNS.sub(" ", text) if "  " in text else text).strip(" ")
    return " ".join(text.split())


#: Characters that only tell how to lay a text out, invisible when it is shown: the soft hyphen (where
#: a word may break: German news sites put one in every long word), the zero-width space (where a line
#: may break: after headings' anchors, inside long URLs), the word joiner (where it may not) and the
#: byte order mark. Kept in blocks' text, as the references read it; left out of the text and
#: Markdown written, where they would split words for a search or a tokenizer. The joiners of scripts
#: and emoji (U+200C, U+200D) and the marks of writing direction change what is shown, and stay.
FORMAT_HINTS = "\u00ad\u200b\u2060\ufeff"
_FORMAT_HINT = re.compile(f"[{FORMAT_HINTS}]")


def without_format_hints(text: str) -> str:
    """``text`` less its :data:`FORMAT_HINTS`."""
    # The hints are unprintable: most texts are printable, and one call tells.
    return text if text.isprintable() else _FORMAT_HINT.sub("", text)


def shown(text: str) -> str:
    """``text`` as a reader sees it on one line: without its :data:`FORMAT_HINTS`, its whitespace
    collapsed (:func:`collapse`); ``""`` when nothing of it is visible (a lone zero-width joiner)."""
    text = collapse(without_format_hints(text))
    return text if visible(text) else ""


def visible(text: str) -> bool:
    """Whether ``text`` shows anything: a character that is neither whitespace nor an invisible
    format character (a zero-width joiner, a mark of writing direction)."""
    if text.isprintable():  # most texts: printable, and visible unless empty or spaces
        return bool(text) and not text.isspace()
    return any(not character.isspace() and unicodedata.category(character) != "Cf" for character in text)


#: Characters an lxml tree refuses to hold (it raises ``ValueError``) and HTML forbids: C0
#: controls but tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` with each of the :data:`NOT_XML` characters replaced by U+FFFD."""
    return NOT_XML.sub("\ufffd", text) if NOT_XML.search(text) else text
