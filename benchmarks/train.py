"""Train the learned block classifier, cross-validate it by site against trafilatura, write the model.

Reads the three corpora (``../shared/devset``: snippets; ``../shared/trainset`` and
``../shared/classic``: main text), runs jusText once on each page and computes each
block's features (``scrapy_boilerplate.algorithms.learned.features``; kept in
``CACHE`` outside the repository, keyed by the package's code), labels the blocks:

- devset: good if it holds a ``with`` snippet (or lies inside one), bad for a
  ``without`` one, left out otherwise;
- trainset and classic: from the share of its 4-word shingles found in ``main_content``
  (a block of fewer than four words: good if its words are a line of the main
  text, bad if they appear nowhere in it, left out otherwise); the snippets
  override; left out: blocks past the point where the corpus cut the main text,
  blocks whose text the page repeats more often than the main text does, and
  every block of a page whose blocks hold less than ``REFERENCE_FOUND`` of the
  main text's shingles (the page stays in the figures).

A devset block weighs ``DEVSET_WEIGHT``; a trainset page ``TRAINSET_PAGE_WEIGHT``
in all, a classic page ``CLASSIC_PAGE_WEIGHT``, shared by its blocks by the square
root of their words, as the shingle F1 averages over pages.

The model scores each block's features; beside it, the same trees trained on
the trainset's pages alone, and the gate (``learned.gate``: whether a page is of
another type than an article, trained on the trainset's types), which opens on
pages whose blocks then take the two models' mean. The trainer cross-validates them with
folds grouped by site (the URL's host, or for classic pages without one the
site ``classic.site`` finds, the three corpora together), chooses on the
out-of-fold predictions the weights of the recall in each page's
choice of its blocks (``decision``; of a page that says it is an article or
says nothing, of a page of another kind, and of a documentation page:
``learned.kind.RECALL_GROUPS``, and of a gated page) for each
``favor``: the best mean F1, F0.5 and F2 of the three corpora; scores each
fold also with the weights chosen on the other folds alone, and a fixed threshold beside; prints the devset snippet F1 and the shingle F1 of the trainset
and the classic corpus (overall and per page type) beside trafilatura's and
readability-lxml's on the same pages, trains on everything and writes the model
and the test sample of predictions. ``--seeds`` cross-validates again with other
LightGBM seeds and prints each one's figures: a seed moves them by about 0.003 on
each corpus, the margins of some aims.

    python benchmarks/train.py [--limit N] [--folds 5] [--no-write] [--seeds 7,3] [--dump-worst N]
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import pickle
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classic  # noqa: E402
import devset  # noqa: E402
import lightgbm  # noqa: E402
import numpy  # noqa: E402
import trainset  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from scrapy_boilerplate.algorithms import learned  # noqa: E402
from scrapy_boilerplate.algorithms.learned import decision, features, gate, model  # noqa: E402
from scrapy_boilerplate.algorithms.learned.kind import GATED, RECALL_GROUPS, declared_types, product_page, recall_group  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402
from scrapy_boilerplate.model.text import shown  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODEL_PATH = ROOT / "scrapy_boilerplate" / "algorithms" / "learned" / f"{model.TREES_MODULE}.py"
SAMPLE_PATH = ROOT / "tests" / "data" / "learned_predictions.json"
#: Where the blocks' rows and the references' texts are kept between runs, outside the repository.
CACHE = Path(os.environ.get("LEARNED_CACHE", "/tmp/learned-cache"))
#: LightGBM's settings: small trees, so that the pure-Python evaluator stays fast and the file small
#: (31 leaves, with the second stage the model had then: devset snippet F1 0.932, trainset shingle F1
#: 0.805, but trees twice the size, 227 KB as JSON, and deeper to walk for every block; 200 trees at a rate
#: of 0.06 gained nothing; with the trainset's pages weighed alike, 20 leaves rather than 15:
#: 0.933 -> 0.936 and 0.810 -> 0.810; with the section features, 24 rather than 20, seeds 15, 7 and 3:
#: the mean of the three corpora's F1 0.8903, 0.8897, 0.8911 -> 0.8911, 0.8913, 0.8914, 28 no more;
#: then 200 trees rather than 150: 0.8918, 0.8924, 0.8916, within the model's 300 KB).
PARAMETERS = dict(objective="binary", n_estimators=200, num_leaves=24, learning_rate=0.08,
                  min_child_samples=20, subsample=0.8, subsample_freq=1, colsample_bytree=0.5,
                  reg_lambda=1.0, random_state=15, deterministic=True, force_row_wise=True,
                  num_threads=1, verbose=-1)
#: The gate's trees (``learned.gate``): few and small, as its 839 pages' types allow (out of fold,
#: article or not: accuracy 0.880).
GATE_PARAMETERS = dict(objective="binary", n_estimators=150, num_leaves=7, learning_rate=0.05,
                       min_child_samples=10, random_state=15, deterministic=True, force_row_wise=True,
                       num_threads=1, verbose=-1)
#: The devset labels only its snippets' blocks, a few per page, the trainset every block it can:
#: weighted this much more, the devset's blocks weigh about as much as the trainset's
#: (cross-validated: devset snippet F1 0.913 -> 0.922, trainset shingle F1 0.799 -> 0.800; with the
#: second stage the model had then, 10 gave 0.930 and 0.806 against 5's 0.928 and 0.807, the same
#: mean; trained on the devset alone, 0.931 on it).
DEVSET_WEIGHT = 5.0
#: What a trainset page weighs, all its labelled blocks together (see ``block_weights``). Each
#: block weighing 1, a page of 500 labelled blocks weighed as much as 500 pages of one; per page
#: (first stage, cross-validated by site): devset snippet F1 0.927 -> 0.937, trainset shingle F1
#: 0.799 -> 0.797; shared by words (their square root) rather than equally: 0.933 and 0.803; 100
#: instead of 50: 0.934 and 0.800.
TRAINSET_PAGE_WEIGHT = 50.0
#: What a classic page weighs: its 1,613 pages weigh together about as much as the trainset's 454.
CLASSIC_PAGE_WEIGHT = 15.0
#: A block of the trainset is good when this share of its shingles is in the main text.
SHINGLE_SHARE = 0.5
#: A page whose blocks hold less than this share of its main text's shingles gives its blocks no
#: labels (its snippets' aside): the main text is not in the page as jusText reads it (drawn by
#: scripts, a reference in another encoding, a file that is no page), and every block would be
#: labelled boilerplate, the main text's own included. It stays in the figures, scored like any page.
REFERENCE_FOUND = 0.3
#: The trainset's main texts are cut at this many characters (five documentation pages).
MAIN_CONTENT_LIMIT = 50_000
THRESHOLDS = [round(0.1 + 0.025 * i, 3) for i in range(33)]
#: The weights of the recall in each page's choice (``decision.choose``) tried for each ``favor``.
RECALL_WEIGHT_GRID = [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0]
MIN_TYPE_PAGES = 30
#: The column of a row that says whether its block is a heading (jusText's ``heading``).
HEADING = features.names().index("heading")
#: The F-measure's beta each ``favor`` maximizes (the mean over the three corpora, out of fold).
FAVOR_BETAS = {"precision": 0.5, "balance": 1.0, "recall": 2.0}
#: The corpora's loaders, in the order they are read.
CORPORA: dict[str, Callable[[int | None], list]] = {
    "devset": devset.pages, "trainset": trainset.pages, "classic": classic.pages}
#: Letters of the scripts jusText has no stoplist for (Thai, Lao, Myanmar, Khmer, Japanese kana, Chinese
#: characters): a page whose reference text is mostly of them has no stop words to count.
NO_STOPLIST_SCRIPTS = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]")


Rows = list[list[float] | None]


@dataclass
class Sample:
    """One page of a corpus with its blocks, rows and labels."""

    corpus: str
    page: devset.Page | trainset.Page
    site: str
    texts: list[str]
    rows: Rows
    labels: list[int | None]
    reference: Counter = field(default_factory=Counter)
    #: The main text's words, as the word F1 counts them (``trainset.bag_of_words``).
    words: Counter = field(default_factory=Counter)
    #: The share of the reference's shingles found in the page's blocks (see ``REFERENCE_FOUND``).
    found: float = 1.0
    #: The page's place in ``learned.kind.RECALL_GROUPS``: says it is an article or nothing, another kind, documentation.
    group: int = 0
    #: Whether the page says it is a product on sale, whose blocks in reviews are left out (``learned.kind``).
    product: bool = False
    #: The page's columns of the gate (``learned.gate``).
    gate: list[float] = field(default_factory=list)
    #: Whether the gate, trained without the page's fold, read it as a modern page of another kind.
    gated: bool = False

    @property
    def weight_group(self) -> int:
        """The page's group of the recall's weights: ``GATED`` once gated, else its ``group``."""
        return GATED if self.gated else self.group


def _contains(text: str, snippets: tuple[str, ...]) -> bool:
    # The snippet is in the block, or a block of some length is part of the snippet.
    return any(snippet in text or (len(text) >= 15 and text in snippet) for snippet in snippets)


def devset_labels(page: devset.Page, texts: list[str]) -> list[int | None]:
    with_snippets = tuple(map(devset.collapse, page.with_snippets))
    without_snippets = tuple(map(devset.collapse, page.without_snippets))
    labels = []
    for text in texts:
        if _contains(text, with_snippets):
            labels.append(1)
        elif _contains(text, without_snippets):
            labels.append(0)
        else:
            labels.append(None)
    return labels


def trainset_labels(page: trainset.Page, texts: list[str], reference: Counter) -> list[int | None]:
    """Compared by their words (``\\w+``, as the shingle F1 reads them), so that a heading's
    permalink sign or a block's spacing does not make it boilerplate; left out: blocks past the
    point where the corpus cut the main text, and blocks whose text the page repeats more often
    than the main text (a table of contents beside its headings: which copy is meant is unknown)."""
    main = f" {' '.join(trainset.words(page.main_content))} "
    lines = {" ".join(trainset.words(line)) for line in page.main_content.splitlines()}
    spoken = [" ".join(trainset.words(text)) for text in texts]
    copies = Counter(spoken)
    end = _main_content_end(page, spoken)
    labels = devset_labels(page, texts)  # the snippets first
    for i, text in enumerate(texts):
        words = spoken[i]
        if labels[i] is not None or i > end or (words and 0 < main.count(f" {words} ") < copies[words]):
            continue
        own = trainset.shingles(text)
        if own:
            found = sum((own & reference).values())
            labels[i] = int(found >= SHINGLE_SHARE * sum(own.values()))
        elif words in lines:
            labels[i] = 1
        elif f" {words} " not in main:
            labels[i] = 0
    return labels


def shingle_labels(page: trainset.Page, texts: list[str], reference: Counter) -> tuple[list[int | None], float]:
    """The labels of a trainset or classic page's blocks and the share of the reference's shingles
    found in them: below ``REFERENCE_FOUND``, the snippets' labels alone."""
    found = reference_found(texts, reference)
    return (trainset_labels(page, texts, reference) if found >= REFERENCE_FOUND else devset_labels(page, texts)), found


