"""Prune: a pre-order walk that deletes, node by node, what is never content.

Each element is judged alone, before its descendants: a pruned element's
subtree is not visited. Nothing is changed in the tree; the pruned elements
are returned for the later phases to skip.
"""

from __future__ import annotations

import re

from lxml import etree

from .options import DeclutterOptions

#: The decision on an element prune deletes.
PRUNED = "pruned"

#: ``role`` values of landmarks that are never the article.
POISON_ROLES = frozenset({
    "alert", "banner", "complementary", "contentinfo", "dialog", "menu", "menubar",
    "navigation", "search",
})
#: The document's outer elements are never pruned: a ``<body class="has-sidebar">``
#: names the page layout, not the element.
NEVER_PRUNED = frozenset({"html", "body"})

_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def class_words(value: str) -> list[str]:
    """The lower-cased words of a class or id: ``"postShare-bar top_ads"`` -> post, share, bar, top, ads."""
    return [word.lower() for word in _WORD.findall(value)]


def has_word(element: etree._Element, attributes: tuple[str, ...], words: frozenset[str]) -> bool:
    """Whether one of ``attributes`` of ``element`` holds one of ``words``, singular or plural."""
    for attribute in attributes:
        value = element.get(attribute)
        if not value:
            continue
        for word in class_words(value):
            if word in words or (word[-1] == "s" and word[:-1] in words):
                return True
    return False


def poisoned(element: etree._Element, options: DeclutterOptions) -> bool:
    """Whether prune deletes ``element`` with its subtree."""
    tag = element.tag
    if tag in NEVER_PRUNED:
        return False
    if tag in options.pruned_tags:
        return True
    attributes = element.attrib
    if not attributes:
        return False
    if "hidden" in attributes or attributes.get("aria-hidden") == "true":
        return True
    if attributes.get("role", "").strip().lower() in POISON_ROLES:
        return True
    style = attributes.get("style")
    if style and _HIDDEN_STYLE.search(style):
        return True
    return has_word(element, ("class", "id"), options.poison_words)


def prune(root: etree._Element, options: DeclutterOptions) -> set[etree._Element]:
    """The elements under ``root`` (``root`` included) whose subtree prune deletes, outermost only."""
    pruned = set()
    walker = etree.iterwalk(root, events=("start",))
    for _, element in walker:
        if isinstance(element.tag, str) and poisoned(element, options):
            pruned.add(element)
            walker.skip_subtree()
    return pruned
