"""Train the learned block classifier, cross-validate it by site against trafilatura, write the model.

Reads both corpora (``../shared/devset``: snippets; ``../shared/trainset``: main
text), runs jusText once on each page and computes each block's features
(``scrapy_boilerplate.algorithms.learned.features``), labels the blocks:

- devset: good if it holds a ``with`` snippet (or lies inside one), bad for a
  ``without`` one, left out otherwise;
- trainset: from the share of its 4-word shingles found in ``main_content``
  (a block of fewer than four words: good if its words are a line of the main
  text, bad if they appear nowhere in it, left out otherwise); the snippets
  override; left out: blocks past the point where the corpus cut the main text,
  and blocks whose text the page repeats more often than the main text does.

A devset block weighs ``DEVSET_WEIGHT``; a trainset page ``TRAINSET_PAGE_WEIGHT``
in all, shared by its blocks by the square root of their words, as the shingle
F1 averages over pages.

The model has two stages: the first scores each block's features, the second
(``smoothing``) the first stage's probabilities of the block, its neighbours
and its containers, and is trained on out-of-fold first-stage probabilities.
The trainer cross-validates both with folds grouped by site (the URL's host,
both corpora together); each fold's second stage learns from first-stage
probabilities out of an inner cross-validation on the fold's training pages
(nested: no probability it sees comes from a model that saw the page). It
chooses the probability threshold on the out-of-fold predictions, and
scores each fold also at the threshold chosen on the other folds alone,
prints the devset snippet F1 and the trainset shingle F1 (overall and per page
type of 30 pages or more) beside trafilatura's on the same pages, trains on
everything and writes the model and the test sample of predictions.

    python benchmarks/train.py [--limit N] [--folds 5] [--no-write] [--dump-worst N]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import trainset  # noqa: E402

import lightgbm  # noqa: E402
import numpy  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from scrapy_boilerplate.algorithms import learned  # noqa: E402
from scrapy_boilerplate.algorithms.learned import features, model, smoothing  # noqa: E402
from scrapy_boilerplate.algorithms.learned.options import DEFAULT_THRESHOLD  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODEL_PATH = ROOT / "scrapy_boilerplate" / "algorithms" / "learned" / f"{model.TREES_MODULE}.py"
SAMPLE_PATH = ROOT / "tests" / "data" / "learned_predictions.json"
#: LightGBM's settings: small trees, so that the pure-Python evaluator stays fast and the file small
#: (31 leaves, both stages cross-validated: devset snippet F1 0.932, trainset shingle F1 0.805, but
#: trees twice the size, 227 KB as JSON, and deeper to walk for every block; 200 trees at a rate
#: of 0.06 gained nothing; with the trainset's pages weighed alike, 20 leaves rather than 15:
#: 0.933 -> 0.936 and 0.810 -> 0.810).
PARAMETERS = dict(objective="binary", n_estimators=150, num_leaves=20, learning_rate=0.08,
                  min_child_samples=20, subsample=0.8, subsample_freq=1, colsample_bytree=0.5,
                  reg_lambda=1.0, random_state=15, deterministic=True, force_row_wise=True,
                  num_threads=2, verbose=-1)
#: The second stage's: few small trees over its few features (nested cross-validation, 15-leaf
#: first stage: devset snippet F1 0.927 -> 0.928, trainset shingle F1 0.799 -> 0.807).
SMOOTHING_PARAMETERS = dict(PARAMETERS, n_estimators=60, num_leaves=7, learning_rate=0.1, min_child_samples=40,
                            colsample_bytree=1.0)
#: The devset labels only its snippets' blocks, a few per page, the trainset every block it can:
#: weighted this much more, the devset's blocks weigh about as much as the trainset's
#: (cross-validated: devset snippet F1 0.913 -> 0.922, trainset shingle F1 0.799 -> 0.800; with both
#: stages, 10 gave 0.930 and 0.806 against 5's 0.928 and 0.807, the same mean; trained on the devset
#: alone, 0.931 on it).
DEVSET_WEIGHT = 5.0
#: What a trainset page weighs, all its labelled blocks together (see ``block_weights``). Each
#: block weighing 1, a page of 500 labelled blocks weighed as much as 500 pages of one; per page
#: (first stage, cross-validated by site): devset snippet F1 0.927 -> 0.937, trainset shingle F1
#: 0.799 -> 0.797; shared by words (their square root) rather than equally: 0.933 and 0.803; 100
#: instead of 50: 0.934 and 0.800.
TRAINSET_PAGE_WEIGHT = 50.0
#: A block of the trainset is good when this share of its shingles is in the main text.
SHINGLE_SHARE = 0.5
#: The trainset's main texts are cut at this many characters (five documentation pages).
MAIN_CONTENT_LIMIT = 50_000
THRESHOLDS = [round(0.2 + 0.025 * i, 3) for i in range(25)]
MIN_TYPE_PAGES = 30


@dataclass
class Sample:
    """One page of either corpus with its blocks, rows and labels."""

    corpus: str
    page: devset.Page | trainset.Page
    site: str
    texts: list[str]
    xpaths: list[str]
    rows: list[list[float] | None]
    labels: list[int | None]
    reference: Counter = field(default_factory=Counter)


def site(url: str) -> str:
    host = urlsplit(url).hostname or ""
    return host.removeprefix("www.")


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


def _main_content_end(page: trainset.Page, spoken: list[str]) -> int | float:
    """The last block of the main text when the corpus cut it (at ``MAIN_CONTENT_LIMIT`` characters,
    mid-sentence: what follows is unlabelled, not boilerplate), else infinity."""
    if not MAIN_CONTENT_LIMIT - 500 <= len(page.main_content) <= MAIN_CONTENT_LIMIT:
        return math.inf
    tail = " ".join(trainset.words(page.main_content)[-4:])
    return max((i for i, words in enumerate(spoken) if tail in words), default=math.inf)


def load_samples(limit: int | None) -> list[Sample]:
    samples = []
    options = learned.LearnedOptions()
    for corpus, pages in (("devset", devset.pages(limit)), ("trainset", trainset.pages(limit))):
        for page in pages:
            root = parse(page.text)
            blocks, rows, _ = learned.featurize(root, options) if root is not None else ([], [], None)
            texts = [devset.collapse(block.text) for block in blocks]
            xpaths = [block.xpath for block in blocks]
            if corpus == "devset":
                sample = Sample(corpus, page, site(page.url), texts, xpaths, rows, devset_labels(page, texts))
            else:
                reference = trainset.shingles(page.main_content)
                sample = Sample(corpus, page, site(page.url), texts, xpaths, rows,
                                trainset_labels(page, texts, reference), reference)
            samples.append(sample)
    return samples


Rows = list[list[float] | None]


def matrix(samples: list[Sample], rows: list[Rows] | None = None
           ) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """The labelled blocks' rows (the first stage's unless ``rows`` gives each sample's), labels and weights."""
    xs, ys, weights = [], [], []
    for sample, sample_rows in zip(samples, rows or [sample.rows for sample in samples]):
        labelled = [(row, label, text) for row, label, text in zip(sample_rows, sample.labels, sample.texts)
                    if row is not None and label is not None]
        xs += [row for row, _, _ in labelled]
        ys += [label for _, label, _ in labelled]
        weights += block_weights(sample.corpus, [text for _, _, text in labelled])
    return numpy.array(xs, dtype=numpy.float64), numpy.array(ys), numpy.array(weights)


