"""The one-call entry point: :func:`extract`."""

from __future__ import annotations

from typing import Any

from . import algorithms
from .document import HtmlInput, to_root
from .options import Options
from .result import Extraction
from .structure import Page


def extract(
    html: HtmlInput,
    *,
    url: str | None = None,
    algorithm: str = "justext",
    options: Options | None = None,
    **option_values: Any,
) -> Extraction:
    """Split ``html`` into blocks and label each as main text (good) or boilerplate (bad).

    ``html`` is a ``str``, ``bytes`` (decoded like a crawler does), an lxml
    element or a parsel ``Selector`` (such as ``response.selector``); a parsed
    tree is used as it is, neither parsed again nor modified. ``option_values``
    are the algorithm's options by name; a prepared ``options`` object saves
    validating them on every call.

    Raises :class:`~scrapy_boilerplate.OptionError` for an invalid option and
    :class:`~scrapy_boilerplate.ExtractionError` for input that is not HTML.
    A page without text gives an empty :class:`Extraction`.
    """
    chosen = algorithms.get(algorithm)
    if options is None:
        options = chosen.options.from_mapping(option_values)
    elif option_values:
        options = options.replace(**option_values)
    root = to_root(html, url=url)
    if root is None:
        return Extraction(algorithm=algorithm)
    extraction = chosen.run(root, options)
    # Kept for rendering the extraction's Markdown and HTML, if asked.
    extraction._page = Page(root, url)
    return extraction
