# The types of parts.pyx, which type checkers do not read.
from lxml import etree

from .words import Groups

TEXT_HOLDERS: tuple[str, ...]

class PageParts:
    tags: dict[str, int]
    text_in: dict[str, int]
    paragraphs: list[int]
    json_ld: list[str]
    metas: list[tuple[str, str | None]]
    input_types: list[str | None]
    title: str
    itemtypes: list[str]
    itemprops: list[str]
    class_values: int
    class_words: list[int]
    largest_alike: int
    second_alike: int
    groups_alike: int
    elements_alike: int
    largest_alike_words: list[bool]
    self_links: int
    phone_links: int
    mail_links: int
    linked_headings: int
    headings_with_id: int
    link_chars: int
    item_chars: int
    body_chars: int
    body_start: str

def read(document: etree._Element, start_size: int, class_words: Groups) -> PageParts: ...
