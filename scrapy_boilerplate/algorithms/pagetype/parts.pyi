# The types of parts.pyx, which type checkers do not read.
from lxml import etree

TEXT_HOLDERS: tuple[str, ...]

class PageParts:
    tags: dict[str, int]
    text_in: dict[str, int]
    paragraphs: list[int]
    json_ld: list[str]
    metas: list[tuple[str, str | None]]
    input_types: list[str | None]
    title: str
    classes: list[str]
    itemtypes: list[str]
    itemprops: list[str]
    self_links: int
    phone_links: int
    mail_links: int
    linked_headings: int
    headings_with_id: int
    link_chars: int
    item_chars: int
    body_chars: int
    body_start: str

def read(document: etree._Element, start_size: int) -> PageParts: ...
