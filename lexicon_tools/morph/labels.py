"""Form-level labels for the statistical fallback, and the held-out-lemma split.

The fallback sees one isolated word and predicts one label. A form often has several
readings (Lehrer: Nom Sg, Nom Pl, Dat Sg, ...), so each form is given its *most
telling* reading as the label, in this order of preference: Nom Sg, Nom Pl, Acc Sg,
Dat Sg, Gen Sg, Acc Pl, Dat Pl, Gen Pl. The label therefore answers the question the
Wortspieler rule asks ("can this be a nominative singular?") whenever the answer is
yes. Singular labels carry the gender (feminine -e nouns vs masculine -e plurals is
what the model most needs to tell apart); plural labels do not (German plurals have
none). Labels are spaCy morphologizer labels: ``Case=Nom|Gender=Fem|Number=Sing``
with ``POS=NOUN``.

Only common nouns of the lexicon with a case and letters-only spellings are used.

The split is by lemma, not by form: a form belongs to the held-out side when every
lemma it has is held out, to the training side when none is, and is left out
otherwise. A lemma is held out when the first 8 hex digits of SHA-1("seed:lemma")
fall below the fraction, so the split is stable across runs and machines.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from lexicon_tools.policy.readings import Reading

PREFERENCE = (("Nom", "Sing"), ("Nom", "Plur"), ("Acc", "Sing"), ("Dat", "Sing"), ("Gen", "Sing"),
              ("Acc", "Plur"), ("Dat", "Plur"), ("Gen", "Plur"))
_RANK = {pair: i for i, pair in enumerate(PREFERENCE)}
_GENDERS = ("Masc", "Fem", "Neut")


@dataclass(frozen=True)
class Label:
    pos: str | None
    case: str | None
    number: str | None
    gender: str | None

    @property
    def is_nom_sg(self) -> bool:
        return self.case == "Nom" and self.number == "Sing"

    def morph(self) -> str:
        parts = [f"Case={self.case}"]
        if self.gender:
            parts.append(f"Gender={self.gender}")
        parts.append(f"Number={self.number}")
        return "|".join(parts)


@dataclass(frozen=True)
class Example:
    form: str
    label: Label
    lemmas: frozenset[str]


def parse_label(text: str) -> Label:
    """'Case=Nom|Gender=Fem|Number=Sing|POS=NOUN' -> Label."""
    fields = dict(part.split("=", 1) for part in text.split("|") if "=" in part)
    return Label(fields.get("POS"), fields.get("Case"), fields.get("Number"), fields.get("Gender"))


def form_label(readings: Iterable[Reading]) -> Label | None:
    best: tuple[int, str] | None = None
    genders: dict[tuple[str, str], set[str]] = {}
    for r in readings:
        if r.pos != "NOUN" or (r.case, r.number) not in _RANK:
            continue
        pair = (r.case, r.number)
        genders.setdefault(pair, set()).add(r.gender or "")
        if best is None or _RANK[pair] < best[0]:
            best = (_RANK[pair], pair)
    if best is None:
        return None
    case, number = best[1]
    gender = None
    if number == "Sing":
        gender = next((g for g in _GENDERS if g in genders[best[1]]), None)
    return Label("NOUN", case, number, gender)


def examples_from_forms(forms: Iterable[tuple[str, tuple[Reading, ...]]]) -> list[Example]:
    out = []
    for form, readings in forms:
        if not form.isalpha():
            continue
        label = form_label(readings)
        if label is None:
            continue
        lemmas = frozenset(r.lemma or form for r in readings if r.pos == "NOUN" and r.case)
        out.append(Example(form, label, lemmas))
    return out


def is_held_out(lemma: str, fraction: float, seed: int = 0) -> bool:
    digest = hashlib.sha1(f"{seed}:{lemma}".encode()).hexdigest()
    return int(digest[:8], 16) / 0x1_0000_0000 < fraction


def split_by_lemma(examples: Iterable[Example], fraction: float, seed: int = 0) -> tuple[list[Example], list[Example]]:
    """(training examples, held-out examples); forms shared across the split are dropped."""
    train, held = [], []
    for ex in examples:
        flags = {is_held_out(lemma, fraction, seed) for lemma in ex.lemmas}
        if flags == {False}:
            train.append(ex)
        elif flags == {True}:
            held.append(ex)
    return train, held
