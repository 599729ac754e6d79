"""Code as written: a ``pre``'s text with every space, tab and line break, its language, its gutters left out.

Algorithms collapse a block's whitespace; code read so is wrong code (Python,
YAML). The renderers take a ``pre``'s text from the page instead: the text of
its descendants as they are, ``<br>`` as a line break, an element that is not
inline (a highlighter's line ``div``) ending its line, and the line numbers that
highlighters set beside the code (a ``td.gutter``, ``.linenos``, ``.line-numbers-rows``)
left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from ..html.page import Page
from ..html.walk import unknown_ancestors
from ..model.text import without_format_hints
from .inserts import among
from .placement import INLINE_TAGS, Piece

#: Class names of the elements holding a listing's line numbers.
GUTTER_CLASSES = frozenset({"gutter", "linenos", "lineno", "linenodiv", "line-numbers-rows", "line-number",
                            "line-numbers", "ln", "hljs-ln-numbers", "gl"})
#: Elements whose class ``line-numbers`` only asks for numbers (Prism's ``pre``): not a gutter.
_NUMBERED_TAGS = frozenset({"pre", "code"})
_LANGUAGE_CLASS = re.compile(r"^(?:language|lang|highlight(?:-source)?)-([A-Za-z0-9_+#.-]{1,30})$")
_LANGUAGE = re.compile(r"^[A-Za-z0-9_+#.-]{1,30}$")
#: How far above a ``pre`` its language is looked for (Sphinx's ``div.highlight-python > div > pre``).
_LANGUAGE_ANCESTORS = 3
_NOT_TEXT_TAGS = frozenset({"script", "style", "template"})
#: How many levels above a listing good pieces place it, on one side of it or both: the article's body
#: (see :func:`.among`), where an algorithm dropped the sections around it.
_ARTICLE = 6


def is_gutter(element: etree._Element) -> bool:
    """Whether ``element`` holds a listing's line numbers."""
    classes = element.get("class")
    if not classes:
        return False
    names = set(classes.split())
    if not names & GUTTER_CLASSES:
        return False
    return not (names & GUTTER_CLASSES == {"line-numbers"} and element.tag in _NUMBERED_TAGS)


def in_gutter(element: etree._Element | None, known: dict[etree._Element | None, bool] | None = None) -> bool:
    """Whether ``element`` is a gutter or lies in one; ``known`` keeps the answer for it and its
    ancestors (the pieces of one table or listing share theirs, up to the page's root)."""
    if element is None:
        return False
    missing, nearest = unknown_ancestors(element, known if known is not None else ())
    inside = known.get(nearest, False) if known is not None else False
    for node in reversed(missing):
        inside = inside or (isinstance(node.tag, str) and is_gutter(node))
        if known is not None:
            known[node] = inside
    return inside


def listings(page: Page, pieces: Sequence[Piece]) -> dict[int, list[etree._Element]]:
    """The ``pre`` elements none of whose text is good that lie among good pieces (an algorithm
    often finds code's short lines bad), by the index of the piece each goes before (see
    :func:`.among`); not those of gutters or inside a table."""
    pre_elements = page.elements("pre")
    if not pre_elements:  # most pages
        return {}
    holding = {node for piece in pieces for node in piece.structure if node.tag == "pre"}
    candidates = [pre for pre in pre_elements if pre not in holding
                  and next(pre.iterancestors("pre", "table"), None) is None and not in_gutter(pre)]
    # Looked for further than images, one side enough: code is seldom boilerplate.
    if not candidates:
        return {}
    return among(candidates, [piece.element for piece in pieces], near=_ARTICLE, one_side=_ARTICLE)


def code_text(pre: etree._Element) -> str:
    """The text of ``pre`` as written, gutters left out, without trailing whitespace or format hints."""
    parts: list[str] = []
    skipped: set[etree._Element] = set()
    walker = etree.iterwalk(pre, events=("start", "end", "comment", "pi"))
    for event, element in walker:
        tag = element.tag
        if event == "start":
            if tag in _NOT_TEXT_TAGS or (element is not pre and is_gutter(element)):
                walker.skip_subtree()
                skipped.add(element)
                continue
            if tag == "br":
                parts.append("\n")
            elif element is not pre and tag not in INLINE_TAGS and parts and not parts[-1].endswith("\n"):
                parts.append("\n")  # an element that is not inline starts a line
            if tag != "br" and element.text:
                parts.append(element.text)
            continue
        if element is pre:
            break
        if (event == "end" and element not in skipped and tag not in INLINE_TAGS and parts
                and not parts[-1].endswith("\n")):
            parts.append("\n")  # and ends it
        if element.tail:  # after an element, a comment or a processing instruction
            parts.append(element.tail)
    text = without_format_hints("".join(parts)).replace("\r\n", "\n").replace("\r", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def language(pre: etree._Element) -> str:
    """The language a ``pre``'s classes (or its ``code``'s, or an ancestor's) name; ``""`` if none."""
    candidates = [pre, *pre.iterchildren("code")]
    parent = pre.getparent()
    for _ in range(_LANGUAGE_ANCESTORS):
        if parent is None:
            break
        candidates.append(parent)
        parent = parent.getparent()
    for element in candidates:
        for attribute in ("data-lang", "data-language"):  # not ``lang``: a natural language
            value = (element.get(attribute) or "").strip()
            if element.tag in _NUMBERED_TAGS and _LANGUAGE.match(value):
                return value.lower()
        for name in (element.get("class") or "").split():
            match = _LANGUAGE_CLASS.match(name)
            if match and match.group(1).lower() not in ("none", "source"):
                return match.group(1).lower()
    return ""
