"""html-declutter: each phase on small hand-written trees, the whole run, options and bad input."""

from __future__ import annotations

import copy

import pytest
from lxml import etree

from scrapy_boilerplate import ExtractionError, OptionError, extract
from scrapy_boilerplate.algorithms.declutter import DeclutterBlock, DeclutterOptions
from scrapy_boilerplate.algorithms.declutter.prune import class_words, naming_words, prune, token_words
from scrapy_boilerplate.algorithms.declutter.purify import purify
from scrapy_boilerplate.algorithms.declutter.shake import BLESSED, KEPT, REMOVED, shake
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.html.walk import MAX_DEPTH

OPTIONS = DeclutterOptions()


def tree(body: str) -> etree._Element:
    return parse(f"<html><body>{body}</body></html>")


def by_id(root: etree._Element) -> dict[str, etree._Element]:
    return {element.get("id"): element for element in root.iter() if element.get("id")}


# Prune

# A paragraph beside which each element tried below holds a small share of the page's words.
LONG_TEXT = "<p>" + "The article's own text goes on for a while. " * 5 + "</p>"


@pytest.mark.parametrize("element", [
    '<script id="x">var a;</script>', '<style id="x">p {}</style>', '<nav id="x">Home</nav>',
    '<div id="x" class="comments-area">Nice</div>', '<div id="x" class="shareBar">Share</div>',
    '<div id="x" class="top_ads">Buy</div>', '<section id="x" class="sidebar">Side</section>',
    '<div id="x" hidden>Secret</div>', '<div id="x" style="display: none">Secret</div>',
    '<div id="x" role="navigation">Menu</div>', '<div id="x" aria-hidden="true">Icon</div>',
])
def test_prune_deletes(element):
    root = tree(f"{LONG_TEXT}{element}")
    assert prune(root, OPTIONS) == {by_id(root)["x"]}


@pytest.mark.parametrize("element", [
    '<div id="x" class="header">Title</div>', '<div id="x" class="shadow loaded">Text</div>',
    '<div id="x" class="address">Road</div>', '<p id="x">Text</p>',
])
def test_prune_keeps_words_that_only_contain_a_poison_word(element):
    assert prune(tree(LONG_TEXT + element), OPTIONS) == set()


@pytest.mark.parametrize("classes", [
    "elementor-widget-container", "elementor-widget elementor-widget-text-editor", "widget Blog",
    "content-sidebar-wrap", "body-ad-wrapper", "has-sidebar", "contentWithSidebar", "no-ads",
    "p-body-main--withSidebar", "node--type-newsletter", "sc-9749ad0f-0 ksLxRg", "w-node-b5343ad4-d1b4",
    "lg:pt-[calc(var(--banner-height))]", "entry-category-advertising", "post tag-sponsored",
])
def test_prune_keeps_classes_that_do_not_name_boilerplate(classes):
    assert prune(tree(f'{LONG_TEXT}<div class="{classes}">Text</div>'), OPTIONS) == set()


@pytest.mark.parametrize("classes", [
    "sidebar_widget", "comment-list", "site-footer", "post-comments", "navMenu", "ad-slot", "sidebar2",
    "share-bar--sticky", "top_ads",
])
def test_prune_deletes_classes_named_by_a_poison_word(classes):
    root = tree(f'{LONG_TEXT}<div id="x" class="{classes}">Text</div>')
    assert prune(root, OPTIONS) == {by_id(root)["x"]}


@pytest.mark.parametrize(("token", "words"), [
    ("postShare-bar", ["post", "share", "bar"]), ("HTMLWidget2", ["html", "widget"]),
    ("sc-9749ad0f-0", ["sc"]), ("p-body-main--withSidebar", ["p", "body", "main"]),
    ("contentWithSidebar", ["content"]), ("entry-category-ads", ["entry"]), ("md:hidden", []), ("42", []),
])
def test_token_words(token, words):
    assert list(token_words(token)) == words


