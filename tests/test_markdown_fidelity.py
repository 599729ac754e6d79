"""What the Markdown keeps for a reader and a language model: code as written, whole tables, the
content's images, plain headings; each construct from its HTML to the Markdown expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrapy_boilerplate import extract

ALL_GOOD = {"length_low": 0, "length_high": 0, "stopwords_low": 0.0, "stopwords_high": 0.0,
            "max_link_density": 1.0, "stoplist": None}
URL = "http://example.com/dir/page.html"
CONSTRUCTED = Path(__file__).resolve().parent / "data" / "fidelity"


def md(body: str, **render) -> str:
    return extract(f"<html><body>{body}</body></html>", url=URL, **ALL_GOOD).to_markdown(**render)


# Code as written.

@pytest.mark.parametrize(("body", "expected"), [
    pytest.param("<pre class='language-python'><code>def f(x):\n    if x:\n        return 1</code></pre>",
                 "```python\ndef f(x):\n    if x:\n        return 1\n```", id="indentation, language-x"),
    pytest.param("<pre>a:<br>  b: 1<br>\tc: 2</pre>", "```\na:\n  b: 1\n\tc: 2\n```", id="br-separated lines, a tab"),
    pytest.param("<div class='highlight-yaml'><div class='highlight'><pre><span class='k'>a</span>:\n"
                 "  <span class='k'>b</span>: <span class='s'>x</span>\n</pre></div></div>",
                 "```yaml\na:\n  b: x\n```", id="highlighted with spans, highlight-x on an ancestor"),
    pytest.param("<pre class='lang-sh'><div class='line'>cd  /tmp</div><div class='line'>  ls</div></pre>",
                 "```sh\ncd  /tmp\n  ls\n```", id="a highlighter's line elements, lang-x"),
    pytest.param("<pre><code class='language-c'>int x;\n\nint y;</code></pre>",
                 "```c\nint x;\n\nint y;\n```", id="a blank line inside, language on the code"),
    pytest.param("<figure class='highlight'><table><tr><td class='gutter'><pre><span class='line'>1</span><br>"
                 "<span class='line'>2</span></pre></td><td class='code'><pre><span class='line'>if x:</span><br>"
                 "<span class='line'>    y()</span></pre></td></tr></table></figure>",
                 "```\nif x:\n    y()\n```", id="td.gutter left out, its table a layout"),
    pytest.param("<pre><span class='linenos'>1</span>if x:\n<span class='linenos'>2</span>    y()\n</pre>",
                 "```\nif x:\n    y()\n```", id=".linenos left out"),
    pytest.param("<pre class='line-numbers language-js'><code>f();<span class='line-numbers-rows'><span></span>"
                 "</span></code></pre>", "```js\nf();\n```", id="Prism's .line-numbers-rows left out"),
])
def test_code_as_written(body, expected):
    assert md(body) == expected


def test_code_split_into_blocks_is_written_once_whole():
    body = "<pre>first line\n\n\n    second, indented\n\n\n\nthird</pre>"
    extraction = extract(f"<html><body>{body}</body></html>", url=URL, algorithm="boilerpipe-article")
    if extraction.text:
        assert extraction.markdown.count("```") == 2
        assert "    second, indented" in extraction.markdown


def test_inline_code_keeps_its_spaces():
    assert md("<p>Run <code>ls  -l</code> here.</p>") == "Run `ls  -l` here."
    assert md("<p>Type <code>a`b</code> now.</p>") == "Type ``a`b`` now."


# Headings and invisible lines.

def test_headings_without_emphasis_markers():
    assert md("<h2><strong>Bold</strong> title</h2><h3><em>All</em></h3>") == "## Bold title\n\n### All"
    assert md("<h2><a href='/x'>Linked</a></h2>") == "## [Linked](http://example.com/x)"


def test_zero_width_characters_make_no_line():
    extraction = extract("<html><body><p>One.</p><p>\u200d</p><p>\u200b\u200d </p><p>Two.</p></body></html>",
                         url=URL, **ALL_GOOD)
    assert extraction.text == "One.\nTwo."
    assert extraction.markdown == "One.\n\nTwo."


# Tables.

def test_table_cells_holding_paragraphs_and_a_header_first():
    body = ("<table><tbody><tr><td><p>Reading room</p></td><td><p>120</p></td></tr></tbody>"
            "<thead><tr><th><p>Room</p></th><th><p>Seats</p></th></tr></thead></table>")
    assert md(body) == "| Room | Seats |\n| --- | --- |\n| Reading room | 120 |"


def test_table_spans_laid_out_and_pipes_escaped():
    body = ("<table><tr><th>Floor</th><th colspan='2'>Rooms</th></tr><tr><td rowspan='2'>Ground</td><td>Hall</td>"
            "<td>Cafe | bar</td></tr><tr><td>Desk</td><td>Lockers</td></tr></table>")
    assert md(body) == ("| Floor | Rooms |  |\n| --- | --- | --- |\n| Ground | Hall | Cafe \\| bar |\n"
                        "| Ground | Desk | Lockers |")


def test_table_with_a_caption_and_line_breaks_in_cells():
    body = "<table><caption>Seats</caption><tr><th>a</th><th>b</th></tr><tr><td>one<br>two</td><td>3</td></tr></table>"
    assert md(body) == "Seats\n\n| a | b |\n| --- | --- |\n| one two | 3 |"


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param("<table><tr><td><p>Only cell.</p></td></tr><tr><td><p>Another.</p></td></tr></table>",
                 "Only cell.\n\nAnother.", id="one cell wide"),
    pytest.param("<table><tr><td><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table></td>"
                 "<td>side</td></tr><tr><td>x</td><td>y</td></tr></table>",
                 "| a | b |\n| --- | --- |\n| c | d |\n\nside\n\nx\n\ny", id="nested: the outer one a layout"),
    pytest.param("<table role='presentation'><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>",
                 "a\n\nb\n\nc\n\nd", id="role=presentation"),
])
def test_layout_tables_written_as_their_content(body, expected):
    assert md(body) == expected


def test_a_table_among_good_paragraphs_is_written_whole_with_no_cell_good():
    html = (CONSTRUCTED / "constructed" / "table-cells-in-paragraphs.html").read_text(encoding="utf-8")
    extraction = extract(html, url="https://example.org/news/library.html", algorithm="declutter")
    assert "Reading room" not in extraction.text  # the algorithm found no cell good
    assert ("| Room | Seats | Opening hours |\n| --- | --- | --- |\n| Reading room | 120 | 8 to 20 |\n"
            "| Children's section | 40 | 9 to 18 |\n| Archive | 12 | 10 to 16 |") in extraction.markdown
    assert "<tr><th>Room</th><th>Seats</th><th>Opening hours</th></tr>" in extraction.main_html


QUOTED = ("<p>The vulnerability stems from the fact that the client is allowed to send the server information about "
          "certain slots of the inventory, and this is what we are going to show in the example below, which is a json "
          "representation of what it looks like when it is sent.</p>")
CODE = "rekt: {\n" + "".join(f"    list{n}: [ x{n}, y{n}, z{n}, w{n} ]\n" for n in range(12)) + "}"


def test_a_listing_placed_among_quoted_paragraphs_stays_in_the_quote():
    html = f"<html><body><article>{QUOTED}<blockquote>{QUOTED}<pre><code>{CODE}</code></pre>{QUOTED}</blockquote></article></body></html>"
    extraction = extract(html, url=URL, algorithm="justext", stoplist="English")
    assert "list0" not in extraction.text  # the algorithm found the listing bad: placed among the quote's paragraphs
    quoted_code = "\n".join(f"> {line}" for line in ["```", *CODE.split("\n"), "```"])
    assert f"> {QUOTED[3:-4]}\n>\n{quoted_code}\n>\n> {QUOTED[3:-4]}" in extraction.markdown
    assert extraction.markdown.count("> ```") == 2  # one quote, the listing in it
    assert f"<blockquote><p>{QUOTED[3:-4]}</p>\n<pre>rekt: {{" in extraction.main_html
    assert extraction.main_html.count("<blockquote>") == 1


def test_main_html_writes_tables_whole_and_layout_tables_as_content():
    extraction = extract("<html><body><table><tr><th>a</th><th>b</th></tr><tr><td colspan='2'>wide</td></tr>"
                         "</table><table><tr><td><p>Layout text.</p></td></tr></table></body></html>", url=URL, **ALL_GOOD)
    assert extraction.main_html == ("<table><tr><th>a</th><th>b</th></tr>\n<tr><td>wide</td><td></td></tr>\n</table>\n"
                                    "<p>Layout text.</p>\n")


# Images.

P1 = "<p>First paragraph of the article, long enough to be its text.</p>"
P2 = "<p>Second paragraph of the article, long enough to be its text.</p>"


def test_a_figure_between_two_paragraphs_with_its_caption():
    body = f"{P1}<figure><img src='/a.jpg' alt='A cat'><figcaption>The cat, asleep.</figcaption></figure>{P2}"
    extraction = extract(f"<html><body>{body}</body></html>", url=URL, algorithm="declutter")
    assert extraction.to_markdown(images=True) == (
        "First paragraph of the article, long enough to be its text.\n\n![A cat](http://example.com/a.jpg)\n\n"
        "The cat, asleep.\n\nSecond paragraph of the article, long enough to be its text.")
    assert "![" not in extraction.markdown  # images only when asked for
    assert extraction.text == extract(f"<html><body>{body}</body></html>", url=URL, algorithm="declutter").text


@pytest.mark.parametrize(("image", "source"), [
    pytest.param("<img src='data:image/gif;base64,R0lGOD' data-src='/big.jpg' alt='x'>", "http://example.com/big.jpg",
                 id="data-src over a placeholder"),
    pytest.param("<img src='/s.jpg' srcset='/m.jpg 800w, /l.jpg 1600w, /xs.jpg 200w' alt='x'>",
                 "http://example.com/l.jpg", id="srcset's largest width"),
    pytest.param("<img src='/1x.jpg' srcset='/1x.jpg 1x, /2x.jpg 2x' alt='x'>", "http://example.com/2x.jpg",
                 id="srcset's largest density"),
    pytest.param("<picture><source srcset='/a.webp 400w, /b.webp 900w'><img src='/a.jpg' alt='x'></picture>",
                 "http://example.com/b.webp", id="picture's source"),
    pytest.param("<img data-lazy-src='/lazy.jpg' alt='x'>", "http://example.com/lazy.jpg", id="data-lazy-src"),
])
def test_lazy_loading_sources(image, source):
    body = f"{P1}<figure>{image}</figure>{P2}"
    assert f"![x]({source})" in md(body, images=True)


@pytest.mark.parametrize("image", [
    pytest.param("<img src='https://t.example.net/p.gif' width='1' height='1'>", id="declared 1x1"),
    pytest.param("<img src='/img/spacer.gif'>", id="spacer"),
    pytest.param("<img src='/icons/share.png' width='16' height='16' alt='share'>", id="icon size"),
    pytest.param("<img src='/x.png' class='emoji' alt='smile'>", id="emoji"),
    pytest.param("<img src='https://www.facebook.com/tr?id=1&ev=PageView'>", id="beacon path"),
    pytest.param("<img src='/deco.png' aria-hidden='true'>", id="hidden"),
])
def test_decorations_left_out(image):
    markdown = md(f"{P1}<p>{image}</p>{P2}", images=True)
    assert "![" not in markdown


def test_images_in_asides_left_out():
    body = f"{P1}<div class='share-buttons'><img src='/photo.jpg' alt='Photo'></div>{P2}"
    assert "![" not in md(body, images=True)


def test_image_inside_a_paragraph_stays_in_place():
    assert md("<p>A picture <img src='p.png' alt='a cat'> here.</p>", images=True) == (
        "A picture ![a cat](http://example.com/dir/p.png) here.")


# Figures between good blocks: in the clean HTML as in the Markdown.

LONG1 = "<p>First paragraph of the article, long enough to be its text, and it goes on for a while with words.</p>"
LONG2 = "<p>Second paragraph of the article, long enough to be its text, and it goes on for a while with words.</p>"
NAV = "<nav><a href='/x'>Home</a> | <a href='/y'>News</a></nav>"


def images_html(body: str) -> str:
    return extract(f"<html><body><article>{body}</article></body></html>", url=URL,
                   algorithm="declutter").to_main_html(images=True)


def test_main_html_keeps_a_figure_between_blocks_with_its_caption():
    assert images_html(f"{LONG1}<div class='media'><figure><img src='/a.jpg' alt='A cat'>"
                       f"<figcaption>Cat.</figcaption></figure></div>{LONG2}") == (
        f"{LONG1}\n<figure><img src=\"http://example.com/a.jpg\" alt=\"A cat\"><figcaption>Cat.</figcaption>"
        f"</figure>\n{LONG2}\n")


def test_main_html_keeps_an_image_before_a_block_the_walk_does_not_reach():
    assert images_html(f"{LONG1}<div><img src='/b.jpg' alt='A dog'></div>{NAV}{LONG2}") == (
        f"{LONG1}\n<p><img src=\"http://example.com/b.jpg\" alt=\"A dog\"></p>\n{LONG2}\n")


def test_main_html_figures_are_safe():
    html = images_html(f"{LONG1}<figure><img src='javascript:alert(1)' alt='x'><img src=' jav&#9;ascript:alert(2)'>"
                       "<img src='/ok.jpg\" onerror=\"alert(3)' alt='z\" onload=\"alert(4)'></figure>"
                       f"{NAV}{LONG2}")
    assert html == (f"{LONG1}\n<p><img src=\"http://example.com/ok.jpg&quot; onerror=&quot;alert(3)\" "
                    f"alt=\"z&quot; onload=&quot;alert(4)\"></p>\n{LONG2}\n")


def test_main_html_without_images_writes_no_figure():
    body = f"{LONG1}<div class='media'><figure><img src='/a.jpg' alt='A cat'></figure></div>{LONG2}"
    extraction = extract(f"<html><body><article>{body}</article></body></html>", url=URL, algorithm="declutter")
    assert extraction.main_html == f"{LONG1}\n{LONG2}\n"


# The constructed pages of the fidelity benchmark: each construct's Markdown as expected.

@pytest.mark.parametrize("name", sorted(json.loads((CONSTRUCTED / "constructed.json").read_text(encoding="utf-8"))))
def test_constructed_pages_keep_their_reference(name):
    reference = json.loads((CONSTRUCTED / "constructed.json").read_text(encoding="utf-8"))[name]
    html = (CONSTRUCTED / "constructed" / f"{name}.html").read_text(encoding="utf-8")
    markdown = extract(html, url=reference["url"], algorithm="learned").to_markdown(images=True)
    for line in reference["code lines"]:
        assert f"\n{line}\n" in markdown
    for cell in reference["table cells"]:
        assert f" {cell.replace('|', chr(92) + '|')} |" in markdown
    for sources in reference["images"]:
        assert f"]({sources[0]})" in markdown
    for heading in reference["headings"]:
        assert f"# {heading}\n" in markdown