def block_weights(corpus: str, texts: list[str]) -> list[float]:
    """The training weight of each labelled block of a page (``texts``: theirs).

    A devset block weighs ``DEVSET_WEIGHT``. The shingle F1 averages over pages and, within a
    page, counts words: a trainset page weighs ``TRAINSET_PAGE_WEIGHT`` in all, shared by its
    blocks in proportion to the square root of their words (a page of 500 labelled blocks
    weighed 500 times one of a single block).
    """
    if corpus == "devset":
        return [DEVSET_WEIGHT] * len(texts)
    sizes = [len(text.split()) ** 0.5 for text in texts]
    total = sum(sizes) or 1.0
    return [TRAINSET_PAGE_WEIGHT * size / total for size in sizes]


def fit(samples: list[Sample], rows: list[Rows] | None = None, parameters: dict = PARAMETERS
        ) -> lightgbm.LGBMClassifier:
    x, y, weights = matrix(samples, rows)
    return lightgbm.LGBMClassifier(**parameters).fit(x, y, sample_weight=weights)


def predict(booster: lightgbm.LGBMClassifier, samples: list[Sample], rows: list[Rows] | None = None
            ) -> list[list[float]]:
    """Each block's probability of being main text (0 where prefiltered), in one call for all samples."""
    rows = rows or [sample.rows for sample in samples]
    scored = [row for sample_rows in rows for row in sample_rows if row is not None]
    probabilities = iter(booster.predict_proba(numpy.array(scored, dtype=numpy.float64))[:, 1].tolist()
                         if scored else [])
    return [[0.0 if row is None else next(probabilities) for row in sample_rows] for sample_rows in rows]


