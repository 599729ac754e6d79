"""Makes the structured reference of ``fidelity.py``: what of each sampled page's main content a
Markdown rendering should keep, as lists of items, never the page itself.

For a corpus page, the main content's region is the deepest element holding
80% of the text of the page's paragraphs, items and cells that the corpus's
reference main text (trainset, classic) holds, or that hold a ``with``
snippet (devset). In it, each construct whose text the main text holds (on
the devset: that holds no ``without`` snippet) is an item: the headings, the
list items' own text, the cells of data tables (two rows or more, two cells
wide, no table, heading or quote inside), each line of a ``pre`` as written (line-number gutters
aside), the quotes, the links' absolute URLs and the images' (each with every
URL it may be loaded from: ``src``, lazy-loading attributes, ``srcset``; not
those declared 1 pixel wide or high, nor icons, both sides under 48 pixels). The
pages are sampled for their constructs, in key order: a quarter with a data
table, a quarter with code, a quarter with images, a quarter of others. The result was read through by eye (see
``docs/developer/benchmarks.rst``); constructed pages keep a reference written by hand.

    python benchmarks/fidelity_reference.py [--per-corpus N] > tests/data/fidelity/reference.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from urllib.parse import urljoin

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classic  # noqa: E402
import devset  # noqa: E402
import trainset  # noqa: E402
from lxml import etree  # noqa: E402

from scrapy_boilerplate.html.parse import parse  # noqa: E402

_TEXT_TAGS = ("p", "li", "td", "th", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "dd", "dt")
_GUTTER = re.compile(r"gutter|lineno|line-numbers-rows|linenos")
_SRCSET_SPLIT = re.compile(r",\s+")
SKIP = ("script", "style", "noscript", "template")
_BREAKS = frozenset({"br", "p", "div", "li", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"})


def norm(text: str) -> str:
    """Text compared: lower case, whitespace collapsed, without zero-width characters."""
    return " ".join(re.sub("[\u00ad\u200b-\u200d\u2060\ufeff]", "", text).lower().split())


def text_of(element: etree._Element, *, without: tuple[str, ...] = ()) -> str:
    """The text of ``element`` as shown, scripts and the elements ``without`` aside, elements that
    are not inline apart."""
    parts: list[str] = []
    walker = etree.iterwalk(element, events=("start", "end"))
    for event, node in walker:
        if event == "start":
            if node is not element and (not isinstance(node.tag, str) or node.tag in SKIP or node.tag in without):
                walker.skip_subtree()
                continue
            parts.append(node.text or "" if node.tag not in _BREAKS else " ")
        elif node is not element:
            parts.append((" " if node.tag in _BREAKS else "") + (node.tail or ""))
    return " ".join("".join(parts).split())


def region(root: etree._Element, inside: callable) -> etree._Element | None:
    weights: dict[etree._Element, int] = {}
    total = 0
    for element in root.iter(*_TEXT_TAGS):
        text = " ".join("".join(element.itertext()).split())
        if len(text) < 25 or not inside(element, text):
            continue
        total += len(text)
        for ancestor in [element, *element.iterancestors()]:
            weights[ancestor] = weights.get(ancestor, 0) + len(text)
    if not total:
        return None
    best = None
    for element, weight in weights.items():
        if weight >= 0.8 * total and (best is None or len(list(element.iterancestors())) > len(list(best.iterancestors()))):
            best = element
    return best


def code_lines(pre: etree._Element) -> list[str]:
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        if node is not pre and isinstance(node.tag, str) and _GUTTER.search(node.get("class") or ""):
            parts.append(node.tail or "")
            return
        if node.tag == "br":
            parts.append("\n")
        elif isinstance(node.tag, str):
            parts.append(node.text or "")
            for child in node:
                walk(child)
        if node is not pre:
            parts.append(node.tail or "")

    walk(pre)
    return [line.rstrip() for line in "".join(parts).split("\n") if line.strip()]


def image_sources(image: etree._Element, url: str) -> list[str]:
    values = [image.get(name) for name in ("src", "data-src", "data-lazy-src", "data-original", "data-url")]
    holders = [image]
    if image.getparent() is not None and image.getparent().tag == "picture":
        holders.extend(image.getparent().iterchildren("source"))
    for holder in holders:
        for name in ("srcset", "data-srcset"):
            for candidate in _SRCSET_SPLIT.split(holder.get(name) or ""):
                if candidate.split():
                    values.append(candidate.split()[0])
    return sorted({urljoin(url, value.strip()) for value in values
                   if value and value.strip() and not value.strip().startswith("data:")})


def is_data_table(table: etree._Element) -> bool:
    rows = table.xpath("./tr|./thead/tr|./tbody/tr|./tfoot/tr")
    return (len(rows) >= 2 and any(len(row.xpath("./td|./th")) >= 2 for row in rows)
            and not table.xpath(".//table|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//blockquote"))


def reference(html: str, url: str, main: str | None, with_snippets: tuple[str, ...] = (),
              without_snippets: tuple[str, ...] = ()) -> dict | None:
    root = parse(html, url=url or None)
    if root is None:
        return None
    main_text = norm(main or "")
    withs = [norm(snippet) for snippet in with_snippets]
    withouts = [norm(snippet) for snippet in without_snippets]

    def holds(element: etree._Element, text: str) -> bool:
        text = norm(text)
        if main is not None:
            return bool(text) and text in main_text
        return bool(text) and not any(snippet in text for snippet in withouts)

    def has_snippet(element: etree._Element, text: str) -> bool:
        text = norm(text)
        return any(snippet in text for snippet in withs) and not any(snippet in text for snippet in withouts)

    top = region(root, holds if main is not None else has_snippet)
    if top is None:
        return None

    def kept(element: etree._Element, text: str) -> bool:
        return bool(norm(text)) and holds(element, text)

    items: dict[str, list] = {kind: [] for kind in
                              ("headings", "list items", "table cells", "code lines", "quotes", "links", "images")}
    for heading in top.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        text = text_of(heading)
        if kept(heading, text):
            items["headings"].append(text)
    for item in top.iter("li"):
        text = text_of(item, without=("ul", "ol", "table"))  # the item's own text
        if kept(item, text) and not item.xpath("ancestor::nav"):
            items["list items"].append(text)
    for table in top.iter("table"):
        if not is_data_table(table):
            continue
        cells = [text_of(cell) for cell in table.xpath(".//td|.//th")]
        shown = [cell for cell in cells if cell]
        if shown and sum(kept(table, cell) for cell in shown) >= 0.5 * len(shown):
            items["table cells"].extend(shown)
    for pre in top.iter("pre"):
        if _GUTTER.search(pre.get("class") or "") and "line-numbers" not in (pre.get("class") or ""):
            continue
        if pre.xpath("ancestor::*[contains(@class, 'gutter') or contains(@class, 'linenos')]"):
            continue
        lines = code_lines(pre)
        # The main text holds most of its lines (whitespace aside, in whatever lines it broke them).
        if lines and sum(kept(pre, line) for line in lines) >= 0.5 * len(lines):
            items["code lines"].extend(lines)
    for quote in top.iter("blockquote"):
        if quote.xpath("ancestor::blockquote"):
            continue
        text = text_of(quote)
        if kept(quote, text):
            items["quotes"].append(text)
    for anchor in top.iter("a"):
        href = (anchor.get("href") or "").strip()
        text = text_of(anchor)
        if href and not href.startswith(("#", "javascript:", "mailto:")) and kept(anchor, text):
            items["links"].append(urljoin(url, href))
    for image in top.iter("img"):
        if image.get("width") in ("0", "1") or image.get("height") in ("0", "1"):
            continue
        width, height = (image.get(name, "").strip().removesuffix("px") for name in ("width", "height"))
        if width.isdigit() and height.isdigit() and int(width) < 48 and int(height) < 48:
            continue  # an icon, a bullet
        # An image of the main content: the nearest element around it holding text holds main text.
        holder = next((ancestor for ancestor in image.iterancestors() if len(text_of(ancestor)) >= 25), None)
        if holder is None or not holds(holder, text_of(holder)[:300]) and not any(
                holds(child, text_of(child)) for child in holder.iter(*_TEXT_TAGS) if len(text_of(child)) >= 25):
            continue
        sources = image_sources(image, url)
        if sources:
            items["images"].append(sources)
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-corpus", type=int, default=22, help="pages sampled from each corpus")
    args = parser.parse_args()
    chosen: dict[str, dict] = {}
    for corpus, pages in (("devset", devset.pages()), ("trainset", trainset.pages()), ("classic", classic.pages())):
        # A quarter of the sample each: pages with a data table, with code, with images, and others.
        wanted = {"table cells": args.per_corpus // 4, "code lines": args.per_corpus // 4, "images": args.per_corpus // 4}
        wanted["other"] = args.per_corpus - sum(wanted.values())
        sample: list[tuple[str, dict]] = []
        for page in pages:
            main_content = getattr(page, "main_content", None)
            items = reference(page.text, page.url, main_content, page.with_snippets, page.without_snippets)
            if items is None or not any(items.values()):
                continue
            kind = next((kind for kind in ("table cells", "code lines", "images") if len(items[kind]) >= 3), "other")
            if wanted[kind] > 0:
                wanted[kind] -= 1
                sample.append((page.key, {"corpus": corpus, "url": page.url, **items}))
            if not any(wanted.values()):
                break
        chosen.update((f"{corpus}/{key}", entry) for key, entry in sample)
        print(f"{corpus}: {len(sample)} pages (short of {wanted})", file=sys.stderr)
    json.dump(chosen, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
