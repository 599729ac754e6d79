# The types of elements.pyx, which type checkers do not read.
from lxml import etree

class PageElements:
    json_ld: list[str]
    metas: list[tuple[str, str]]
    canonical_urls: list[str | None]
    author_titles: list[str | None]
    title: str
    headings: list[etree._Element]
    times: list[etree._Element]

def find(root: etree._Element, most: int) -> PageElements: ...
