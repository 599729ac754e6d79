"""The page type classifier: what it tells of clear pages of each kind, its model, and Extraction.page_type."""

from __future__ import annotations

import gzip
import json
import math
import os
import pickle
import sys
from pathlib import Path

import pytest
import pytest_twisted
from conftest import ARTICLE as SERVED_ARTICLE
from parsel import Selector

from scrapy_boilerplate import BoilerplatePipeline, extract
from scrapy_boilerplate.algorithms import pagetype
from scrapy_boilerplate.algorithms.pagetype import PAGE_TYPES, PageTypes, features, model, page_type, probabilities
from scrapy_boilerplate.html.parse import parse

TRAINSET = Path(os.environ.get("TRAINSET", Path(__file__).resolve().parents[2] / "shared" / "trainset"))

PRODUCT = """<html><head><title>Oak Desk Lamp, brass - Lumen Store</title>
<meta property="og:type" content="product">
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Oak Desk Lamp",
 "sku": "LMP-2231", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD",
 "availability": "https://schema.org/InStock"}}</script></head>
<body><nav class="breadcrumb"><a href="/">Home</a> <a href="/collections/lamps">Lamps</a></nav>
<div class="product-page"><div class="product-gallery"><img src="/lamp1.jpg" alt="Oak desk lamp">
<img src="/lamp2.jpg" alt="Lamp from the side"></div>
<div class="product-info"><h1 class="product-title">Oak Desk Lamp</h1>
<span class="price" itemprop="price">$89.00</span> <span class="price compare-at">$119.00</span>
<div class="rating">4.8 stars (213 reviews)</div>
<form class="product-form" action="/cart/add"><label>Finish</label>
<select name="finish"><option>Brass</option><option>Black</option></select>
<label>Quantity</label><input type="number" name="quantity" value="1">
<button class="add-to-cart" type="submit">Add to cart</button><button class="buy-now">Buy now</button></form>
<p>In stock. Free shipping on orders over $50. Free returns within 30 days.</p>
<h2>Details</h2><p>Solid oak base, brass shade, 1.8 m fabric cord. Dimensions: 45 x 20 cm. Weight: 1.2 kg.</p>
<h2>Specifications</h2><table><tr><td>Material</td><td>Oak, brass</td></tr><tr><td>Bulb</td><td>E27</td></tr>
<tr><td>Warranty</td><td>2 years</td></tr></table></div></div></body></html>"""

FORUM = """<html><head><title>Boot hangs after kernel update / Newbie Corner / Forums</title></head>
<body><div id="brdheader"><a href="/">Forums</a> <a href="/search.php">Search</a> <a href="/register.php">Register</a></div>
<h1>Boot hangs after kernel update</h1>
<div class="pagepost"><a href="/post.php?tid=91">Post reply</a></div>
<div id="p1" class="blockpost rowodd firstpost"><h2><span>#1</span> <a href="#p1">2024-03-02 10:14:55</a></h2>
<div class="postbody"><div class="postleft"><dl><dt><strong>tuxfan</strong></dt><dd class="usertitle">Member</dd>
<dd>Registered: 2021-06-11</dd><dd>Posts: 48</dd></dl></div>
<div class="postright"><div class="postmsg"><p>After today's update my laptop stops at "loading initial ramdisk".
Anyone seen this?</p></div></div></div><div class="postfoot"><a href="/post.php?qid=1">Quote</a></div></div>
<div id="p2" class="blockpost roweven"><h2><span>#2</span> <a href="#p2">2024-03-02 10:40:12</a></h2>
<div class="postbody"><div class="postleft"><dl><dt><strong>grubwizard</strong></dt><dd class="usertitle">Moderator</dd>
<dd>Registered: 2012-01-03</dd><dd>Posts: 9,412</dd></dl></div>
<div class="postright"><div class="postmsg"><p>Boot the fallback image and post the output of journalctl -b -1.</p>
</div></div></div><div class="postfoot"><a href="/post.php?qid=2">Quote</a></div></div>
<div id="p3" class="blockpost rowodd"><h2><span>#3</span> <a href="#p3">2024-03-02 11:02:37</a></h2>
<div class="postbody"><div class="postleft"><dl><dt><strong>tuxfan</strong></dt><dd class="usertitle">Member</dd>
<dd>Registered: 2021-06-11</dd><dd>Posts: 49</dd></dl></div>
<div class="postright"><div class="postmsg"><p>That worked, thanks! Marking as solved.</p></div></div></div>
<div class="postfoot"><a href="/post.php?qid=3">Quote</a></div></div>
<form id="quickpostform" action="/post.php?tid=91"><textarea name="req_message"></textarea>
<input type="submit" value="Submit"></form></body></html>"""

