"""The page type trainer (``pagetype.py`` beside it): its export of LightGBM's trees, and its
cross-validated accuracy on the trainset."""

from __future__ import annotations

import pytest

pytest.importorskip("lightgbm", reason="the trainer needs the train extra (lightgbm, scikit-learn)")
pytest.importorskip("sklearn", reason="the trainer needs the train extra (lightgbm, scikit-learn)")

import classic  # noqa: E402
import numpy  # noqa: E402
import pagetype  # noqa: E402
import trainset  # noqa: E402

from scrapy_boilerplate.algorithms.pagetype import features, model  # noqa: E402


def test_the_exported_trees_give_lightgbms_probabilities():
    generator = numpy.random.default_rng(5)
    x = generator.normal(size=(210, len(features.names())))
    y = numpy.arange(210) % len(pagetype.TYPES)
    x[:, 3] += y  # something to learn
    booster = pagetype.fit(x, y, 15)
    forest = model.forest(pagetype.export(booster))
    exported = numpy.array([list(forest.probabilities(list(row)).values()) for row in x])
    assert numpy.abs(exported - booster.predict(x, num_threads=1)).max() < 1e-9
    assert forest.types == pagetype.TYPES


@pytest.mark.slow
@pytest.mark.skipif(not trainset.available(), reason=f"the training corpus is not at {trainset.TRAINSET}")
def test_the_cross_validated_accuracy_is_at_least_85_percent():
    pages = trainset.pages()
    x = pagetype.rows(pages)
    y = numpy.array([pagetype.TYPES.index(page.type) for page in pages])
    predicted = pagetype.cross_validate(x, y, [classic.site(page) for page in pages], 5,
                                        pagetype.PARAMETERS["random_state"])
    assert (predicted == y).mean() >= 0.85
