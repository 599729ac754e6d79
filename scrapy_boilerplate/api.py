"""The one-call entry point: :func:`extract`."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import algorithms
from .algorithms.pagetype import PageTypes
from .errors import ExtractionError, OptionError
from .html.page import Page
from .html.parse import HtmlInput, to_root
from .metadata import read_metadata
from .model import Extraction, Metadata, Options
from .model.untracked import untrack
from .output import PageRenderer


def extract(
    html: HtmlInput,
    *,
    url: str | None = None,
    algorithm: str = "justext",
    options: Options | None = None,
    metadata: bool = True,
    **option_values: Any,
) -> Extraction:
    """Split ``html`` into blocks and label each as main text (good) or boilerplate (bad).

    ``html`` is a ``str``, ``bytes`` (decoded as Scrapy decodes a response), an lxml
    element or a parsel ``Selector`` (such as ``response.selector``); a parsed
    tree is used as it is, neither parsed again nor modified. ``option_values``
    are the algorithm's options by name; a prepared ``options`` object saves
    validating them on every call. ``metadata`` reads the page's headline,
    authors, dates and the like into ``Extraction.metadata`` (``False`` leaves it ``None``
    and saves its cost: it adds about a third to a jusText or boilerpipe extraction from
    text, a sixth to a learned one). The page's type
    (``Extraction.page_type``) is read from the same tree when first asked for;
    ``url`` helps tell it, and tells ``learned`` a documentation page.

    Raises :class:`~scrapy_boilerplate.OptionError` for an invalid option or
    ``url`` (not a ``str``, or a lone surrogate in it) and
    :class:`~scrapy_boilerplate.ExtractionError` for input that is not HTML
    (binary data, an unsupported type, a tree deeper than
    :data:`~scrapy_boilerplate.html.walk.MAX_DEPTH` or holding invalid text).
    A page without text gives an empty :class:`Extraction`.
    """
    chosen = algorithms.get(algorithm)
    if options is None:
        options = chosen.options.from_mapping(option_values)
    elif option_values:
        options = options.replace(**option_values)
    _check_url(url)
    if not isinstance(metadata, bool):
        raise OptionError("metadata", metadata, "expected True or False")
    root = to_root(html, url=url)
    if root is None:
        return Extraction(algorithm=algorithm, renderer=PageRenderer(), metadata=Metadata() if metadata else None)
    with _collector_paused():
        try:
            labelled = chosen.run(root, options, url)
            page = Page(root, url, labelled.noted)
            found = read_metadata(root, url, labelled, base=page.base) if metadata else None
        except UnicodeDecodeError:
            # lxml decodes text when it is read: text an XML parser let in
            # as invalid UTF-8 (a lone surrogate's reference, &#xD800;).
            raise ExtractionError("the tree holds text that is not valid Unicode") from None
    blocks = list(labelled.blocks)
    untrack(blocks)  # they may outlive the call by long: see model.untracked
    return Extraction(blocks, labelled.language, algorithm, labelled.html,
                      renderer=PageRenderer(page, labelled), metadata=found, page_type_reader=PageTypes(root, url))


def _check_url(url: object) -> None:
    if url is None:
        return
    if not isinstance(url, str):
        raise OptionError("url", url, "expected a str or None")
    if not url.isascii():
        try:
            url.encode("utf-8")
        except UnicodeEncodeError:
            raise OptionError("url", url, "holds a lone surrogate") from None


@contextmanager
def _collector_paused() -> Iterator[None]:
    # An extraction makes a few objects per block and no reference cycles:
    # the cycle collector's passes over them find nothing, and took half the
    # time of a page of a million blocks.
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