DOCUMENTATION = """<html><head><title>json — JSON encoder and decoder — Python 3.12 documentation</title>
<meta name="generator" content="Docutils 0.18.1: http://docutils.sourceforge.net/ Sphinx"></head>
<body><div class="sphinxsidebar"><h3>Table of Contents</h3><ul>
<li><a href="#basic-usage">Basic Usage</a></li><li><a href="#encoders-and-decoders">Encoders and Decoders</a></li>
<li><a href="#exceptions">Exceptions</a></li></ul><h4>Previous topic</h4><a href="email.html">email</a>
<h4>Next topic</h4><a href="mailbox.html">mailbox</a></div>
<div class="document"><div class="body" role="main"><section id="module-json"><h1>json — JSON encoder and decoder</h1>
<p>Source code: <a href="https://github.com/python/cpython/tree/3.12/Lib/json">Lib/json</a></p>
<p>JSON is a lightweight data interchange format inspired by JavaScript object literal syntax.</p>
<div class="highlight-python3"><div class="highlight"><pre><span class="kn">import</span> json
json.dumps(['foo', {'bar': ('baz', None, 1.0, 2)}])</pre></div></div>
<section id="basic-usage"><h2>Basic Usage<a class="headerlink" href="#basic-usage">¶</a></h2>
<dl class="py function"><dt class="sig sig-object py" id="json.dump"><span class="sig-name">json.dump</span>(obj, fp, *,
skipkeys=False)</dt><dd><p>Serialize obj as a JSON formatted stream to fp.</p>
<p>Parameters: obj – the object. Returns: None. The default is False.</p></dd></dl>
<div class="highlight"><pre>&gt;&gt;&gt; json.dump(data, fp, indent=4)</pre></div></section>
<section id="exceptions"><h2>Exceptions<a class="headerlink" href="#exceptions">¶</a></h2>
<dl class="py exception"><dt id="json.JSONDecodeError">exception json.JSONDecodeError(msg, doc, pos)</dt>
<dd><p>Subclass of ValueError with the following additional attributes.</p></dd></dl></section>
</section></div></div><div class="footer">© Copyright 2001-2024. <a href="https://github.com/python/cpython">
Edit on GitHub</a></div></body></html>"""

ARTICLE = """<html><head><title>River levels rise after a week of rain | The Valley Times</title>
<meta property="og:type" content="article"><meta name="author" content="Jane Doe">
<meta property="article:published_time" content="2024-05-01T08:30:00+02:00">
<script type="application/ld+json">{"@type": "NewsArticle", "headline": "River levels rise after a week of rain",
 "datePublished": "2024-05-01", "author": {"@type": "Person", "name": "Jane Doe"}}</script></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article class="story"><h1 class="headline">River levels rise after a week of rain</h1>
<p class="byline">By Jane Doe, May 1, 2024, 4 min read</p>
<p>The river that runs through the town rose by two metres over the weekend after seven days of steady rain,
and the council asked people living near the banks to move their cars to higher ground before Monday night.</p>
<p>Farmers on the eastern side said their fields had been under water since Thursday. "We have not seen it like
this since 1998," said one, who has worked the land by the old mill for more than forty years.</p>
<p>The weather service expects the rain to ease by Wednesday, though it warned that the river could keep rising
for a day or two as water from the hills reaches the valley, and that roads near the bridge may stay closed.</p>
</article><aside><h3>Most read</h3><ul><li><a href="/a">Council budget</a></li></ul></aside></body></html>"""