def test_naming_words_are_the_first_and_last_word_of_each_token():
    assert naming_words("elementor-widget-container sidebar_widget top_ads") == {
        "elementor", "container", "sidebar", "widget", "top", "ads", "ad"}


def test_prune_spares_a_poisoned_element_holding_most_of_the_page_and_judges_its_descendants():
    root = tree(f'<div id="x" class="sidebar-right">{LONG_TEXT}<div id="y" class="ad">Buy</div></div><p>Short</p>')
    elements = by_id(root)
    assert prune(root, OPTIONS) == {elements["y"]}
    assert prune(root, DeclutterOptions(max_pruned_share=1)) == {elements["x"]}


def test_prune_counts_only_the_words_a_page_shows():
    script = "<script>" + "var words = 1; " * 50 + "</script>"
    root = tree(f'<p>The article of a few words</p><div id="x" class="sidebar">{script}Side</div>')
    assert prune(root, OPTIONS) == {by_id(root)["x"]}


def test_a_page_builders_article_in_widget_containers_is_kept():
    widgets = "".join(
        f'<div class="elementor-widget elementor-widget-text-editor"><div class="elementor-widget-container">'
        f'<p>Paragraph {n} of the article tells how the river rose over the weekend.</p></div></div>'
        for n in range(3))
    page = (f'<nav><a href="/">Home</a></nav><div class="elementor-widget-wrap">{widgets}</div>'
            '<footer class="elementor-location-footer">Copyright</footer>')
    text = extract(page, algorithm="declutter").text
    assert text.count("of the article tells how the river rose") == 3
    assert "Home" not in text and "Copyright" not in text


def test_noscript_holding_the_page_is_its_text():
    # Discourse and Flarum forums serve their crawler view in <noscript>.
    page = f'<div id="app"></div><noscript>{LONG_TEXT}</noscript><noscript>Enable JavaScript</noscript>'
    assert extract(page, algorithm="declutter").text == ("The article's own text goes on for a while. " * 5).strip()


def test_prune_never_deletes_the_body():
    root = parse('<html><body class="single has-sidebar"><p>Text</p></body></html>')
    assert prune(root, OPTIONS) == set()


def test_prune_returns_outermost_elements_only():
    root = tree('<p>The article</p><div id="x" class="sidebar"><div class="ad">Buy</div><script></script></div>')
    assert prune(root, OPTIONS) == {by_id(root)["x"]}


def test_class_words_split_separators_and_camel_case():
    assert class_words("postShare-bar top_ads HTMLWidget2") == {
        "post", "share", "bar", "top", "ads", "ad", "html", "widget"}


def test_poison_words_are_configurable():
    root = tree('<div id="x" class="teaser">Teaser</div><div id="y" class="sidebar">Side</div>')
    assert prune(root, DeclutterOptions(poison_words=["Teaser"])) == {by_id(root)["x"]}


# Shake


def shaken(body: str, options: DeclutterOptions = OPTIONS) -> dict[str, tuple[str, float | None]]:
    root = tree(body)
    verdicts = shake(root, prune(root, options), options)
    return {element.get("id"): (verdict.decision, verdict.score) for element, verdict in verdicts.items()}


def test_shake_scores_words_minus_twice_link_words_minus_tags():
    # 4 words, 2 link words, 3 tags (div, a, b): 4 - 2 * 2 - 3
    assert shaken('<div id="d">one two <b>three four</b> <a href="/">five six</a></div>') == {"d": (REMOVED, -3)}


def test_shake_keeps_a_non_negative_score():
    assert shaken('<div id="d">one two three four</div>') == {"d": (KEPT, 3)}


def test_shake_weights_are_configurable():
    options = DeclutterOptions(link_words_weight=0, tags_weight=0.5)
    assert shaken('<div id="d"><a href="/">one two</a></div>', options) == {"d": (REMOVED, -1)}


