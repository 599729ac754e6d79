"""jusText's parameters, with the reference's names and defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...model.options import Options, check_bool, check_number, check_order
from .stoplists import Stoplist, resolve

#: ``stoplist`` value that picks the best-covering stoplist for each page.
AUTO = "auto"


@dataclass(frozen=True)
class JustextOptions(Options):
    """Thresholds of Pomikálek's classifier; lengths in characters.

    ``stoplist`` is a language name (any case), a path to a file with one word
    per line, an iterable of words, ``None`` for the language-independent mode
    (no stop words; both stop-word thresholds become 0), or ``"auto"``: for each
    page the shipped stoplist that covers most of its words.

    Two rules of the Java port, off by default: ``h1_always_good=True`` makes a
    block in an ``<h1>`` always good (it replaces ``no_headlines``, whose
    ``False`` turned the rule on); ``images=True`` adds each ``<img>``'s
    ``alt`` text to its block and makes a block of images alone bad.

    ``early_headings=True`` runs the heading step before the context-sensitive
    pass, as the paper and jusText 1.x do; justext 3.0.2 skips it (its
    look-ahead runs before the classes are set), so the default keeps its results.
    """

    algorithm: ClassVar[str] = "justext"
    renamed: ClassVar[Mapping[str, str]] = {"no_headlines": "h1_always_good"}

    length_low: int = 70
    length_high: int = 200
    stopwords_low: float = 0.30
    stopwords_high: float = 0.32
    max_link_density: float = 0.2
    max_heading_distance: int = 200
    no_headings: bool = False
    h1_always_good: bool = False
    early_headings: bool = False
    images: bool = False
    stoplist: Any = AUTO

    def __post_init__(self) -> None:
        for name in ("length_low", "length_high", "max_heading_distance"):
            check_number(name, getattr(self, name), integer=True)
        for name in ("stopwords_low", "stopwords_high", "max_link_density"):
            check_number(name, getattr(self, name))
        check_order("length_low", self.length_low, "length_high", self.length_high)
        check_order("stopwords_low", self.stopwords_low, "stopwords_high", self.stopwords_high)
        check_bool("no_headings", self.no_headings)
        check_bool("h1_always_good", self.h1_always_good)
        check_bool("early_headings", self.early_headings)
        check_bool("images", self.images)
        stoplist = self.stoplist
        if isinstance(stoplist, str) and stoplist.lower() == AUTO:
            stoplist = AUTO
        elif stoplist is not None:
            stoplist = resolve(stoplist)
        object.__setattr__(self, "stoplist", stoplist)

    def for_stoplist(self, stoplist: Stoplist | None) -> JustextOptions:
        """These thresholds applied with ``stoplist``; ``None`` zeroes the stop-word thresholds."""
        if stoplist is None:
            return self.replace(stoplist=None, stopwords_low=0, stopwords_high=0)
        return self.replace(stoplist=stoplist)