def reference_found(texts: list[str], reference: Counter) -> float:
    """The share of the reference's shingles in the blocks' text: the best recall any choice of them reaches."""
    if not reference:
        return 1.0
    return sum((trainset.shingles("\n".join(texts)) & reference).values()) / sum(reference.values())


def _main_content_end(page: trainset.Page, spoken: list[str]) -> int | float:
    """The last block of the main text when the corpus cut it (at ``MAIN_CONTENT_LIMIT`` characters,
    mid-sentence: what follows is unlabelled, not boilerplate), else infinity."""
    if not MAIN_CONTENT_LIMIT - 500 <= len(page.main_content) <= MAIN_CONTENT_LIMIT:
        return math.inf
    tail = " ".join(trainset.words(page.main_content)[-4:])
    return max((i for i, words in enumerate(spoken) if tail in words), default=math.inf)


def load_samples(limit: int | None) -> list[Sample]:
    samples = []
    for corpus, loader in CORPORA.items():
        pages = loader(limit)
        blocks = featurized(corpus, pages, limit)
        for page in pages:
            texts, rows, (group, product), (types, head) = blocks[page.key]
            if corpus == "devset":
                sample = Sample(corpus, page, classic.site(page), texts, rows, devset_labels(page, texts))
            else:
                reference = trainset.shingles(page.main_content)
                labels, found = shingle_labels(page, texts, reference)
                sample = Sample(corpus, page, classic.site(page), texts, rows, labels, reference,
                                trainset.bag_of_words(page.main_content), found)
            sample.group, sample.product = group, product
            sums = gate.RowSums()
            for row in rows:
                sums.add(row)
            sample.gate = gate.columns(sums, types, page.url, head, group, product)
            samples.append(sample)
    return samples