COLLECTION = """<html><head><title>Table lamps | Lumen Store</title>
<meta property="og:type" content="website"></head>
<body><nav><a href="/">Home</a> <a href="/collections">Shop</a> <a href="/cart">Cart (0)</a></nav>
<h1 class="collection-title">Table lamps</h1><p class="collection-count">Showing 1-8 of 64 products</p>
<aside class="filters"><h2>Filter</h2><form class="facets"><label><input type="checkbox"> Brass</label>
<label><input type="checkbox"> Oak</label><label><input type="checkbox"> Under $100</label>
<select name="sort_by"><option>Sort by: Featured</option><option>Price, low to high</option></select></form></aside>
<ul class="product-grid">""" + "".join(f"""
<li class="grid__item"><div class="card product-card"><a href="/products/lamp-{n}" class="card__link">
<img src="/lamp-{n}.jpg" alt="Lamp {n}"><h3 class="card__heading">{name} Table Lamp</h3></a>
<div class="price"><span class="price-item price-item--sale">${price}.00</span>
<s class="price-item price-item--regular">${price + 30}.00</s></div>
<button class="quick-add__submit">Add to cart</button></div></li>""" for n, (name, price) in enumerate(
    [("Oak", 89), ("Brass", 119), ("Linen", 59), ("Marble", 149), ("Rattan", 79), ("Glass", 99), ("Walnut", 129),
     ("Ceramic", 69)])) + """</ul>
<nav class="pagination"><a href="?page=2">Next page</a></nav></body></html>"""

LISTING = """<html><head><title>News | The Valley Times</title><meta property="og:type" content="website"></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<h1>Latest news</h1><div class="article-list">""" + "".join(f"""
<article class="teaser"><a href="/news/2024/05/0{n}/{slug}"><img src="/{n}.jpg" alt=""></a>
<h2 class="teaser__title"><a href="/news/2024/05/0{n}/{slug}">{title}</a></h2>
<time datetime="2024-05-0{n}">May {n}, 2024</time><p class="teaser__excerpt">{title}: what happened and what comes next.</p>
<a class="read-more" href="/news/2024/05/0{n}/{slug}">Read more</a></article>""" for n, (slug, title) in enumerate([
    ("river-levels-rise", "River levels rise after a week of rain"), ("council-budget", "Council agrees next year's budget"),
    ("school-opens", "New school opens on the east side"), ("bridge-closed", "Old bridge closed for repairs"),
    ("market-returns", "Farmers' market returns to the square"), ("library-hours", "Library extends its opening hours"),
    ("bus-routes", "Bus routes change from June"), ("festival", "Summer festival line-up announced")], 1)) + """
</div><nav class="pager"><a href="/news?page=2">Older stories</a></nav></body></html>"""

SERVICE = """<html><head><title>Emergency Plumbing Services in Austin | FlowRight Plumbing</title>
<script type="application/ld+json">{"@type": "Plumber", "name": "FlowRight Plumbing", "telephone": "+1-512-555-0100"}</script></head>
<body><header><a href="/">FlowRight</a> <a href="/services/">Services</a> <a href="/about-us/">About us</a>
<a href="/contact/">Contact</a> <a class="btn btn-cta" href="tel:+15125550100">Call now: (512) 555-0100</a></header>
<section class="hero"><h1>24/7 Emergency Plumbing Services</h1><p>Licensed, insured plumbers at your door within the hour.</p>
<a class="button cta" href="/book/">Book an appointment</a> <a class="button" href="/quote/">Get a free quote</a></section>
<section class="services"><h2>Our services</h2><div class="service-card"><h3>Leak repair</h3><p>Fast fixes for pipes and taps.</p></div>
<div class="service-card"><h3>Drain cleaning</h3><p>Blocked drains cleared the same day.</p></div>
<div class="service-card"><h3>Water heaters</h3><p>Repair and installation of all brands.</p></div></section>
<section class="why-us"><h2>Why choose us</h2><ul><li>Upfront pricing</li><li>Satisfaction guaranteed</li><li>Family owned since 1998</li></ul></section>
<section class="testimonials"><h2>What our clients say</h2><blockquote>"They came at 2 am and fixed it." - Maria G.</blockquote></section>
<section class="contact-form"><h2>Request a free estimate</h2><form action="/contact/"><label>Name</label><input type="text" name="name">
<label>Phone</label><input type="tel" name="phone"><label>Email</label><input type="email" name="email">
<textarea name="message"></textarea><button type="submit">Send request</button></form></section>
<footer><p>FlowRight Plumbing · 100 Main St, Austin, TX · <a href="mailto:hello@flowright.example">hello@flowright.example</a></p></footer>
</body></html>"""