def smoothing_rows(sample: Sample, first: list[float]) -> Rows:
    """The second stage's rows of a sample, from first-stage probabilities of its blocks."""
    return smoothing.rows(sample.xpaths, sample.rows, first)


def extracted(sample: Sample, probabilities: list[float], threshold: float) -> str:
    return "\n".join(text for text, p, row in zip(sample.texts, probabilities, sample.rows)
                     if row is not None and p >= threshold)


@dataclass
class Figures:
    snippets: devset.Score
    shingles: trainset.ShingleScore
    by_type: dict[str, trainset.ShingleScore]
    per_page: dict[str, float]

    @classmethod
    def of(cls, samples: list[Sample], texts: list[str]) -> Figures:
        snippets, shingles, by_type, per_page = devset.Score(), trainset.ShingleScore(), defaultdict(
            trainset.ShingleScore), {}
        for sample, text in zip(samples, texts):
            if sample.corpus == "devset":
                snippets.add(sample.page, text)
                page_score = devset.Score()
                page_score.add(sample.page, text)
                per_page[sample.page.key] = page_score.fn + page_score.fp
            else:
                shingles.add(sample.page, text, sample.reference)
                by_type[sample.page.type].add(sample.page, text, sample.reference)
                page_score = trainset.ShingleScore()
                page_score.add(sample.page, text, sample.reference)
                per_page[sample.page.key] = 1 - page_score.f1
        return cls(snippets, shingles, dict(by_type), per_page)

    @classmethod
    def sum(cls, parts: Iterable[Figures]) -> Figures:
        snippets, shingles, by_type, per_page = devset.Score(), trainset.ShingleScore(), defaultdict(
            trainset.ShingleScore), {}
        for part in parts:
            for name in ("tp", "fp", "fn", "tn"):
                setattr(snippets, name, getattr(snippets, name) + getattr(part.snippets, name))
            for total, score in [(shingles, part.shingles), *((by_type[t], s) for t, s in part.by_type.items())]:
                total.precisions += score.precisions
                total.recalls += score.recalls
            per_page.update(part.per_page)
        return cls(snippets, shingles, dict(by_type), per_page)

    @property
    def objective(self) -> float:
        return (self.snippets.f1 + self.shingles.f1) / 2


def fold_of(samples: list[Sample], folds: int) -> list[int]:
    """Each sample's fold, grouped by site."""
    result = [0] * len(samples)
    groups = [sample.site for sample in samples]
    for fold, (_, test) in enumerate(GroupKFold(n_splits=folds).split(samples, groups=groups)):
        for i in test:
            result[i] = fold
    return result


def first_stage_out_of_fold(samples: list[Sample], fold: list[int], chosen: list[int]) -> dict[int, list[float]]:
    """The first stage's probabilities of the samples ``chosen``, each from a model trained on
    the chosen samples of the other folds."""
    result = {}
    for test_fold in sorted({fold[i] for i in chosen}):
        train = [samples[i] for i in chosen if fold[i] != test_fold]
        test = [i for i in chosen if fold[i] == test_fold]
        for i, probabilities in zip(test, predict(fit(train), [samples[i] for i in test])):
            result[i] = probabilities
    return result