def featurized(corpus: str, pages: list, limit: int | None) -> dict[str, tuple[
        list[str], Rows, tuple[int, bool], tuple[frozenset[str], gate.PageHead]]]:
    """Each page's blocks' texts and rows, its group of ``RECALL_GROUPS``, whether it says it is a
    product, its declared types and what its head says (``gate.PageHead``), from ``CACHE`` when the
    package's code is the one they were computed with."""
    path = CACHE / f"rows-{corpus}-{limit or 'all'}-{code_version()}.pickle"
    if path.is_file():
        return pickle.loads(path.read_bytes())
    options = learned.LearnedOptions()
    result = {}
    for page in pages:
        root = parse(page.text)
        types = declared_types(root) if root is not None else set()
        blocks, rows, _ = learned.featurize(root, options) if root is not None else ([], [], None)
        result[page.key] = ([devset.collapse(block.text) for block in blocks], rows,
                            (recall_group(types, page.url), product_page(types)),
                            (frozenset(types), gate.PageHead(root) if root is not None else gate.PageHead()))
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    return result


def code_version() -> str:
    """A digest of the package's code (Python and the C extensions' Cython) but the shipped trees,
    which the rows do not depend on."""
    digest = hashlib.sha256()
    package = ROOT / "scrapy_boilerplate"
    for path in sorted(path for suffix in ("*.py", "*.pyx", "*.pxd") for path in package.rglob(suffix)):
        if path != MODEL_PATH:
            digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]



def matrix(samples: list[Sample]) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """The labelled blocks' rows, labels and weights."""
    xs, ys, weights = [], [], []
    for sample in samples:
        labelled = [(row, label, text) for row, label, text in zip(sample.rows, sample.labels, sample.texts)
                    if row is not None and label is not None]
        xs += [row for row, _, _ in labelled]
        ys += [label for _, label, _ in labelled]
        weights += block_weights(sample.corpus, [text for _, _, text in labelled])
    return numpy.array(xs, dtype=numpy.float64), numpy.array(ys), numpy.array(weights)


def block_weights(corpus: str, texts: list[str]) -> list[float]:
    """The training weight of each labelled block of a page (``texts``: theirs).

    A devset block weighs ``DEVSET_WEIGHT``. The shingle F1 averages over pages and, within a
    page, counts words: a trainset page weighs ``TRAINSET_PAGE_WEIGHT`` in all (a classic page
    ``CLASSIC_PAGE_WEIGHT``), shared by its blocks in proportion to the square root of their
    words (a page of 500 labelled blocks weighed 500 times one of a single block).
    """
    if corpus == "devset":
        return [DEVSET_WEIGHT] * len(texts)
    page_weight = TRAINSET_PAGE_WEIGHT if corpus == "trainset" else CLASSIC_PAGE_WEIGHT
    sizes = [len(text.split()) ** 0.5 for text in texts]
    total = sum(sizes) or 1.0
    return [page_weight * size / total for size in sizes]


def fit(samples: list[Sample], seed: int = PARAMETERS["random_state"]) -> lightgbm.Booster:
    """The trees trained on the samples' labelled blocks with LightGBM's ``seed``, from ``CACHE`` when
    the same matrix was trained on before (a run after a change of the figures or the options only)."""
    parameters = {**PARAMETERS, "random_state": seed}
    x, y, weights = matrix(samples)
    digest = hashlib.sha256(repr(sorted(parameters.items())).encode())
    for array in (x, y, weights):
        digest.update(numpy.ascontiguousarray(array).tobytes())
    path = CACHE / f"trees-{digest.hexdigest()[:16]}.txt"
    if not path.is_file():
        trained = lightgbm.LGBMClassifier(**parameters).fit(x, y, sample_weight=weights)
        CACHE.mkdir(parents=True, exist_ok=True)
        path.write_text(trained.booster_.model_to_string(), encoding="utf-8")
    return lightgbm.Booster(model_str=path.read_text(encoding="utf-8"))


def fit_trainset(samples: list[Sample], seed: int = PARAMETERS["random_state"]) -> lightgbm.Booster:
    """The trainset's model (``gate.blended``): the shipped model's settings, on the trainset's pages alone."""
    return fit([sample for sample in samples if sample.corpus == "trainset"], seed)


