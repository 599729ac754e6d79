"""Prune: delete, outermost first, the elements that are never content.

An element is a candidate when its tag, its ``role``, its hidden state or a
poison word in its class or id says it is never the article. A candidate is
spared when its subtree holds more than ``max_pruned_share`` of the page's
words: whatever its class says, it holds the article (page builders wrap every
block in an ``elementor-widget-container``, layouts name the article's column
``content-sidebar-wrap``). A spared candidate's descendants are judged on
their own. Nothing is changed in the tree; the pruned elements are returned
for the later phases to skip.
"""

from __future__ import annotations

import functools
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
#: Elements whose content is never shown as text, whether pruned or not: their words do not count.
NON_TEXT_TAGS = frozenset({"head", "script", "style", "template"})
#: Words after which the rest of a class token names a state of the layout or the
#: post's taxonomy, not the element: ``has-sidebar``, ``contentWithSidebar``,
#: ``no-ads``, WordPress's ``category-advertising`` and ``tag-social``.
FLAG_WORDS = frozenset({"category", "has", "is", "no", "tag", "with", "without"})

# A class token that is a plain name; utility classes ("md:hidden", "pt-[calc(1rem)]") name nothing.
_PLAIN_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
_PART = re.compile(r"[A-Za-z0-9]+")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def token_words(token: str) -> tuple[str, ...]:
    """The lower-cased words of one class or id token: ``"postShare-bar"`` -> post, share, bar.

    Parts are split at separators and at camel case. A BEM modifier (from
    ``--``) is left out, and so are the words after a flag word (``has``,
    ``with``, ...); trailing digits are dropped (``sidebar2``), and a part with
    digits among its letters is a hash (``sc-9749ad0f-0``), not words.
    """
    if not _PLAIN_TOKEN.fullmatch(token):
        return ()
    words: list[str] = []
    for part in _PART.findall(token.split("--", 1)[0]):
        part = part.rstrip("0123456789")
        if not part.isalpha():
            continue
        for word in _WORD.findall(part):
            word = word.lower()
            if word in FLAG_WORDS:
                return tuple(words)
            words.append(word)
    return tuple(words)


def class_words(value: str) -> frozenset[str]:
    """Every word of every token of a class or id (see :func:`token_words`), each also without a plural ``s``."""
    return frozenset().union(*(_split(token)[0] for token in value.split()))


def naming_words(value: str) -> frozenset[str]:
    """The words by which a class or id names its element: the first and the last word of each token.

    ``comment-list``, ``sidebar_widget``, ``site-footer``, ``post-comments`` name
    what they hold; a word between two others names a part or a layout
    (``elementor-widget-wrap``, ``content-sidebar-wrap``, ``body-ad-wrapper``).
    Each word is also there without a plural ``s``.
    """
    return frozenset().union(*(_split(token)[1] for token in value.split()))


def has_word(element: etree._Element, attributes: tuple[str, ...], words: frozenset[str],
             naming: bool = False) -> bool:
    """Whether one of ``attributes`` of ``element`` holds one of ``words``: any of its
    :func:`class_words`, or only its :func:`naming_words` if ``naming``."""
    which = 1 if naming else 0
    for attribute in attributes:
        value = element.get(attribute)
        if value:
            for token in value.split():
                if not words.isdisjoint(_split(token)[which]):
                    return True
    return False


# Prune asks about every element, and pages repeat their class tokens (every
# block of a page builder has the same few): each token is split once.
@functools.lru_cache(maxsize=16384)
def _split(token: str) -> tuple[frozenset[str], frozenset[str]]:
    """Every word of ``token`` and its first and last, each also without a plural ``s``."""
    words = token_words(token)
    return _with_singulars(words), _with_singulars(words[:1] + words[-1:])


def _with_singulars(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(words + tuple(word[:-1] for word in words if word.endswith("s")))


def poisoned(element: etree._Element, options: DeclutterOptions) -> bool:
    """Whether ``element`` is a candidate for pruning, by its tag and attributes alone."""
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
    return has_word(element, ("class", "id"), options.poison_words, naming=True)


def prune(root: etree._Element, options: DeclutterOptions) -> set[etree._Element]:
    """The elements under ``root`` (``root`` included) whose subtree prune deletes, outermost only."""
    words = _subtree_words(root)
    most = options.max_pruned_share * words[root]
    pruned = set()
    walker = etree.iterwalk(root, events=("start",))
    for _, element in walker:
        # an element inside a script or the like is not counted: it shows no words
        if isinstance(element.tag, str) and poisoned(element, options) and words.get(element, 0) <= most:
            pruned.add(element)
            walker.skip_subtree()
    return pruned


def _subtree_words(root: etree._Element) -> dict[etree._Element, int]:
    """The words of the text under each element (its tail left out) that the page shows.

    Words are counted as shake counts them (``str.split``), outside the
    elements whose content is never text (which are left out).
    """
    words_under: dict[etree._Element, int] = {}
    words_before: list[int] = []  # the page's words before each open element
    words = 0
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            words_before.append(words)
            if node.tag in NON_TEXT_TAGS:
                walker.skip_subtree()
            elif node.text:
                words += len(node.text.split())
            continue
        if event == "end":
            words_under[node] = words - words_before.pop()
        # the tail of an element, comment or instruction belongs to its parent
        if node.tail and node is not root:
            words += len(node.tail.split())
    return words_under
