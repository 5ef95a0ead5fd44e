"""`morph evaluate`'s measurement: binary scores and the three rows of the report."""

from __future__ import annotations

from lexicon_tools.morph.evaluate import Scores, can_be_nom_sg, evaluate_fallback
from lexicon_tools.policy.readings import Reading


def test_scores():
    scores = Scores()
    for gold, predicted in [(True, True)] * 6 + [(True, False)] * 2 + [(False, True)] + [(False, False)] * 11:
        scores.add(gold, predicted)
    assert (scores.n, scores.accuracy, scores.precision, scores.recall) == (20, 17 / 20, 6 / 7, 6 / 8)
    assert Scores().accuracy == 0.0 and Scores().precision == 0.0


def test_can_be_nom_sg():
    assert can_be_nom_sg([Reading("NOUN", "Lehrer", "Nom", "Plur"), Reading("NOUN", "Lehrer", "Nom", "Sing")])
    assert can_be_nom_sg([Reading("NOUN", "Haus")])  # a headword
    assert not can_be_nom_sg([Reading("PROPN", "Berlin", "Nom", "Sing"), Reading("NOUN", "Haus", "Gen", "Sing")])


def test_evaluation_on_a_real_corpus_slice(tiny_model, slice_lexicon):
    path, report = tiny_model
    result = evaluate_fallback(slice_lexicon, path, fraction=report.settings.held_out_fraction,
                               seed=report.settings.seed)
    rows = result.rows
    assert list(rows) == ["lexicon-known", "unknown: fallback model alone", "unknown: compounds + fallback"]
    assert rows["lexicon-known"].n > 5 * rows["unknown: fallback model alone"].n > 0
    assert rows["lexicon-known"].accuracy > 0.99  # the lexicon answers, the tiny model cannot spoil it
    assert rows["unknown: fallback model alone"].n == rows["unknown: compounds + fallback"].n
    assert "lexicon-known" in result.render() and result.to_dict()["rows"]["lexicon-known"]["n"] == rows[
        "lexicon-known"].n