@pytest.mark.parametrize("html, url, expected", [
    (PRODUCT, "https://lumen.example/products/oak-desk-lamp", "product"),
    (FORUM, "https://bbs.example.org/viewtopic.php?id=309936", "forum"),
    (DOCUMENTATION, "https://docs.python.example/3/library/json.html", "documentation"),
    (ARTICLE, "https://valleytimes.example/news/2024/05/01/river-levels-rise-after-a-week-of-rain", "article"),
    (COLLECTION, "https://lumen.example/collections/table-lamps", "collection"),
    (LISTING, "https://valleytimes.example/news/", "listing"),
    (SERVICE, "https://flowright.example/services/emergency-plumbing/", "service"),
], ids=["product", "forum", "documentation", "article", "collection", "listing", "service"])
def test_a_clear_page_of_each_kind_gets_its_type(html, url, expected):
    extraction = extract(html, url=url)
    assert extraction.page_type == expected
    found = extraction.page_type_probabilities
    assert list(found) == list(PAGE_TYPES) and sum(found.values()) == pytest.approx(1.0)
    assert found[expected] > 0.5


def test_the_type_reads_the_whole_page_whatever_element_is_given():
    root = parse(PRODUCT)
    body = root.find("body")
    assert probabilities(body, "https://lumen.example/products/oak-desk-lamp") == probabilities(
        root, "https://lumen.example/products/oak-desk-lamp")
    assert page_type(root, "https://lumen.example/products/oak-desk-lamp") == "product"


def test_the_shipped_model_loads_once_and_is_deterministic():
    forest = model.load()
    assert forest is model.load()
    assert set(forest.types) == set(PAGE_TYPES) and forest.features == len(features.names())
    assert len(set(features.names())) == len(features.names())
    row = features.row(parse(FORUM), "https://bbs.example.org/viewtopic.php?id=309936")
    assert len(row) == forest.features and all(isinstance(value, float) for value in row)
    assert forest.probabilities(row) == forest.probabilities(list(row))
    assert features.row(parse(FORUM), "https://bbs.example.org/viewtopic.php?id=309936") == row


def test_a_model_is_compiled_from_the_trainers_trees():
    tiny = model.forest({"format": model.FORMAT, "types": ("a", "b"), "features": 2,
                         "trees": [[[0, 0.5, -1.0, 1.0]], [[1, 2.0, 0.5, -0.5]]]})
    assert tiny.scores([0.6, 1.0]) == (1.0, 0.5)
    found = tiny.probabilities([0.0, 3.0])
    assert found["a"] == pytest.approx(1 / (1 + math.exp(0.5))) and sum(found.values()) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="format"):
        model.source({"format": model.FORMAT + 1})


def test_a_tree_whose_text_lxml_cannot_decode_has_no_type():
    # An XML tree keeps a lone surrogate's reference as invalid UTF-8, which lxml refuses to read back.
    page = '<html><head><meta charset="cp1251"> &#xD800;</head><body><p>River levels rose.</p></body></html>'
    extraction = extract(Selector(text=page, type="xml"))
    assert extraction.page_type is None and extraction.page_type_probabilities == {}