def test_keep_propagates_upward():
    # the outer div scores 5 - 9 = -4 but holds a kept block
    verdicts = shaken('<div id="outer"><div id="inner">one two three four five</div>'
                      '<i></i><i></i><i></i><i></i><i></i><i></i><i></i></div>')
    assert verdicts == {"inner": (KEPT, 4), "outer": (KEPT, -4)}


def test_removed_subtree_still_counts_for_its_ancestors():
    # inner: 1 - 2 * 2 - 2 = -5, removed; outer: 9 words, 2 link words, 3 tags: 9 - 4 - 3 = 2
    verdicts = shaken('<div id="outer">one two three four five six seven eight'
                      '<div id="inner">nine <a href="/">ten eleven</a></div></div>')
    assert verdicts == {"inner": (REMOVED, -5), "outer": (KEPT, 2)}


def test_only_block_tags_are_scored():
    assert shaken('<p id="p"><a href="/">one two three</a></p>') == {}


def test_pruned_subtrees_count_for_nothing_but_their_tails():
    verdicts = shaken('<div id="d"><div class="ad">many words</div>two words</div><p>an article of five words</p>')
    assert verdicts == {"d": (KEPT, 1)}


def test_blessed_element_is_kept_with_all_its_descendants():
    verdicts = shaken('<div id="outer"><div id="byline" class="author-box">'
                      '<div id="links"><a href="/a">Ann Author</a><a href="/b">Profile</a></div></div></div>')
    assert verdicts == {"byline": (BLESSED, None), "outer": (KEPT, -11)}


def test_bless_words_are_configurable():
    verdicts = shaken('<div id="d" itemprop="creator"><a href="/">Ann</a></div>',
                      DeclutterOptions(bless_words=["creator"]))
    assert verdicts == {"d": (BLESSED, None)}


# Purify


def purified(body: str, options: DeclutterOptions = OPTIONS) -> str:
    root = tree(body)
    pruned = prune(root, options)
    document, _ = purify(root, pruned, shake(root, pruned, options), options)
    return etree.tostring(document[1], encoding="unicode", method="html")


def test_purify_unwraps_other_tags_and_drops_other_attributes():
    html = purified('<p class="lead" style="color: red">A <span data-x="1">long</span> '
                    '<a href="https://example.com/" onclick="go()" title="T">link</a> text</p>')
    assert html == '<body><p>A long <a href="https://example.com/" title="T">link</a> text</p></body>'


def test_purify_keeps_all_text_of_unwrapped_blocks_on_separate_lines():
    html = purified('<article><div>one two three</div><div>four five six</div></article>')
    assert html == "<body>one two three<br>four five six</body>"


def test_purify_drops_pruned_and_removed_subtrees():
    html = purified('<div><p>one two three four five six</p></div><div class="sidebar">Side</div>'
                    '<div><a href="/a">link</a> <a href="/b">link</a></div>')
    assert html == "<body><p>one two three four five six</p></body>"


def test_purify_drops_script_urls_and_resolves_relative_ones():
    root = parse('<p><a href="javascript:alert(1)">one</a> <a href="../b">two</a> three four</p>',
                 url="https://example.com/a/page")
    document, _ = purify(root, set(), {}, OPTIONS)
    assert [a.attrib for a in document.iter("a")] == [{}, {"href": "https://example.com/b"}]


def test_purify_allow_list_is_configurable():
    html = purified("<p>A <em>very</em> <span>long</span> text</p>", DeclutterOptions(allowed_tags={"span": []}))
    assert html == "<body>A very <span>long</span> text</body>"


def test_clean_document_is_well_formed_html_with_the_title():
    html = extract("<title>T &amp; U</title><p>Text &lt;here&gt;</p>", algorithm="declutter").html
    assert html.startswith("<!DOCTYPE html>")
    assert etree.fromstring(html.replace("<!DOCTYPE html>", "").replace('charset="utf-8">', 'charset="utf-8"/>')) is not None
    assert "<title>T &amp; U</title>" in html and "<p>Text &lt;here&gt;</p>" in html


