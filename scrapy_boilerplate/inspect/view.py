"""The coloured block view: the page as a browser shows it, each block outlined and tinted by its label.

One self-contained HTML file: the page made inert (:mod:`.sanitize`), its
blocks located by the XPaths the engine gives them, the view's own CSS
inline, a summary line and a legend on top, and the blocks the page cannot
show (an XPath that does not resolve, an element in ``<head>`` or one the
clean-up removed) listed at the end. Hovering or focusing (Tab) a block shows
its features; no script is needed for that, and a Content-Security-Policy
forbids any.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from lxml import etree

from ..html.urls import safe_url
from ..html.xpath import resolver
from ..model import Extraction, Metadata
from ..model.options import Options
from ..model.text import collapse, xml_safe
from .features import features, second_label, second_label_names, shorten, summary
from .sanitize import make_inert, make_xml_safe

#: Nothing but inline styles may load or run.
CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'"

#: Outline style of a block by its second label (jusText's context-free class, declutter's decision).
OUTLINE_STYLES = {
    "good": "solid", "bad": "solid", "near-good": "dashed", "short": "dotted",
    "kept": "solid", "blessed": "dashed", "removed": "dotted", "pruned": "double",
}

_CSS = """
[data-sb-label] { position: relative !important; cursor: help; outline-offset: -2px !important; }
[data-sb-label="good"] { background: #dcf3e2 !important; outline: 2px solid #1e8e3e !important; }
[data-sb-label="bad"] { background: #ececec !important; outline: 1px solid #9a9a9a !important;
  color: #6f6f6f !important; }
[data-sb-label="mixed"] { background: linear-gradient(90deg, #dcf3e2 50%, #ececec 50%) !important;
  outline: 2px solid #b08d00 !important; }
/* outline styles */
[data-sb-label]:focus { box-shadow: 0 0 0 3px #1a73e8 !important; }
[data-sb-badge]::before { content: attr(data-sb-badge); position: absolute; top: 0; right: 0;
  z-index: 2147483646; padding: 0 4px; border-radius: 0 0 0 4px; background: #5f6368; color: #fff;
  font: 10px/1.5 system-ui, sans-serif; font-style: normal; font-weight: normal; letter-spacing: 0;
  text-transform: none; pointer-events: none; }
[data-sb-label="good"][data-sb-badge]::before { background: #1e8e3e; }
[data-sb-info]:hover::after, [data-sb-info]:focus::after { content: attr(data-sb-info);
  position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; max-width: 36em; padding: 8px 12px;
  border-radius: 6px; background: #202124; color: #f1f3f4; box-shadow: 0 2px 10px rgba(0,0,0,.35);
  font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; font-style: normal; font-weight: normal;
  text-align: left; text-transform: none; letter-spacing: 0; white-space: pre-line; pointer-events: none; }
[data-sb-info]:hover:has([data-sb-info]:hover)::after { display: none; }
sb-bar, sb-missing { display: block !important; margin: 0 !important; padding: 10px 14px !important;
  background: #202124 !important; color: #e8eaed !important; text-align: left !important;
  font: 13px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif !important; }
sb-bar *, sb-missing * { font: inherit !important; color: inherit !important; }
sb-bar sb-title { display: block; font-weight: 600 !important; font-size: 14px !important; }
sb-bar sb-summary, sb-bar sb-metadata, sb-bar sb-pagetype { display: block; color: #bdc1c6 !important; }
sb-bar sb-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-top: 6px; }
sb-key { display: inline-flex; align-items: center; gap: 6px; }
sb-swatch { display: inline-block; width: 26px; height: 14px; box-sizing: border-box; }
sb-swatch.good { background: #dcf3e2; border: 2px solid #1e8e3e; }
sb-swatch.bad { background: #ececec; border: 1px solid #9a9a9a; }
sb-swatch.mixed { background: linear-gradient(90deg, #dcf3e2 50%, #ececec 50%); border: 2px solid #b08d00; }
sb-swatch.line { background: transparent; border: 0; border-bottom: 2px #e8eaed; height: 9px; }
sb-missing { margin-top: 24px !important; }
sb-missing table { border-collapse: collapse; margin-top: 6px; }
sb-missing td, sb-missing th { padding: 2px 10px 2px 0; text-align: left; vertical-align: top; }
sb-missing .good { color: #81c995 !important; }
"""


def block_view(extraction: Extraction, root: etree._Element | None, *, options: Options | None = None,
               url: str | None = None, name: str | None = None) -> str:
    """The view of ``extraction`` as an HTML document, ``root`` being the page its XPaths refer to.

    ``root`` is copied, not changed; ``None`` (a page without elements)
    gives a view listing the blocks only. ``url`` makes the page's links
    absolute; the view's title shows ``name`` (by default the URL).
    """
    name = name or url or "page"
    page = copy.deepcopy(root) if root is not None else etree.fromstring("<html><body></body></html>",
                                                                         etree.HTMLParser())
    make_xml_safe(page)  # before any text of it is read: a caller's tree may hold what lxml cannot decode
    exported = [block.to_dict() for block in extraction.blocks]
    located = _locate(page, {block["xpath"] for block in exported})
    by_element: dict[etree._Element, list[int]] = {}
    squeezed: dict[etree._Element, str] = {}
    for number, block in enumerate(exported, 1):
        element = located.get(block["xpath"])
        if element is not None and not _in_head(element):
            for part in _extent(element, block["text"], squeezed):
                by_element.setdefault(part, []).append(number)
    for element, numbers in by_element.items():
        _mark(element, [(number, exported[number - 1]) for number in numbers])
    make_inert(page)
    shown = {int(number) for element in page.iter() if isinstance(element.tag, str)
             for number in (element.get("data-sb-blocks") or "").split()}
    missing = [(number, block) for number, block in enumerate(exported, 1) if number not in shown]
    if url:
        _absolute_links(page, url)
    head, body = _head_and_body(page)
    _prepare_head(head, name)
    body.insert(0, _bar(extraction, options, name, exported))
    if missing:
        body.append(_missing(missing, located))
    return etree.tostring(page, method="html", encoding="unicode", doctype="<!DOCTYPE html>")


def _locate(root: etree._Element, wanted: set[str]) -> dict[str, etree._Element]:
    """The element at each of the ``wanted`` XPaths that resolves."""
    resolve = resolver(root)
    return {path: element for path in wanted if (element := resolve(path)) is not None}


def _extent(start: etree._Element, text: str, squeezed: dict[etree._Element, str]) -> list[etree._Element]:
    """The elements a block's text covers: ``start`` (where its XPath points) and, for a block
    whose text goes on past it (boilerpipe fuses blocks), the ancestor or following siblings
    holding the rest. Texts are compared without whitespace; ``squeezed`` keeps each element's
    text so that many blocks in one element do not read it again each (linear time)."""
    wanted = _squeezed(text)
    covered = _squeezed_text(start, squeezed)
    if len(covered) >= len(wanted) or not wanted.startswith(covered):
        return [start]
    parent = start.getparent()
    while parent is not None and parent.tag not in ("body", "html"):
        within = _squeezed_text(parent, squeezed)
        if len(within) > len(wanted) or not wanted.startswith(within):
            break
        start, covered, parent = parent, within, parent.getparent()
    extent = [start]
    position = len(covered)
    position += _covers(wanted, position, _squeezed(start.tail or ""))
    for sibling in start.itersiblings():
        if position >= len(wanted):
            break
        if isinstance(sibling.tag, str):
            more = _squeezed_text(sibling, squeezed)
            if len(more) > len(wanted) - position or not wanted.startswith(more, position):
                break
            extent.append(sibling)
            position += len(more)
        # a comment's tail, like an element's, is text that follows it
        position += _covers(wanted, position, _squeezed(sibling.tail or ""))
    return extent


def _covers(wanted: str, position: int, more: str) -> int:
    """How far ``more`` moves the position in ``wanted`` (its length; the rest of ``wanted`` and
    more when it does not match, which ends the walk)."""
    return len(more) if wanted.startswith(more, position) else len(wanted) + 1


def _squeezed_text(element: etree._Element, squeezed: dict[etree._Element, str]) -> str:
    text = squeezed.get(element)
    if text is None:
        text = squeezed[element] = _squeezed(_text(element))
    return text


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _in_head(element: etree._Element) -> bool:
    return element.tag == "head" or any(ancestor.tag == "head" for ancestor in element.iterancestors())


def _mark(element: etree._Element, blocks: list[tuple[int, dict]]) -> None:
    labels = {block["label"] for _, block in blocks}
    label = labels.pop() if len(labels) == 1 else "mixed"
    seconds = list(dict.fromkeys(second_label(block) for _, block in blocks))
    element.set("data-sb-label", label)
    element.set("data-sb-blocks", " ".join(str(number) for number, _ in blocks))
    if len(seconds) == 1 and seconds[0]:
        element.set("data-sb-cf", xml_safe(seconds[0]))
    badge = "/".join(second for second in seconds if second and second != label)
    if badge:
        element.set("data-sb-badge", xml_safe(badge))
    element.set("data-sb-info", xml_safe("\n\n".join(_info(number, block) for number, block in blocks)))
    element.set("tabindex", "0")


def _info(number: int, block: dict) -> str:
    lines = [f"block {number}: {block['label']}"]
    lines += [f"{name}: {value}" for name, value in features(block) if name != "label"]
    return "\n".join(lines)


def _absolute_links(root: etree._Element, url: str) -> None:
    for anchor in root.iter("a"):
        href = anchor.get("href")
        if href and not href.startswith("#"):
            target = safe_url(href, url)
            if target is None:
                del anchor.attrib["href"]
            else:
                anchor.set("href", target)


def _head_and_body(root: etree._Element) -> tuple[etree._Element, etree._Element]:
    head, body = root.find("head"), root.find("body")
    if head is None:
        head = etree.Element("head")
        root.insert(0, head)
    if body is None:
        body = etree.SubElement(root, "body")
    return head, body


def _prepare_head(head: etree._Element, name: str) -> None:
    for meta in head.findall("meta"):
        if meta.get("charset") is not None or (meta.get("http-equiv") or "").lower() in (
                "content-type", "content-security-policy"):
            head.remove(meta)
    title = head.find("title")
    if title is None:
        title = etree.SubElement(head, "title")
    title.text = xml_safe(f"Blocks: {(title.text or '').strip() or name}")
    policy = etree.Element("meta", {"http-equiv": "Content-Security-Policy", "content": CONTENT_SECURITY_POLICY})
    head.insert(0, policy)
    head.insert(0, etree.Element("meta", {"charset": "utf-8"}))
    style = etree.SubElement(head, "style")
    style.text = _CSS.replace("/* outline styles */", "\n".join(
        f'[data-sb-cf="{value}"] {{ outline-style: {outline} !important; }}'
        for value, outline in OUTLINE_STYLES.items()))


def _bar(extraction: Extraction, options: Options | None, name: str, exported: list[dict]) -> etree._Element:
    bar = etree.Element("sb-bar")
    etree.SubElement(bar, "sb-title").text = xml_safe(f"scrapy_boilerplate · {name}")
    etree.SubElement(bar, "sb-summary").text = xml_safe(summary(extraction, options))
    if extraction.metadata is not None:
        etree.SubElement(bar, "sb-metadata").text = xml_safe(metadata_line(extraction.metadata))
    types = extraction.page_type_probabilities
    if types:
        kinds = sorted(types, key=types.__getitem__, reverse=True)
        etree.SubElement(bar, "sb-pagetype").text = "page type: " + ", ".join(
            f"{kind} {types[kind]:.0%}" for kind in kinds[:3])
    legend = etree.SubElement(bar, "sb-legend")
    labels = {block["label"] for block in exported}
    _key(legend, "good", "good: main text")
    _key(legend, "bad", "bad: boilerplate")
    seconds = {second_label(block) for block in exported}
    styled = [value for value in OUTLINE_STYLES if value in seconds]
    if any(OUTLINE_STYLES[value] != "solid" for value in styled):
        etree.SubElement(legend, "sb-key").text = f"outline, by {second_label_names(exported)[1]}:"
        for value in styled:
            _key(legend, "line", value, OUTLINE_STYLES[value])
    if labels - {"good", "bad"} or _shares_elements(exported):
        _key(legend, "mixed", "element starting good and bad blocks")
    etree.SubElement(legend, "sb-key").text = (
        f"a corner tag: the {second_label_names(exported)[1]}, where it differs from the label · "
        "untinted text: in no block · hover or Tab to a block for its features")
    return bar


def metadata_line(metadata: Metadata) -> str:
    """The page's metadata in one line: what is found, named; "no metadata" if nothing is."""
    named = [("headline", metadata.title), ("by", ", ".join(metadata.authors)),
             ("published", metadata.date_published), ("modified", metadata.date_modified),
             ("language", metadata.language), ("site", metadata.site_name),
             ("canonical", metadata.canonical_url), ("image", metadata.image),
             ("refused or capped", ", ".join(metadata.invalid))]
    return " · ".join(f"{name}: {value}" for name, value in named if value) or "no metadata"


def _key(legend: etree._Element, swatch: str, text: str, outline: str | None = None) -> None:
    key = etree.SubElement(legend, "sb-key")
    mark = etree.SubElement(key, "sb-swatch", {"class": swatch})
    if outline is not None:
        mark.set("style", f"border-bottom-style: {outline}")
    mark.tail = text


def _shares_elements(exported: Iterable[dict]) -> bool:
    labels: dict[str, set[str]] = {}
    for block in exported:
        labels.setdefault(block["xpath"], set()).add(block["label"])
    return any(len(found) > 1 for found in labels.values())


def _missing(missing: list[tuple[int, dict]], located: dict[str, etree._Element]) -> etree._Element:
    section = etree.Element("sb-missing")
    etree.SubElement(section, "sb-title").text = f"{len(missing)} block(s) not shown in the page above"
    table = etree.SubElement(section, "table")
    header = etree.SubElement(table, "tr")
    for heading in ("#", "label", "why", "xpath", "text"):
        etree.SubElement(header, "th").text = heading
    for number, block in missing:
        row = etree.SubElement(table, "tr", {"class": block["label"]})
        element = located.get(block["xpath"])
        if element is None:
            why = "its XPath does not resolve"
        elif _in_head(element):
            why = "in <head>"
        else:
            why = "inside a script, frame or embed the view removes"
        for cell in (str(number), block["label"], why, block["xpath"], shorten(collapse(block["text"]), 160)):
            etree.SubElement(row, "td").text = xml_safe(cell)
    return section


def _text(element: etree._Element) -> str:
    """All the text under ``element`` (lxml's stubs type a text node as ``str | bytes``; an HTML tree's are ``str``)."""
    return "".join(str(text) for text in element.itertext())
