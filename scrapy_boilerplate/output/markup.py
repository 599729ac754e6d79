"""A piece's inline markup written in one pass, and what both renderers write of links and images.

The renderers (:mod:`.markdown`, :mod:`.clean_html`) each say how an element,
an image and plain text are written; :func:`write_markup` nests them as the
piece's runs are nested in the page's markup elements (links, emphasis, inline
code), opening and closing each once.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from ..html.page import Page
from ..html.urls import safe_url
from ..model.text import collapse
from .placement import Piece

#: Inline elements holding code: what they hold is written as it is.
CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})
#: Markup nested deeper than this inside a piece is written as its text (no nesting limit of a reader to hit).
MAX_MARKUP_DEPTH = 32


def write_markup(piece: Piece, written: Callable[[etree._Element], bool], text_part: Callable[[int, int], str],
                 image_part: Callable[[int, int, etree._Element], str],
                 element_part: Callable[[etree._Element, int, int, str, list[str]], None]) -> str:
    """The piece's runs written nested in the markup elements that ``written`` accepts, in one pass.

    ``text_part(start, end)`` writes ``text[start:end]``, ``image_part(start, end, image)``
    an image at ``text[start:end]``, and ``element_part(element, start, end, inner, parts)``
    appends to ``parts`` (the parts written so far around it) an element at
    ``text[start:end]`` whose content is written ``inner``. Whitespace between runs
    stays outside the elements it separates, so that markup never starts or ends with
    a space. Markup inside ``code`` is its text.
    """
    # The elements open, outermost first: each with where its text starts and its parts so far;
    # at the bottom, the piece itself (no element).
    opened: list[tuple[etree._Element | None, int, list[str]]] = [(None, 0, [])]
    # The image and the elements written of each run's markup elements met.
    markup_of: dict[tuple[etree._Element, ...], tuple[etree._Element | None, list[etree._Element]]] = {}
    previous_end = piece.runs[0].start
    for run in piece.runs:
        inline = run.inline
        markup = markup_of.get(inline)
        if markup is None:
            image = inline[-1] if inline and inline[-1].tag == "img" else None
            markup = markup_of[inline] = image, markup_written(inline, image, written)
        image, wanted = markup
        common = 0
        while common < len(opened) - 1 and common < len(wanted) and opened[common + 1][0] is wanted[common]:
            common += 1
        while len(opened) > common + 1:
            _close(opened, element_part, previous_end)
        if run.start > previous_end:
            opened[-1][2].append(text_part(previous_end, run.start))
        for element in wanted[common:]:
            opened.append((element, run.start, []))
        if image is not None:
            opened[-1][2].append(image_part(run.start, run.end, image))
        elif run.end > run.start:
            opened[-1][2].append(text_part(run.start, run.end))
        previous_end = run.end
    while len(opened) > 1:
        _close(opened, element_part, previous_end)
    return "".join(opened[0][2])


def _close(opened: list[tuple[etree._Element | None, int, list[str]]],
           element_part: Callable[[etree._Element, int, int, str, list[str]], None], end: int) -> None:
    """Write the innermost element of ``opened``, ending at ``end``, into the parts of the one around it."""
    element, start, inner = opened.pop()
    assert element is not None  # the piece itself, at the bottom, is not closed
    element_part(element, start, end, "".join(inner), opened[-1][2])


def markup_written(inline: tuple[etree._Element, ...], image: etree._Element | None,
                   written: Callable[[etree._Element], bool]) -> list[etree._Element]:
    """The markup elements of ``inline`` that are written: no image (a run of its own), no link
    in a link, nothing inside code, none deeper than :data:`MAX_MARKUP_DEPTH`."""
    wanted = []
    in_link = False
    for element in inline[:MAX_MARKUP_DEPTH]:
        tag = element.tag
        if element is image or (in_link and tag == "a") or not written(element):
            continue
        in_link = in_link or tag == "a"
        wanted.append(element)
        if tag in CODE_TAGS:
            break
    return wanted


def link_target(reference: str | None, page: Page | None) -> str | None:
    """The URL of ``href`` or ``src`` value ``reference`` under the package's URL rule
    (:func:`~scrapy_boilerplate.html.urls.safe_url`), absolute against ``page``'s base URL;
    ``None`` for no URL or one of a scheme that is not allowed."""
    if not reference or reference.isspace():
        return None
    # The base is looked for (a walk through the page) only for a relative reference.
    relative = page is not None and not reference.lstrip().startswith(("https://", "http://"))
    return safe_url(reference, page.base if relative and page is not None else None)


def image_alt(text: str, start: int, end: int, image: etree._Element) -> str:
    """The words an image at ``text[start:end]`` stands for: the block's own (its alt text as
    the algorithm kept it), or for an image without text in the block its ``alt``."""
    return text[start:end] if end > start else collapse(image.get("alt") or "")


def set_apart(text: str, start: int, end: int, image: str) -> str:
    """``image``, written for an image at ``text[start:end]``, with the spaces around it that an
    image without text in the block (``start == end``) needs to stand apart from the words."""
    if end > start:
        return image
    before = " " if start and not text[start - 1].isspace() else ""
    after = " " if start < len(text) and not text[start].isspace() else ""
    return f"{before}{image}{after}"