# The whole run


ARTICLE = """<div id="header"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<div id="content"><h1>River levels rise</h1><p class="byline">By Ann</p>
<p>The river that runs through the old town rose by almost two metres over the weekend.</p>
<p>Several bridges have been closed, and the ferry is not running until further notice.</p></div>
<div class="sidebar">Most read stories</div><div id="comments"><p>Great article!</p></div>"""


def test_run_returns_text_blocks_and_clean_html():
    result = extract(ARTICLE, algorithm="declutter")
    assert result.algorithm == "declutter"
    assert result.text == ("River levels rise\nBy Ann\n"
                           "The river that runs through the old town rose by almost two metres over the weekend.\n"
                           "Several bridges have been closed, and the ferry is not running until further notice.")
    assert [(block.decision, block.label, block.tag) for block in result.blocks] == [
        ("removed", "bad", "div"), ("kept", "good", "div"), ("blessed", "good", "p"), ("kept", "good", "div"),
        ("kept", "good", "div"), ("pruned", "bad", "div"), ("pruned", "bad", "div"),
    ]
    assert all(isinstance(block, DeclutterBlock) for block in result.blocks)
    assert result.blocks[0].text == "Home News About" and result.blocks[0].link_density == 13 / 15
    assert result.blocks[5].xpath == "/html[1]/body[1]/div[3]"
    assert "Most read" not in result.html and "Great article" not in result.html
    assert result.to_dict()["blocks"][2]["decision"] == "blessed"


def test_run_leaves_the_callers_tree_unchanged():
    root = parse(ARTICLE)
    before = etree.tostring(root)
    extract(copy.copy(root), algorithm="declutter")
    extract(root, algorithm="declutter")
    assert etree.tostring(root) == before


def test_options_by_name_through_extract():
    result = extract(ARTICLE, algorithm="declutter", poison_words=["nothing"])
    assert "Great article!" in result.text


@pytest.mark.parametrize(("name", "value"), [
    ("poison_words", "comment"), ("poison_words", [""]), ("block_tags", [1]), ("bless_words", None),
    ("allowed_tags", ["p"]), ("allowed_tags", {"p": "class"}), ("allowed_tags", {"": []}),
    ("words_weight", -1), ("tags_weight", "1"), ("link_words_weight", float("nan")),
    ("max_pruned_share", -0.5), ("max_pruned_share", "half"),
])
def test_invalid_option(name, value):
    with pytest.raises(OptionError) as raised:
        DeclutterOptions(**{name: value})
    assert raised.value.option.startswith(name)


# Bad input


@pytest.mark.parametrize("page", ["", "   ", b"", "<html></html>", "<!-- only a comment -->", "<p></p>"])
def test_pages_without_text_give_an_empty_extraction(page):
    result = extract(page, algorithm="declutter")
    assert result.blocks == [] and result.text == ""


def test_binary_input_raises_extraction_error():
    with pytest.raises(ExtractionError):
        extract(bytes(range(256)) * 16, algorithm="declutter")


def test_control_characters_do_not_break_the_clean_document():
    result = extract("<p>bell\x07 and \x1b escape</p>", algorithm="declutter")
    assert result.text == "bell\x07 and \x1b escape" and "bell and  escape" in result.html


@pytest.mark.parametrize("tag", ["div", "aside"])
def test_a_tree_as_deep_as_allowed(tag):
    # Built element by element: deeper than libxml2 parses.
    root = etree.Element("html")
    parent = etree.SubElement(root, "body")
    for _ in range(MAX_DEPTH - 1):
        parent = etree.SubElement(parent, tag)
    parent.text = "deep text"
    parent.tail = "tail"
    root[0].text = "the article before it"
    result = extract(root, algorithm="declutter")
    assert result.text == "the article before it" + ("" if tag == "aside" else "\ndeep text\ntail")
