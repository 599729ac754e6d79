"""Train the page-type classifier on the trainset's type labels, cross-validate it by site, write the model.

Reads ``../shared/trainset`` (839 pages, each with its ``type``), computes each page's
features (``scrapy_boilerplate.algorithms.pagetype.features``; kept in ``CACHE``
outside the repository, keyed by the features' code), cross-validates LightGBM's
multiclass trees with folds grouped by site (the URL's host), prints the accuracy
overall and per type with the confusion matrix, and the time to compute a page's
features and its type beside the learned extraction's; then trains on every page and
writes ``scrapy_boilerplate/algorithms/pagetype/forest.py``.

    python benchmarks/pagetype.py [--folds 5] [--no-write] [--seeds 7,3]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classic  # noqa: E402
import lightgbm  # noqa: E402
import numpy  # noqa: E402
import trainset  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from scrapy_boilerplate import extract  # noqa: E402
from scrapy_boilerplate.algorithms.pagetype import PAGE_TYPES, features, model  # noqa: E402
from scrapy_boilerplate.html.parse import parse  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODEL_PATH = ROOT / "scrapy_boilerplate" / "algorithms" / "pagetype" / f"{model.FOREST_MODULE}.py"
CACHE = Path(os.environ.get("PAGETYPE_CACHE", "/tmp/pagetype-cache"))
TYPES = PAGE_TYPES
#: Small trees: the model is evaluated in pure Python for each page it is asked about, and the
#: corpus is small (839 pages; a type has 37 to 482).
PARAMETERS = dict(objective="multiclass", num_class=len(TYPES), n_estimators=200, num_leaves=6, learning_rate=0.08,
                  min_child_samples=5, subsample=0.8, subsample_freq=1, colsample_bytree=0.5, reg_lambda=1.0,
                  extra_trees=True, random_state=15, deterministic=True, force_row_wise=True, num_threads=1,
                  verbose=-1)
#: Each type's pages weigh (the article's count / the type's count) ** CLASS_WEIGHT (1: each type weighs
#: as much in all); without, the trees lean to the articles, more than half of the pages.
CLASS_WEIGHT = 1.0


def rows(pages: list[trainset.Page]) -> numpy.ndarray:
    """Each page's features, from ``CACHE`` when the features' code (and their walk's) is the one they were
    computed with."""
    code = Path(features.__file__).read_bytes() + Path(features.__file__).with_name("parts.pyx").read_bytes()
    digest = hashlib.sha256(code + repr([p.key for p in pages]).encode())
    path = CACHE / f"rows-{digest.hexdigest()[:12]}.pickle"
    if path.is_file():
        return pickle.loads(path.read_bytes())
    result = numpy.array([features.row(parse(page.text), page.url) for page in pages], dtype=numpy.float64)
    assert result.shape[1] == len(features.names()), "features.names() and features.row() disagree"
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(result))
    return result


def fit(x: numpy.ndarray, y: numpy.ndarray, seed: int) -> lightgbm.Booster:
    counts = Counter(y.tolist())
    weights = {kind: (max(counts.values()) / count) ** CLASS_WEIGHT for kind, count in counts.items()}
    return lightgbm.LGBMClassifier(**{**PARAMETERS, "random_state": seed, "class_weight": weights}).fit(x, y).booster_


def cross_validate(x: numpy.ndarray, y: numpy.ndarray, sites: list[str], folds: int, seed: int) -> numpy.ndarray:
    """Each page's out-of-fold type (its index in ``TYPES``), from the trees trained on the other folds' sites."""
    predicted = numpy.zeros(len(y), dtype=int)
    for train, test in GroupKFold(n_splits=folds).split(x, y, groups=sites):
        booster = fit(x[train], y[train], seed)
        predicted[test] = booster.predict(x[test], num_threads=1).argmax(axis=1)
    return predicted


def report(y: numpy.ndarray, predicted: numpy.ndarray) -> float:
    accuracy = float((predicted == y).mean())
    print(f"accuracy {accuracy:.3f} ({int((predicted == y).sum())} of {len(y)} pages)")
    print(f"{'type':<14} {'pages':>5} {'accuracy':>9} {'precision':>10}   confusion (columns: predicted "
          f"{' '.join(name[:4] for name in TYPES)})")
    for index, name in enumerate(TYPES):
        mine = y == index
        told = predicted == index
        recall = float((predicted[mine] == index).mean()) if mine.any() else 0.0
        precision = float((y[told] == index).mean()) if told.any() else 0.0
        confusion = Counter(predicted[mine].tolist())
        print(f"{name:<14} {int(mine.sum()):5d} {recall:9.3f} {precision:10.3f}   "
              + " ".join(f"{confusion[other]:4d}" for other in range(len(TYPES))))
    return accuracy


def export(booster: lightgbm.Booster) -> dict:
    """The trained trees, each type's in the order LightGBM adds them, as :func:`model.source` reads them."""
    def node(tree: dict) -> object:
        if "leaf_value" in tree:
            return float(tree["leaf_value"])
        assert tree["decision_type"] == "<=" and tree.get("missing_type") in (None, "None"), tree
        return [int(tree["split_feature"]), float(tree["threshold"]), node(tree["left_child"]),
                node(tree["right_child"])]

    trees = [node(tree["tree_structure"]) for tree in booster.dump_model()["tree_info"]]
    by_type = [trees[index::len(TYPES)] for index in range(len(TYPES))]  # a round holds one tree per type
    return {"format": model.FORMAT, "types": TYPES, "features": len(features.names()), "trees": by_type}


def timing(pages: list[trainset.Page], forest: model.Forest, count: int = 120) -> None:
    """The median time of a page's features and of its type from them, beside the learned extraction's,
    on the same parsed trees, taking turns page by page."""
    chosen = pages[::max(1, len(pages) // count)][:count]
    featured, typed, extracted = [], [], []
    for page in chosen:
        root = parse(page.text)
        started = time.perf_counter()
        row = features.row(root, page.url)
        featured.append(time.perf_counter() - started)
        started = time.perf_counter()
        forest.probabilities(row)
        typed.append(time.perf_counter() - started)
        started = time.perf_counter()
        extract(root, url=page.url, algorithm="learned")
        extracted.append(time.perf_counter() - started)
    both = [f + t for f, t in zip(featured, typed)]
    print(f"time on {len(chosen)} pages (parsed beforehand, taking turns; a shared machine): page type "
          f"{statistics.median(both) * 1000:.2f} ms median ({sum(both) * 1000 / len(both):.2f} mean; features "
          f"{statistics.median(featured) * 1000:.2f}, trees {statistics.median(typed) * 1000:.2f}), learned "
          f"extraction {statistics.median(extracted) * 1000:.2f} ms ({sum(extracted) * 1000 / len(extracted):.2f}); "
          f"the type costs {sum(both) / sum(extracted):.1%} of the extraction's time")


def load_time() -> None:
    """The time to load the shipped model in a new process, from its bytecode (as installed: compiled
    in a first process) and from its source."""
    code = ("import time; from scrapy_boilerplate.algorithms.pagetype import model; s = time.perf_counter(); "
            "model.load(); print((time.perf_counter() - s) * 1000)")
    with tempfile.TemporaryDirectory() as cache:
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        environment.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=cache)
        times = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                      env=environment).stdout) for _ in range(4)]
    print(f"loading the model in a new process: {min(times[1:]):.1f} ms from its bytecode "
          f"(best of 3), {times[0]:.1f} ms compiling its source")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="cross-validate only; leave the model as it is")
    parser.add_argument("--seeds", type=lambda text: [int(seed) for seed in text.split(",")], default=[],
                        metavar="S1,S2", help="cross-validate again with these LightGBM seeds")
    args = parser.parse_args()

    started = time.perf_counter()
    pages = trainset.pages()
    x = rows(pages)
    y = numpy.array([TYPES.index(page.type) for page in pages])
    sites = [classic.site(page) for page in pages]
    print(f"{len(pages)} pages of {len(set(sites))} sites, {x.shape[1]} features "
          f"({time.perf_counter() - started:.0f} s)")
    print(f"cross-validation, {args.folds} folds grouped by site:")
    report(y, cross_validate(x, y, sites, args.folds, PARAMETERS["random_state"]))
    for seed in args.seeds:
        print(f"\nseed {seed}:")
        report(y, cross_validate(x, y, sites, args.folds, seed))
    booster = fit(x, y, PARAMETERS["random_state"])
    data = export(booster)
    forest = model.forest(data)
    exported = numpy.array([list(forest.probabilities(list(values)).values()) for values in x])
    difference = float(numpy.abs(exported - booster.predict(x, num_threads=1)).max())
    assert difference < 1e-9, f"the exported trees differ from LightGBM's by {difference}"
    if not args.no_write:
        MODEL_PATH.write_text(model.source(data), encoding="utf-8")
        MODEL_PATH.with_suffix(".pxd").write_text(model.declarations(data["features"]), encoding="utf-8")
        model.load.cache_clear()
        print(f"\nwrote {MODEL_PATH.relative_to(ROOT)} ({MODEL_PATH.stat().st_size // 1024} KB, "
              f"{len(data['trees'][0])} trees per type), trained on all {len(pages)} pages")
    timing(pages, forest)
    if not args.no_write:
        load_time()


if __name__ == "__main__":
    main()
