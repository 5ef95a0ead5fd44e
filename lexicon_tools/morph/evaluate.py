"""Measure "can this word be a nominative singular?" on a held-out-lemma split.

The split is the one training used (`morph.labels`, same fraction and seed), so the
model has never seen a held-out lemma. The morphological lexicon is cut down to the
training lemmas, and the real pipeline (`morph.pipeline`) is run over every labelled
form of the full lexicon:

- **lexicon-known words**: forms the cut lexicon knows. The lexicon answers; the
  figure shows that the pipeline reproduces it (the model never overrules it), and
  what a missing lemma costs when a spelling is shared with a known one.
- **unknown words**: forms of held-out lemmas only. Reported twice: the statistical
  fallback alone (empty lexicon), and the full path for unknown words (compound heads
  from the cut lexicon, then the fallback).

Gold: the form can be Nom Sg if any common-noun reading in the *full* lexicon is
nominative singular. Positive class = "can be Nom Sg".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lexicon_tools.morph.labels import Example, examples_from_forms, is_held_out
from lexicon_tools.morph.lexicon import MorphLexicon
from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline
from lexicon_tools.policy.readings import Reading


@dataclass
class Scores:
    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0

    def add(self, gold: bool, predicted: bool) -> None:
        if gold and predicted:
            self.tp += 1
        elif predicted:
            self.fp += 1
        elif gold:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def n(self) -> int:
        return self.tp + self.fp + self.tn + self.fn

    @property
    def accuracy(self) -> float:
        return (self.tp + self.tn) / self.n if self.n else 0.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    def to_dict(self) -> dict:
        return {"n": self.n, "accuracy": round(self.accuracy, 4), "precision": round(self.precision, 4),
                "recall": round(self.recall, 4), "tp": self.tp, "fp": self.fp, "tn": self.tn, "fn": self.fn}


@dataclass
class EvaluationReport:
    rows: dict[str, Scores]
    held_out_fraction: float
    seed: int

    def to_dict(self) -> dict:
        return {"held_out_fraction": self.held_out_fraction, "seed": self.seed,
                "rows": {name: scores.to_dict() for name, scores in self.rows.items()}}

    def render(self) -> str:
        lines = [f'"can be Nom Sg" on a held-out-lemma split (fraction {self.held_out_fraction}, seed {self.seed})',
                 f"{'words':<34}{'n':>8}{'accuracy':>10}{'precision':>11}{'recall':>8}"]
        for name, s in self.rows.items():
            lines.append(f"{name:<34}{s.n:>8}{s.accuracy:>10.4f}{s.precision:>11.4f}{s.recall:>8.4f}")
        return "\n".join(lines)


def can_be_nom_sg(readings: Sequence[Reading]) -> bool:
    return any(r.pos == "NOUN" and r.case in ("Nom", None) and r.number in ("Sing", None) for r in readings)


def training_side(lexicon: MorphLexicon, fraction: float, seed: int) -> MorphLexicon:
    forms = {}
    for form, readings in lexicon.forms():
        kept = tuple(r for r in readings if not is_held_out(r.lemma or form, fraction, seed))
        if kept:
            forms[form] = kept
    return MorphLexicon.from_forms(forms)


def _score(analyzer: SpacyAnalyzer, examples: Sequence[Example]) -> Scores:
    scores = Scores()
    analyses = analyzer.analyze([ex.form for ex in examples])
    for ex, readings in zip(examples, analyses):
        scores.add(ex.label.is_nom_sg, can_be_nom_sg(readings))
    return scores


def evaluate_fallback(lexicon: MorphLexicon, model_dir: Path, fraction: float = 0.1, seed: int = 0,
                      limit: int | None = None) -> EvaluationReport:
    examples = examples_from_forms(lexicon.forms())
    cut = training_side(lexicon, fraction, seed)
    known = [ex for ex in examples if cut.lookup(ex.form)]
    unknown = [ex for ex in examples if not cut.lookup(ex.form)]
    if limit:
        known, unknown = known[:limit], unknown[:limit]
    full_path = SpacyAnalyzer(cut, build_pipeline(cut, model_dir))
    model_only = SpacyAnalyzer(MorphLexicon(), build_pipeline(MorphLexicon(), model_dir))
    rows = {
        "lexicon-known": _score(full_path, known),
        "unknown: fallback model alone": _score(model_only, unknown),
        "unknown: compounds + fallback": _score(full_path, unknown),
    }
    return EvaluationReport(rows, fraction, seed)
