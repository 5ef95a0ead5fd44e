"""Files of the morphology: the trained fallback model, the base lexicon, and the default analyzer.

**Model directory** (what `lexicon-tools morph train` writes; the package ships one in
``lexicon_tools/morph/fallback_model/``): a spaCy pipeline saved with ``to_disk``
(``config.cfg``, ``meta.json``, ``tokenizer``, ``vocab/``, ``morphologizer/``; spaCy
serialises with msgpack, not pickle), plus

- ``LICENSE.md``: the model is trained on CC BY-SA 4.0 data and shared alike;
- ``training.json``: seed, epochs, example counts, labels, losses, time;
- ``MANIFEST.json``: ``{"magic": "lexicon-tools-morph-model", "version": 1,
  "files": {relative path: sha256}}``. Every listed file is checked before loading;
  a missing, extra-short or altered file is a `MorphologyError`, never a crash inside
  spaCy.

Saving writes into a staging directory next to the target and swaps it into place in one
step (`atomic_dir`), so an interrupted training run never leaves a half-written model and
the previous model stays as it was; the output is checked before training starts
(`check_model_output`).

**Base lexicon**: the bundled corpus (`resources.default_corpus`) compiled into a
`MorphLexicon`, used to fill gaps when the entries being filtered carry no grammar
(word lists, TEI headwords without case). Loaded at most once per process.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from lexicon_tools.errors import MorphologyError, OutputFileError, UsageError
from lexicon_tools.io.guard.atomic_dir import atomic_directory
from lexicon_tools.model.entry import Entry

MAGIC = "lexicon-tools-morph-model"
VERSION = 1
MANIFEST = "MANIFEST.json"
_PACKAGE_MORPH = Path(__file__).resolve().parents[2] / "morph"
LICENCE_TEMPLATE = _PACKAGE_MORPH / "MODEL_LICENSE.md"
TRAIN_HINT = "Train it with `lexicon-tools morph train -o DIR` and pass --model DIR."


def shipped_model_dir() -> Path:
    return _PACKAGE_MORPH / "fallback_model"


def _sha256(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _model_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file() and p.name != MANIFEST)


def write_manifest(directory: Path) -> None:
    files = {p.relative_to(directory).as_posix(): _sha256(p) for p in _model_files(directory)}
    text = json.dumps({"magic": MAGIC, "version": VERSION, "files": files}, indent=1, sort_keys=True)
    (directory / MANIFEST).write_text(text + "\n", encoding="utf-8")


def verify_model_dir(directory: str | os.PathLike) -> Path:
    """Check the manifest of a model directory; returns the path or raises MorphologyError."""
    directory = Path(directory)
    manifest_path = directory / MANIFEST
    if not directory.is_dir():
        raise MorphologyError(f"{directory}: no such model directory", TRAIN_HINT)
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MorphologyError(f"{directory}: not a lexicon-tools morphology model (no {MANIFEST})",
                              TRAIN_HINT) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MorphologyError(f"{manifest_path}: unreadable manifest ({exc})", TRAIN_HINT) from exc
    if not isinstance(manifest, dict) or manifest.get("magic") != MAGIC:
        raise MorphologyError(f"{manifest_path}: wrong magic, not a lexicon-tools morphology model", TRAIN_HINT)
    if manifest.get("version") != VERSION:
        raise MorphologyError(f"{manifest_path}: model format version {manifest.get('version')!r}, "
                              f"this lexicon-tools reads version {VERSION}", TRAIN_HINT)
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        raise MorphologyError(f"{manifest_path}: the manifest lists no files", TRAIN_HINT)
    for name, expected in sorted(files.items()):
        path = directory / name
        if not path.is_file():
            raise MorphologyError(f"{directory}: model file {name} is missing", TRAIN_HINT)
        if _sha256(path) != expected:
            raise MorphologyError(f"{directory}: model file {name} is corrupt (checksum mismatch)", TRAIN_HINT)
    return directory


def check_model_output(output: str | os.PathLike) -> Path:
    """The model directory to write, checked before any training: refuses what must not be replaced.

    A symlink is followed (the directory it names is replaced). Refused: an
    empty name, anything that is not a directory (a file, FIFO or device), and
    a directory that holds files but is not a model (no manifest).
    """
    if not os.fspath(output):
        raise OutputFileError("the model directory path is empty", "Pass -o DIR.")
    target = Path(os.path.realpath(output)) if os.path.islink(output) else Path(output)
    if os.path.lexists(target) and not target.is_dir():
        raise OutputFileError(f"{os.fspath(output)} exists and is not a directory; a model is a directory, "
                              "refusing to replace it", "Choose a new or empty directory (or a model directory).")
    if target.is_dir() and not (target / MANIFEST).is_file() and any(target.iterdir()):
        raise MorphologyError(f"{os.fspath(output)} exists and is not a model directory (no {MANIFEST}); "
                              "refusing to replace it", "Choose an empty or new output directory.")
    return target


def save_model(nlp, output: str | os.PathLike, training: dict) -> Path:
    """Write a trained fallback pipeline with licence, training record and manifest, atomically.

    Everything is written into a staging directory next to `output`, which then
    takes its place in one step (`atomic_dir`): an interrupted run leaves the
    previous model as it was.
    """
    target = check_model_output(output)
    try:
        with atomic_directory(target, validate=check_model_output) as staging:
            nlp.to_disk(staging)
            shutil.copyfile(LICENCE_TEMPLATE, staging / "LICENSE.md")
            (staging / "training.json").write_text(json.dumps(training, indent=1, sort_keys=True) + "\n",
                                                   encoding="utf-8")
            write_manifest(staging)
    except OSError as exc:
        raise OutputFileError(f"cannot write the model directory {os.fspath(output)}: {exc.strerror or exc}",
                              "Check the free space and the permissions there; the previous model is "
                              "unchanged.") from exc
    return Path(output)


@lru_cache(maxsize=1)
def load_base_lexicon():
    """The bundled corpus as a morphological lexicon (cached for the process, and across processes
    by the import cache)."""
    from lexicon_tools.io.cache.import_cache import import_corpus
    from lexicon_tools.resources import default_corpus

    return import_corpus([(default_corpus(), "csv")])[0]


def needs_base(entries: Sequence[Entry]) -> bool:
    """Do some entries carry no grammar at all (word-list lines without a part of speech)?

    Headwords with a part of speech but no case (TEI) need no base: the headword
    convention reads them (`policy.readings.readings_from_entry`).
    """
    return any(not e.pos for e in entries)


def default_analyzer(entries: Sequence[Entry], ruleset, *, model_dir: str | os.PathLike | None = None,
                     base: str = "auto", use_model: bool = True):
    """The analyzer `jobs.filter.evaluate_with_defaults` uses when none is given.

    `base`: ``auto`` adds the bundled corpus as base lexicon when `needs_base`,
    ``default`` always, ``none`` never. The all-forms policy gets the plain lexicon
    analyzer (no spaCy); the nominative rule gets the spaCy pipeline with the trained
    fallback (`model_dir`, default the shipped model) and, if the ruleset names one,
    an installed spaCy pipeline (``morphology.spacy_model``). The lexicon is a compact
    corpus of the entries (`morph.compact`).
    """
    from lexicon_tools.morph.compact import compact

    _check_base(base)
    lexicon = compact(entries)
    return corpus_analyzer(lexicon, ruleset, model_dir=model_dir, base="default" if needs_base(entries)
                           and base == "auto" else base, use_model=use_model)


def _check_base(base: str) -> None:
    if base not in ("auto", "default", "none"):
        raise UsageError(f"unknown base lexicon option {base!r}", "Use auto, default or none.")


def corpus_analyzer(corpus, ruleset, *, model_dir: str | os.PathLike | None = None, base: str = "auto",
                    use_model: bool = True):
    """`default_analyzer` for a `CompactCorpus` (which serves as the lexicon); ``auto`` adds the base
    lexicon when some entry of the corpus had no part of speech."""
    from lexicon_tools.morph.lexicon import LexiconAnalyzer

    _check_base(base)
    use_base = base == "default" or (base == "auto" and corpus.bare > 0)
    lexicon = corpus.with_base(load_base_lexicon() if use_base else None)
    if ruleset.word_policy.kind == "all_forms":
        return LexiconAnalyzer(lexicon)
    from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline

    model = verify_model_dir(model_dir or shipped_model_dir()) if use_model else None
    return SpacyAnalyzer(lexicon, build_pipeline(lexicon, model, ruleset.morphology.spacy_model))


def read_training_record(directory: Path) -> dict:
    """The model's training.json (seed and held-out fraction tell `morph evaluate` the split)."""
    path = Path(directory) / "training.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MorphologyError(f"{path}: unreadable training record ({exc})", TRAIN_HINT) from exc
    if not isinstance(record, dict) or not {"seed", "held_out_fraction"} <= set(record):
        raise MorphologyError(f"{path}: the training record lacks seed or held_out_fraction", TRAIN_HINT)
    return record
