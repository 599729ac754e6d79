"""The per-page stoplist pick: the page's declared language settles near ties, and only those."""

from __future__ import annotations

import pytest

from scrapy_boilerplate import extract
from scrapy_boilerplate.algorithms.justext.language import declared_language, page_words, pick_stoplist
from scrapy_boilerplate.html.parse import parse

# A little German among English titles and genres, as on a music shop's page: several
# shipped lists (Finnish's first) hold more of these English words than German's does.
GERMAN_AMONG_ENGLISH = ("Top Rock House Single Hip Hop my music top rock house single all time "
                        "Das neue Album ist da und die Kritik ist sich einig").lower()
GERMAN = ("Der Ausschuss teilte am Dienstag mit dass er den Bericht nicht vor dem Ende des Jahres "
          "fertigstellen kann und die Sitzung auf den Herbst verschiebt").lower()


@pytest.mark.parametrize(("html", "language"), [
    ('<html lang="de"><body><p>x</p></body></html>', "German"),
    ('<html lang="de-AT"><body><p>x</p></body></html>', "German"),
    ('<html lang=" EN_us "><body><p>x</p></body></html>', "English"),
    ('<html lang="nb"><body><p>x</p></body></html>', "Norwegian_Bokmal"),
    ('<html lang="zh-CN"><body><p>x</p></body></html>', None),
    ('<html lang=""><body><p>x</p></body></html>', None),
    ("<html><body><p>x</p></body></html>", None),
])
def test_declared_language_from_html_lang(html, language):
    root = parse(html)
    assert declared_language(root) == language
    assert declared_language(root.find("body/p")) == language  # from any element of the page


def test_declared_language_settles_a_near_tie():
    assert pick_stoplist(page_words([GERMAN_AMONG_ENGLISH])).name != "German"
    assert pick_stoplist(page_words([GERMAN_AMONG_ENGLISH]), "German").name == "German"


def test_a_declaration_far_below_the_best_coverage_is_ignored():
    # A template's lang="en" on a German page.
    assert pick_stoplist(page_words([GERMAN]), "English").name == "German"


def test_no_declaration_picks_by_coverage_alone():
    assert pick_stoplist(page_words([GERMAN]), None).name == "German"


def test_extract_auto_uses_the_declaration_and_an_explicit_stoplist_ignores_it():
    text = GERMAN_AMONG_ENGLISH
    page = f'<html lang="de"><body><p>{text}</p><p>{text}</p></body></html>'
    assert extract(page).language == "German"
    assert extract(page.replace('lang="de"', "")).language != "German"
    assert extract(page, stoplist="English").language == "English"
    assert extract(page, algorithm="learned").language == "German"