def test_the_type_is_read_only_when_asked_for_and_then_kept_without_the_page(monkeypatch):
    url = "https://valleytimes.example/news/2024/05/01/river-levels-rise"
    reads = []
    monkeypatch.setattr(pagetype, "probabilities", lambda root, url: reads.append(url) or probabilities(root, url))
    root = parse(ARTICLE)
    references = sys.getrefcount(root)
    reader = PageTypes(root, url)
    assert sys.getrefcount(root) == references + 1 and not reads  # the tree kept, not read
    assert reader.probabilities() == reader.probabilities() and reads == [url]  # read once
    assert sys.getrefcount(root) == references  # the tree let go
    monkeypatch.undo()
    extraction = extract(ARTICLE, url=url)
    assert extraction.page_type == "article"
    copy = pickle.loads(pickle.dumps(extraction))
    assert copy.page_type == "article" and copy.page_type_probabilities == extraction.page_type_probabilities


def test_an_extraction_pickled_before_the_type_was_read_has_none():
    extraction = pickle.loads(pickle.dumps(extract(ARTICLE)))
    assert extraction.page_type is None and extraction.page_type_probabilities == {}


def test_a_page_without_elements_has_no_type():
    assert extract("").page_type is None
    assert extract("   ").page_type_probabilities == {}


def test_a_page_without_url_or_head_still_gets_a_type():
    assert extract("<p>Hello</p>").page_type in PAGE_TYPES
    assert extract(PRODUCT).page_type in PAGE_TYPES
    assert extract(PRODUCT, url="http://[bad/products/lamp").page_type == extract(PRODUCT).page_type


def test_any_tree_gets_a_type():
    from lxml import etree

    assert extract(etree.fromstring('<root xmlns="urn:x"><p>Hi</p><!-- c --><?pi x?></root>')).page_type in PAGE_TYPES
    deep = "<html><body>" + "<div>" * 3000 + "deep" + "</div>" * 3000 + "</body></html>"
    assert extract(deep, url="https://example.com/").page_type in PAGE_TYPES


PIPELINE = {"ITEM_PIPELINES": {BoilerplatePipeline: 100}}


@pytest.mark.parametrize("workers", [0, 1])
@pytest_twisted.inlineCallbacks
def test_a_crawls_items_get_the_type_in_the_field_the_setting_names(crawl, server, workers):
    without = yield crawl([server + "article.html"], PIPELINE)
    assert "page_type" not in without.item_for("article.html")
    outcome = yield crawl([server + "article.html", server + "empty.html"],
                          {**PIPELINE, "BOILERPLATE_WORKERS": workers, "BOILERPLATE_PAGE_TYPE_FIELD": "page_type"})
    # read in the worker where there is one, from the page it parsed
    assert outcome.item_for("article.html")["page_type"] == extract(SERVED_ARTICLE, url=server + "article.html").page_type
    assert outcome.item_for("empty.html")["page_type"] in PAGE_TYPES


def test_a_workers_result_tells_the_type_without_unpickling_the_extraction():
    from scrapy_boilerplate.components.page import PageResult
    from scrapy_boilerplate.workers.process import Classified

    url = "https://valleytimes.example/news/2024/05/01/river-levels-rise"
    result = PageResult(url, classified=Classified.of(extract(ARTICLE, url=url), page_type=True))
    assert result.page_type == "article" and "extraction" not in result.__dict__
    unread = PageResult(url, classified=Classified.of(extract(ARTICLE, url=url)))
    assert unread.page_type is None  # pickled before it was read
    assert PageResult(url, extraction=None, error="timeout").page_type is None


@pytest.mark.slow
@pytest.mark.skipif(not (TRAINSET / "ground-truth.json").is_file(),
                    reason=f"the training corpus is not at {TRAINSET} (set TRAINSET to its folder)")
def test_the_shipped_model_tells_the_types_it_was_trained_on():
    # Its training pages, not held-out ones (benchmarks/test_pagetype_training.py checks the cross-validated
    # accuracy): features changed without training again fail here.
    truth = json.loads((TRAINSET / "ground-truth.json").read_text(encoding="utf-8"))
    right = 0
    for key, entry in truth.items():
        root = parse(gzip.decompress((TRAINSET / "html" / f"{key}.html.gz").read_bytes()).decode("utf-8", "replace"))
        right += page_type(root, entry["url"]) == entry["type"]
    assert len(truth) == 839
    assert right / len(truth) >= 0.95
