"""What a reader sees of the renderings: the words of Markdown as CommonMark (with tables) reads it,
and of an HTML fragment as a browser shows it. ``benchmarks/markdown.py`` checks every corpus page with them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lxml import etree
from lxml import html as lxml_html
from markdown_it import MarkdownIt

from scrapy_boilerplate.model.text import without_format_hints

PARSER = MarkdownIt("commonmark").enable("table")
_INLINE_TAGS = frozenset({"a", "em", "strong", "code", "img"})


def markdown_words(markdown: str) -> list[str]:
    """The words of what ``markdown`` shows, as CommonMark (with tables) reads it."""
    parts: list[str] = []

    def inline(children: Iterable[Any]) -> None:
        for token in children:
            if token.type in ("text", "code_inline"):
                parts.append(token.content)
            elif token.type in ("softbreak", "hardbreak"):
                parts.append(" ")
            elif token.type == "image":  # its alt text
                inline(token.children or ())
            elif token.type == "html_inline":  # text read as HTML: not shown as text
                parts.append(" <html> ")

    for token in PARSER.parse(markdown):
        if token.type == "inline":
            inline(token.children or ())
        elif token.type in ("fence", "code_block"):
            parts.append(token.content)
        elif token.type == "html_block":
            parts.append(" <html> ")
        parts.append(" ")
    return "".join(parts).split()


def in_order(words: list[str], written: list[str]) -> bool:
    """Whether ``words`` are all in ``written``, in the same order, spaces aside: a rendering writes
    all the good blocks' words, and may write more (a table's or a listing's other cells and lines),
    and words apart in the page where an algorithm joined them (``Mio.</abbr> <abbr>t``)."""
    joined = "".join(written)
    position = 0
    for word in words:
        found = joined.find(word, position)
        if found < 0:
            return False
        position = found + len(word)
    return True


def html_words(fragment: str) -> list[str]:
    """The words of the text of an HTML fragment, as a browser shows it: apart at block elements,
    without the format hints it does not show (soft hyphens: the clean HTML keeps them, for the
    browser to break words at)."""
    if not fragment.strip():
        return []
    parts: list[str] = []
    root = lxml_html.fragment_fromstring(fragment, create_parent="div")
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if element.tag not in _INLINE_TAGS:
            parts.append(" ")
        parts.append((element.text if event == "start" else element.tail) or "")
    return without_format_hints("".join(parts)).split()
