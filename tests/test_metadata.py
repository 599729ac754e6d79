"""Article metadata: where each field is read from, in which order, and what bad values become."""

from __future__ import annotations

import datetime as dt
import json
import pickle
import re

import pytest

from scrapy_boilerplate import OptionError, extract
from scrapy_boilerplate.metadata import MAX_AUTHORS, MAX_DESCRIPTION, strip_site
from scrapy_boilerplate.metadata.dates import iso_date, local_day, text_date, url_date
from scrapy_boilerplate.model import Metadata

BODY = """<div id="nav"><a href="/">Home</a> <a href="/news">News</a></div>
<div id="content"><h1>{h1}</h1>
<p>The river that runs through the old town rose by almost two metres over the weekend, and the
authorities have asked the people who live along its banks to move their cars to higher ground.</p>
<p>According to the regional water office, the level is expected to peak on Tuesday evening. Several
bridges have been closed, and the ferry that connects the two halves of the town is not running.</p>
</div>"""


def page(head: str, h1: str = "River levels rise after a week of rain", body: str = "", lang: str = "en") -> str:
    return (f"<!DOCTYPE html><html lang='{lang}'><head>{head}</head><body>{body}"
            f"{BODY.format(h1=h1)}</body></html>")


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def metadata_of(html: str, url: str = "https://news.example.com/2024/05/01/river") -> Metadata:
    metadata = extract(html, url=url).metadata
    assert metadata is not None
    return metadata


GRAPH = {"@context": "https://schema.org", "@graph": [
    {"@type": "WebSite", "@id": "#site", "name": "Example News"},
    {"@type": "Person", "@id": "#jane", "name": "Jane Doe"},
    {"@type": "WebPage", "@id": "https://news.example.com/river#webpage", "url": "https://news.example.com/river",
     "name": "River levels rise | Example News"},
    {"@type": ["NewsArticle"], "headline": "River levels rise after a week of rain",
     "author": [{"@id": "#jane"}, {"@type": "Person", "name": "John Smith"}],
     "datePublished": "2024-05-01T08:30:00+02:00", "dateModified": "2024-05-02T10:00:00Z",
     "description": "Rain &amp; the river rose by two metres.", "image": {"@type": "ImageObject", "url": "/img/river.jpg"},
     "inLanguage": "en-GB", "mainEntityOfPage": {"@id": "https://news.example.com/river#webpage"}},
]}


def test_json_ld_article_in_a_graph_gives_every_field():
    metadata = metadata_of(page(ld(GRAPH) + '<meta property="og:site_name" content="Example News">'))
    assert metadata.title == "River levels rise after a week of rain"
    assert metadata.authors == ["Jane Doe", "John Smith"]
    assert metadata.date_published == "2024-05-01T08:30:00+02:00"
    assert metadata.date_modified == "2024-05-02T10:00:00+00:00"
    assert metadata.description == "Rain & the river rose by two metres."
    assert metadata.site_name == "Example News"
    assert metadata.canonical_url == "https://news.example.com/river"
    assert metadata.image == "https://news.example.com/img/river.jpg"
    assert metadata.language == "en"  # the stoplist's, beside Extraction.language "English"
    assert metadata.invalid == []


def test_visible_headline_is_preferred_to_a_shortened_json_ld_one():
    data = {"@type": "BlogPosting", "headline": "River levels rise"}
    assert metadata_of(page(ld(data), h1="River levels rise after a week of rain")).title == (
        "River levels rise after a week of rain")


def test_opengraph_and_meta_without_json_ld():
    head = """<title>River levels rise after a week of rain | Example News</title>
    <meta property="og:title" content="River levels rise after a week of rain | Example News">
    <meta property="og:site_name" content="Example News">
    <meta name="author" content="Jane Doe">
    <meta property="article:published_time" content="2024-05-01T08:30:00Z">
    <meta name="description" content="The river rose.">
    <meta property="og:image" content="//cdn.example.com/river.jpg">
    <link rel="canonical" href="/river">"""
    metadata = metadata_of(page(head, h1="Example News"))  # the logo's <h1>, not the headline
    assert metadata.title == "River levels rise after a week of rain"
    assert metadata.authors == ["Jane Doe"]
    assert metadata.date_published == "2024-05-01T08:30:00+00:00"
    assert (metadata.description, metadata.site_name) == ("The river rose.", "Example News")
    assert metadata.image == "https://cdn.example.com/river.jpg"
    assert metadata.canonical_url == "https://news.example.com/river"


