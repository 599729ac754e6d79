"""Bytes are decoded exactly as Scrapy decodes a response's body, unless the encoding they declare cannot read them."""

from __future__ import annotations

import random

import pytest
import pytest_twisted
from conftest import PageSpider, serve
from corpus import devset_pages, requires_devset
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scrapy.http import HtmlResponse

from scrapy_boilerplate import Addon, ExtractionError, extract
from scrapy_boilerplate.html.parse import Decoded, decode, decode_page, refuse_binary, utf8_body, utf8_response

MOSCOW = "<p>" + "Москва — столица России. " * 20 + "</p>"


@pytest.mark.parametrize("body", [
    MOSCOW.encode("cp1251"),  # undeclared legacy encoding: Scrapy's detector finds it
    MOSCOW.encode("utf-8"),
    b"\xef\xbb\xbf" + MOSCOW.encode("utf-8"),  # BOM
    b'<meta charset="koi8-r">' + MOSCOW.replace("—", "-").encode("koi8-r"),
    b"<p>caf\xe9 \xff\xfe broken</p>",
    b"<p>plain ascii</p>",
    b"",
])
def test_bytes_decode_as_scrapy_decodes_a_response(body):
    assert decode(body) == HtmlResponse("http://example.com/", body=body).text


def test_content_type_charset_wins_as_in_scrapy():
    body = MOSCOW.replace("—", "-").encode("koi8-r")
    headers = {"Content-Type": "text/html; charset=koi8-r"}
    assert decode(body, "text/html; charset=koi8-r") == HtmlResponse(
        "http://example.com/", body=body, headers=headers).text


def test_undeclared_cp1251_gives_russian_text():
    (block,) = extract(MOSCOW.encode("cp1251"), stoplist="Russian").blocks
    assert block.text.startswith("Москва — столица России.")


@pytest.mark.slow
@requires_devset
def test_bytes_and_scrapy_selector_give_the_same_extraction_on_every_devset_page():
    mismatches = [
        page.key for page in devset_pages()
        if extract(page.body, url=page.url).to_dict()
        != extract(HtmlResponse(page.url, body=page.body).selector, url=page.url).to_dict()
    ]
    assert not mismatches


# Pages in legacy encodings, each with enough text for jusText's good blocks.
LEGACY = {
    "cp1251": ("Русский", "<p>" + "Москва — столица России, крупнейший по численности населения город страны "
                                  "и важный культурный центр. " * 8 + "</p>"),
    "gbk": ("中文", "<p>" + "北京是中华人民共和国的首都，也是全国的政治、文化和国际交往中心。" * 8 + "</p>"),
    "shift_jis": ("日本語", "<p>" + "東京は日本の首都であり、世界で最も人口の多い都市圏の一つとして知られています。" * 8 + "</p>"),
    "latin-1": ("Français", "<p>" + "Le café était très agréable à côté de la rivière, où l'été dure longtemps "
                                    "et où les enfants jouent. " * 8 + "</p>"),
}


def legacy_page(encoding: str, declared: str | None) -> bytes:
    title, paragraph = LEGACY[encoding]
    meta = f'<meta charset="{declared}">' if declared else ""
    return f"<html><head>{meta}<title>{title}</title></head><body>{paragraph}</body></html>".encode(encoding)


@pytest.mark.parametrize("encoding", LEGACY)
def test_a_page_declared_utf8_in_a_legacy_encoding_reads_as_when_declared_right(encoding):
    wrong, right = legacy_page(encoding, "utf-8"), legacy_page(encoding, encoding)
    # Only the declaration differs: the text, once read, differs by it alone.
    assert decode(wrong) == decode(right).replace(f'charset="{encoding}"', 'charset="utf-8"')
    assert decode_page(wrong).redetected is not None and decode_page(right).redetected is None
    assert extract(wrong).text == extract(right).text != ""


@pytest.mark.parametrize("encoding", LEGACY)
def test_a_content_type_header_declaring_utf8_is_overruled_alike(encoding):
    body = legacy_page(encoding, None)
    assert decode(body, "text/html; charset=utf-8") == decode(body, f"text/html; charset={encoding}")