def fit_gate(samples: list[Sample], seed: int = PARAMETERS["random_state"]) -> lightgbm.Booster:
    """The gate's trees: whether a trainset page is of another type than an article, from its gate columns."""
    chosen = [sample for sample in samples if sample.corpus == "trainset"]
    x = numpy.array([sample.gate for sample in chosen], dtype=numpy.float64)
    y = numpy.array([sample.page.type != "article" for sample in chosen], dtype=numpy.float64)
    return lightgbm.LGBMClassifier(**{**GATE_PARAMETERS, "random_state": seed}).fit(x, y).booster_


def gated(booster: lightgbm.Booster, samples: list[Sample]) -> list[bool]:
    """Whether the gate lets each page's blocks be scored by the trainset's model too (``gate.opens``)."""
    if not samples:
        return []
    probabilities = booster.predict(numpy.array([sample.gate for sample in samples], dtype=numpy.float64),
                                    num_threads=1)
    return [gate.opens(float(p), sample.gate) for p, sample in zip(probabilities, samples)]


def blended(samples: list[Sample], shipped: list[list[float]], trainset_model: list[list[float]]) -> list[list[float]]:
    """Each page's blocks' probabilities: on a gated page the two models' mean (``gate.blended``)."""
    return [gate.blended(ours, theirs) if sample.gated else ours
            for sample, ours, theirs in zip(samples, shipped, trainset_model)]


def predict(booster: lightgbm.Booster, samples: list[Sample]) -> list[list[float]]:
    """Each block's probability of being main text (0 where prefiltered), in one call for all samples."""
    rows = [sample.rows for sample in samples]
    scored = [row for sample_rows in rows for row in sample_rows if row is not None]
    probabilities = iter(booster.predict(numpy.array(scored, dtype=numpy.float64), num_threads=1).tolist()
                         if scored else [])
    return [[0.0 if row is None else next(probabilities) for row in sample_rows] for sample_rows in rows]


#: The blocks a page keeps (their indices), from its blocks' probabilities.
Choice = Callable[[Sample, list[float]], tuple[int, ...]]


def by_threshold(threshold: float) -> Choice:
    """The blocks at or above a fixed ``threshold`` (``LearnedOptions(threshold=...)``), as the run-time keeps them."""
    return lambda sample, probabilities: kept_indices(sample, probabilities, threshold=threshold)


def by_recall_weight(weight: float) -> Choice:
    """The blocks each page's choice keeps with this weight of the recall, whatever the page's kind."""
    return lambda sample, probabilities: kept_indices(sample, probabilities, recall_weight=weight)


def page_probabilities(sample: Sample, probabilities: list[float]) -> list[float]:
    """The blocks' ``probabilities`` as the run-time chooses from them: a product page's reviews' made 0."""
    if not sample.product:
        return probabilities
    return decision.without_reviews(probabilities, [row is not None and row[features.ANY_REVIEW] > 0
                                                    for row in sample.rows])


def by_recall_weights(weights: tuple[float, ...]) -> Choice:
    """The blocks each page's choice keeps with a ``favor``'s weights (one for each group of
    ``RECALL_GROUPS``), as the run-time chooses."""
    return lambda sample, probabilities: by_recall_weight(weights[sample.weight_group])(sample, probabilities)


def best_weights(per_weight: list[dict[float, Figures]], samples: list[Sample], chosen: Iterable[int],
                 beta: float = 1.0) -> tuple[float, ...]:
    """The weights of ``RECALL_WEIGHT_GRID``, one for each group of ``RECALL_GROUPS``, of the best mean
    F-measure (``beta``) of the ``chosen`` samples, read from each one's figures with each weight. The
    first two groups' weights are chosen together, every pair of them, the later groups' pages counted
    with the first group's; then each later group's weight on its own, the others' as chosen: a small
    group (documentation: some 90 pages) must not move the weights of the others."""
    chosen = list(chosen)
    sums = []
    for group in range(len(RECALL_GROUPS)):
        members = [i for i in chosen if samples[i].weight_group == group]
        by_weight = {weight: Figures.sum(per_weight[i][weight] for i in members) for weight in RECALL_WEIGHT_GRID}
        for figures in by_weight.values():
            figures.per_page.clear()  # not read by the measure: left out of the combinations' sums
        sums.append(by_weight)

    def measure(weights: tuple[float, ...]) -> float:
        return Figures.sum(sums[group][weight] for group, weight in enumerate(weights)).measure(beta)

    later = len(RECALL_GROUPS) - 2
    weights = max(((first, second) + (first,) * later for first, second in
                   itertools.product(RECALL_WEIGHT_GRID, RECALL_WEIGHT_GRID)), key=measure)
    for group in range(2, len(RECALL_GROUPS)):
        weights = max((weights[:group] + (weight,) + weights[group + 1:] for weight in RECALL_WEIGHT_GRID),
                      key=measure)
    return weights


def with_weights(per_weight: list[dict[float, Figures]], samples: list[Sample], chosen: Iterable[int],
                 weights: tuple[float, ...]) -> Figures:
    """The ``chosen`` samples' figures with ``weights``, each sample its group's."""
    return Figures.sum(per_weight[i][weights[samples[i].weight_group]] for i in chosen)


def kept_indices(sample: Sample, probabilities: list[float], *, threshold: float = 0.0,
              recall_weight: float = 0.0) -> tuple[int, ...]:
    """The indices of the blocks the run-time keeps (``decision.kept``) from their ``probabilities``."""
    kept = decision.kept(page_probabilities(sample, probabilities), [len(text) for text in sample.texts],
                         sample.texts, [row is not None for row in sample.rows],
                         [row is not None and row[HEADING] > 0 for row in sample.rows],
                         [row is not None and row[features.STARTS_IN_LI] > 0 for row in sample.rows],
                         threshold=threshold, recall_weight=recall_weight, repeats_out=sample.gated)
    return tuple(i for i, keep in enumerate(kept) if keep)