def test_soft_hyphens_are_left_out_of_the_fields():
    # German sites put a soft hyphen in every long word, in their <h1> and their meta alike.
    head = """<meta property="og:title" content="Pegel&shy;stände steigen">
    <meta name="description" content="Der Pegel\u00adstand stieg.">"""
    metadata = metadata_of(page(head, h1="Pegel\u00adstände steigen", lang="de"))
    assert (metadata.title, metadata.description) == ("Pegelstände steigen", "Der Pegelstand stieg.")


def test_citation_meta_gives_several_authors():
    head = "".join(f'<meta name="citation_author" content="{name}">' for name in ("Doe, Jane", "Roe, Richard"))
    metadata = metadata_of(page(head + '<meta name="citation_publication_date" content="2019/03/04">'))
    assert metadata.authors == ["Doe, Jane", "Roe, Richard"]  # "Last, First" stays one name
    assert metadata.date_published == "2019-03-04"
    assert metadata_of(page('<meta name="author" content="Ann Lee, Bo Chen, and Cy Diaz">')).authors == [
        "Ann Lee", "Bo Chen", "Cy Diaz"]


def test_microdata():
    body = """<div itemscope itemtype="https://schema.org/Article"><span itemprop="headline">Rain</span>
    <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann Lee</span></span>
    <meta itemprop="datePublished" content="2023-11-05"></div>"""
    metadata = metadata_of(page("", body=body))
    assert metadata.authors == ["Ann Lee"]
    assert metadata.date_published == "2023-11-05"


def test_page_byline_time_and_url_date_where_structured_data_is_silent():
    body = '<p class="byline">By Maria Garcia and Tom Brown</p><time datetime="2022-07-14T09:00:00">July 14</time>'
    metadata = metadata_of(page("<title>River levels rise after a week of rain - Example</title>", body=body))
    assert metadata.title == "River levels rise after a week of rain"
    assert metadata.authors == ["Maria Garcia", "Tom Brown"]
    assert metadata.date_published == "2022-07-14T09:00:00"
    assert metadata_of(page("")).date_published == "2024-05-01"  # from the URL


def test_language_is_declared_where_no_stoplist_was_used():
    assert metadata_of("<html lang='ja-JP'><body><p>日本語のテキスト</p></body></html>").language == "ja"


def test_strip_site_keeps_the_headline():
    assert strip_site("Headline of the day | Example News", "Example News", None) == "Headline of the day"
    assert strip_site("Example - The headline here", None, "https://www.example.com/x") == "The headline here"
    assert strip_site("A plain headline", None, None) == "A plain headline"


def test_h1_that_starts_the_declared_title_is_the_headline():
    # The title's first part names the <h1>, whatever the rest is (not the longest part, as for a site's name).
    title = "<title>Quickstart — Flask Documentation (3.1.x)</title>"
    assert metadata_of(page(title, h1="Quickstart")).title == "Quickstart"


def test_declared_title_over_an_h1_it_does_not_name():
    # A landing page's <h1> is a slogan: the page's own title (without the site's name) is its title.
    head = ('<title>Flood insurance for homeowners | Example Cover</title>'
            '<meta property="og:site_name" content="Example Cover">')
    assert metadata_of(page(head, h1="Sleep well when the water rises")).title == "Flood insurance for homeowners"
    # Without a declared title, the <h1> stays; a short title whose words the <h1> says, and more, names it.
    assert metadata_of(page("", h1="Sleep well when the water rises")).title == "Sleep well when the water rises"
    assert metadata_of(page("<title>River levels</title>")).title == "River levels rise after a week of rain"


def test_h1_with_an_aside_of_its_own_gives_the_title_it_shows():
    title = "<title>River levels rise after a week of rain | Example News</title>"
    dated = '<a href="/river"><time datetime="2024-05-01">May 1 2024</time> River levels rise after a week of rain</a>'
    assert metadata_of(page(title, h1=dated)).title == "River levels rise after a week of rain"
    byline = 'River levels rise after a week of rain <span class="byline">Posted on May 1, 2024 by Jane</span>'
    assert metadata_of(page(title, h1=byline)).title == "River levels rise after a week of rain"
    # An <h1> that says more in its own text is a fuller headline than the <title>: it stays.
    longer = "River levels rise after a week of rain: what it means for the town"
    assert metadata_of(page(title, h1=longer)).title == longer


