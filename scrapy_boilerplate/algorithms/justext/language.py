"""Per-page stoplist choice: the language whose stop words cover most of the page's words."""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from itertools import chain
from collections.abc import Iterable, Sequence

from .stoplists import Stoplist, available, builtin

#: Below this share of stop words no stoplist fits the page (Chinese, Japanese,
#: Thai, code, lists of names): classify it in the language-independent mode.
MIN_COVERAGE = 0.05
#: Fewer words than this do not tell one language from another.
MIN_WORDS = 20


def load_stoplists() -> None:
    """Read every shipped stoplist now, rather than on the first page that needs a pick."""
    _languages_of_word()


@functools.cache
def _languages_of_word() -> dict[str, tuple[int, ...]]:
    """Every word of every shipped stoplist -> the indices (into ``_names()``) of the lists that hold it."""
    index: defaultdict[str, tuple[int, ...]] = defaultdict(tuple)
    for position, name in enumerate(_names()):
        for word in builtin(name).words:
            # Most words are in one or two lists: a tuple grown in place is
            # built faster than a list turned into a tuple afterwards.
            index[word] += (position,)
    return dict(index)


@functools.cache
def _names() -> tuple[str, ...]:
    return tuple(available().values())


def pick_stoplist(words: Iterable[Sequence[str]]) -> Stoplist | None:
    """The shipped stoplist covering the largest share of ``words`` (lower-cased, in groups), or ``None``."""
    words = list(words)
    total = sum(map(len, words))
    if total < MIN_WORDS:
        return None
    index = _languages_of_word()
    # Most of a page's words are in no stoplist: counting only the others halves the work.
    counts = Counter(filter(index.__contains__, chain.from_iterable(words)))
    scores = [0] * len(_names())
    for word, count in counts.items():
        for position in index[word]:
            scores[position] += count
    best = max(range(len(scores)), key=scores.__getitem__)
    if scores[best] < MIN_COVERAGE * total:
        return None
    return builtin(_names()[best])
