"""The extraction algorithms, by the name users select them with.

Each algorithm is a function ``run(root, options, url) -> Labelled`` over an lxml
tree, an :class:`~scrapy_boilerplate.model.options.Options` subclass and the page's
URL where it is known (``None`` otherwise; only learned reads it); none of them
knows about Scrapy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from lxml import etree

from ..errors import OptionError
from ..model import Labelled
from ..model.options import Options
from . import boilerpipe, declutter, justext, learned


def _nothing_to_prepare(options: Options) -> None:
    pass


#: An algorithm's options class.
OptionsT = TypeVar("OptionsT", bound=Options)


@dataclass(frozen=True)
class Algorithm(Generic[OptionsT]):
    name: str
    options: type[OptionsT]
    run: Callable[[etree._Element, OptionsT, str | None], Labelled]
    #: Loads what ``run`` will need with these options, so that a crawl pays
    #: for it at start-up rather than on its first page.
    prepare: Callable[[OptionsT], None] = _nothing_to_prepare


ALGORITHMS: dict[str, Algorithm[Any]] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm("justext", justext.JustextOptions, justext.run, justext.prepare),
        Algorithm("boilerpipe-article", boilerpipe.BoilerpipeArticleOptions, boilerpipe.run_article),
        Algorithm("boilerpipe-default", boilerpipe.BoilerpipeDefaultOptions, boilerpipe.run_default),
        Algorithm("declutter", declutter.DeclutterOptions, declutter.run),
        Algorithm("learned", learned.LearnedOptions, learned.run, learned.prepare),
    )
}


def get(name: str) -> Algorithm[Any]:
    """The algorithm registered as ``name``; :class:`OptionError` if there is none."""
    try:
        return ALGORITHMS[name]
    except (KeyError, TypeError):
        raise OptionError("algorithm", name, "known: " + ", ".join(ALGORITHMS)) from None