def dated(head: str, line: str, url: str = "https://news.example.com/river") -> Metadata:
    """The metadata of a page whose headline is followed by ``line`` (a byline's date, a sentence)."""
    body = BODY.format(h1="River levels rise after a week of rain").replace("</h1>", f"</h1><p>{line}</p>", 1)
    return metadata_of(f"<html><head>{head}</head><body>{body}</body></html>", url=url)


def test_date_shown_by_the_headline_replaces_a_declared_one_the_page_shows_nowhere():
    head = ('<meta property="article:published_time" content="2024-01-10T09:00:00Z">'
            '<meta property="article:modified_time" content="2024-05-02T10:00:00Z">')
    assert dated(head, "May 2, 2024").date_published == "2024-05-02T10:00:00+00:00"
    # A date the page labels as a revision's is no publication date, in any language.
    for label in ("Updated May 2, 2024", "Last modified: 2 May 2024", "Aktualisiert am 2. Mai 2024",
                  "Mis à jour le 2 mai 2024"):
        assert dated(head, label).date_published == "2024-01-10T09:00:00+00:00"
    labelled = dated(head, "<span>By Jane Doe</span> <b>Updated</b> <span>May 2, 2024</span>")
    assert labelled.date_published == "2024-01-10T09:00:00+00:00"  # the label in an element of its own
    # A date after the last modification is not the article's: the site's clock, a later comment.
    assert dated(head, "Today: June 30, 2024").date_published == "2024-01-10T09:00:00+00:00"
    # A sentence that mentions a date is no dateline.
    sentence = "Officials expect the new dam to be finished by May 2, 2024."
    assert dated(head, sentence).date_published == "2024-01-10T09:00:00+00:00"
    assert dated("", sentence, url="https://news.example.com/river").date_published is None


def test_utc_time_gives_the_day_of_the_url_the_site_dated_it():
    head = '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00">'
    late = "https://blog.example.com/2025/12/18/river/"  # 21:41 the day before, in New York
    assert dated(head, "", url=late).date_published == "2025-12-18"
    # Noon UTC is the same day everywhere but at the date line: the declared time stays.
    noon = '<meta property="article:published_time" content="2025-12-19T13:00:00+00:00">'
    assert dated(noon, "", url=late).date_published == "2025-12-19T13:00:00+00:00"
    # A time with its own offset is the site's already.
    local = '<meta property="article:published_time" content="2025-12-19T02:41:41+01:00">'
    assert dated(local, "", url=late).date_published == "2025-12-19T02:41:41+01:00"


def test_microdata_date_created_in_document_order():
    body = ('<div itemscope itemtype="https://schema.org/Question"><time itemprop="dateCreated" '
            'datetime="2011-02-11 23:49:17Z">14 years ago</time><div itemscope itemtype="https://schema.org/Comment">'
            '<span itemprop="datePublished">2011-02-12 01:30:35Z</span></div></div>')
    assert metadata_of(page("", body=body), url="https://example.com/q/1").date_published == "2011-02-11T23:49:17+00:00"


def test_long_element_marked_as_a_date_gives_the_date_it_starts_with():
    post = ('<div class="post_date">2019-02-23, 09:14 PM <span>(This post was last modified: 2024-06-18, 11:02 AM '
            'by the moderators of the board, for the third time this year)</span></div>')
    html = f"<html><body>{BODY.replace('<h1>{h1}</h1>', post)}</body></html>"  # no headline to look by
    assert metadata_of(html, url="https://example.com/thread").date_published == "2019-02-23"


# Bad metadata: a field left empty or capped, named in ``invalid``, never an error.

def test_malformed_json_ld_is_counted_and_meta_still_read():
    head = '<script type="application/ld+json">{"@type": "NewsArticle", "headline": </script>'
    metadata = metadata_of(page(head + '<meta name="author" content="Jane Doe">'))
    assert metadata.authors == ["Jane Doe"] and "json_ld" in metadata.invalid


@pytest.mark.parametrize("value", ["yesterday", "0000-01-01", "0000-00-00T00:00:00", "3 hours ago",
                                   "2024-13-45", "9999-12-31", "not a date", "x" * 10_000])
def test_unusable_dates_are_left_empty_and_counted(value):
    metadata = metadata_of(page(ld({"@type": "NewsArticle", "datePublished": value})), url="https://example.com/")
    assert metadata.date_published is None
    assert "date_published" in metadata.invalid


