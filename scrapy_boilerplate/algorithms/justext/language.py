"""Per-page stoplist choice: the language whose stop words cover most of the page's words,
or the page's declared language when its stop words cover nearly as many.

The shipped lists come from Wikipedia's word counts, and many hold the
commonest English words (Finnish, Uzbek and Marathi hundreds of them): on a
page mixing English names and titles with a little text in its own language,
such a list can cover a few more words than the right one. A language the
page declares (``<html lang>``) settles those near ties; a declaration far
below the best coverage is a template's default and is ignored.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from lxml import etree

from ...html.languages import LANGUAGE_CODES, XML_LANG
from .stoplists import Stoplist, available, builtin, shipped_words
from .word_index import PageWords, WordIndex

#: Below this share of stop words no stoplist fits the page (Chinese, Japanese,
#: Thai, code, lists of names): classify it in the language-independent mode.
MIN_COVERAGE = 0.05
#: Fewer words than this do not tell one language from another.
MIN_WORDS = 20
#: The declared language's stoplist is used when it covers at least this share of what the best one covers.
DECLARED_SHARE = 0.5


#: Han characters (CJK ideographs, their extensions and compatibility forms) and kana.
_HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_THAI = re.compile(r"[\u0e00-\u0e7f]")
_LETTER = re.compile(r"[^\W\d_]")
#: A page is in a script written without spaces when at least this share of its letters are in it.
UNSPACED_SHARE = 0.5
#: A Han or kana page is Japanese when at least this share of those characters are kana.
KANA_SHARE = 0.1


def load_stoplists() -> None:
    """Read every shipped stoplist now, rather than on the first page that needs a pick."""
    _index()


@functools.cache
def _index() -> WordIndex:
    """Every word of every shipped stoplist -> the positions (in ``_names()``) of the lists that hold it."""
    return WordIndex([shipped_words(name) for name in _names()])


@functools.cache
def _names() -> tuple[str, ...]:
    return tuple(available().values())


def declared_language(root: etree._Element) -> str | None:
    """The shipped stoplist's language that the page under ``root`` declares in ``<html lang>``, if any."""
    html = root.getroottree().getroot()
    code = (html.get("lang") or html.get(XML_LANG) or "").strip().lower().replace("_", "-")
    return LANGUAGE_CODES.get(code) or LANGUAGE_CODES.get(code.partition("-")[0])


def unspaced_language(texts: Iterable[str]) -> str | None:
    """``"Chinese"``, ``"Japanese"`` or ``"Thai"`` when most letters of ``texts`` are Han and kana
    or Thai characters: scripts written without spaces between words, which no stoplist covers."""
    text = "".join(texts)
    letters = len(_LETTER.findall(text))
    if not letters:
        return None
    han_or_kana = len(_HAN_OR_KANA.findall(text))
    if han_or_kana >= UNSPACED_SHARE * letters:
        return "Japanese" if len(_KANA.findall(text)) >= KANA_SHARE * han_or_kana else "Chinese"
    if len(_THAI.findall(text)) >= UNSPACED_SHARE * letters:
        return "Thai"
    return None


def page_words(texts: Sequence[str]) -> PageWords:
    """The words of ``texts`` (a page's paragraphs) lower-cased, each looked up in the shipped lists once."""
    return _index().page_words(texts)


def stopwords_held(stoplist: Stoplist | None, words: PageWords) -> list[int]:
    """How many of the words of each paragraph of ``words`` ``stoplist`` holds: a shipped one (as
    :func:`pick_stoplist` gives) or one of no words."""
    if stoplist is None or not stoplist.words:
        return [0] * len(words)
    return words.held(_names().index(stoplist.name))


def pick_stoplist(words: PageWords, declared: str | None = None) -> Stoplist | None:
    """The shipped stoplist covering the largest share of ``words`` (a page's: see :func:`page_words`), or
    ``None``; that of the ``declared`` language instead when it covers :data:`DECLARED_SHARE` of that share."""
    total = words.total
    if total < MIN_WORDS:
        return None
    scores = words.scores()
    best = max(range(len(scores)), key=scores.__getitem__)
    if scores[best] < MIN_COVERAGE * total:
        return None
    if declared is not None:
        position = _names().index(declared)
        if scores[position] >= DECLARED_SHARE * scores[best]:
            best = position
    return builtin(_names()[best])