def cross_validate(samples: list[Sample], fold: list[int]) -> tuple[list[list[float]], list[list[float]]]:
    """Out-of-fold probabilities of every block, by the first stage and by both, nested as the module says."""
    first: list[list[float]] = [[] for _ in samples]
    second: list[list[float]] = [[] for _ in samples]
    folds = max(fold) + 1
    for test_fold in range(folds):
        started = time.perf_counter()
        train = [i for i in range(len(samples)) if fold[i] != test_fold]
        test = [i for i in range(len(samples)) if fold[i] == test_fold]
        inner = first_stage_out_of_fold(samples, fold, train)
        booster = fit([samples[i] for i in train])
        for i, probabilities in zip(test, predict(booster, [samples[i] for i in test])):
            first[i] = probabilities
        smoother = fit([samples[i] for i in train], [smoothing_rows(samples[i], inner[i]) for i in train],
                       SMOOTHING_PARAMETERS)
        test_rows = [smoothing_rows(samples[i], first[i]) for i in test]
        for i, probabilities in zip(test, predict(smoother, [samples[i] for i in test], test_rows)):
            second[i] = probabilities
        print(f"  fold {test_fold + 1}/{folds}: {len(train)} training pages, {len(test)} test pages, "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    return first, second


def figures_by_threshold(samples: list[Sample], out_of_fold: list[list[float]]) -> list[dict[float, Figures]]:
    """Each sample's figures alone at each threshold, to be summed over any set of samples."""
    return [{threshold: Figures.of([sample], [extracted(sample, probabilities, threshold)])
             for threshold in THRESHOLDS} for sample, probabilities in zip(samples, out_of_fold)]


def best_threshold(per_sample: list[dict[float, Figures]], chosen: list[int]) -> float:
    return max(THRESHOLDS, key=lambda t: Figures.sum(per_sample[i][t] for i in chosen).objective)


def trafilatura_texts(samples: list[Sample]) -> tuple[list[str], float]:
    import trafilatura

    texts, times = [], []
    for sample in samples:
        started = time.perf_counter()
        try:
            text = trafilatura.extract(sample.page.text) or ""
        except Exception:  # a page it fails on gives nothing
            text = ""
        times.append(time.perf_counter() - started)
        texts.append(text)
    return texts, statistics.median(times) * 1000


def report(name: str, figures: Figures) -> None:
    s, t = figures.snippets, figures.shingles
    print(f"{name:<40} {s.f1:6.3f} ({s.precision:.3f} {s.recall:.3f})   {t.f1:6.3f} ({t.precision:.3f} {t.recall:.3f})")


def export(booster: lightgbm.LGBMClassifier, smoother: lightgbm.LGBMClassifier, threshold: float) -> dict:
    """The trained trees of both stages, as :func:`model.source` reads them."""
    return {"format": model.FORMAT, "threshold": threshold, **_stage(booster, features.names()),
            "smoothing": _stage(smoother, smoothing.names())}


def _stage(booster: lightgbm.LGBMClassifier, names: list[str]) -> dict:
    def node(tree: dict) -> object:
        if "leaf_value" in tree:
            return tree["leaf_value"]
        assert tree["decision_type"] == "<=" and tree.get("missing_type") in (None, "None"), tree
        return [tree["split_feature"], tree["threshold"], node(tree["left_child"]), node(tree["right_child"])]

    dump = booster.booster_.dump_model()
    assert dump["max_feature_idx"] + 1 == len(names)
    return {"features": len(names), "names": names, "trees": [node(tree["tree_structure"]) for tree in dump["tree_info"]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N pages of each corpus")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="cross-validate only; leave the model as it is")
    parser.add_argument("--dump-worst", type=int, default=0, metavar="N",
                        help="print the N pages of each corpus with the most errors, out of fold")
    args = parser.parse_args()

    started = time.perf_counter()
    samples = load_samples(args.limit)
    x, y, _ = matrix(samples)
    sites = len({sample.site for sample in samples})
    print(f"{len(samples)} pages of {sites} sites, {sum(len(s.rows) for s in samples)} blocks, "
          f"{len(y)} labelled ({int(y.sum())} good), {x.shape[1]} features "
          f"({time.perf_counter() - started:.0f} s)", flush=True)

    print(f"cross-validation, {args.folds} folds grouped by site, nested for the second stage:")
    fold = fold_of(samples, args.folds)
    first_out_of_fold, out_of_fold = cross_validate(samples, fold)
    per_sample = figures_by_threshold(samples, out_of_fold)
    everyone = range(len(samples))
    by_threshold = {t: Figures.sum(per_sample[i][t] for i in everyone) for t in THRESHOLDS}
    threshold = best_threshold(per_sample, everyone)
    ours = by_threshold[threshold]
    print("threshold  devset F1  trainset F1")
    for t in THRESHOLDS[::2]:
        print(f"  {t:5.3f}    {by_threshold[t].snippets.f1:.3f}      {by_threshold[t].shingles.f1:.3f}")
    print(f"chosen threshold (best mean of the two F1 out of fold): {threshold}"
          + ("" if threshold == DEFAULT_THRESHOLD else f"; set DEFAULT_THRESHOLD (now {DEFAULT_THRESHOLD}) to it"))
    # The same figures with each fold scored at the threshold the other folds chose: what choosing
    # the threshold on the scored predictions adds.
    own = {f: best_threshold(per_sample, [i for i in everyone if fold[i] != f]) for f in set(fold)}
    blind = Figures.sum(per_sample[i][own[fold[i]]] for i in everyone)
    first_stage = {t: Figures.of(samples, [extracted(s, p, t) for s, p in zip(samples, first_out_of_fold)])
                   for t in THRESHOLDS}
    first_only = first_stage[max(THRESHOLDS, key=lambda t: first_stage[t].objective)]

    theirs_texts, theirs_ms = trafilatura_texts(samples)
    theirs = Figures.of(samples, theirs_texts)
    print(f"\n{'':<40} {'devset snippet F1 (P R)':<26} trainset shingle F1 (P R)")
    report("learned, cross-validated by site", ours)
    report("  threshold of the other folds", blind)
    report("  first stage only", first_only)
    report("trafilatura 2.3 extract", theirs)
    print(f"  (thresholds the other folds chose: {', '.join(str(own[f]) for f in sorted(own))}; "
          f"trafilatura {theirs_ms:.1f} ms/page median)")
    print(f"\ntrainset shingle F1 per page type ({MIN_TYPE_PAGES}+ pages)")
    print(f"{'type':<16} {'pages':>5} {'learned':>8} {'trafilatura':>12} {'diff':>7}")
    for page_type, score in sorted(ours.by_type.items(), key=lambda item: -len(item[1].recalls)):
        if len(score.recalls) >= MIN_TYPE_PAGES:
            other = theirs.by_type[page_type]
            print(f"{page_type:<16} {len(score.recalls):5d} {score.f1:8.3f} {other.f1:12.3f} "
                  f"{score.f1 - other.f1:+7.3f}")

    if args.dump_worst:
        dump_worst(samples, out_of_fold, threshold, ours, args.dump_worst)

    if args.no_write:
        return
    booster = fit(samples)
    # The second stage learns from first-stage probabilities out of fold, as it gets them in the cross-validation.
    smoother = fit(samples, [smoothing_rows(s, p) for s, p in zip(samples, first_out_of_fold)], SMOOTHING_PARAMETERS)
    data = export(booster, smoother, threshold)
    MODEL_PATH.write_text(model.source(data), encoding="utf-8")
    print(f"\nwrote {MODEL_PATH.relative_to(ROOT)} ({MODEL_PATH.stat().st_size // 1024} KB, "
          f"{len(data['trees'])} + {len(data['smoothing']['trees'])} trees), trained on all {len(y)} labelled blocks")
    write_sample(booster, smoother, samples)


def write_sample(booster: lightgbm.LGBMClassifier, smoother: lightgbm.LGBMClassifier, samples: list[Sample]) -> None:
    """For the evaluator's test, LightGBM's probabilities: of 40 scored blocks spread over the pages
    by each stage alone, and of every block of one page by both stages."""
    pages = samples[::len(samples) // 20][:20]
    first = predict(booster, pages)
    second_rows = [smoothing_rows(sample, probabilities) for sample, probabilities in zip(pages, first)]
    second = predict(smoother, pages, second_rows)
    data = {}
    for name, sample_rows, probabilities in (("first", [s.rows for s in pages], first), ("second", second_rows, second)):
        scored = [(row, p) for rows, ps in zip(sample_rows, probabilities) for row, p in zip(rows, ps) if row is not None]
        scored = scored[::max(1, len(scored) // 40)][:40]
        data[name] = {"rows": [row for row, _ in scored], "probabilities": [p for _, p in scored]}
    page = min((i for i, s in enumerate(pages) if sum(row is not None for row in s.rows) >= 10),
               key=lambda i: len(pages[i].rows))
    data["page"] = {"xpaths": pages[page].xpaths, "rows": pages[page].rows, "probabilities": second[page]}
    SAMPLE_PATH.parent.mkdir(exist_ok=True)
    SAMPLE_PATH.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    print(f"wrote {SAMPLE_PATH.relative_to(ROOT)} (40 blocks per stage and a page of {len(pages[page].rows)} "
          f"blocks with LightGBM's probabilities)")


def dump_worst(samples: list[Sample], out_of_fold: list[list[float]], threshold: float, ours: Figures,
               count: int) -> None:
    for corpus in ("devset", "trainset"):
        chosen = sorted((i for i, s in enumerate(samples) if s.corpus == corpus),
                        key=lambda i: -ours.per_page[samples[i].page.key])[:count]
        for i in chosen:
            sample = samples[i]
            print(f"\n=== {corpus} {sample.page.key} {sample.page.url} errors {ours.per_page[sample.page.key]:.2f}")
            for text, p, label, row in zip(sample.texts, out_of_fold[i], sample.labels, sample.rows):
                if label is not None and (p >= threshold) != bool(label):
                    kind = "FP" if label == 0 else "FN"
                    print(f"  {kind} p={p:.2f} {text[:140]!r}")


if __name__ == "__main__":
    main()