def test_ten_thousand_authors_are_capped():
    letters = "abcdefghijklmnopqrstuvwxyz"
    authors = [{"@type": "Person", "name": f"Ann {letters[number // 676]}{letters[number // 26 % 26]}{letters[number % 26]}"}
               for number in range(10_000)]
    metadata = metadata_of(page(ld({"@type": "NewsArticle", "author": authors})))
    assert len(metadata.authors) == MAX_AUTHORS and "authors" in metadata.invalid


def test_huge_meta_values_are_capped_or_refused():
    huge = "word " * 100_000
    head = (f'<meta name="description" content="{huge}"><meta property="og:title" content="{huge}">'
            f'<meta name="author" content="{huge}"><meta property="og:image" content="/{"x" * 10_000}">')
    metadata = metadata_of(page(head))
    assert len(metadata.description) <= MAX_DESCRIPTION + 1
    assert metadata.title == "River levels rise after a week of rain"
    assert metadata.authors == [] and metadata.image is None
    assert {"description", "title", "authors", "image"} <= set(metadata.invalid)


def test_unparsable_url_does_not_break():
    title = "<title>River levels rise after a week of rain | Example News</title>"
    metadata = metadata_of(page(title), url="http://[::1")
    assert metadata.title == "River levels rise after a week of rain"


def test_deep_or_odd_json_ld_does_not_break():
    deep = '{"@type": "WebPage", "mainEntity": ' * 500 + '{"@type": "NewsArticle"}' + "}" * 500
    odd = [1, "text", None, {"@type": 5, "headline": ["list"], "author": {"name": 3}, "datePublished": 20240501}]
    for data in (odd, {"@graph": "not a list"}):
        assert isinstance(metadata_of(page(ld(data))), Metadata)
    assert metadata_of(page(f'<script type="application/ld+json">{deep}</script>')).invalid == []
    nested = "[" * 100_000 + "]" * 100_000  # json's recursion limit
    assert "json_ld" in metadata_of(page(f'<script type="application/ld+json">{nested}</script>')).invalid


def test_metadata_is_json_ready_and_pickles_with_the_extraction():
    extraction = extract(page(ld(GRAPH)), url="https://news.example.com/river")
    assert json.loads(json.dumps(extraction.to_dict()))["metadata"]["authors"] == ["Jane Doe", "John Smith"]
    copy = pickle.loads(pickle.dumps(extraction))
    assert copy.metadata == extraction.metadata and copy.text == extraction.text


def test_metadata_keyword():
    assert extract(page(ld(GRAPH)), metadata=False).metadata is None
    assert extract("", metadata=True).metadata == Metadata()
    with pytest.raises(OptionError, match="metadata"):
        extract("<p>x</p>", metadata="yes")


TODAY = dt.date(2025, 6, 1)


@pytest.mark.parametrize(("text", "expected"), [
    ("2024-05-01", "2024-05-01"),
    ("2024-05-01T08:30:00.123Z", "2024-05-01T08:30:00.123000+00:00"),
    ("2024-05-01 08:30:00", "2024-05-01T08:30:00"),
    ("Wed, 01 May 2024 08:30:00 GMT", "2024-05-01T08:30:00+00:00"),
    ("May 1, 2024", "2024-05-01"),
    ("Published on 1st May 2024 by Jane", "2024-05-01"),
    ("01.05.2024", "2024-05-01"),
    ("Sept. 3, 2019", "2019-09-03"),
    ("yesterday", None), ("2 days ago", None), ("0000-01-01", None), ("1850-01-01", None),
    ("2025-06-10", None), ("2025-02-30", None), ("", None),
])
def test_dates(text, expected):
    assert iso_date(text, today=TODAY) == expected


def test_local_day():
    assert local_day("2025-12-19T02:41:41+00:00", "2025-12-18")  # the evening before, west of Greenwich
    assert local_day("2025-12-18T22:00:00Z", "2025-12-19")  # the morning after, east of it
    assert not local_day("2025-12-19T13:00:00+00:00", "2025-12-18")  # no time zone is 13 hours behind
    assert not local_day("2025-12-19T02:41:41-05:00", "2025-12-18")  # not UTC
    assert not local_day("2025-12-19", "2025-12-18")  # a day, no time
    assert not local_day("2025-12-19T02:41:41+00:00", "2025-12-16")