def extracted(sample: Sample, kept: Iterable[int]) -> str:
    """The text of the ``kept`` blocks, as ``Extraction.text`` gives it (``Block.lines``)."""
    return "\n".join(shown(sample.texts[i]) for i in kept)


@dataclass
class Figures:
    """The devset's snippet counts, and per shingle corpus (and per its page type) the shingle scores
    and the word F1 (the 2026 benchmark's)."""

    snippets: devset.Score
    shingles: dict[str, trainset.ShingleScore]
    by_type: dict[tuple[str, str], trainset.ShingleScore]
    per_page: dict[tuple[str, str], float]
    words: dict[str, trainset.WordScore] = field(default_factory=lambda: defaultdict(trainset.WordScore))
    words_by_type: dict[tuple[str, str], trainset.WordScore] = field(
        default_factory=lambda: defaultdict(trainset.WordScore))

    @classmethod
    def of(cls, samples: list[Sample], texts: list[str]) -> Figures:
        figures = cls(devset.Score(), defaultdict(trainset.ShingleScore), defaultdict(trainset.ShingleScore), {})
        for sample, text in zip(samples, texts):
            key = (sample.corpus, sample.page.key)
            if sample.corpus == "devset":
                figures.snippets.add(sample.page, text)
                page_score = devset.Score()
                page_score.add(sample.page, text)
                figures.per_page[key] = page_score.fn + page_score.fp
            else:
                page_score = trainset.ShingleScore()
                page_score.add(sample.page, text, sample.reference)
                for score in (figures.shingles[sample.corpus], figures.by_type[sample.corpus, sample.page.type]):
                    score.precisions += page_score.precisions
                    score.recalls += page_score.recalls
                page_words = trainset.WordScore()
                page_words.add(sample.page, text, sample.words)
                for words in (figures.words[sample.corpus], figures.words_by_type[sample.corpus, sample.page.type]):
                    words.f1s += page_words.f1s
                figures.per_page[key] = 1 - page_score.f1
        return figures

    @classmethod
    def sum(cls, parts: Iterable[Figures]) -> Figures:
        total = cls(devset.Score(), defaultdict(trainset.ShingleScore), defaultdict(trainset.ShingleScore), {})
        for part in parts:
            for name in ("tp", "fp", "fn", "tn"):
                setattr(total.snippets, name, getattr(total.snippets, name) + getattr(part.snippets, name))
            for mine, theirs in ((total.shingles, part.shingles), (total.by_type, part.by_type)):
                for key, score in theirs.items():
                    mine[key].precisions += score.precisions
                    mine[key].recalls += score.recalls
            for own_words, their_words in ((total.words, part.words), (total.words_by_type, part.words_by_type)):
                for key, word_score in their_words.items():
                    own_words[key].f1s += word_score.f1s
            total.per_page.update(part.per_page)
        return total

    def measure(self, beta: float = 1.0) -> float:
        """The mean F-measure (``beta``) of the corpora present: the devset's snippets, the others' shingles."""
        pairs = [(score.precision, score.recall) for score in self.shingles.values() if score.recalls]
        if self.snippets.tp + self.snippets.fn:
            pairs.append((self.snippets.precision, self.snippets.recall))
        return statistics.fmean(f_measure(p, r, beta) for p, r in pairs) if pairs else 0.0

    @property
    def objective(self) -> float:
        return self.measure()

    def shingle(self, corpus: str) -> trainset.ShingleScore:
        return self.shingles.get(corpus) or trainset.ShingleScore()

    def word(self, corpus: str) -> trainset.WordScore:
        return self.words.get(corpus) or trainset.WordScore()


def f_measure(precision: float, recall: float, beta: float = 1.0) -> float:
    weight = beta * beta
    return (1 + weight) * precision * recall / (weight * precision + recall) if precision + recall else 0.0


def fold_of(samples: list[Sample], folds: int) -> list[int]:
    """Each sample's fold, grouped by site."""
    result = [0] * len(samples)
    groups = [sample.site for sample in samples]
    for fold, (_, test) in enumerate(GroupKFold(n_splits=folds).split(samples, groups=groups)):
        for i in test:
            result[i] = fold
    return result


def cross_validate(samples: list[Sample], fold: list[int], seed: int = PARAMETERS["random_state"],
                   ) -> list[list[float]]:
    """Out-of-fold probabilities of every block: each fold's from the trees trained on the others, the
    trainset's model blended in on the pages the other folds' gate opens for (which it marks ``gated``)."""
    out_of_fold: list[list[float]] = [[] for _ in samples]
    folds = max(fold) + 1
    for test_fold in range(folds):
        started = time.perf_counter()
        train = [samples[i] for i in range(len(samples)) if fold[i] != test_fold]
        test_indices = [i for i in range(len(samples)) if fold[i] == test_fold]
        test = [samples[i] for i in test_indices]
        for sample, is_gated in zip(test, gated(fit_gate(train, seed), test)):
            sample.gated = is_gated
        shipped = predict(fit(train, seed), test)
        trainset_model = predict(fit_trainset(train, seed), test)
        for i, probabilities in zip(test_indices, blended(test, shipped, trainset_model)):
            out_of_fold[i] = probabilities
        print(f"  fold {test_fold + 1}/{folds}: {len(train)} training pages, {len(test)} test pages "
              f"({sum(sample.gated for sample in test)} gated), {time.perf_counter() - started:.0f} s", flush=True)
    return out_of_fold


