"""Train the statistical fallback: a spaCy morphologizer on form-level labels.

Data: every letters-only spelling of a common noun in the morphological lexicon,
labelled with its most telling reading (`morph.labels`), minus the held-out lemmas
(so that `morph evaluate` measures words the model has never seen).

The loop is spaCy's own API (``nlp.initialize`` / ``nlp.update`` on in-memory
examples) rather than ``spacy train``, because the examples come from the lexicon
object, not from .spacy files, and the whole run must stay a few minutes on 2 cores:
two epochs over about 230k words. Everything is seeded (``[lexicon_tools] seed``:
Python's and thinc's RNGs, the shuffling and the lemma split).

Training documents are built on a scratch vocabulary, so the saved model's string
store holds only its labels, not 200k training words (the shipped model stays a few
MB).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import spacy
from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example as SpacyExample
from spacy.util import fix_random_seed, load_config, load_model_from_config, minibatch

from lexicon_tools.errors import MorphologyError
from lexicon_tools.morph.labels import Example, examples_from_forms, split_by_lemma
from lexicon_tools.morph.lexicon import MorphLexicon

DEFAULT_CONFIG = Path(__file__).with_name("fallback.cfg")


@dataclass(frozen=True)
class TrainSettings:
    seed: int = 0
    epochs: int = 2
    batch_size: int = 256
    dropout: float = 0.1
    held_out_fraction: float = 0.1
    max_examples: int = 0  # 0 = all

    @classmethod
    def from_config(cls, section: dict, **overrides) -> TrainSettings:
        values = {k: section[k] for k in cls.__dataclass_fields__ if k in section}
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


@dataclass
class TrainReport:
    settings: TrainSettings
    train_examples: int
    held_out_examples: int
    labels: list[str]
    seconds: float
    losses: list[float] = field(default_factory=list)

    def to_meta(self) -> dict:
        return {"seed": self.settings.seed, "epochs": self.settings.epochs,
                "held_out_fraction": self.settings.held_out_fraction,
                "train_examples": self.train_examples, "held_out_examples": self.held_out_examples,
                "labels": self.labels, "seconds": round(self.seconds, 1),
                "losses": [round(x, 1) for x in self.losses]}


def load_training_config(path: Path | None = None):
    path = Path(path or DEFAULT_CONFIG)
    try:
        config = load_config(path)
    except Exception as exc:  # confection raises several types for a bad file
        raise MorphologyError(f"{path}: cannot read the training config: {exc}",
                              f"Start from the bundled config {DEFAULT_CONFIG}.") from exc
    if "lexicon_tools" not in config or "components" not in config:
        raise MorphologyError(f"{path}: the training config needs [lexicon_tools] and [components] sections",
                              f"Start from the bundled config {DEFAULT_CONFIG}.")
    return config


def training_examples(lexicon: MorphLexicon, settings: TrainSettings) -> tuple[list[Example], list[Example]]:
    examples = examples_from_forms(lexicon.forms())
    train, held = split_by_lemma(examples, settings.held_out_fraction, settings.seed)
    random.Random(settings.seed).shuffle(train)
    if settings.max_examples:
        train = train[: settings.max_examples]
    if not train:
        raise MorphologyError("no training examples: the entries hold no common nouns with case features",
                              "Train on an inflection table such as the bundled corpus (german-nouns CSV).")
    return train, held


def train_fallback(lexicon: MorphLexicon, config_path: Path | None = None,
                   progress: Callable[[int], None] | None = None, **overrides) -> tuple[Language, TrainReport]:
    """Train the fallback morphologizer; returns the pipeline (not yet saved) and a report."""
    config = load_training_config(config_path)
    settings = TrainSettings.from_config(dict(config["lexicon_tools"]), **overrides)
    train, held = training_examples(lexicon, settings)
    fix_random_seed(settings.seed)
    spacy_config = config.copy()
    del spacy_config["lexicon_tools"]
    nlp = load_model_from_config(spacy_config, auto_fill=True)
    scratch = spacy.blank("de").vocab
    examples = [SpacyExample.from_dict(Doc(scratch, words=[ex.form]), {"morphs": [ex.label.morph()], "pos": ["NOUN"]})
                for ex in train]
    started = time.perf_counter()
    optimizer = nlp.initialize(lambda: examples)
    rng = random.Random(settings.seed)
    losses_per_epoch = []
    for _ in range(settings.epochs):
        rng.shuffle(examples)
        losses: dict[str, float] = {}
        for batch in minibatch(examples, size=settings.batch_size):
            nlp.update(batch, sgd=optimizer, drop=settings.dropout, losses=losses)
            if progress is not None:
                progress(len(batch))
        losses_per_epoch.append(losses.get("morphologizer", 0.0))
    report = TrainReport(settings, len(train), len(held), list(nlp.get_pipe("morphologizer").labels),
                         time.perf_counter() - started, losses_per_epoch)
    return nlp, report
