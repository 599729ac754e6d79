"""The scan for start tags of too many attributes (``html/start_tags.pyx``), in C over a page's bytes.

It replaced a regular expression, ``(<[A-Za-z][^\\s/>]*+)`` followed by 257 or more of
``(?>\\s*+[^\\s=>/<"']++(?>\\s*+=\\s*+(?>"[^"]*+"|'[^']*+'|[^\\s>]*+))?)`` with each match cut after its
256th attribute: the cases below, and the digest of a seeded corpus of tag soup, are that
expression's answers, which the scan must keep giving.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from scrapy_boilerplate.html.start_tags import MAX_ATTRIBUTES, has_crowded_tag, with_few_attributes


def run(attribute: bytes, count: int) -> bytes:
    return attribute * count


KEPT = MAX_ATTRIBUTES
CROWDED = MAX_ATTRIBUTES + 1
#: (page, the page as kept): the second is None where the page has no crowded tag and comes back as it is.
CASES = [
    (b"", None),
    (b"<", None),
    (b"<p", None),
    (b"<p" + run(b" a", KEPT) + b">", None),
    (b"<p" + run(b" a", CROWDED) + b">", b"<p" + run(b" a", KEPT) + b">"),
    (b"<p" + run(b" a", CROWDED), b"<p" + run(b" a", KEPT)),  # unterminated tag, at the end of the page
    (b"<P" + run(b"\n\ta=1", 1000) + b">x</P>", b"<P" + run(b"\n\ta=1", KEPT) + b">x</P>"),
    (b"<div" + run(b' a = "x"', CROWDED) + b" />", b"<div" + run(b' a = "x"', KEPT) + b" />"),
    # A slash ends the attributes: they are counted on neither side of it.
    (b"<p" + run(b" a", 200) + b" /" + run(b" a", 200) + b">", None),
    (b"<p/" + run(b" a", CROWDED) + b">", None),
    # A tag's name runs to a space, slash or >, and may hold < and quotes.
    (b"<p<q\"" + run(b" a", CROWDED) + b">", b"<p<q\"" + run(b" a", KEPT) + b">"),
    (b"<1" + run(b" a", CROWDED) + b">", None),  # no letter after <
    (b"< p" + run(b" a", CROWDED) + b">", None),
    # Quoted values hold spaces, > and <; an unclosed quote is a value up to a space or >.
    (b"<p" + run(b' t="a > <b c"', CROWDED) + b">", b"<p" + run(b' t="a > <b c"', KEPT) + b">"),
    (b"<p" + run(b" t='a \" b'", CROWDED) + b">", b"<p" + run(b" t='a \" b'", KEPT) + b">"),
    (b"<p" + run(b" a", 300) + b' t="open>', b"<p" + run(b" a", KEPT) + b">"),
    (b"<p" + run(b' t="', CROWDED), None),  # pairs of quotes: about 128 values
    (b"<p" + run(b" t='", 2 * CROWDED), b"<p" + run(b" t='", 2 * KEPT)),
    # Every < and letter starts a tag, inside another's quoted or unquoted values too.
    (b'<p title="<q' + run(b" a", CROWDED) + b'">', b'<p title="<q' + run(b" a", KEPT) + b'">'),
    (b"<p" + run(b" b=<q", 300) + b">", b"<p" + run(b" b=<q", KEPT) + b">"),
    (b"<p" + run(b" b=<q", KEPT) + b">", None),  # its tail tags have fewer still
    # Each crowded tag is cut; the search goes on after the whole of the last one.
    (run(b"<p" + run(b" a", 300) + b">x", 3), run(b"<p" + run(b" a", KEPT) + b">x", 3)),
    # Only ASCII's spaces of a bytes regex: \x1c is part of a name, \x0b separates.
    (b"<p" + run(b"\x1ca", CROWDED) + b">", None),
    (b"<p" + run(b"\x0ba", CROWDED) + b">", b"<p" + run(b"\x0ba", KEPT) + b">"),
    (b"<p" + run(b" \xc3\xa9=\xff", CROWDED) + b">", b"<p" + run(b" \xc3\xa9=\xff", KEPT) + b">"),
    # A name followed by = and no value, and names joined by spaces around =.
    (b"<p" + run(b" a=", CROWDED) + b">", None),  # each "a=" but the last takes the next as its value
    (b"<p" + run(b" a=", 2 * CROWDED) + b">", b"<p" + run(b" a=", 2 * KEPT) + b">"),
    (b"<p" + run(b" a = b", CROWDED) + b">", b"<p" + run(b" a = b", KEPT) + b">"),
]


@pytest.mark.parametrize(("page", "kept"), CASES)
def test_crowded_tags_are_found_and_cut_after_their_256th_attribute(page, kept):
    assert has_crowded_tag(page) is (kept is not None)
    if kept is None:
        assert with_few_attributes(page) is page
    else:
        assert with_few_attributes(page) == kept


PIECES = (b"<", b">", b"/", b"=", b'"', b"'", b" ", b"\t", b"\n", b"\x0b", b"\x0c", b"\r", b"\x1c", b"a", b"B", b"<a",
          b"<p ", b" x", b" x=1", b' x="1"', b" x='1'", b' x="', b" x='", b' x="<a y z>"', b" x=<a", b"/>",
          b"\xc3\xa9", b"\x00", b"<!--", b"-->", b"<a b=<a b=", b" =", b"= ", b'""', b"''")
NAMES = (b"a", b"data-x", b"\xc3\xa9", b"on")
VALUES = (b"1", b"<a", b"x/y", b'""', b'"a > b"', b"'<a x y>'", b"1", b"x", b"'1'", b'"2"')
#: Values that open a quote another value may close, many attributes later.
ODD_VALUES = (b'a"b', b'"', b"'", b'"a b', b"")


def tag_soup(rng: random.Random) -> bytes:
    """Start tags of about 256 attributes, spaces, quotes, slashes and < among them, and stray pieces."""
    parts = []
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.3:
            parts.extend(rng.choice(PIECES) for _ in range(rng.randint(0, 30)))
            continue
        parts.append(b"<" + rng.choice((b"a", b"div", b"P", b"x<y", b'a"b', b"1", b"", b"a/b")))
        noise = rng.choice((0.0, 0.001, 0.005, 0.03))
        for _ in range(rng.choice((rng.randint(250, 262), rng.randint(256, 520)))):
            if rng.random() < noise:
                parts.append(rng.choice(PIECES))
                continue
            parts.append(rng.choice((b" ", b"\n", b"  ", b"\t")) + rng.choice(NAMES))
            if rng.random() < 0.7:
                odd = rng.random() < noise * 4
                parts.append(rng.choice((b"=", b" = ", b"=\n")) + rng.choice(ODD_VALUES if odd else VALUES))
        parts.append(rng.choice((b">", b"/>", b"", b" >", b">text")))
    return b"".join(parts)


#: sha256 over the seeded corpus's pages as kept (each preceded by whether it had a crowded tag), as the
#: regular expression the scan replaced gave them.
SOUP_DIGEST = "98cc33641b088b6bbd7b65dd5caa8775bd4accb013cbecb6cc46fba1fd55e81b"


def test_seeded_tag_soup_is_kept_as_the_expression_kept_it():
    rng = random.Random(41)
    digest = hashlib.sha256()
    crowded = 0
    for _ in range(3000):
        page = tag_soup(rng)
        found = has_crowded_tag(page)
        kept = with_few_attributes(page)
        assert (kept is not page) is found
        crowded += found
        digest.update(b"%d%d:" % (found, len(kept)) + kept)
    assert 300 < crowded < 2700  # both answers are well represented
    assert digest.hexdigest() == SOUP_DIGEST


def test_any_page_ending_in_a_crowded_tag_has_one():
    rng = random.Random(7)
    for _ in range(500):
        page = tag_soup(rng) + b"<p" + run(b" a", CROWDED) + b">"
        assert has_crowded_tag(page)
        assert len(with_few_attributes(page)) < len(page)
