"""The learned classifier's gate: the page's columns, the trainset's model blended in where it opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ARTICLE
from hypothesis import given
from hypothesis import strategies as st

from scrapy_boilerplate import LearnedOptions, extract
from scrapy_boilerplate.algorithms import learned
from scrapy_boilerplate.algorithms.learned import address, decision, gate, kind, model
from scrapy_boilerplate.algorithms.pagetype import features as page_features
from scrapy_boilerplate.html.parse import parse

SAMPLE = Path(__file__).resolve().parent / "data" / "learned_predictions.json"
COLUMN = {name: position for position, name in enumerate(gate.names())}
CARD = ('<div class="card"><h3><a href="/course/{n}">Course {n}: rivers and floods</a></h3>'
        "<p>Twelve weeks on how rivers rise, where floods go and what towns along the banks can do.</p></div>")
LISTING = ('<html><head><title>Courses | River School</title>'
           '<meta name="viewport" content="width=device-width"></head>'
           f'<body><nav><a href="/">Home</a></nav><div class="grid">{"".join(CARD.format(n=n) for n in range(12))}'
           "</div></body></html>")


def test_the_shipped_gate_and_trainset_model_give_exactly_the_trainers_probabilities():
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    shipped = model.load()
    blocks = sample["blocks"]
    for row, probability in zip(blocks["rows"], blocks["trainset_probabilities"], strict=True):
        assert shipped.trainset_trees.probability(row) == probability
    gates = sample["gates"]
    assert len(gates["columns"]) == 20
    for columns, probability in zip(gates["columns"], gates["probabilities"], strict=True):
        assert len(columns) == shipped.gate.features == len(gate.names())
        assert shipped.gate.probability(columns) == probability


def test_the_address_and_title_columns_are_the_page_types_own():
    names = page_features.names()
    start = names.index("url product")
    assert names[start:start + len(address.address_names()) + len(address.title_names())] == [
        *address.address_names(), *address.title_names()]
    root = parse(LISTING)
    url = "https://school.example/courses/rivers-and-floods/"
    row = page_features.row(root, url)
    assert row[start:start + len(address.address_names())] == address.address_columns(url)
    assert row[start + len(address.address_names()):][:len(address.title_names())] == address.title_columns(
        gate.PageHead(root).title)


def test_the_address_columns_read_words_and_shapes():
    columns = dict(zip(address.address_names(), address.address_columns("https://shop.example/products/B0D1234XYZ")))
    assert columns["url product"] == 1 and columns["url product code"] == 1 and columns["host shop"] == 1
    assert columns["url depth"] == 2 and columns["url home page"] == 0
    home = dict(zip(address.address_names(), address.address_columns("https://example.org/")))
    assert home["url home page"] == 1 and home["url depth"] == 0
    title = dict(zip(address.title_names(), address.title_columns("  Forum: Rivers | Community  ")))
    assert title["title forum"] == 2  # "forum" and "community"
    assert title["title separators"] == 1 and title["title words"] == 4


@given(st.text())
def test_any_url_and_title_give_their_columns(text):
    assert len(address.address_columns(text)) == len(address.address_names())
    assert len(address.address_columns("http://" + text)) == len(address.address_names())
    assert len(address.title_columns(text)) == len(address.title_names())


def test_the_row_sums_are_the_pages_means():
    width = len(learned.features.names())
    chars, link_density = learned.features.names().index("chars"), learned.features.names().index("link_density")
    short, long = [0.0] * width, [0.0] * width
    short[chars], short[link_density] = 10.0, 1.0
    long[chars], long[link_density] = 30.0, 0.0
    sums = gate.RowSums()
    for row in (short, None, long):
        sums.add(row)
    values = dict(zip(gate.names(), sums.columns()))
    assert (values["blocks"], values["scored blocks"], values["scored share"]) == (3.0, 2.0, 2 / 3)
    assert values["mean link_density"] == 0.5
    assert values["chars' mean link_density"] == 0.25  # weighed by their characters
    assert gate.RowSums().columns()[:3] == [0.0, 0.0, 0.0]  # a page of no blocks


def test_the_page_head_gives_its_title_and_viewport():
    head = gate.PageHead(parse(LISTING).find("body"))  # given a part of the page, the page's head
    assert (head.title, head.viewport) == ("Courses | River School", True)
    bare = gate.PageHead(parse("<html><body><p>Text</p></body></html>"))
    assert (bare.title, bare.viewport) == ("", False)
    assert (gate.PageHead().title, gate.PageHead().viewport) == ("", False)


def test_the_gate_opens_only_on_a_page_made_for_phones():
    columns = [0.0] * len(gate.names())
    assert not gate.opens(0.99, columns)
    columns[COLUMN["viewport"]] = 1.0
    assert gate.opens(gate.OPENS_AT, columns) and not gate.opens(gate.OPENS_AT - 0.01, columns)
    assert gate.blended([0.2, 0.0], [0.6, 0.0]) == pytest.approx([0.4, 0.0])


def test_a_pages_rows_made_again_are_the_same():
    root = parse(LISTING)
    paragraphs, blocks, _ = learned.justext.classify(root, LearnedOptions(), learned.LearnedBlock)
    types = kind.declared_types(root)
    made = learned.featurize(parse(LISTING), LearnedOptions())[1]
    assert any(row is None for row in made) and any(row is not None for row in made)
    for hold in (False, True):  # written again, or read where the first pass held them
        page_rows = learned.features.PageRows(paragraphs, blocks, types)
        unfinished = page_rows.iterate(shared=True, hold=hold)
        next(unfinished)  # a pass left before its end holds nothing for the next
        unfinished.close()
        passes = [[None if row is None else row.tolist() for row in page_rows.iterate(shared=True, hold=hold)]
                  for _ in range(3)]
        assert passes[0] == passes[1] == passes[2] == made


def test_a_repeated_long_block_goes_on_a_gated_page():
    card, note = "A card of a listing, shown once in the grid and again in a row of those viewed. " * 2, "Pros"
    texts = [card, note, card, note, "Other text"]
    assert decision.without_repeats([True, True, True, True, False], texts) == [True, True, False, True, False]
    assert decision.without_repeats([False, True, True, True, True], texts) == [False, True, True, True, True]


def test_a_gated_page_has_the_trainset_models_say(monkeypatch):
    root = parse(LISTING)
    blocks, rows, _ = learned.featurize(root, LearnedOptions())
    shipped = model.load()
    ours, theirs = shipped.probabilities(rows), shipped.probabilities(rows, shipped.trainset_trees)
    assert ours != theirs
    found = {}
    kept = decision.kept

    def noting(probabilities, *args, recall_weight, repeats_out, **kwargs):
        found.update(probabilities=list(probabilities), recall_weight=recall_weight, repeats_out=repeats_out)
        return kept(probabilities, *args, recall_weight=recall_weight, repeats_out=repeats_out, **kwargs)

    monkeypatch.setattr(decision, "kept", noting)
    monkeypatch.setattr(gate, "OPENS_AT", 0.0)  # whatever the trees say of this small page
    learned.run(parse(LISTING), LearnedOptions(), "https://school.example/courses/")
    assert found["probabilities"] == pytest.approx(gate.blended(ours, theirs))
    assert found["recall_weight"] == LearnedOptions().recall_weights[kind.GATED] and found["repeats_out"]

    monkeypatch.setattr(gate, "OPENS_AT", 1.01)  # shut
    learned.run(parse(LISTING), LearnedOptions(), "https://school.example/courses/")
    assert found["probabilities"] == ours and not found["repeats_out"]


def test_an_old_article_is_not_gated(monkeypatch):
    opened = []
    opens = gate.opens
    monkeypatch.setattr(gate, "opens", lambda *args: opened.append(opens(*args)) or opened[-1])
    url = "https://example.org/2025/01/02/floods.html"
    extract(ARTICLE, algorithm="learned", url=url)
    assert opened == []  # without a viewport, the gate's columns are not even made
    extract(ARTICLE.replace("<head>", '<head><meta name="viewport" content="width=device-width">'),
            algorithm="learned", url=url)
    assert opened == [False]
