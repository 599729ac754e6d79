"""Segmentation of a parsed page into boilerpipe's text blocks.

boilerpipe splits the text at every element that is not inline: inline
elements (``b``, ``span``, ``font``...) join their text to the surrounding
text, links do too but are counted, and scripts, styles and the like are
skipped. This module walks the caller's lxml tree once with an explicit
stack (no recursion, no copy, no change to the tree) and measures each
block as boilerpipe does: words are runs of letters, digits and
``"'.,!@-:;$?()/`` holding at least one letter or digit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from typing import cast

from lxml import etree

from ...html import xpath
from ...html.page import LOOKED_FOR_TAGS, note_skipped
from ...html.walk import depth_left, skip_subtree, too_deep
from ...model.text import collapse
from .document import LINE_WIDTH, TextBlock, TextDocument

_INLINE, _SPACING, _LINK, _BOUNDARY, _SKIPPED, _TAIL_ONLY = range(6)

#: What each element does to the text around it; every other element is a block boundary.
TAG_ACTIONS: dict[str, int] = {
    **dict.fromkeys(("b", "code", "em", "font", "i", "span", "strike", "strong", "sub", "sup", "tt", "u", "var"),
                    _INLINE),
    **dict.fromkeys(("abbr", "acronym"), _SPACING),
    "a": _LINK,
    # Skipped with their content, but still block boundaries. boilerpipe reads
    # only the body: the head's title is the document's title.
    **dict.fromkeys(("applet", "embed", "head", "noscript", "object", "option", "script", "style"), _SKIPPED),
}
# Comments and processing instructions only carry a tail, text of their parent;
# their factories are their ``tag``, so one lookup classifies every node.
_NODE_ACTIONS: dict = {**TAG_ACTIONS, etree.Comment: _TAIL_ONLY, etree.ProcessingInstruction: _TAIL_ONLY}

_WORD_CHARS = r"\w\"'.,!@\-:;$?()/"
_TOKEN = re.compile(f"[{_WORD_CHARS}]+")
# A token holding a letter or a digit: a whole _TOKEN run, since the run is
# taken from its first character on (lazily, so that a word starting with a
# letter matches without backtracking).
_WORD = re.compile(f"[{_WORD_CHARS}]*?[^\\W_][{_WORD_CHARS}]*")
# The same for ASCII text, whose character sets compile to bitmaps instead of
# Unicode category look-ups.
_ASCII_WORD_CHARS = r"A-Za-z0-9_\"'.,!@\-:;$?()/"
_ASCII_WORD = re.compile(f"[{_ASCII_WORD_CHARS}]*?[A-Za-z0-9][{_ASCII_WORD_CHARS}]*")


def find_words(text: str) -> list[str]:
    """boilerpipe's words of ``text``."""
    return (_ASCII_WORD if text.isascii() else _WORD).findall(text)


# For counting the words of ASCII text: the word characters that are no
# letters or digits are deleted, so that a word's letters and digits close up
# and a token of such characters alone leaves nothing; every character that is
# no word character becomes a space.
_ASCII_LETTERS_AND_DIGITS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_ASCII_SEPARATING = bytes(c if c in _ASCII_LETTERS_AND_DIGITS else 32 for c in range(256))
_ASCII_JOINING = b"\"'.,!@-:;$?()/_"


def count_words(text: str) -> int:
    """``len(find_words(text))``, without making the words where it can."""
    if text.isascii():
        return len(text.encode("ascii").translate(_ASCII_SEPARATING, _ASCII_JOINING).split())
    return len(_WORD.findall(text))