def test_text_and_url_dates():
    assert text_date("Updated: December 19, 2025 at 10:00", today=dt.date(2026, 1, 1)) == "2025-12-19"
    assert url_date("https://example.com/2025/12/19/story", today=dt.date(2026, 1, 1)) == "2025-12-19"
    assert url_date("https://example.com/2025/13/19/story") is None


# The CLI's JSON and the block view show the metadata.

def test_cli_json_holds_the_metadata(tmp_path, capsys):
    from scrapy_boilerplate.cli import main

    path = tmp_path / "river.html"
    path.write_text(page(ld(GRAPH)), encoding="utf-8")
    assert main(["-f", "json", str(path)]) == 0
    metadata = json.loads(capsys.readouterr().out)["metadata"]
    assert metadata["title"] == "River levels rise after a week of rain"
    assert metadata["authors"] == ["Jane Doe", "John Smith"] and metadata["language"] == "en"


def test_block_view_shows_the_metadata():
    from lxml import etree

    from scrapy_boilerplate.html.parse import parse
    from scrapy_boilerplate.inspect.view import block_view

    root = parse(page(ld(GRAPH)))
    view = etree.HTML(block_view(extract(root, url="https://news.example.com/river"), root))
    line = view.xpath("string(//sb-bar/sb-metadata)")
    assert line.startswith("headline: River levels rise after a week of rain · by: Jane Doe, John Smith · "
                           "published: 2024-05-01T08:30:00+02:00")
    assert "language: en" in line
    assert "refused" not in line
    types = view.xpath("string(//sb-bar/sb-pagetype)")  # the three most probable, the most first
    assert re.fullmatch(r"page type: \w+ \d+%, \w+ \d+%, \w+ \d+%", types), types
    bare = etree.HTML(block_view(extract(root, metadata=False), root))
    assert not bare.xpath("//sb-metadata")


# JSON-LD as a graph: references resolved across the page's scripts; an @id is never a value.

def test_image_reference_resolves_to_the_image_objects_url_across_scripts():
    article = {"@context": "https://schema.org", "@graph": [
        {"@type": "Article", "@id": "https://news.example.com/river/#article", "headline": "River levels rise",
         "image": {"@id": "https://news.example.com/river/#primaryimage"},
         "mainEntityOfPage": {"@id": "https://news.example.com/river/#webpage"}}]}
    pieces = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebPage", "@id": "https://news.example.com/river/#webpage"},
        {"@type": "ImageObject", "@id": "https://news.example.com/river/#primaryimage",
         "url": "https://news.example.com/img/river.jpg", "contentUrl": "https://news.example.com/img/river.jpg"}]}
    metadata = metadata_of(page(ld(article) + ld(pieces)))
    assert metadata.image == "https://news.example.com/img/river.jpg"
    assert metadata.canonical_url is None  # the web page's id is no URL to give


def test_unresolved_reference_is_no_value_and_the_next_source_gives_it():
    data = {"@type": "NewsArticle", "image": [{"@id": "#primaryimage"}, "/img/second.jpg"],
            "mainEntityOfPage": {"@id": "https://news.example.com/river#webpage"}}
    metadata = metadata_of(page(ld(data) + '<meta property="og:url" content="https://news.example.com/river">'))
    assert metadata.image == "https://news.example.com/img/second.jpg"  # the first of the list that is an image
    assert metadata.canonical_url == "https://news.example.com/river"
    assert metadata_of(page(ld({"@type": "NewsArticle", "image": {"@id": "#primaryimage"}}))).image is None


def test_canonical_link_comes_before_json_ld_and_opengraph():
    data = {"@type": "WebPage", "url": "https://news.example.com/river?amp=1"}
    head = (ld(data) + '<meta property="og:url" content="https://news.example.com/river?utm=x">'
            '<link rel="canonical" href="/river">')
    assert metadata_of(page(head)).canonical_url == "https://news.example.com/river"
    assert metadata_of(page(ld(data))).canonical_url == "https://news.example.com/river?amp=1"


