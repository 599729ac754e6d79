"""The options of boilerpipe's two extractors, with boilerpipe's values as defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...errors import OptionError
from ...model.options import Options, check_bool, check_number

#: Lower-cased starts of blocks that end an article's text.
END_PREFIXES = ("comments", "© reuters", "please rate this", "post a comment")
#: Lower-cased phrases that end an article's text wherever they occur in a short block.
END_PHRASES = (
    "what you think...", "add your comment", "add comment", "reader views", "have your say",
    "reader comments", "rätta artikeln", "thanks for your comments - this feedback is now closed",
)
#: What follows a number in blocks such as "12 comments" that end an article's text.
END_COUNTED = ("comments", "users responded in")


@dataclass(frozen=True)
class BoilerpipeArticleOptions(Options):
    """ArticleExtractor's tunables.

    A block of fewer than ``end_marker_max_words`` words that starts with one
    of ``end_prefixes``, holds one of ``end_phrases`` or is a number followed
    by one of ``end_counted`` marks the end of the text; it ends the content
    once ``min_words_before_end`` full-text words of content precede it.
    Phrases are matched ignoring case; lists are accepted for tuples.

    The content is the largest block by words, as in boilerpy3 and boilerpipe
    1.2 (better on the development corpus); ``fulltext_largest_block=True``
    counts only full-text words, as boilerpipe 1.1 and the issue's pipeline
    (KeepLargestFulltextBlockFilter) do.
    """

    algorithm: ClassVar[str] = "boilerpipe-article"

    #: A short block starting with one of these ends the text.
    end_prefixes: tuple[str, ...] = END_PREFIXES
    #: A short block holding one of these ends the text.
    end_phrases: tuple[str, ...] = END_PHRASES
    #: A short block of a number and one of these ("12 comments") ends the text.
    end_counted: tuple[str, ...] = END_COUNTED
    #: Blocks of fewer words can be end markers.
    end_marker_max_words: int = 15
    #: Full-text words of content before an end marker for it to end the text.
    min_words_before_end: int = 60
    #: Keep the largest block by full-text words (boilerpipe 1.1), not by all its words.
    fulltext_largest_block: bool = False

    def __post_init__(self) -> None:
        for name in ("end_prefixes", "end_phrases", "end_counted"):
            object.__setattr__(self, name, _phrases(name, getattr(self, name)))
        check_number("end_marker_max_words", self.end_marker_max_words, integer=True)
        check_number("min_words_before_end", self.min_words_before_end, integer=True)
        check_bool("fulltext_largest_block", self.fulltext_largest_block)


@dataclass(frozen=True)
class BoilerpipeDefaultOptions(Options):
    """DefaultExtractor has no tunables: its rules are the paper's densitometric tree."""

    algorithm: ClassVar[str] = "boilerpipe-default"


def _phrases(name: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise OptionError(name, value, "expected a tuple or list of strings")
    if not all(isinstance(phrase, str) and phrase.strip() for phrase in value):
        raise OptionError(name, value, "every phrase must be a non-blank str")
    return tuple(" ".join(phrase.lower().split()) for phrase in value)