#: The title and paragraphs of a news page in each encoding the web's misdeclared pages are most often in.
NEWS = {
    "euc_kr": ("뉴스 홈", ["서울시는 오늘 새로운 교통 정책을 발표했다. 이 정책은 내년부터 시행될 예정이며 시민들의 "
                          "출퇴근 시간을 줄이는 것을 목표로 한다.",
                          "시 관계자는 대중교통 노선을 확대하고 버스 배차 간격을 줄이겠다고 밝혔다.",
                          "전문가들은 이번 정책이 도시의 교통 혼잡을 크게 줄일 수 있을 것으로 기대하고 있다."]),
    "big5": ("新聞首頁", ["台北市政府今天宣布新的交通政策，預計明年開始實施，目標是縮短市民的通勤時間。",
                          "市府官員表示，將擴大大眾運輸路線並縮短公車班距，同時也會增加自行車道。",
                          "專家認為這項政策可望大幅減少城市的交通壅塞問題。"]),
    "shift_jis": ("ニュース", ["東京都は本日、新しい交通政策を発表した。この政策は来年から実施される予定で、"
                               "市民の通勤時間を短縮することを目指している。",
                               "都の担当者は、公共交通機関の路線を拡大し、バスの運行間隔を短くすると述べた。",
                               "専門家は、この政策によって都市の交通渋滞が大きく緩和されると期待している。"]),
    "gbk": ("新闻首页", ["北京市政府今天宣布了新的交通政策，预计明年开始实施，目标是缩短市民的通勤时间。",
                         "市政府官员表示，将扩大公共交通线路并缩短公交车发车间隔，同时还将增加自行车道。",
                         "专家认为这项政策有望大幅减少城市的交通拥堵问题。"]),
    "cp1251": ("Новости", ["Московское правительство сегодня объявило о новой транспортной политике.",
                           "Представители города сообщили, что маршруты общественного транспорта будут расширены.",
                           "Эксперты считают, что эта политика поможет уменьшить пробки в городе."]),
    "iso8859_2": ("Wiadomości", ["Władze miasta ogłosiły dziś nową politykę transportową, która wejdzie w życie "
                                 "w przyszłym roku.",
                                 "Urzędnicy powiedzieli, że trasy komunikacji miejskiej zostaną rozszerzone.",
                                 "Eksperci uważają, że ta polityka pomoże znacząco zmniejszyć korki w mieście."]),
    "cp1256": ("الأخبار", ["أعلنت حكومة المدينة اليوم عن سياسة نقل جديدة من المقرر أن تدخل حيز التنفيذ في العام المقبل.",
                           "وقال مسؤولون إن خطوط النقل العام سيتم توسيعها وسيتم تقليص الفترات بين الحافلات.",
                           "ويعتقد الخبراء أن هذه السياسة ستساعد في تقليل الازدحام المروري في المدينة."]),
}


def news_page(encoding: str, links: int, paragraphs: int, repeats: int) -> str:
    title, texts = NEWS[encoding]
    navigation = "".join(f'<li><a href="/{n}">{title} {n}</a></li>' for n in range(links))
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head><body>'
            f"<nav><ul>{navigation}</ul></nav><main><h1>{title}</h1>"
            + "".join(f"<p>{text * repeats}</p>" for text in texts[:paragraphs])
            + "</main><footer>(c) 2026</footer></body></html>")


@pytest.mark.parametrize("encoding", NEWS)
def test_a_news_page_declared_utf8_reads_right_whatever_its_navigation_and_length(encoding):
    # One, two or three paragraphs, once or eight times over, under 0 to 30 links of navigation:
    # the markup and the navigation's repeated title outweigh the text when read whole.
    for links in (0, 3, 10, 30):
        for paragraphs in (1, 2, 3):
            for repeats in (1, 3, 8):
                page = news_page(encoding, links, paragraphs, repeats)
                decoded = decode_page(page.encode(encoding), "text/html; charset=utf-8")
                assert decoded.text == page, (links, paragraphs, repeats, decoded.redetected)


def test_a_utf8_page_with_a_few_damaged_bytes_stays_utf8():
    # Re-reading it in a single-byte encoding would garble every other letter.
    page = MOSCOW.encode("utf-8")
    damaged = b'<meta charset="utf-8">' + page[:200] + b"\xff\xfe" + page[200:]
    decoded = decode_page(damaged)
    assert decoded.redetected is None and decoded.text.count("\ufffd") == 2
    assert decoded.text == HtmlResponse("http://example.com/", body=damaged).text


def test_replacement_characters_the_page_holds_are_no_reason_to_redetect():
    body = ('<meta charset="utf-8"><p>' + "\ufffd" * 50 + " caf\u00e9</p>").encode("utf-8")
    assert decode_page(body) == Decoded(body.decode("utf-8"))


def test_a_mostly_ascii_utf8_page_with_a_latin1_letter_reads_it():
    body = '<meta charset="utf-8"><p>A caf\u00e9 by the river, open every day of the week.</p>'.encode("latin-1")
    assert decode_page(body) == Decoded(body.decode("cp1252"), "cp1252")


def test_text_with_replacement_characters_is_not_binary_but_undecodable_bytes_are():
    # Text someone decoded wrongly keeps its markup and other letters; bytes no encoding reads are binary.
    assert extract(legacy_page("cp1251", "utf-8").decode("utf-8", "replace")).blocks
    with pytest.raises(ExtractionError, match="binary"):
        extract(bytes(range(128, 256)) * 40)


@pytest.mark.parametrize("content_type", ["text/html", "text/html; charset=utf-8", None])
def test_noise_under_the_control_share_is_binary_by_its_replacement_characters(content_type):
    # 9.9% control characters, half the rest bytes UTF-8 cannot read: every way of reading bytes refuses it.
    noise = random.Random(78).randbytes(5000)
    for read in (decode, utf8_response, lambda body, _: utf8_body(body)):
        with pytest.raises(ExtractionError, match="binary"):
            read(noise, content_type)