def test_author_and_publisher_references_resolve_in_another_script():
    article = {"@type": "NewsArticle", "author": {"@id": "#jane"}, "publisher": {"@id": "#org"}}
    people = [{"@type": "Person", "@id": "#jane", "name": "Jane Doe"},
              {"@type": "Organization", "@id": "#org", "name": "Riverside Media"}]
    assert metadata_of(page(ld(article) + ld(people))).authors == ["Jane Doe"]
    # The publisher's own name, given as the author, gives way to the byline's person.
    signed = {"@type": "NewsArticle", "author": {"@id": "#org"}, "publisher": {"@id": "#org"}}
    body = '<p class="byline">By Maria Garcia</p>'
    assert metadata_of(page(ld(signed) + ld(people), body=body)).authors == ["Maria Garcia"]


# Authors that are people.

@pytest.mark.parametrize(("name", "expected"), [
    ("Oleg Parashchak Jul", "Oleg Parashchak"),  # a byline's date glued to the name
    ("Jane Doe Monday 12", "Jane Doe"),
    ("Nov", None), ("12 Dezember", None), ("262588213843476", None), ("2024-05-01", None),
    ("admin", None), ("Editorial Staff", None), ("The Editorial Team", None), ("La Redazione", None),
    ("Redaktion", None), ("Guest Author", None),
    ("Everfit Team", "Everfit Team"),  # a team with a name signs its articles
    ("Theresa May", "Theresa May"), ("Shangwen Sun", "Shangwen Sun"),  # names, not dates
    ('"David Kim"', "David Kim"), ("~ Rachel M.", "Rachel M."), ("Post by galitsyn »", "galitsyn"),
    ("Alphabyte1", "Alphabyte1"),  # a forum's user name
])
def test_person(name, expected):
    from scrapy_boilerplate.metadata.authors import person

    assert person(name) == expected


def test_authors_not_people_are_refused_and_lists_cleaned():
    authors = [{"@type": "Person", "name": "262588213843476"}, {"@type": "Person", "name": "admin"},
               {"@type": "Person", "name": "Ann Lee Jul"}, {"@type": "Person", "name": "Bo Chen"}]
    assert metadata_of(page(ld({"@type": "NewsArticle", "author": authors}))).authors == ["Ann Lee", "Bo Chen"]
    # A date fragment alone is no author: the byline's name is.
    body = '<p class="byline">By Maria Garcia</p>'
    assert metadata_of(page('<meta name="author" content="Nov">', body=body)).authors == ["Maria Garcia"]


def test_site_name_is_an_author_only_where_no_person_signs():
    site = '<meta property="og:site_name" content="Riverside Media">'
    listed = ld({"@type": "NewsArticle", "author": [{"name": "Ann Lee"}, {"name": "Riverside Media"}]})
    assert metadata_of(page(site + listed)).authors == ["Ann Lee"]
    alone = ld({"@type": "NewsArticle", "author": {"@type": "Organization", "name": "Riverside Media"}})
    assert metadata_of(page(site + alone)).authors == ["Riverside Media"]  # it signs the article
    body = '<p class="byline">By Maria Garcia</p>'
    assert metadata_of(page(site + alone, body=body)).authors == ["Maria Garcia"]


# Dates in many languages.

@pytest.mark.parametrize(("text", "expected"), [
    ("19. Dezember 2024", "2024-12-19"), ("Montag, 3. März 2025", "2025-03-03"), ("3. Jänner 2025", "2025-01-03"),
    ("le 1er décembre 2024", "2024-12-01"), ("19 de diciembre de 2024", "2024-12-19"),
    ("3 de março de 2025", "2025-03-03"), ("19 dicembre 2024", "2024-12-19"), ("19 december 2024", "2024-12-19"),
    ("19 декабря 2024 г.", "2024-12-19"), ("19 grudnia 2024", "2024-12-19"), ("19. prosince 2024", "2024-12-19"),
    ("19 грудня 2024", "2024-12-19"), ("19 Aralık 2024", "2024-12-19"), ("2024. december 19.", "2024-12-19"),
    ("19 Δεκεμβρίου 2024", "2024-12-19"), ("19 ديسمبر 2024", "2024-12-19"), ("19 desember 2024", "2024-12-19"),
    ("2024年12月19日", "2024-12-19"), ("2024 年 1 月 5 日", "2024-01-05"), ("2024년 12월 19일", "2024-12-19"),
    ("19 tháng 12, 2024 · 19/12/2024", "2024-12-19"), ("19 Desember 2024", "2024-12-19"),
    ("3 listopada 2024", None),  # November in Polish, October in Croatian: left empty
    ("19 Regen 2024", None),
])
def test_dates_in_many_languages(text, expected):
    assert text_date(text, today=TODAY) == expected
