"""Pages no stoplist covers, in scripts written without spaces: jusText's language-independent
mode under ``stoplist="auto"``, with lengths that mean the same in Chinese as in English."""

from __future__ import annotations

import pytest

from scrapy_boilerplate import extract
from scrapy_boilerplate.algorithms.justext.language import unspaced_language

# A plain news page: a menu, five paragraphs of 60 to 130 characters, a footer.
CHINESE_PARAGRAPHS = (
    "益水之阳，是名益阳。这个洞庭湖区的重要城市，六十年前就曾在作家周立波笔下的《山乡巨变》中展现风貌。"
    "六十年后，数字农业、数字治理、数字社会，无一不在继续书写这座山乡之城的传奇。",
    "无土栽培、立体种植、智能调控、四季生产，在益阳一个智慧农业园区里，物联网、大数据等技术，"
    "对农业生产进行智能感知、智能预警、智能决策，精准使用水、肥、药，赋予农产品一张张身份证。",
    "数字化农业的甜头，小农户在销售产品中感受更深。在售卖平台上，村民只需拍几张照片，编辑小段文字，"
    "就可把家里种的稻谷、蔬菜挂到网上，不出家门就能卖到全国各地。",
    "益阳还引进各大电商等入驻村级便民服务点，构建互联网农产品直销基地模式，为当地优质特产插上飞往全国的翅膀。",
    "从数字经济，到数字治理，再到数字社会，益阳的发展蓝海正不断拓展。市委书记认为，只有抓住互联网、"
    "大数据、人工智能的机遇，才能实现跨越式发展。",
)
CHINESE_PAGE = ("<html><body><div><a href='/'>首页</a> <a href='/news'>新闻</a> <a href='/about'>关于我们</a></div>"
                "<h1>益阳：数字是优长</h1>" + "".join(f"<p>{text}</p>" for text in CHINESE_PARAGRAPHS)
                + "<div><a href='/contact'>联系我们</a> | <a href='/map'>网站地图</a></div></body></html>")
JAPANESE = "今日は東京で新しい図書館が開館しました。多くの市民が朝早くから列を作り、開館を待っていました。" * 3
THAI = "วันนี้ห้องสมุดแห่งใหม่ได้เปิดให้บริการในกรุงเทพมหานคร ประชาชนจำนวนมากมารอตั้งแต่เช้าเพื่อเข้าชม " * 4


def test_a_plain_chinese_page_gives_its_article():
    extraction = extract(CHINESE_PAGE)
    assert extraction.language == "Chinese"
    for paragraph in CHINESE_PARAGRAPHS:
        assert paragraph in extraction.text
    assert "首页" not in extraction.text and "网站地图" not in extraction.text


@pytest.mark.parametrize("algorithm", ["justext", "learned"])
def test_the_detected_language_is_reported(algorithm):
    assert extract(CHINESE_PAGE, algorithm=algorithm).language == "Chinese"
    assert extract(f"<p>{JAPANESE}</p>", algorithm=algorithm).language == "Japanese"
    assert extract(f"<p>{THAI}</p>", algorithm=algorithm).language == "Thai"


def test_learned_reads_japanese_without_its_furigana():
    # Pages for learners print the reading of each kanji above it (ruby): in the text, the readings
    # would split every word ("子こどもへの虐待ぎゃくたい").
    furigana = {"東京": "とうきょう", "図書館": "としょかん", "開館": "かいかん", "市民": "しみん"}
    annotated = JAPANESE
    for word, reading in furigana.items():
        annotated = annotated.replace(word, f"<ruby>{word}<rt>{reading}</rt></ruby>")
    text = extract(f"<html><body><p>{annotated}</p></body></html>", algorithm="learned").text
    assert text == JAPANESE
    # jusText keeps the readings, as the reference does.
    assert "東京とうきょう" in extract(f"<html><body><p>{annotated}</p></body></html>").blocks[0].text


def test_thai_keeps_the_thresholds_in_letters():
    assert extract(f"<p>{THAI}</p>").text == THAI.strip()
    assert extract(f"<p>{THAI[:60]}</p>").text == ""  # shorter than length_low, 70 letters


def test_an_explicit_stoplist_stays_the_reference_mode():
    # stoplist=None is jusText's own language-independent mode, with lengths in characters unscaled:
    # every paragraph is near-good, none good, so all are bad (what justext 3.0.2 gives).
    extraction = extract(CHINESE_PAGE, stoplist=None)
    assert extraction.language is None
    assert extraction.text == ""


@pytest.mark.parametrize(("texts", "language"), [
    (["中文的句子，没有空格。"], "Chinese"),
    (["日本語の文です。ひらがなとカタカナ。"], "Japanese"),
    (["ภาษาไทยไม่มีช่องว่างระหว่างคำ"], "Thai"),
    (["Plain English words, and a few 中文 characters"], None),
    (["12345 !!!"], None),
    ([], None),
])
def test_unspaced_language(texts, language):
    assert unspaced_language(texts) == language