def _utf8_body_of(body, content_type):
    """What a response's body gives the parser the long way, or the error it raises."""
    try:
        refuse_binary(body)
        return utf8_body(decode(body, content_type))
    except ExtractionError as error:
        return str(error)


def _utf8_response(body, content_type):
    try:
        return utf8_response(body, content_type)
    except ExtractionError as error:
        return str(error)


#: Characters that tell the ways apart: spaces str.strip() takes (ASCII and beyond), NUL, control
#: characters, letters beyond ASCII, the replacement character, the byte order mark.
_TRICKY = st.sampled_from(["\x00", "\x1c", "\x1f", "\x0b", "\x85", "\xa0", "\u2003", "\u3000", "\x01", "\x7f",
                           "\ufffd", "\ufeff", "é", "Ж", "中", "😀", " ", "\n", "\t", "<", ">", "a"])
_TEXTS = st.lists(st.one_of(_TRICKY, st.text(max_size=8)), max_size=30).map("".join)
_ENDS = st.lists(_TRICKY, max_size=3).map("".join)
_DECLARATIONS = st.sampled_from(["", '<meta charset="utf-8">', '<meta charset="iso-8859-1">',
                                 '<meta charset="windows-1251">', '<?xml version="1.0" encoding="utf-8"?>'])
_BOMS = st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe"])
_CONTENT_TYPES = st.sampled_from([None, "text/html", "text/html; charset=utf-8", "text/html; charset=UTF8",
                                  "text/html; charset=latin-1", "text/html; charset=us-ascii",
                                  "text/html; charset=koi8-r", "text/html; charset=utf-16"])


@settings(max_examples=500)
@given(_BOMS, _ENDS, _DECLARATIONS, _TEXTS, _ENDS, st.sampled_from(["utf-8", "cp1252", "latin-1"]),
       st.one_of(st.just(b""), st.binary(max_size=4)), _CONTENT_TYPES)
@example(b"", "\xa0", "", "<p>a</p>", "", "utf-8", b"", None)  # a space beyond ASCII first
@example(b"\xef\xbb\xbf", "\x1c", "", "<p>a</p>", "\u3000", "utf-8", b"", None)  # and last, after a BOM
def test_a_response_body_goes_to_the_parser_as_when_decoded_and_encoded_again(bom, lead, declaration, text, trail,
                                                                             encoding, damage, content_type):
    body = bom + (lead + declaration + text + trail).encode(encoding, "replace") + damage
    assert _utf8_response(body, content_type) == _utf8_body_of(body, content_type)


@given(st.binary(max_size=64), _CONTENT_TYPES)
def test_any_bytes_go_to_the_parser_as_when_decoded_and_encoded_again(body, content_type):
    assert _utf8_response(body, content_type) == _utf8_body_of(body, content_type)


class _ReadingSpider(PageSpider):
    """Also notes what the callback's own selectors read: the title."""

    def parse(self, response):
        self.titles.append((response.url, response.css("title::text").get()))
        yield from super().parse(response)


@pytest.mark.parametrize(("raw_html", "workers"), [(False, 0), (True, 0), (False, 1)],
                         ids=["text in the item", "body in the item", "in a worker"])
@pytest_twisted.inlineCallbacks
def test_a_crawl_reads_misdeclared_pages_as_when_declared_right(crawl, raw_html, workers):
    pages = {}
    for encoding in LEGACY:
        pages[f"{encoding}-meta.html"] = ("text/html", legacy_page(encoding, "utf-8"))
        pages[f"{encoding}-header.html"] = ("text/html; charset=utf-8", legacy_page(encoding, None))
        pages[f"{encoding}-right.html"] = ("text/html", legacy_page(encoding, encoding))
    port = serve(pages)
    base = f"http://127.0.0.1:{port.getHost().port}/"
    titles: list[tuple[str, str]] = []
    try:
        outcome = yield crawl([base + name for name in pages], {"ADDONS": {Addon: 0}, "BOILERPLATE_WORKERS": workers},
                              _ReadingSpider,
                              raw_html=raw_html, titles=titles)
    finally:
        yield port.stopListening()
    texts = {item["url"].rsplit("/", 1)[1]: item["text"] for item in outcome.items}
    titles_read = {url.rsplit("/", 1)[1]: title for url, title in titles}
    for encoding, (title, _) in LEGACY.items():
        right = texts[f"{encoding}-right.html"]
        assert right and texts[f"{encoding}-meta.html"] == texts[f"{encoding}-header.html"] == right
        # The callback's response reads the page as the plugin does.
        assert titles_read[f"{encoding}-meta.html"] == titles_read[f"{encoding}-header.html"] == title
    assert outcome.stats["boilerplate/charset/redetected"] == 2 * len(LEGACY)
    assert "boilerplate/failures" not in outcome.stats
