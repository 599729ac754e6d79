"""Structure kept by ``Extraction.markdown``, on the devset and the trainset, against trafilatura's Markdown.

For every algorithm and page: the headings, list items and table rows that
the good blocks start in (their XPaths' ``h1``-``h6`` and ``li`` steps, and the
``tr`` of a block starting in a ``td`` or ``th``),
how many of them the Markdown holds (CommonMark with tables, read by
markdown-it-py), and whether the Markdown's text, and the clean HTML's, hold
``.text``'s words in the same order (they may hold more: a table written whole,
a listing as written). Then the headings and list items of
trafilatura's Markdown output on the same pages (``pip install -e ".[bench]"``).

    python benchmarks/markdown.py [--limit N] [--no-trafilatura]
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

# The read-back the tests check the renderings with, on every page here.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from readback import PARSER, html_words, in_order, markdown_words  # noqa: E402

from scrapy_boilerplate import ALGORITHMS, Extraction, extract  # noqa: E402

_HEADING_STEP = re.compile(r"/h[1-6]\[\d+\]")
_ITEM_STEP = re.compile(r"/li\[\d+\]")
_ROW_STEP = re.compile(r"/tr\[\d+\](?=/t[dh]\[\d+\]$)")  # the row of a cell holding the block's text


def structure_counts(markdown: str) -> Counter:
    """Headings, list items and table rows (header rows included) of ``markdown``."""
    kinds = {"heading_open": "headings", "list_item_open": "list items", "tr_open": "table rows"}
    return Counter(kinds[token.type] for token in PARSER.parse(markdown) if token.type in kinds)


def block_counts(extraction: Extraction) -> Counter:
    """The distinct headings, list items and table rows (of cells holding text) where good blocks start."""
    found: dict[str, set[str]] = {"headings": set(), "list items": set(), "table rows": set()}
    for block in extraction.blocks:
        if not block.is_good:
            continue
        for kind, step in (("headings", _HEADING_STEP), ("list items", _ITEM_STEP), ("table rows", _ROW_STEP)):
            for match in step.finditer(block.xpath):
                found[kind].add(block.xpath[:match.end()])
    return Counter({kind: len(paths) for kind, paths in found.items()})


def main() -> None:
    parser = devset.argument_parser(__doc__)
    parser.add_argument("--no-trafilatura", action="store_true", help="skip the comparison with trafilatura")
    args = parser.parse_args()
    corpora = {"devset": [(page.key, page.url, page.text) for page in devset.pages(args.limit)],
               "trainset": [(page.key, page.url, page.text) for page in trainset.pages(args.limit)]
               if trainset.available() else []}
    trafilatura = None
    if not args.no_trafilatura:
        import trafilatura
    kinds = ("headings", "list items", "table rows")
    rows = []
    for corpus, pages in corpora.items():
        if not pages:
            print(f"{corpus}: not found, skipped")
            continue
        for name in ALGORITHMS:
            in_blocks, in_markdown, kept = Counter(), Counter(), Counter()
            text_differs = html_differs = 0
            for _key, url, html in pages:
                extraction = extract(html, url=url, algorithm=name)
                markdown = extraction.markdown
                words = extraction.text.split()
                text_differs += not in_order(words, markdown_words(markdown))
                html_differs += not in_order(words, html_words(extraction.main_html))
                blocks, rendered = block_counts(extraction), structure_counts(markdown)
                in_blocks.update(blocks)
                in_markdown.update(rendered)
                kept.update({kind: min(blocks[kind], rendered[kind]) for kind in kinds})
            print(f"{corpus} {name}: {len(pages)} pages; Markdown misses words of .text on {text_differs}, "
                  f"clean HTML on {html_differs}", flush=True)
            rows.append((corpus, name, in_blocks, in_markdown, kept))
        if trafilatura is not None:
            theirs = Counter()
            for _key, url, html in pages:
                output = trafilatura.extract(html, url=url, output_format="markdown") or ""
                theirs.update(structure_counts(output))
            rows.append((corpus, "trafilatura " + trafilatura.__version__, None, theirs, None))

    print("\nheadings / list items / table rows: in the good blocks (their XPaths), in the Markdown, "
          "and how many of the former the Markdown keeps (per page, at most the former)")
    print(f"{'corpus':<9} {'extractor':<22}" + "".join(f" {kind + ' (blocks, md, kept)':>34}" for kind in kinds))
    for corpus, name, in_blocks, in_markdown, kept in rows:
        cells = []
        for kind in kinds:
            if in_blocks is None:
                cells.append(f"{'-':>10} {in_markdown[kind]:>7} {'-':>15}")
            else:
                share = kept[kind] / in_blocks[kind] if in_blocks[kind] else 1.0
                cells.append(f"{in_blocks[kind]:>10} {in_markdown[kind]:>7} {kept[kind]:>7} ({share:5.1%})")
        print(f"{corpus:<9} {name:<22}" + "".join(f" {cell:>34}" for cell in cells))


if __name__ == "__main__":
    main()