def figures_by(samples: list[Sample], out_of_fold: list[list[float]], choices: dict[Any, Choice],
               ) -> list[dict[Any, Figures]]:
    """Each sample's figures alone with each of the ``choices`` (by their parameter), to be summed
    over any set of samples (scored once per distinct set of blocks: most choose the same of a page)."""
    result = []
    for sample, probabilities in zip(samples, out_of_fold):
        by_kept: dict[tuple[int, ...], Figures] = {}
        figures = {}
        for parameter, choice in choices.items():
            kept = choice(sample, probabilities)
            if kept not in by_kept:
                by_kept[kept] = Figures.of([sample], [extracted(sample, kept)])
            figures[parameter] = by_kept[kept]
        result.append(figures)
    return result


def with_other_folds_weights(per_weight: list[dict[float, Figures]], samples: list[Sample], fold: list[int],
                             ) -> tuple[Figures, dict[int, tuple[float, ...]]]:
    """The figures with each fold scored with the weights the other folds alone chose (of the best mean
    F1), and those weights by fold: what choosing them on the scored predictions adds."""
    everyone = range(len(fold))
    own = {f: best_weights(per_weight, samples, [i for i in everyone if fold[i] != f]) for f in set(fold)}
    return Figures.sum(per_weight[i][own[fold[i]][samples[i].weight_group]] for i in everyone), own


def seed_figures(samples: list[Sample], fold: list[int], seed: int) -> Figures:
    """The figures with LightGBM's ``seed``, each fold scored with the weights the other folds chose."""
    out_of_fold = cross_validate(samples, fold, seed)
    per_weight = figures_by(samples, out_of_fold, {w: by_recall_weight(w) for w in RECALL_WEIGHT_GRID})
    return with_other_folds_weights(per_weight, samples, fold)[0]


def best(per_sample: list[dict[Any, Figures]], chosen: Iterable[int], beta: float = 1.0) -> Any:
    """The parameter (threshold or weight) of the best mean F-measure (``beta``) of the ``chosen`` samples."""
    chosen = list(chosen)
    return max(per_sample[chosen[0]], key=lambda t: Figures.sum(per_sample[i][t] for i in chosen).measure(beta))


def reference_texts(name: str, extract_text: Callable[[str], str], samples: list[Sample]) -> tuple[list[str], float]:
    """A reference extractor's text of each sample (empty where it fails) and its median ms per page,
    kept in ``CACHE`` by corpus and page (the references' versions are pinned)."""
    path = CACHE / f"reference-{name}.json"
    kept = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"texts": {}, "ms": {}}
    texts, times = [], []
    for sample in samples:
        key = f"{sample.corpus}/{sample.page.key}"
        if key not in kept["texts"]:
            [text], ms = classic.run([sample.page], extract_text)
            kept["texts"][key], kept["ms"][key] = text, ms
        texts.append(kept["texts"][key])
        times.append(kept["ms"][key])
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept), encoding="utf-8")
    return texts, statistics.median(times)


def report(name: str, figures: Figures) -> None:
    s, t, c = figures.snippets, figures.shingle("trainset"), figures.shingle("classic")
    print(f"{name:<36} {s.f1:6.3f} ({s.precision:.3f} {s.recall:.3f})  {t.f1:6.3f} ({t.precision:.3f} {t.recall:.3f})"
          f"  {figures.word('trainset').f1:6.3f}  {c.f1:6.3f} ({c.precision:.3f} {c.recall:.3f})"
          f"  {figures.word('classic').f1:6.3f}")


def report_types(corpus: str, minimum: int, contenders: dict[str, Figures]) -> None:
    """The shingle F1 and word F1 of each page type of ``corpus`` with ``minimum`` pages, of each contender
    (the first one's beside the others' differences)."""
    (first, ours), *others = contenders.items()
    print(f"\n{corpus} shingle F1 and word F1 per page type ({minimum}+ pages)")
    print(f"{'type':<16} {'pages':>5} {first:>15}" + "".join(f" {name + ' (diff)':>27}" for name, _ in others))
    by_size = sorted(ours.by_type.items(), key=lambda item: -len(item[1].recalls))
    rows = [(page_type, len(score.recalls)) for (score_corpus, page_type), score in by_size
            if score_corpus == corpus and len(score.recalls) >= minimum]
    for page_type, pages in [*rows, ("all", len(ours.shingle(corpus).recalls))]:
        key = (corpus, page_type)
        def pair(figures: Figures) -> tuple[float, float]:
            if page_type == "all":
                return figures.shingle(corpus).f1, figures.word(corpus).f1
            return figures.by_type[key].f1, figures.words_by_type[key].f1
        mine = pair(ours)
        cells = "".join(f" {theirs[0]:6.3f} {mine[0] - theirs[0]:+6.3f} {theirs[1]:6.3f} {mine[1] - theirs[1]:+6.3f}"
                        for theirs in (pair(figures) for _, figures in others))
        print(f"{page_type:<16} {pages:5d} {mine[0]:7.3f} {mine[1]:7.3f}{cells}")


def export(booster: lightgbm.Booster, trainset_booster: lightgbm.Booster, gate_booster: lightgbm.Booster,
           weights: dict[str, tuple[float, ...]]) -> dict:
    """The trained trees (the shipped model's, the trainset's model's and the gate's), as
    :func:`model.source` reads them, and each ``favor``'s recall weights."""
    names = features.names()
    return {"format": model.FORMAT, "recall_weights": weights, "features": len(names), "names": names,
            "trees": nested_trees(booster, len(names)), "trainset_trees": nested_trees(trainset_booster, len(names)),
            "gate_features": len(gate.names()), "gate_trees": nested_trees(gate_booster, len(gate.names()))}


