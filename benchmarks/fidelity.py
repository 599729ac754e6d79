"""How much of a page's structure each Markdown keeps: headings, list items, table cells, code
lines (indentation compared), quotes, links and images of a structured reference.

The reference (``tests/data/fidelity/reference.json``, made by
``fidelity_reference.py`` and read through by eye) lists what of each sampled
corpus page's main content a rendering should keep; the constructed pages of
``tests/data/fidelity/constructed/`` hold one construct each, with their
reference beside them. Each contender's Markdown is read as CommonMark with
tables (markdown-it-py): per kind, the share of the reference's items found
in it (recall) and the share of its items that are the reference's (precision),
summed over the pages. Contenders: every algorithm's ``to_markdown(images=True)``,
trafilatura's Markdown (links, images and tables on), and readability-lxml's
article converted by markdownify (``pip install -e ".[bench]"``).

    python benchmarks/fidelity.py [--only NAME] [--constructed-only]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classic  # noqa: E402
import devset  # noqa: E402
import trainset  # noqa: E402
from fidelity_reference import norm  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from readback import PARSER  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, extract  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "fidelity"
KINDS = ("headings", "list items", "table cells", "code lines", "quotes", "links", "images")
_TEXT_KINDS = ("headings", "list items", "quotes")


def items(markdown: str, url: str) -> dict[str, list]:
    """The items of each kind in ``markdown``, URLs made absolute against ``url``."""
    found: dict[str, list] = {kind: [] for kind in KINDS}
    tokens = PARSER.parse(markdown)
    opened: list[str] = []  # the containers open: heading, list item, cell, quote
    texts: dict[int, list[str]] = {}
    for token in tokens:
        if token.type in ("heading_open", "list_item_open", "th_open", "td_open", "blockquote_open"):
            opened.append(token.type)
            texts[len(opened)] = []
        elif token.type in ("heading_close", "list_item_close", "th_close", "td_close", "blockquote_close"):
            kind = {"heading_close": "headings", "list_item_close": "list items", "th_close": "table cells",
                    "td_close": "table cells", "blockquote_close": "quotes"}[token.type]
            text = " ".join(texts.pop(len(opened), []))
            opened.pop()
            if kind != "table cells" or text.strip():
                found[kind].append(text)
        elif token.type in ("fence", "code_block"):
            found["code lines"].extend(line.rstrip() for line in token.content.split("\n") if line.strip())
        elif token.type == "inline":
            words = []
            for child in token.children or ():
                if child.type in ("text", "code_inline"):
                    words.append(child.content)
                elif child.type in ("softbreak", "hardbreak"):
                    words.append(" ")
                elif child.type == "link_open":
                    found["links"].append(urljoin(url, child.attrs.get("href", "")))
                elif child.type == "image":
                    found["images"].append(urljoin(url, child.attrs.get("src", "")))
                    words.append(child.content)
            for level in range(1, len(opened) + 1):
                # A list item's own text: its nested items' text is theirs.
                if opened[level - 1] == "list_item_open" and level < len(opened) and "list_item_open" in opened[level:]:
                    continue
                texts[level].append("".join(words))
    return found


def score(reference: dict[str, list], output: dict[str, list]) -> dict[str, tuple[int, int, int, int]]:
    """Per kind: (reference items found, reference items, output items that are the reference's, output items)."""
    result = {}
    for kind in KINDS:
        wanted, got = reference[kind], output[kind]
        if kind == "images":  # each reference image: the URLs it may be loaded from
            sources = [set(candidates) for candidates in wanted]
            found = sum(any(url in candidates for url in got) for candidates in sources)
            right = sum(any(url in candidates for candidates in sources) for url in got)
        elif kind in ("links", "code lines", "table cells"):  # as multisets, exactly (cells: text compared)
            wanted_count = Counter(norm(item) if kind == "table cells" else item for item in wanted)
            got_count = Counter(norm(item) if kind == "table cells" else item for item in got)
            found = right = sum((wanted_count & got_count).values())
        else:  # texts: a reference item found inside an output item, and the other way round
            wanted_texts = [norm(item) for item in wanted if norm(item)]
            got_texts = [norm(item) for item in got if norm(item)]
            found = sum(any(item in text for text in got_texts) for item in wanted_texts)
            right = sum(any(item in text or text in item for item in wanted_texts) for text in got_texts)
            result[kind] = (found, len(wanted_texts), right, len(got_texts))
            continue
        result[kind] = (found, len(wanted), right, len(got))
    return result


def trafilatura_markdown(html: str, url: str) -> str:
    import trafilatura

    return trafilatura.extract(html, url=url, output_format="markdown", include_images=True, include_links=True,
                               include_tables=True, include_formatting=True) or ""


def readability_markdown(html: str, url: str) -> str:
    from markdownify import markdownify
    from readability import Document

    summary = Document(html).summary(html_partial=True)
    return markdownify(summary, heading_style="ATX", bullets="-") if summary.strip() else ""


def contenders(only: str | None) -> dict[str, Callable[[str, str], str]]:
    import readability
    import trafilatura

    found: dict[str, Callable[[str, str], str]] = {
        name: (lambda html, url, name=name: extract(html, url=url, algorithm=name).to_markdown(images=True))
        for name in ALGORITHMS}
    found[f"trafilatura {trafilatura.__version__}"] = trafilatura_markdown
    found[f"readability-lxml {getattr(readability, '__version__', '')} + markdownify".replace("  ", " ")] = (
        readability_markdown)
    return {name: function for name, function in found.items() if not only or only in name}


def pages(constructed_only: bool) -> list[tuple[str, str, str, dict]]:
    """(key, URL, HTML, reference) of each page of the reference."""
    reference = json.loads((DATA / "reference.json").read_text(encoding="utf-8"))
    constructed = json.loads((DATA / "constructed.json").read_text(encoding="utf-8"))
    found = [(f"constructed/{name}", entry["url"], (DATA / "constructed" / f"{name}.html").read_text(encoding="utf-8"),
              entry) for name, entry in sorted(constructed.items())]
    if constructed_only:
        return found
    texts: dict[str, str] = {}
    for corpus, load in (("devset", devset.pages), ("trainset", trainset.pages), ("classic", classic.pages)):
        keys = {key.partition("/")[2] for key in reference if key.startswith(corpus + "/")}
        texts.update((f"{corpus}/{page.key}", page.text) for page in load() if page.key in keys)
    return found + [(key, entry["url"], texts[key], entry) for key, entry in sorted(reference.items()) if key in texts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="only the contenders whose name contains this")
    parser.add_argument("--constructed-only", action="store_true", help="only the constructed pages")
    args = parser.parse_args()
    sample = pages(args.constructed_only)
    reference_sizes = Counter()
    for _, _, _, entry in sample:
        reference_sizes.update({kind: len(entry[kind]) for kind in KINDS})
    print(f"{len(sample)} pages ({sum(key.startswith('constructed/') for key, *_ in sample)} constructed); "
          "reference items: " + ", ".join(f"{kind} {reference_sizes[kind]}" for kind in KINDS))
    print("recall (share of the reference's items found) per kind, then precision over all kinds and per kind")
    print(f"{'contender':<38}" + "".join(f" {kind[:11]:>11}" for kind in KINDS) + f" {'precision':>9}  per kind")
    functions = contenders(args.only)
    totals = {name: {kind: [0, 0, 0, 0] for kind in KINDS} for name in functions}
    for number, (key, url, html, entry) in enumerate(sample):
        order = list(functions) if number % 2 == 0 else list(reversed(functions))  # turns, as everywhere
        for name in order:
            try:
                markdown = functions[name](html, url)
            except Exception as error:  # a contender failing on a page keeps nothing of it  # noqa: BLE001
                print(f"{name} failed on {key}: {error!r}", file=sys.stderr)
                markdown = ""
            for kind, counts in score(entry, items(markdown, url)).items():
                for index, value in enumerate(counts):
                    totals[name][kind][index] += value
    for name, kinds in totals.items():
        recalls = "".join(f" {kinds[kind][0] / kinds[kind][1]:11.1%}" if kinds[kind][1] else f" {'-':>11}"
                          for kind in KINDS)
        right = sum(kinds[kind][2] for kind in KINDS)
        written = sum(kinds[kind][3] for kind in KINDS)
        per_kind = " ".join(f"{kinds[kind][2] / kinds[kind][3]:.2f}" if kinds[kind][3] else "-" for kind in KINDS)
        print(f"{name:<38}{recalls} {right / max(written, 1):9.1%}  {per_kind}", flush=True)


if __name__ == "__main__":
    main()
