"""The trainer's labels and weights of the trainset's blocks (``train.py`` beside it), on hand-made pages.

A test of a benchmark script lives beside it (``python -m pytest benchmarks``; ``.ci/run`` runs it): the
unit tests in ``tests/`` import nothing from here."""

from __future__ import annotations

import pytest

pytest.importorskip("lightgbm", reason="the trainer needs the train extra (lightgbm, scikit-learn)")
pytest.importorskip("sklearn", reason="the trainer needs the train extra (lightgbm, scikit-learn)")

import classic  # noqa: E402
import devset  # noqa: E402
import train  # noqa: E402
import trainset  # noqa: E402

#: A block's row of features, every column 0.
ROW = [0.0] * train.features.FEATURES


def page(main_content: str, with_snippets: tuple[str, ...] = (), without: tuple[str, ...] = ()) -> trainset.Page:
    return trainset.Page("key", "https://example.com/", b"", "", with_snippets, without, "documentation", main_content)


def labels(main_content: str, texts: list[str], **snippets: tuple[str, ...]) -> list[int | None]:
    the_page = page(main_content, snippets.get("with_snippets", ()), snippets.get("without", ()))
    return train.trainset_labels(the_page, texts, trainset.shingles(main_content))


def test_blocks_are_good_when_half_their_shingles_are_in_the_main_text():
    main = "The river rose by two metres over the weekend and the town asked people to move their cars."
    assert labels(main, ["The river rose by two metres over the weekend", "Subscribe to our newsletter for more news"]
                  ) == [1, 0]


def test_short_blocks_are_compared_by_their_words():
    # A heading's permalink sign is no word: the heading is the main text's line.
    main = "Quickstart\nA minimal application fits in one file of five lines."
    assert labels(main, ["Quickstart¶", "Log in", "minimal application"]) == [1, 0, None]


def test_snippets_override_the_shingles():
    main = "The river rose by two metres over the weekend and the town asked people to move their cars."
    assert labels(main, ["The river rose by two metres over the weekend"], without=("two metres",)) == [0]


def test_a_text_the_page_repeats_more_often_than_the_main_text_is_left_out():
    # A table of contents beside its headings: which copy is the main text's is unknown.
    main = "Routing\nModern web applications use meaningful URLs to help users.\nStatic Files\nAlso served."
    texts = ["Routing", "Static Files", "Routing", "Modern web applications use meaningful URLs to help users.",
             "Static Files"]
    assert labels(main, texts) == [None, None, None, 1, None]
    assert labels(main + "\nRouting", texts)[:3] == [1, None, 1]


