"""Which encoding of the web a page is in when the one it declares cannot read it.

The candidates are compared on the text the page shows, not on its markup,
which reads alike in every encoding and drowns the few bytes that tell them
apart. A reading that makes many of those characters implausible (symbols
inside words, capitals after small letters, letters of rarely written blocks
or of a script other than the rest of the text) is left out; of the readings
left, ``charset_normalizer`` (Scrapy's detector), with its letter frequencies
of each language, takes the best, or one about as good that the web uses more.
"""

from __future__ import annotations

import codecs
import itertools
import re
import unicodedata

#: What a page misdeclaring its encoding may be in: the encodings of the WHATWG Encoding
#: Standard, the only ones browsers read, less the Macintosh ones no site uses any more
#: (the detector's favourites for German and Spanish pages in cp1252), most used on the web
#: first: of the encodings the detector finds about as good, the first is taken (cp1252
#: rather than cp1250 for a French page, whose accents the two read differently).
#: UTF-16 is left out: without its byte order mark, which is read before any detection,
#: any even number of bytes reads as UTF-16.
WEB_ENCODINGS = (
    "utf-8", "cp1252", "gb18030", "shift_jis", "cp1251", "euc_kr", "big5", "euc_jp", "iso2022_jp", "cp1250",
    "iso8859_2", "cp1256", "cp1253", "cp1254", "cp1255", "cp1257", "cp1258", "cp874", "koi8_r", "koi8_u",
    "cp866", "iso8859_3", "iso8859_4", "iso8859_5", "iso8859_6", "iso8859_7", "iso8859_8", "iso8859_10",
    "iso8859_13", "iso8859_14", "iso8859_15", "iso8859_16",
)
#: How much more chaos (mess: odd characters and sequences) and less coherence (fit to a
#: language's letter frequencies) than the detector's best a match may have to count as about as good.
CHAOS_MARGIN = 0.01
COHERENCE_MARGIN = 0.05
#: How much larger a share of unread or implausible characters than the best reading's a
#: reading may have and still be compared by the detector.
IMPLAUSIBLE_MARGIN = 0.02
#: The shown text compared: enough letters to tell encodings apart, few enough to decode 32 times.
SHOWN_BYTES = 65_536

#: Fewer bytes beyond ASCII than this in the shown text tell no encoding from another.
MIN_SHOWN_BEYOND_ASCII = 16

_BEYOND_ASCII = re.compile(rb"[\x80-\xff]+")
_NOT_ASCII = re.compile("[^\x00-\x7f]")
_WEB_RANK = {codecs.lookup(name).name: rank for rank, name in enumerate(WEB_ENCODINGS)}
_MARKUP = re.compile(rb"<(script|style|template)\b.*?</\1\s*>|<!--.*?-->|<[^>]*>|&[#\w]+;", re.S | re.I)
#: Letters that text in any language rarely uses: Latin Extended-B and Additional (Vietnamese
#: aside), IPA, spacing modifiers, half-width katakana, the private use area, and the letters of
#: Latin Extended-A that only languages seldom on the web write (Esperanto, Maltese, Sami, Latvian).
_RARE_LETTERS = re.compile("[\u0180-\u02ff\u1e00-\u1e9f\uff61-\uff9f\ue000-\uf8ff"
                           "ĉĈĝĜĥĤĵĴŝŜŭŬħĦġĠċĊŋŊŧŦŗŖļĻķĶģĢĸŀĿŉſ]")
#: Signs that follow words (Brand®, n°, an acute accent for an apostrophe).
_SIGNS_AFTER_WORDS = frozenset("®©™°´`¨")
#: Punctuation that stands between words, never inside one.
_SIGNS_OUTSIDE_WORDS = frozenset("¶§¡¿«»¦")
#: The writing systems of Chinese and Japanese, which mix within a text and within a word (Korean,
#: written in Hangul, seldom mixes in Han characters now).
_HAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "BOPOMOFO", "IDEOGRAPHIC", "FULLWIDTH"})
#: The characters beyond ASCII of a reading compared: enough to tell encodings apart, few enough
#: to read 32 readings.
COMPARED_CHARS = 2048


def detect(body: bytes) -> str | None:
    """The encoding of :data:`WEB_ENCODINGS` that reads the text ``body`` shows most plausibly,
    or ``None`` when none reads it."""
    from charset_normalizer import from_bytes  # Scrapy's dependency, loaded only for misdeclared pages

    shown = _MARKUP.sub(b" ", body)[:SHOWN_BYTES]
    if len(shown) - len(_BEYOND_ASCII.sub(b"", shown)) < MIN_SHOWN_BEYOND_ASCII:
        shown = body  # what tells the encodings apart is in the markup (a script, an attribute) or nowhere
    readings = {codecs.lookup(name).name: shown.decode(name, "replace") for name in WEB_ENCODINGS}
    # Unreadable bytes first, in C: most multi-byte readings of a single-byte page end here.
    unread = {name: text.count("\ufffd") / max(1, len(text)) for name, text in readings.items()}
    fewest = min(unread.values())
    implausible = {name: implausible_share(text) for name, text in readings.items()
                   if unread[name] <= fewest + IMPLAUSIBLE_MARGIN}
    least = min(implausible.values())
    plausible = [name for name, share in implausible.items() if share <= least + IMPLAUSIBLE_MARGIN]
    matches = from_bytes(shown, cp_isolation=plausible)
    best = matches.best()
    if best is None:
        return min(plausible, key=_rank)
    # Encodings reading the body into the same text share a match (could_be_from_charset).
    good = [codecs.lookup(name).name for match in matches
            if match.chaos <= best.chaos + CHAOS_MARGIN and match.coherence >= best.coherence - COHERENCE_MARGIN
            for name in match.could_be_from_charset]
    return min(good or plausible, key=_rank)


def implausible_share(text: str) -> float:
    """The share of ``text``'s characters beyond ASCII that text in a language rarely has: bytes the
    encoding cannot read, control characters, a symbol after a letter (but ®, ° and the like), a number or a sign that
    stands outside words between two letters, a capital after a small letter, rare letters, a
    letter of another script than the one before it, and the letters of every script but the one
    most of the text's letters are in."""
    beyond = odd = 0
    families: dict[str, int] = {}
    for found in itertools.islice(_NOT_ASCII.finditer(text), COMPARED_CHARS):
        position = found.start()
        char, before = found.group(), text[position - 1:position] or " "
        beyond += 1
        category = unicodedata.category(char)
        if category[0] == "L":
            family = _family(char)
            families[family] = families.get(family, 0) + 1
            odd += bool(_RARE_LETTERS.match(char) or (char.isupper() and before.islower())
                        or (before.isalpha() and _family(before) != family))
        elif category[0] == "C" or char == "\ufffd":
            odd += 1
        elif category[0] == "S":
            odd += before.isalpha() and char not in _SIGNS_AFTER_WORDS
        elif category[0] == "N" or char in _SIGNS_OUTSIDE_WORDS:
            odd += before.isalpha() and text[position + 1:position + 2].isalpha()
    if not beyond:
        return 0.0
    if families:
        odd += sum(families.values()) - max(families.values())
    return odd / beyond


def _family(letter: str) -> str:
    """The writing system of a letter, from its name: LATIN, CYRILLIC, ARABIC, THAI, HANGUL, HAN..."""
    script = unicodedata.name(letter, "UNKNOWN").partition(" ")[0]
    if script.partition("-")[0] in _HAN:
        return "HAN"
    return "LATIN" if letter in "ªºµ" else script


def _rank(name: str) -> int:
    return _WEB_RANK.get(name, len(_WEB_RANK))