def nested_trees(booster: lightgbm.Booster, columns: int) -> list:
    """A booster's trees as nested lists (``model.source``): a leaf its value, a split ``[feature,
    threshold, left, right]``."""
    def node(tree: dict) -> object:
        if "leaf_value" in tree:
            return tree["leaf_value"]
        assert tree["decision_type"] == "<=" and tree.get("missing_type") in (None, "None"), tree
        return [tree["split_feature"], tree["threshold"], node(tree["left_child"]), node(tree["right_child"])]

    dump = booster.dump_model()
    assert dump["max_feature_idx"] + 1 == columns
    return [node(tree["tree_structure"]) for tree in dump["tree_info"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N pages of each corpus")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="cross-validate only; leave the model as it is")
    parser.add_argument("--seeds", type=lambda text: [int(seed) for seed in text.split(",")], default=[],
                        metavar="S1,S2", help="cross-validate again with these LightGBM seeds, and print each one's "
                                              "figures beside the shipped seed's")
    parser.add_argument("--dump-worst", type=int, default=0, metavar="N",
                        help="print the N pages of each corpus and page type with the most errors, out of fold")
    args = parser.parse_args()

    started = time.perf_counter()
    samples = load_samples(args.limit)
    x, y, weights = matrix(samples)
    sites = len({sample.site for sample in samples})
    print(f"{len(samples)} pages of {sites} sites, {sum(len(s.rows) for s in samples)} blocks, "
          f"{len(y)} labelled ({int(y.sum())} good), {x.shape[1]} features "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    for corpus in CORPORA:
        chosen = [s for s in samples if s.corpus == corpus]
        unlabelled = sum(sample.found < REFERENCE_FOUND for sample in chosen)
        print(f"  {corpus}: {len(chosen)} pages, training weight {matrix(chosen)[2].sum() / weights.sum():.0%}"
              + (f", {unlabelled} left out of the labels (less than {REFERENCE_FOUND:.0%} of the main text "
                 f"in their blocks)" if corpus != "devset" else ""))

    print(f"cross-validation, {args.folds} folds grouped by site:")
    fold = fold_of(samples, args.folds)
    out_of_fold = cross_validate(samples, fold)
    everyone = range(len(samples))
    per_threshold = figures_by(samples, out_of_fold, {t: by_threshold(t) for t in THRESHOLDS})
    fixed = {t: Figures.sum(per_threshold[i][t] for i in everyone) for t in THRESHOLDS}
    per_weight = figures_by(samples, out_of_fold, {w: by_recall_weight(w) for w in RECALL_WEIGHT_GRID})
    by_weight = {w: Figures.sum(per_weight[i][w] for i in everyone) for w in RECALL_WEIGHT_GRID}
    weights = {favor: best_weights(per_weight, samples, everyone, beta) for favor, beta in FAVOR_BETAS.items()}
    by_favor = {favor: with_weights(per_weight, samples, everyone, weights[favor]) for favor in FAVOR_BETAS}
    ours = by_favor["balance"]
    threshold = best(per_threshold, everyone)
    print("recall weight  devset F1  trainset F1  classic F1  (mean F1 F0.5 F2)")
    for w in RECALL_WEIGHT_GRID:
        figures = by_weight[w]
        print(f"  {w:5.2f}        {figures.snippets.f1:.3f}      {figures.shingle('trainset').f1:.3f}"
              f"        {figures.shingle('classic').f1:.3f}       ({figures.measure(1):.3f} {figures.measure(0.5):.3f}"
              f" {figures.measure(2):.3f})")
    groups = ", ".join(f"{name} {sum(s.weight_group == g for s in samples)}" for g, name in enumerate(RECALL_GROUPS))
    print(f"chosen recall weights (best mean F1, F0.5 and F2 out of fold, of each group of pages: {groups}; "
          f"written with the trees): {weights}")
    print("fixed threshold  devset F1  trainset F1  classic F1  (mean F1 F0.5 F2)")
    for t in THRESHOLDS[::2]:
        figures = fixed[t]
        print(f"  {t:5.3f}          {figures.snippets.f1:.3f}      {figures.shingle('trainset').f1:.3f}"
              f"        {figures.shingle('classic').f1:.3f}       ({figures.measure(1):.3f} {figures.measure(0.5):.3f}"
              f" {figures.measure(2):.3f})")
    blind, own = with_other_folds_weights(per_weight, samples, fold)

    theirs_texts, theirs_ms = reference_texts("trafilatura", classic.trafilatura_text, samples)
    theirs = Figures.of(samples, theirs_texts)
    readability_texts, readability_ms = reference_texts("readability", classic.readability_text, samples)
    readability = Figures.of(samples, readability_texts)
    print(f"\n{'':<36} {'devset snippet F1 (P R)':<23} {'trainset shingle F1 (P R), word F1':<31} "
          f"classic shingle F1 (P R), word F1")
    report("learned, cross-validated by site", ours)
    report("  weight of the other folds", blind)
    for favor in ("precision", "recall"):
        report(f"  favor={favor} {weights[favor]}", by_favor[favor])
    report(f"  fixed threshold {threshold} (the best)", fixed[threshold])
    report("trafilatura 2.3 extract", theirs)
    report("readability-lxml", readability)
    print(f"  (weights the other folds chose: {', '.join(str(own[f]) for f in sorted(own))}; "
          f"trafilatura {theirs_ms:.1f} ms/page median, readability-lxml {readability_ms:.1f})")
    contenders = {"learned": blind, "trafilatura": theirs, "readability-lxml": readability}
    print("\nper type: the learned model's (each fold with the weights the other folds chose) shingle F1 and word F1,"
          " then each reference's with the learned model's difference")
    report_types("trainset", MIN_TYPE_PAGES, contenders)
    report_types("classic", 1, contenders)

    if args.seeds:
        by_seed = {PARAMETERS["random_state"]: blind}
        for seed in args.seeds:
            print(f"\ncross-validation with seed {seed}:")
            by_seed[seed] = seed_figures(samples, fold, seed)
        print("\nthe seed (LightGBM's random_state; the same rows and folds), each fold with the weights the other "
              "folds chose")
        print(f"{'seed':<6} {'devset':>7} {'trainset':>9} {'classic':>8} {'mean':>7}   trainset per type against trafilatura")
        for seed, figures in by_seed.items():
            types = "  ".join(f"{page_type} {score.f1 - theirs.by_type[corpus, page_type].f1:+.3f}"
                              for (corpus, page_type), score in sorted(figures.by_type.items())
                              if corpus == "trainset" and len(score.recalls) >= MIN_TYPE_PAGES)
            print(f"{seed:<6} {figures.snippets.f1:7.4f} {figures.shingle('trainset').f1:9.4f} "
                  f"{figures.shingle('classic').f1:8.4f} {figures.measure():7.4f}   {types}")

    choose = by_recall_weights(weights["balance"])
    kept = [choose(sample, probabilities) for sample, probabilities in zip(samples, out_of_fold)]
    languages(samples, {"learned": [extracted(sample, chosen) for sample, chosen in zip(samples, kept)],
                        "trafilatura": theirs_texts, "readability-lxml": readability_texts})

    if args.dump_worst:
        dump_worst(samples, out_of_fold, kept, ours, args.dump_worst)

    if args.no_write:
        return
    booster, trainset_booster, gate_booster = (
        fit(samples), fit_trainset(samples), fit_gate(samples))
    data = export(booster, trainset_booster, gate_booster, weights)
    MODEL_PATH.write_text(model.source(data), encoding="utf-8")
    MODEL_PATH.with_suffix(".pxd").write_text(model.trees_declarations(data["features"], data["gate_features"]),
                                              encoding="utf-8")
    print(f"\nwrote {MODEL_PATH.relative_to(ROOT)} ({MODEL_PATH.stat().st_size // 1024} KB, "
          f"{len(data['trees'])} trees), trained on all {len(y)} labelled blocks")
    write_sample(booster, trainset_booster, gate_booster, samples)


def write_sample(booster: lightgbm.Booster, trainset_booster: lightgbm.Booster, gate_booster: lightgbm.Booster,
                 samples: list[Sample]) -> None:
    """For the evaluator's test, LightGBM's probabilities: of 40 scored blocks spread over the pages by
    the shipped and the trainset's model, of every block of one page, and of 20 pages' gates."""
    pages = samples[::len(samples) // 20][:20]
    probabilities = predict(booster, pages)
    scored = [(row, p) for sample, ps in zip(pages, probabilities)
              for row, p in zip(sample.rows, ps) if row is not None]
    scored = scored[::max(1, len(scored) // 40)][:40]
    page = min((i for i, s in enumerate(pages) if sum(row is not None for row in s.rows) >= 10),
               key=lambda i: len(pages[i].rows))
    rows = [row for row, _ in scored]
    gates = numpy.array([sample.gate for sample in pages], dtype=numpy.float64)
    data = {"blocks": {"rows": rows, "probabilities": [p for _, p in scored],
                       "trainset_probabilities": trainset_booster.predict(numpy.array(rows), num_threads=1).tolist()},
            "page": {"rows": pages[page].rows, "probabilities": probabilities[page]},
            "gates": {"columns": gates.tolist(), "probabilities": gate_booster.predict(gates, num_threads=1).tolist()}}
    SAMPLE_PATH.parent.mkdir(exist_ok=True)
    SAMPLE_PATH.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    print(f"wrote {SAMPLE_PATH.relative_to(ROOT)} (40 blocks, a page of {len(pages[page].rows)} blocks and 20 "
          f"pages' gates with LightGBM's probabilities)")


def without_stoplist(sample: Sample) -> bool:
    """Whether the page's main text (its snippets on the devset) is mostly of scripts without a stoplist."""
    page = sample.page
    text = page.main_content if sample.corpus != "devset" else " ".join(page.with_snippets)
    letters = len(_LETTER.findall(text))
    return bool(letters) and len(NO_STOPLIST_SCRIPTS.findall(text)) >= 0.3 * letters


def languages(samples: list[Sample], texts: dict[str, list[str]]) -> None:
    """The figures of the pages in scripts jusText has no stoplist for, of each extractor's ``texts``."""
    chosen = [i for i, sample in enumerate(samples) if without_stoplist(sample)]
    counts = Counter(samples[i].corpus for i in chosen)
    print(f"\npages in scripts without a stoplist (Chinese, Japanese, Thai, ...): "
          f"{', '.join(f'{corpus} {count}' for corpus, count in counts.items()) or 'none'}")
    for name, extracted_texts in texts.items():
        report(f"  {name}", Figures.of([samples[i] for i in chosen], [extracted_texts[i] for i in chosen]))


def dump_worst(samples: list[Sample], out_of_fold: list[list[float]], kept: list[tuple[int, ...]], ours: Figures,
               count: int) -> None:
    """The wrong blocks (``kept`` or not, each page's) of the worst pages of each corpus and page type,
    but the pages left out of the labels (their main text is not in their blocks: no training fixes them)."""
    groups = defaultdict(list)
    for i, sample in enumerate(samples):
        if sample.found >= REFERENCE_FOUND:
            groups[sample.corpus, getattr(sample.page, "type", "")].append(i)
    for (corpus, page_type), members in groups.items():
        chosen = sorted(members, key=lambda i: -ours.per_page[samples[i].corpus, samples[i].page.key])[:count]
        for i in chosen:
            sample = samples[i]
            print(f"\n=== {corpus} {sample.page.key} {sample.page.url} {sample.site} "
                  f"errors {ours.per_page[corpus, sample.page.key]:.2f}")
            for j, (text, p, label) in enumerate(zip(sample.texts, out_of_fold[i], sample.labels)):
                if label is not None and (j in kept[i]) != bool(label):
                    kind = "FP" if label == 0 else "FN"
                    print(f"  {kind} p={p:.2f} {text[:140]!r}")


if __name__ == "__main__":
    main()
