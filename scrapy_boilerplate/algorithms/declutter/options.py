"""html-declutter's parameters: what prune deletes, how shake scores, what purify keeps."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ...errors import OptionError
from ...model.options import Options, check_number

#: Prune deletes an element whose class or id names it by one of these words: the
#: first or last word of a class token (see :func:`.prune.naming_words`; a plural
#: ``s`` is ignored). Not "widget": page builders and blog engines call every
#: block of the page one (``elementor-widget``, Blogger's ``widget Blog``).
POISON_WORDS = frozenset({
    "ad", "advert", "advertisement", "advertising", "banner", "breadcrumb", "comment",
    "cookie", "disqus", "footer", "menu", "modal", "nav", "navbar", "navigation",
    "newsletter", "outbrain", "pagination", "popup", "promo", "related", "share",
    "sharing", "sidebar", "social", "sponsor", "sponsored", "subscribe", "taboola",
})

#: Prune deletes these elements whatever their class: code, styling, embedded
#: objects, form controls, and the HTML5 sections that are never the article.
PRUNED_TAGS = frozenset({
    "applet", "aside", "button", "canvas", "embed", "head", "iframe", "input", "nav",
    "noscript", "object", "script", "select", "style", "svg", "template", "textarea",
})

#: Shake blesses (always keeps) an element whose class, id, ``itemprop`` or
#: ``rel`` holds one of these words: bylines and dates, too short to score well.
BLESS_WORDS = frozenset({"author", "byline", "dateline", "pubdate", "published", "timestamp"})

#: The elements shake scores; any other element is kept or removed with its container.
BLOCK_TAGS = frozenset({
    "article", "div", "dl", "footer", "form", "header", "main", "menu", "ol",
    "section", "table", "ul",
})

#: Purify keeps these elements with these attributes and unwraps every other one.
ALLOWED_TAGS: Mapping[str, frozenset[str]] = MappingProxyType({
    tag: frozenset(attributes) for tag, attributes in {
        "a": ("href", "title"), "abbr": ("title",), "b": (), "blockquote": ("cite",), "br": (),
        "caption": (), "cite": (), "code": (), "dd": (), "del": (), "dl": (), "dt": (), "em": (),
        "figcaption": (), "figure": (), "h1": (), "h2": (), "h3": (), "h4": (), "h5": (), "h6": (),
        "hr": (), "i": (), "img": ("src", "alt", "title", "width", "height"), "ins": (), "kbd": (),
        "li": (), "mark": (), "ol": ("start", "reversed"), "p": (), "pre": (), "q": ("cite",),
        "s": (), "samp": (), "small": (), "strong": (), "sub": (), "sup": (), "table": (),
        "tbody": (), "td": ("colspan", "rowspan"), "tfoot": (), "th": ("colspan", "rowspan", "scope"),
        "thead": (), "time": ("datetime",), "tr": (), "u": (), "ul": (),
    }.items()
})


@dataclass(frozen=True)
class DeclutterOptions(Options):
    """The word lists and weights of the three phases.

    ``poison_words``, ``bless_words``: words (any case) looked up in an
    element's class and id (and, for blessing, ``itemprop`` and ``rel``).
    ``max_pruned_share``: prune spares an element holding more than this
    share of the page's words, whatever its class (1 turns this off).
    ``pruned_tags``, ``block_tags``: tag names. ``allowed_tags`` maps each tag
    purify keeps to the attributes it keeps on it (an iterable of names).
    A block element's score is ``words_weight * Words - link_words_weight *
    LinkWords - tags_weight * Tags``; a negative score removes it.
    """

    algorithm: ClassVar[str] = "declutter"

    #: A word naming an element in its class or id (the first or last word of a token) that deletes it (prune).
    poison_words: Any = POISON_WORDS
    #: Tags deleted with their subtree whatever their class (prune).
    pruned_tags: Any = PRUNED_TAGS
    #: A word of the class, id, ``itemprop`` or ``rel`` that always keeps its element (shake).
    bless_words: Any = BLESS_WORDS
    #: The tags shake scores.
    block_tags: Any = BLOCK_TAGS
    #: The tags purify keeps, each with the attributes it keeps.
    allowed_tags: Any = field(default_factory=lambda: ALLOWED_TAGS)
    #: Shake's score: the weight of the words.
    words_weight: float = 1
    #: Shake's score: the weight of the words in links (subtracted).
    link_words_weight: float = 2
    #: Shake's score: the weight of the tags (subtracted).
    tags_weight: float = 1
    #: Prune spares an element holding more than this share of the page's words, whatever its class (1: never).
    max_pruned_share: float = 0.5

    def __post_init__(self) -> None:
        for name in ("words_weight", "link_words_weight", "tags_weight", "max_pruned_share"):
            check_number(name, getattr(self, name))
        for name in ("poison_words", "pruned_tags", "bless_words", "block_tags"):
            object.__setattr__(self, name, _names(name, getattr(self, name)))
        object.__setattr__(self, "allowed_tags", _allow_list(self.allowed_tags))


def _names(option: str, value: Any) -> frozenset[str]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise OptionError(option, value, "expected an iterable of words, such as a list")
    names = list(value)
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise OptionError(option, value, "every entry must be a non-blank str")
    return frozenset(name.strip().lower() for name in names)


def _allow_list(value: Any) -> Mapping[str, frozenset[str]]:
    if not isinstance(value, Mapping):
        raise OptionError("allowed_tags", value, "expected a mapping of tag names to attribute names")
    allowed = {}
    for tag, attributes in value.items():
        if not isinstance(tag, str) or not tag.strip():
            raise OptionError("allowed_tags", value, "every tag must be a non-blank str")
        allowed[tag.strip().lower()] = _names(f"allowed_tags[{tag!r}]", attributes)
    return MappingProxyType(allowed)
