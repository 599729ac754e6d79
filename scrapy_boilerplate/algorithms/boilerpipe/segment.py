"""Segmentation of a parsed page into boilerpipe's text blocks.

boilerpipe splits the text at every element that is not inline: inline
elements (``b``, ``span``, ``font``...) join their text to the surrounding
text, links do too but are counted, and scripts, styles and the like are
skipped. This module walks the caller's lxml tree once with an explicit
event stream (no recursion, no copy, no change to the tree) and measures
each block as boilerpipe does: words are runs of letters, digits and
``"'.,!@-:;$?()/`` holding at least one letter or digit.
"""

from __future__ import annotations

import re

from lxml import etree

from .document import LINE_WIDTH, TextBlock, TextDocument

_INLINE, _SPACING, _LINK, _SKIPPED, _BOUNDARY = range(5)

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

_TOKEN = re.compile(r"[\w\"'.,!@\-:;$?()/]+")
# A token holding a letter or a digit: a whole _TOKEN run, since the run is
# taken from its first character on.
_WORD = re.compile(r"[\w\"'.,!@\-:;$?()/]*[^\W_][\w\"'.,!@\-:;$?()/]*")


def segment(root: etree._Element) -> TextDocument:
    """The text blocks of the tree under ``root``, and the page's title."""
    blocks: list[TextBlock] = []
    # The current block's text, as runs inside or outside links: a link's
    # edges always fall on whitespace, so no word straddles two runs.
    runs: list[tuple[str, bool]] = []
    parts: list[str] = []
    xpath = ""  # of the element holding the block's first text
    after_space = True
    in_link = False
    link_depth = 0
    # For each open element: its action and how many children of each tag it
    # has had so far; and its XPath step. A block's XPath is joined from the
    # steps only when its first text arrives, so a deep tree costs no long
    # string per element. Below the root's parent comes first.
    parent = root.getparent()
    steps = [parent.getroottree().getpath(parent) if parent is not None else ""]
    open_elements = [(_BOUNDARY, {root.tag: sum(1 for _ in root.itersiblings(root.tag, preceding=True))})]

    def space() -> None:
        nonlocal after_space
        if not after_space:
            parts.append(" ")
            after_space = True

    def add_text(text: str) -> None:
        nonlocal after_space, xpath
        stripped = text.strip()
        if not stripped:
            space()
            return
        if not after_space and text[0].isspace():
            parts.append(" ")
        if not xpath:
            xpath = "/".join(steps)
        parts.append(stripped)
        after_space = text[-1].isspace()
        if after_space:
            parts.append(" ")

    def close_run() -> None:
        if parts:
            runs.append(("".join(parts), in_link))
            parts.clear()

    def end_block() -> None:
        nonlocal xpath, after_space
        close_run()
        if xpath:
            block = _measure(runs, xpath, len(blocks))
            if block is not None:
                blocks.append(block)
        runs.clear()
        xpath = ""
        after_space = True

    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            tag = node.tag
            action = TAG_ACTIONS.get(tag, _BOUNDARY)
            counts = open_elements[-1][1]
            count = counts[tag] = counts.get(tag, 0) + 1
            steps.append(f"{tag}[{count}]")
            open_elements.append((action, {}))
            if action == _BOUNDARY or action == _SKIPPED:
                if parts or runs:
                    end_block()
                if action == _SKIPPED:
                    walker.skip_subtree()  # its end event still comes
                    continue
            elif action == _LINK:
                link_depth += 1
                if link_depth == 1:
                    space()
                    close_run()
                    in_link = True
            elif action == _SPACING:
                space()
            if node.text:
                add_text(node.text)
            continue
        if event == "end":
            action = open_elements.pop()[0]
            steps.pop()
            if action == _BOUNDARY or action == _SKIPPED:
                if parts or runs:
                    end_block()
            elif action == _LINK:
                link_depth -= 1
                if link_depth == 0:
                    space()
                    close_run()
                    in_link = False
            elif action == _SPACING:
                space()
        # The tail of an element, comment or processing instruction: text of the parent.
        if node.tail and node is not root:
            add_text(node.tail)
    end_block()
    return TextDocument(blocks, title=page_title(root))


def page_title(root: etree._Element) -> str | None:
    """The whitespace-normalized text of the page's ``<head><title>``, if any."""
    title = root.getroottree().getroot().find("head/title")
    if title is None:
        return None
    text = " ".join("".join(title.itertext()).split())
    return text or None


def _measure(runs: list[tuple[str, bool]], xpath: str, offset: int) -> TextBlock | None:
    """The block of the text ``runs`` (``None`` if it holds no token, such as "|" or "»")."""
    text = " ".join("".join([run for run, _ in runs]).split())
    words: list[str] = []
    words_in_links = 0
    for run, linked in runs:
        run_words = _WORD.findall(run)
        words += run_words
        if linked:
            words_in_links += len(run_words)
    if not words and not _TOKEN.search(text):
        return None
    return TextBlock(
        text, len(words), words_in_links, *_wrapped_words_and_lines(words, len(text)),
        offset_start=offset, offset_end=offset, xpath=xpath,
    )


def _wrapped_words_and_lines(words: list[str], chars: int) -> tuple[int, int]:
    """The words and number of the full lines of ``words`` wrapped at :data:`LINE_WIDTH`; (0, 0) for one line."""
    if chars <= LINE_WIDTH:  # words and the separators between them fit on one line
        return 0, 0
    lines = 0
    line_length = -1  # the first word of a line has no space before it
    words_on_line = 0
    for word in words:
        line_length += len(word) + 1
        words_on_line += 1
        if line_length > LINE_WIDTH:
            lines += 1
            line_length = len(word)
            words_on_line = 1
    if not lines:
        return 0, 0
    return len(words) - words_on_line, lines
