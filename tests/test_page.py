"""The page the renderers read: the elements they look for in the whole page, noted by the segmentations."""

from __future__ import annotations

import pytest

from scrapy_boilerplate import ALGORITHMS, algorithms
from scrapy_boilerplate.html.page import LOOKED_FOR, Page
from scrapy_boilerplate.html.parse import parse
from scrapy_boilerplate.output import PageRenderer

# Tables, listings and a base where the segmentations read on and where they skip (the head,
# buttons, selects, noscript, objects), a base in the body, and a table at the root of a subtree.
PAGE = """<html><head><title>Notes</title><base href="/docs/"><style>p {}</style></head><body>
<h1>Notes</h1><p>PARAGRAPH</p>
<table><tr><th>Name</th><th>Value</th></tr><tr><td>one</td><td>1</td></tr></table>
<select><option><pre>in a select</pre></option></select>
<button><table><tr><td>a</td><td>b</td></tr></table></button>
<noscript><pre>no script</pre></noscript><object><table><tr><td>c</td></tr></table></object>
<p>PARAGRAPH It ends with <a href="page.html">a link</a> that is resolved against the base.</p>
<pre>def f(x):
    return x</pre><base href="/late/"><script>var x = 1;</script>
</body></html>""".replace("PARAGRAPH", (
    "This is a paragraph of the article, and it is long enough that every one of the algorithms "
    "keeps it: it has many of the words that the stoplists hold, and it says what the page is about "
    "in sentences that a reader would read from the first word to the last one of them. ") * 2)


URL = "http://example.com/a/b"


def labelled(algorithm: str, **options):
    """The page's tree and what ``algorithm`` makes of it, as :func:`~scrapy_boilerplate.extract` runs it."""
    root = parse(PAGE, url=URL)
    chosen = algorithms.get(algorithm)
    return root, chosen.run(root, chosen.options.from_mapping(options), URL)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest.mark.parametrize("ruby_text", [True, False])
def test_the_noted_elements_are_those_a_walk_of_the_page_finds(algorithm, ruby_text):
    root, found = labelled(algorithm, **({"ruby_text": ruby_text} if algorithm in ("justext", "learned") else {}))
    if found.noted is not None:  # declutter does not note: its page walks for them
        assert found.noted == list(root.iter(*LOOKED_FOR))
    page = Page(root, URL, found.noted)
    assert len(page.elements("table")) == 3 and len(page.elements("pre")) == 3
    assert page.base == "http://example.com/docs/"


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_the_renderings_are_those_of_a_page_walked_for_them(algorithm):
    root, found = labelled(algorithm)
    noted, walked = PageRenderer(Page(root, URL, found.noted), found), PageRenderer(Page(root, URL), found)
    assert "](http://example.com/docs/page.html)" in noted.render("markdown", found.blocks, links=True, images=False)
    for form in ("markdown", "main_html"):
        for images in (False, True):
            assert (noted.render(form, found.blocks, links=True, images=images)
                    == walked.render(form, found.blocks, links=True, images=images))
