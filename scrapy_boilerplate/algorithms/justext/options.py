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
    ``spaces=True`` keeps the space a text node of whitespace alone makes
    between inline elements, which the reference drops (``<b>from</b>
    <i>here</i>`` reads "fromhere", code highlighted by spans loses its spaces).
    ``ruby_text=False`` drops the readings of ruby annotations (``<rt>``, ``<rp>``),
    which the reference keeps in the text (``<ruby>漢字<rt>かんじ</rt></ruby>`` reads
    "漢字かんじ": Japanese with its furigana, Chinese with its pinyin).
    ``unclosed_buttons=True`` walks through a ``<button>`` that holds a ``<main>``, which the
    reference deletes with its content: the parser left it open and it swallowed the page.
    ``spaces_between_elements=True`` starts a word where the text of one element follows the
    end of another with nothing between them: ``<span>id</span><span>string</span>`` reads
    "id string", where the reference reads "idstring".

    ``early_headings=True`` runs the heading step before the context-sensitive
    pass, as the paper and jusText 1.x do; justext 3.0.2 skips it (its
    look-ahead runs before the classes are set), so the default keeps its results.
    """

    algorithm: ClassVar[str] = "justext"
    renamed: ClassVar[Mapping[str, str]] = {"no_headlines": "h1_always_good"}

    #: Blocks shorter than this (characters) are short or bad.
    length_low: int = 70
    #: Blocks longer than this, with enough stop words, are good.
    length_high: int = 200
    #: Stop-word density below which a block is bad.
    stopwords_low: float = 0.30
    #: Stop-word density from which a block can be good.
    stopwords_high: float = 0.32
    #: Blocks with a larger share of their text in links are bad.
    max_link_density: float = 0.2
    #: Characters between a heading and the good text after it that keep the heading.
    max_heading_distance: int = 200
    #: Treat headings like any other block.
    no_headings: bool = False
    #: A block in an ``<h1>`` is always good.
    h1_always_good: bool = False
    #: Run the paper's first heading step, which justext 3.0.2 skips.
    early_headings: bool = False
    #: Images' ``alt`` text joins their block; a block of images alone is bad.
    images: bool = False
    #: A text node of whitespace alone between inline elements reads as a space, not nothing.
    spaces: bool = False
    #: The readings of ruby annotations (``<rt>``, ``<rp>``) are part of the text.
    ruby_text: bool = True
    #: A ``<button>`` holding a ``<main>`` (left open by the parser) is walked through, not deleted.
    unclosed_buttons: bool = False
    #: Text after the end of one element and the start of another, nothing between, starts a word.
    spaces_between_elements: bool = False
    #: A language name, a stoplist file, words, ``None`` (no stop words) or ``"auto"`` (per page).
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
        check_bool("spaces", self.spaces)
        check_bool("ruby_text", self.ruby_text)
        check_bool("unclosed_buttons", self.unclosed_buttons)
        check_bool("spaces_between_elements", self.spaces_between_elements)
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
