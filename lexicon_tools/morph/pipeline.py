"""The spaCy side of the morphology: registered components and the pipeline analyzer.

The pipeline starts from ``spacy.blank("de")`` (German tokenizer and language data)
and adds, in this order:

1. ``lexicon_tools_lexicon``: looks every token up in the morphological lexicon
   (`morph.lexicon.MorphLexicon`) and, for unknown words, tries the compound head and
   the orthography rule. It sets ``token._.readings`` (all readings), ``token.pos_``
   and ``token.morph`` (the features of the preferred reading: a nominative singular
   noun if there is one).
2. ``lexicon_tools_fallback`` (when a trained model is given): the statistical
   fallback, a morphologizer trained by `lexicon-tools morph train` on form-level
   labels. It runs **only on tokens the lexicon left without readings**, so it never
   overrules the lexicon (a model of isolated words learns suffixes, not words, and
   would call Häuser singular). Its reading carries the probability that the word
   can be a nominative singular (summed over the gender labels).
3. ``lexicon_tools_external`` (when ``morphology.spacy_model`` names an installed
   pipeline such as de_core_news_sm): that pipeline's POS and morphology for the same
   unknown tokens, added as one more reading (``origin: external:<name>``).

The analyzer feeds single-word documents built as ``Doc(vocab, words=[word])``: the
words it is given are tileable, i.e. letters only, which the German tokenizer would
keep as one token anyway, so skipping the tokenizer changes nothing but the time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import numpy
import spacy
from spacy.language import Language
from spacy.tokens import Doc, Token
from spacy.util import minibatch

from lexicon_tools.errors import MorphologyError
from lexicon_tools.morph.labels import parse_label
from lexicon_tools.morph.lexicon import MorphLexicon, unknown_word_readings
from lexicon_tools.policy.readings import Reading

if not Token.has_extension("readings"):
    Token.set_extension("readings", default=())

KNOWN_ORIGINS = frozenset({"lexicon", "headword", "compound", "orthography"})


def preferred(readings: Sequence[Reading]) -> Reading:
    for reading in readings:
        if reading.is_noun and reading.case in ("Nom", None) and reading.number in ("Sing", None):
            return reading
    return readings[0]


class _Annotator:
    """Writes readings onto a token, caching the morphology hash per feature string."""

    def __init__(self, vocab):
        self.vocab = vocab
        self._hashes: dict[str, int] = {}

    def annotate(self, token: Token, readings: tuple[Reading, ...]) -> None:
        token._.readings = readings
        best = preferred(readings)
        if best.pos:
            token.pos_ = best.pos
        features = best.features()
        if features:
            key = self._hashes.get(features)
            if key is None:
                key = self._hashes[features] = self.vocab.morphology.add(features)
            token.set_morph(key)


class LexiconComponent:
    def __init__(self, nlp: Language, name: str):
        self.name = name
        self.annotator = _Annotator(nlp.vocab)
        self.lexicon: MorphLexicon | None = None

    def set_lexicon(self, lexicon: MorphLexicon) -> LexiconComponent:
        self.lexicon = lexicon
        return self

    def __call__(self, doc: Doc) -> Doc:
        lexicon = self.lexicon
        if lexicon is None:
            raise MorphologyError("the lexicon component has no lexicon",
                                  "Call set_lexicon() after adding lexicon_tools_lexicon to a pipeline.")
        annotate = self.annotator.annotate
        for token in doc:
            text = token.text
            readings = lexicon.lookup(text) or unknown_word_readings(text, lexicon)
            if readings:
                annotate(token, readings)
        return doc

    def pipe(self, docs: Iterable[Doc], batch_size: int = 1000) -> Iterator[Doc]:
        for doc in docs:
            yield self(doc)


def _softmax(scores: numpy.ndarray) -> numpy.ndarray:
    shifted = numpy.exp(scores - scores.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


class FallbackComponent:
    def __init__(self, nlp: Language, name: str, model_dir: str, threshold: float):
        self.name = name
        self.threshold = threshold
        self.annotator = _Annotator(nlp.vocab)
        trained = spacy.load(model_dir, vocab=nlp.vocab)
        if "morphologizer" not in trained.pipe_names:
            raise MorphologyError(f"{model_dir}: the model has no morphologizer",
                                  "Train one with `lexicon-tools morph train`.")
        self.morphologizer = trained.get_pipe("morphologizer")
        self.model_name = f"model:{Path(model_dir).name}"
        labels = [parse_label(label) for label in self.morphologizer.labels]
        self.labels = labels
        self.nom_sg = numpy.array([lab.case == "Nom" and lab.number == "Sing" for lab in labels])

    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 1000) -> Iterator[Doc]:
        for batch in minibatch(docs, size=batch_size):
            unknown = [doc for doc in batch if any(not t._.readings for t in doc)]
            if unknown:
                self._predict(unknown)
            yield from batch

    def _predict(self, docs: list[Doc]) -> None:
        scores = self.morphologizer.model.predict(docs)
        for doc, doc_scores in zip(docs, scores):
            probs = _softmax(numpy.asarray(doc_scores))
            for token, row in zip(doc, probs):
                if not token._.readings:
                    self.annotator.annotate(token, (self._reading(row),))

    def _reading(self, row: numpy.ndarray) -> Reading:
        p_nom_sg = float(row[self.nom_sg].sum())
        can_be_nom_sg = p_nom_sg >= self.threshold
        masked = numpy.where(self.nom_sg == can_be_nom_sg, row, -1.0)
        label = self.labels[int(masked.argmax())]
        score = p_nom_sg if can_be_nom_sg else 1.0 - p_nom_sg
        return Reading(pos=label.pos or "NOUN", case=label.case, number=label.number, gender=label.gender,
                       source=self.model_name, origin="model", score=score)


class ExternalComponent:
    def __init__(self, nlp: Language, name: str, model: str):
        self.name = name
        self.model = model
        try:
            self.external = spacy.load(model)
        except OSError as exc:
            raise MorphologyError(f"cannot load the spaCy pipeline {model!r} named by morphology.spacy_model",
                                  "Install it (e.g. python -m spacy download de_core_news_sm), give the "
                                  "path of a pipeline directory, or set morphology.spacy_model to null.") from exc
        self.origin = f"external:{Path(model).name}"

    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 1000) -> Iterator[Doc]:
        for batch in minibatch(docs, size=batch_size):
            tokens = [t for doc in batch for t in doc
                      if not any(r.origin in KNOWN_ORIGINS for r in t._.readings)]
            if tokens:
                analysed = self.external.pipe([t.text for t in tokens], batch_size=batch_size)
                for token, ext_doc in zip(tokens, analysed):
                    token._.readings = tuple(token._.readings) + (self._reading(ext_doc),)
            yield from batch

    def _reading(self, ext_doc: Doc) -> Reading:
        token = ext_doc[0] if len(ext_doc) else None
        if token is None:
            return Reading(pos="X", source=self.origin, origin=self.origin)
        morph = token.morph

        def first(field: str) -> str | None:
            values = morph.get(field)
            return values[0] if values else None

        return Reading(pos=token.pos_ or "X", lemma=None, case=first("Case"), number=first("Number"),
                       gender=first("Gender"), source=self.origin, origin=self.origin)


@Language.factory("lexicon_tools_lexicon")
def make_lexicon_component(nlp: Language, name: str) -> LexiconComponent:
    return LexiconComponent(nlp, name)


@Language.factory("lexicon_tools_fallback", default_config={"model_dir": "", "threshold": 0.5})
def make_fallback_component(nlp: Language, name: str, model_dir: str, threshold: float) -> FallbackComponent:
    return FallbackComponent(nlp, name, model_dir, threshold)


@Language.factory("lexicon_tools_external", default_config={"model": ""})
def make_external_component(nlp: Language, name: str, model: str) -> ExternalComponent:
    return ExternalComponent(nlp, name, model)


def build_pipeline(lexicon: MorphLexicon, model_dir: Path | None = None, external: str | None = None,
                   threshold: float = 0.5) -> Language:
    nlp = spacy.blank("de")
    nlp.add_pipe("lexicon_tools_lexicon").set_lexicon(lexicon)
    if model_dir is not None:
        nlp.add_pipe("lexicon_tools_fallback", config={"model_dir": str(model_dir), "threshold": threshold})
    if external:
        nlp.add_pipe("lexicon_tools_external", config={"model": external})
    return nlp


class SpacyAnalyzer:
    """The policy's analyzer backed by the pipeline above."""

    def __init__(self, lexicon: MorphLexicon, nlp: Language, batch_size: int = 2000):
        self.lexicon = lexicon
        self.nlp = nlp
        self.batch_size = batch_size

    def lookup(self, form: str) -> tuple[Reading, ...]:
        return self.lexicon.lookup(form)

    def head_count(self, noun: str) -> int:
        return self.lexicon.head_count(noun)

    def analyze(self, words: Sequence[str]) -> list[tuple[Reading, ...]]:
        names = self.nlp.pipe_names
        if names[:1] == ["lexicon_tools_lexicon"] and set(names) <= _LEXICON_AND_FALLBACK:
            return self._analyze_direct(words)
        vocab = self.nlp.vocab
        docs = (Doc(vocab, words=[word]) for word in words)
        return [doc[0]._.readings if len(doc) == 1 else tuple(r for t in doc for r in t._.readings)
                for doc in self.nlp.pipe(docs, batch_size=self.batch_size)]

    def _analyze_direct(self, words: Sequence[str]) -> list[tuple[Reading, ...]]:
        """What the lexicon + fallback pipeline gives, without a Doc for the words the lexicon knows.

        Making a Doc creates a spaCy lexeme per new word (its shape, flags, ...), which was the
        largest cost of the whole filter; only the words left without readings need one, for
        the model. The batches are those `nlp.pipe` makes (`batch_size` words in order), and
        the model sees the same unknown docs of each batch, so its scores are the same."""
        lexicon = self.nlp.get_pipe("lexicon_tools_lexicon").lexicon
        fallback = self.nlp.get_pipe("lexicon_tools_fallback") if "lexicon_tools_fallback" in self.nlp.pipe_names \
            else None
        vocab = self.nlp.vocab
        out: list[tuple[Reading, ...]] = []
        for start in range(0, len(words), self.batch_size):
            batch = words[start:start + self.batch_size]
            readings = [lexicon.lookup(w) or unknown_word_readings(w, lexicon) for w in batch]
            unknown = [i for i, found in enumerate(readings) if not found]
            if fallback is not None and unknown:
                docs = [Doc(vocab, words=[batch[i]]) for i in unknown]
                fallback._predict(docs)
                for i, doc in zip(unknown, docs):
                    readings[i] = doc[0]._.readings
            out.extend(readings)
        return out


_LEXICON_AND_FALLBACK = frozenset({"lexicon_tools_lexicon", "lexicon_tools_fallback"})
