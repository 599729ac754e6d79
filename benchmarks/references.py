"""The reference extractors our algorithms are measured against, in the same run.

Each entry names our counterpart (an algorithm of ``scrapy_boilerplate.ALGORITHMS``
and the options that match the reference's configuration) and a function that
runs the reference on a decoded page and returns its main text.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import justext
from boilerpy3 import extractors as boilerpy3

from scrapy_boilerplate import extract
from scrapy_boilerplate.algorithms.justext.stoplists import available


@dataclass(frozen=True)
class Reference:
    name: str
    algorithm: str
    extract_text: Callable[[str], str]
    options: dict[str, Any] = field(default_factory=dict)
    #: False when the reference's time includes work of ours (choosing its stoplist).
    timed: bool = True


def _justext_text(html: str, stopwords: frozenset[str]) -> str:
    return "\n".join(p.text for p in justext.justext(html, stopwords) if not p.is_boilerplate)


# justext.get_stoplist reads its file at every call: load each list once, as
# our side resolves its options once, so that neither side's time holds file reads.
_stoplist = functools.cache(justext.get_stoplist)


def _justext_english(html: str) -> str:
    return _justext_text(html, _stoplist("English"))


def _justext_best_stoplist(html: str) -> str:
    # The stoplist with the best coverage of the page, as scrapy_boilerplate picks it.
    language = extract(html).language
    return _justext_text(html, _stoplist(language) if language and language.lower() in available() else frozenset())


# boilerpy3 warns on every page with nested links; it returns an empty text
# where it cannot parse (raise_on_failure=False).
logging.getLogger("boilerpy3").setLevel(logging.ERROR)
_boilerpy3_article = boilerpy3.ArticleExtractor(raise_on_failure=False).get_content
_boilerpy3_default = boilerpy3.DefaultExtractor(raise_on_failure=False).get_content


REFERENCES: dict[str, Reference] = {
    reference.name: reference
    for reference in (
        Reference("justext 3.0.2, English stoplist", "justext", _justext_english, {"stoplist": "English"}),
        Reference("justext 3.0.2, best stoplist per page", "justext", _justext_best_stoplist, timed=False),
        Reference("boilerpy3 1.0.7 ArticleExtractor", "boilerpipe-article", _boilerpy3_article),
        Reference("boilerpy3 1.0.7 DefaultExtractor", "boilerpipe-default", _boilerpy3_default),
    )
}