def segment(root: etree._Element, noted: list[etree._Element] | None = None) -> TextDocument:
    """The text blocks of the tree under ``root``, and the page's title. With ``noted``, the walk
    adds to it the page's elements that the renderers look for (see :attr:`.Page.noted`),
    sparing them a walk."""
    blocks: list[TextBlock] = []
    # The current block's raw text pieces from its first text on, with a " "
    # wherever boilerpipe separates words (around links, abbreviations).
    # Whitespace is normalized once per block; as no word holds whitespace,
    # the words of the joined pieces are those of the pieces.
    parts: list[str] = []
    # Where the block's first text lies (None while it has none) and the element
    # holding it, the words of the links it closed so far, and where the open
    # link's text starts in ``parts`` (-1 outside links).
    block_path: str | None = None
    block_start: etree._Element | None = None
    words_in_links = 0
    link_start = -1
    link_depth = 0
    # The XPath of the innermost open element with children (see ``xpath``),
    # and how many children of each tag it has had so far.
    path, counts = xpath.start_of_walk(root)

    def end_block() -> None:
        nonlocal block_path, words_in_links, link_start
        if link_start >= 0:  # the open link's text so far belongs to this block
            words_in_links += count_words("".join(parts[link_start:]))
            link_start = 0
        block = _measure("".join(parts), words_in_links, len(blocks))
        if block is not None:
            assert block_path is not None  # a block with words has had text, which set it
            block.xpath = block_path
            block.start = block_start
            block.one_text_node = len(parts) == 1
            blocks.append(block)
        block_path = None
        parts.clear()
        words_in_links = 0

    actions = _NODE_ACTIONS
    # A depth-first walk in document order, without recursion (lxml's iter()).
    # Every node stays open, beside what it hides of its parent's state, until
    # ``left``, its children not reached yet, is 0: it ends before the next
    # node starts. The final None ends all.
    open_elements: list[tuple] = []  # (node, action, and its parent's counts, path and left)
    max_depth = depth_left(root)
    nodes = root.iter()
    left = 2  # the root, then the None
    for node in chain(nodes, (None,)):
        while not left:
            # The end of ``element`` (skipped ones, comments and processing
            # instructions end where they start); ``path`` is its parent's.
            element, action, counts, path, left = open_elements.pop()
            if action == _BOUNDARY:
                if block_path is not None:
                    end_block()
            elif action == _LINK:
                link_depth -= 1
                if link_depth == 0:
                    if block_path is not None:
                        words_in_links += count_words("".join(parts[link_start:]))
                        parts.append(" ")
                    link_start = -1
            elif action == _SPACING and block_path is not None:
                parts.append(" ")
            text = element.tail
            if text and element is not root:
                if block_path is not None:
                    parts.append(text)
                elif not text.isspace():
                    block_path = path
                    block_start = open_elements[-1][0]  # the parent, open until its children end
                    parts.append(text)
        if node is None:
            break

        # The start of ``node``.
        left -= 1
        tag = node.tag
        action = actions.get(tag, _BOUNDARY)
        children = 0
        if action == _SKIPPED:
            counts[tag] = counts.get(tag, 0) + 1
            if block_path is not None:
                end_block()
            if noted is not None:  # what the walk skips too
                note_skipped(noted, node)
            skip_subtree(nodes, node)
        elif action != _TAIL_ONLY:
            count = counts[tag] = counts.get(tag, 0) + 1
            if action == _BOUNDARY:
                if block_path is not None:
                    end_block()
                if noted is not None and tag in LOOKED_FOR_TAGS:  # boundaries all, a base in the head aside
                    noted.append(node)
            elif action == _LINK:
                link_depth += 1
                if link_depth == 1:
                    if block_path is not None:
                        parts.append(" ")
                    link_start = len(parts)
            elif action == _SPACING and block_path is not None:
                parts.append(" ")
            text = node.text
            if text:
                if block_path is not None:
                    parts.append(text)
                elif not text.isspace():
                    block_path = f"{path}/{tag}[{count}]"
                    block_start = node
                    parts.append(text)
            children = len(node)
        open_elements.append((node, action, counts, path, left))
        if children:
            if len(open_elements) > max_depth:
                raise too_deep()
            counts, path = {}, f"{path}/{tag}[{count}]"
        left = children

    if block_path is not None:
        end_block()
    return TextDocument(blocks, title=page_title(root))


def page_title(root: etree._Element) -> str | None:
    """The whitespace-normalized text of the page's ``<head><title>``, if any."""
    title = root.getroottree().getroot().find("head/title")
    if title is None:
        return None
    text = " ".join("".join(cast("Iterator[str]", title.itertext())).split())  # an HTML tree's texts are str
    return text or None


def _measure(raw_text: str, words_in_links: int, offset: int) -> TextBlock | None:
    """The block of ``raw_text`` (``None`` if it holds no token, such as "|" or "»")."""
    text = collapse(raw_text)
    if len(text) <= LINE_WIDTH:  # words and the separators between them fit on one line
        words = count_words(text)
        wrapped = (0, 0)
    else:
        found = find_words(text)
        words = len(found)
        wrapped = _wrapped_words_and_lines(" ".join(found))
    if not words and not _TOKEN.search(text):
        return None
    return TextBlock(text, words, words_in_links, *wrapped, offset, offset)  # positional: faster


def _wrapped_words_and_lines(line: str) -> tuple[int, int]:
    """The words and number of the full lines of the words of ``line``, one space apart, wrapped at
    :data:`LINE_WIDTH`, leaving out the last line; (0, 0) for one line."""
    lines = 0
    words = 0
    start = 0
    # Each full line is the longest run of words that fits, or a single longer word.
    while len(line) - start > LINE_WIDTH:
        end = line.rfind(" ", start, start + LINE_WIDTH + 1)
        if end < 0:
            if not start:  # boilerpipe counts an empty line before a too long first word
                lines += 1
            end = line.find(" ", start)
            if end < 0:  # the too long word is the last line
                break
        lines += 1
        words += line.count(" ", start, end) + 1
        start = end + 1
    return words, lines
