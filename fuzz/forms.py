"""What the fuzzers share: a page in each form ``extract`` accepts, and the check of one call.

The promise checked (README, "Bad input"): ``extract`` returns an
:class:`Extraction` or raises a :class:`BoilerplateError`, nothing else, and
leaves a tree it is given as it was; every output of an Extraction (text,
Markdown, clean HTML with and without images, declutter's page, the block
view) is written without an exception. The scan of a page's bytes for
crowded start tags (``html/start_tags.pyx``, C) gets any bytes too, and the
metadata's walk (``metadata/elements.pyx``, C) any tree, held to the reading
through lxml it stands for.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import parsel
from lxml import etree

from scrapy_boilerplate import BoilerplateError, Extraction, extract
from scrapy_boilerplate.html.parse import to_root
from scrapy_boilerplate.html.start_tags import MAX_ATTRIBUTES, has_crowded_tag, with_few_attributes
from scrapy_boilerplate.inspect import block_view
from scrapy_boilerplate.metadata.elements import find

#: The forms of a page: text, its UTF-8 bytes, parsel Selectors parsing it as
#: HTML or XML, and an lxml tree from a recovering XML parser.
FORMS = ("str", "bytes", "html selector", "xml selector", "xml tree")


def in_form(text: str, form: str) -> Any:
    """``text`` as ``form``; ``None`` when parsel or lxml cannot build that form of it."""
    if form == "str":
        return text
    if form == "bytes":
        return text.encode("utf-8", "surrogatepass")
    try:
        if form == "xml tree":
            parser = etree.XMLParser(recover=True, huge_tree=True)
            return etree.fromstring(text.encode("utf-8", "surrogatepass"), parser)
        return parsel.Selector(text=text, type="xml" if form == "xml selector" else "html")
    except (ValueError, etree.LxmlError):
        return None


def check_extract(page: Any, algorithm: str, url: Any = None) -> Extraction | None:
    """``extract(page)``: an Extraction with JSON-ready data, or a documented error (``None``)."""
    root = getattr(page, "root", page)
    before = _snapshot(root) if isinstance(root, etree._Element) else None
    try:
        result = extract(page, algorithm=algorithm, url=url)
    except BoilerplateError:
        result = None
    else:
        assert isinstance(result, Extraction)
        json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")
        check_outputs(result, page, url)
    if before is not None:
        assert _snapshot(root) == before, "the caller's tree was changed"
    return result


def check_start_tags(body: bytes) -> None:
    """The crowded-tag scan of ``body``: it answers, cuts exactly when it finds a crowded tag, and finds one
    after any bytes (a tag of more than ``MAX_ATTRIBUTES`` attributes at the end of the page)."""
    crowded = has_crowded_tag(body)
    kept = with_few_attributes(body)
    assert (kept is not body) is crowded and len(kept) <= len(body) - crowded
    ending = body + b"<p" + b" a" * (MAX_ATTRIBUTES + 1) + b">"
    assert has_crowded_tag(ending) and len(with_few_attributes(ending)) < len(ending)


def check_outputs(result: Extraction, page: Any, url: Any = None) -> None:
    """Every output of ``result``, each a str (an exception fails the check)."""
    outputs = [result.text, result.markdown, result.main_html, result.to_main_html(images=True), result.html or ""]
    try:
        root = to_root(page)
    except BoilerplateError:
        root = None
    outputs.append(block_view(result, root, url=url if isinstance(url, str) else None))
    if root is not None:
        check_metadata_elements(root, 3)
    assert all(isinstance(output, str) for output in outputs)
    types = result.page_type_probabilities  # the page's whole tree, walked in C
    assert not types or abs(sum(types.values()) - 1) < 1e-9


def check_metadata_elements(root: etree._Element, most: int) -> None:
    """The metadata's walk finds under ``root`` what the reading through lxml it replaced does, or
    raises ``UnicodeDecodeError`` where that does."""
    try:
        expected: object = read_metadata_elements(root, most)
    except UnicodeDecodeError:
        expected = UnicodeDecodeError
    try:
        elements = find(root, most)
        found: object = {name: getattr(elements, name) for name in (
            "json_ld", "metas", "canonical_urls", "author_titles", "title", "headings", "times")}
    except UnicodeDecodeError:
        found = UnicodeDecodeError
    assert found == expected


def read_metadata_elements(root: etree._Element, most: int) -> dict[str, object]:
    """What ``find(root, most)`` stands for (``metadata/elements.pyx``), read through lxml."""
    json_ld, metas, canonical_urls, author_titles = [], [], [], []
    for element in root.iter("script", "meta", "link"):
        if element.tag == "script":
            if (element.get("type") or "").strip().lower() == "application/ld+json":
                json_ld.append(element.text or "")
        elif element.tag == "meta":
            name = element.get("name")
            if (name or "").strip().lower() == "script:ld+json":
                json_ld.append(element.get("content") or "")
                continue
            key = element.get("property") or name or element.get("itemprop") or element.get("http-equiv") or ""
            content = element.get("content")
            if content:
                metas.append((key, content))
        else:
            rel = (element.get("rel") or "").lower().split()
            if "canonical" in rel:
                canonical_urls.append(element.get("href"))
            if "author" in rel:
                author_titles.append(element.get("title"))
    title = next(root.iter("title"), None)
    return {"json_ld": json_ld, "metas": metas, "canonical_urls": canonical_urls, "author_titles": author_titles,
            "title": (title.text or "") if title is not None else "",
            "headings": list(itertools.islice(root.iter("h1"), most)),
            "times": list(itertools.islice(root.iter("time"), most))}


def _snapshot(root: etree._Element) -> object:
    try:
        return etree.tostring(root.getroottree())
    except etree.SerialisationError:  # text that is not valid UTF-8 (&#xD800; in XML): its structure
        return [(node.tag, len(node), dict(node.attrib) if isinstance(node.tag, str) else None)
                for node in root.getroottree().iter()]