def test_blocks_past_the_corpus_cut_of_the_main_text_are_left_out():
    sentence = "The tutorial explains every step of building the service in detail. "
    main = (sentence * (train.MAIN_CONTENT_LIMIT // len(sentence) + 1))[:train.MAIN_CONTENT_LIMIT].rstrip()
    last = " ".join(trainset.words(main)[-6:])
    assert labels(main, [sentence, last, "The tutorial goes on with its next part here"]) == [1, 1, None]
    assert labels(main[:1000], [sentence, "The tutorial goes on with its next part here"]) == [1, 0]


def test_a_trainset_page_weighs_the_same_whatever_its_blocks_shared_by_their_words():
    weights = train.block_weights("trainset", ["one two three four", "one"])
    assert sum(weights) == pytest.approx(train.TRAINSET_PAGE_WEIGHT)
    assert weights[0] == pytest.approx(2 * weights[1])
    assert sum(train.block_weights("trainset", ["a b"] * 500)) == pytest.approx(train.TRAINSET_PAGE_WEIGHT)
    assert train.block_weights("devset", ["a", "b"]) == [train.DEVSET_WEIGHT] * 2


def test_a_page_whose_blocks_miss_its_main_text_keeps_only_its_snippets_labels():
    # A main text drawn by scripts, or read in another encoding: its blocks would all be "boilerplate".
    main = "The river rose by two metres over the weekend and the town asked people to move their cars."
    texts = ["Subscribe to our newsletter for more news", "Share this story with a friend today"]
    the_page = page(main, without=("Share this",))
    reference = trainset.shingles(main)
    assert train.reference_found(texts, reference) == 0.0
    assert train.shingle_labels(the_page, texts, reference) == ([None, 0], 0.0)
    found = ["The river rose by two metres over the weekend and the town asked", "Subscribe to our newsletter"]
    assert train.reference_found(found, reference) == pytest.approx(10 / 15)  # 10 of its 15 shingles
    assert train.shingle_labels(the_page, found, reference)[0] == [1, 0]
    assert train.reference_found(texts, trainset.shingles("Too short")) == 1.0


def test_devset_blocks_are_labelled_by_their_snippets_only():
    snippets = page("", ("the river rose",), ("share this",))
    assert train.devset_labels(snippets, ["Yesterday the river rose", "share this", "Other"]) == [1, 0, None]


def test_a_classic_page_weighs_its_own_share():
    weights = train.block_weights("classic", ["one two three four", "one"])
    assert sum(weights) == pytest.approx(train.CLASSIC_PAGE_WEIGHT)


def classic_page(key: str, page_type: str, text: str, url: str = "") -> trainset.Page:
    return trainset.Page(key, url, b"", text, (), (), page_type, "")


def test_the_site_of_a_classic_page():
    # The URL's host; without one, the host its canonical link or og:url names; else its own.
    assert classic.site(classic_page("cleaneval-dev-1", "cleaneval-dev", "", "http://www.example.com/a")) == "example.com"
    canonical = '<html><head><link rel="canonical" href="https://www.News.example.org/story/1"></head></html>'
    assert classic.site(classic_page("dragnet-T1", "dragnet", canonical)) == "news.example.org"
    og = '<meta property="og:url" content="http://blog.example.net/post">'
    assert classic.site(classic_page("dragnet-T2", "dragnet", og)) == "blog.example.net"
    assert classic.site(classic_page("dragnet-T3", "dragnet", "<html></html>")) == "dragnet:dragnet-T3"
    # A Readability test's key names its site: its numbered pages are one site.
    assert classic.site(classic_page("readability-yahoo-2", "readability", "")) == "readability:readability-yahoo"
    assert classic.site(classic_page("readability-wapo-1", "readability", "")) == classic.site(
        classic_page("readability-wapo-2", "readability", ""))


def test_the_same_site_in_two_corpora_is_one_group():
    devset_page = page("")  # https://example.com/
    assert classic.site(devset_page) == classic.site(classic_page("c", "cleaneval-dev", "", "http://www.example.com/b"))


def test_the_site_of_an_archived_page_or_a_page_named_by_a_file():
    # The Wayback Machine's copy is of the site it archived, with or without the archived scheme.
    archived = devset.Page("k", "https://web.archive.org/web/20160330101229/http://www.muffinrezept.net/a", b"", "",
                           (), ())
    assert classic.site(archived) == "muffinrezept.net"
    bare = devset.Page("k", "https://web.archive.org/web/20130307194448/the-pain.net/2008/05/x", b"", "", (), ())
    assert classic.site(bare) == "the-pain.net"
    # A devset page whose URL names a file: the address its canonical link gives, else its own key.
    canonical = '<link rel="canonical" href="https://www.zeit.de/mobilitaet/zugverkehr">'
    assert classic.site(devset.Page("a", "hard::zeit.de.zugverkehr.html", b"", canonical, (), ())) == "zeit.de"
    assert classic.site(devset.Page("b", "hard::x.html", b"", "<html></html>", (), ())) == "devset:b"


def test_pages_in_scripts_without_a_stoplist():
    def sample(main: str) -> object:
        return train.Sample("trainset", page(main), "", [], [], [])

    assert train.without_stoplist(sample("河水在周末上涨了将近两米。 The river"))
    assert train.without_stoplist(sample("แม่น้ำเพิ่มขึ้นเกือบสองเมตร"))
    assert not train.without_stoplist(sample("The river rose by two metres 河"))
    assert not train.without_stoplist(sample(""))


def test_classic_main_texts_read_as_latin_1_are_repaired():
    assert classic.repaired("Itâ\x80\x99s ç¦\x8få¨\x98") == "It’s 福娘"
    assert classic.repaired("Plain text.") == "Plain text."
    assert classic.repaired("Déjà vu, read right") == "Déjà vu, read right"  # Latin-1 that is no UTF-8
    assert classic.repaired("It’s fine") == "It’s fine"  # beyond Latin-1


def test_the_trainer_scores_each_pages_choice_as_the_run_time_makes_it():
    # The characters of each block, as jusText counts them; a prefiltered block (no row) is kept only
    # between two kept blocks (decision.with_items_between).
    texts = ["The river rose by two metres over the weekend", "Share", "Subscribe to the newsletter"]
    sample = train.Sample("trainset", page("The river rose by two metres over the weekend"), "example.com", texts,
                          [ROW, None, ROW], [1, None, 0])
    assert train.by_recall_weight(0.6)(sample, [0.9, 0.0, 0.2]) == (0,)
    assert train.by_recall_weight(5.0)(sample, [0.9, 0.0, 0.2]) == (0, 1, 2)
    # A favor's weights, one for each group of pages: the second for a page that says it is of another
    # kind than an article, the third for a documentation page.
    assert train.by_recall_weights((0.6, 5.0, 0.6))(sample, [0.9, 0.0, 0.2]) == (0,)
    sample.group = 1
    assert train.by_recall_weights((0.6, 5.0, 0.6))(sample, [0.9, 0.0, 0.2]) == (0, 1, 2)
    sample.group = 2
    assert train.by_recall_weights((0.6, 0.6, 5.0))(sample, [0.9, 0.0, 0.2]) == (0, 1, 2)
    assert train.by_threshold(0.1)(sample, [0.9, 0.0, 0.2]) == (0, 1, 2)
    assert train.extracted(sample, (0, 2)) == f"{texts[0]}\n{texts[2]}"
    # The text as Extraction.text gives it: without soft hyphens.
    sample.texts[2] = "Subscribe to the news\u00adletter"
    assert train.extracted(sample, (2,)) == "Subscribe to the newsletter"
    # A heading (its row's column) right above the first kept block, likely enough, is kept with it.
    heading = list(ROW)
    heading[train.HEADING] = 1.0
    sample = train.Sample("trainset", page("Floods " + texts[0]), "example.com", ["Floods", texts[0] * 20],
                          [heading, ROW], [1, 1])
    assert train.by_recall_weight(0.5)(sample, [0.67, 0.99]) == (0, 1)
    sample.rows[0] = ROW
    assert train.by_recall_weight(0.5)(sample, [0.67, 0.99]) == (1,)
    # A list item (its row's column) between two kept blocks, which the choice counts, is kept with them.
    item = list(ROW)
    item[train.features.STARTS_IN_LI] = 1.0
    sample = train.Sample("trainset", page(texts[0]), "example.com", [texts[0] * 20, "Fix volatile loads", texts[0] * 20],
                          [ROW, item, ROW], [1, 1, 1])
    assert train.by_recall_weight(0.5)(sample, [0.99, 0.3, 0.99]) == (0, 1, 2)
    sample.rows[1] = ROW
    assert train.by_recall_weight(0.5)(sample, [0.99, 0.3, 0.99]) == (0, 2)


def test_each_fold_is_scored_with_the_weights_the_other_folds_chose():
    # Two pages in two folds; each is right with the weights the other one is wrong with. Scored with
    # the weights its own fold chose, each would be right; chosen on the other fold alone, neither is.
    main = "The river rose by two metres over the weekend and the ferry stopped"
    samples = [train.Sample("trainset", page(main), site, [main], [ROW], [1], trainset.shingles(main))
               for site in ("a.example", "b.example")]
    first, second = samples

    def scored(sample: train.Sample, text: str) -> train.Figures:
        return train.Figures.of([sample], [text])

    # Each page's figures with each weight of the grid: right with 1.0 alone for the first, 2.0 for the second.
    per_weight = [{weight: scored(sample, main if weight == right else "Share this") for weight in train.RECALL_WEIGHT_GRID}
                  for sample, right in ((first, 1.0), (second, 2.0))]
    figures, own = train.with_other_folds_weights(per_weight, samples, [0, 1])
    # Both pages say nothing of their kind: the first group's weight is the one chosen (the others,
    # of no page, are the grid's first).
    assert own[0][0] == 2.0 and own[1][0] == 1.0
    assert figures.shingle("trainset").f1 == 0.0
    # Each group gets its own weight where its pages are right with another.
    second.group = 2
    grid_first = train.RECALL_WEIGHT_GRID[0]
    assert train.best_weights(per_weight, samples, [0, 1]) == (1.0, grid_first, 2.0, grid_first)
    # A page the gate opened for takes the gated group's weight, whatever it says.
    first.gated = True
    assert first.weight_group == train.GATED and second.weight_group == 2
    assert train.best_weights(per_weight, samples, [0, 1])[2:] == (2.0, 1.0)


def test_word_f1_is_the_bag_of_words_f1_of_each_page_averaged():
    score = trainset.WordScore()
    score.add(page("The river rose; the town woke."), "the town woke, the river rose")  # same words: 1
    score.add(page("one two three four"), "one two")  # 2 shared of 2 and 4: 2*2/6
    score.add(page("words"), "")  # nothing extracted of a page with words: 0
    score.add(page(""), "")  # nothing to extract, nothing extracted: 1
    assert score.f1s == pytest.approx([1.0, 2 / 3, 0.0, 1.0])
    assert score.f1 == pytest.approx((1 + 2 / 3 + 0 + 1) / 4)
    assert trainset.bag_of_words("Über über ÜBER x") == {"über": 3, "x": 1}


def test_a_gated_pages_blocks_take_the_two_models_mean():
    main = "The river rose by two metres over the weekend and the ferry stopped"
    gated, other = (train.Sample("trainset", page(main), "a.example", [main, "Menu"], [ROW, ROW], [1, 0])
                    for _ in range(2))
    gated.gated = True
    assert train.blended([gated, other], [[0.2, 0.4], [0.2, 0.4]], [[0.6, 0.0], [0.6, 0.0]]) == [
        pytest.approx([0.4, 0.2]), [0.2, 0.4]]
