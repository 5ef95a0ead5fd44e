"""The build pipeline: import -> filter -> normalise -> build, with a progress bar per stage.

1. import     every source through `lexicon_tools.io.readers.iter_entries` (Entry stream) into a
              compact corpus (`morph.compact`: spellings, readings, first entries), or from the
              import cache (`io.cache.import_cache`);
2. filter     the ruleset's word policy (`jobs.filter.decide_with_defaults`) -> one decision per
              normalised word (every entry of a word shares it; `policy.decide`);
3. normalise  tile-encoding of the accepted words and the verdict table (`lexicon.assemble`);
4. build      the KWG (`lexicon.builder`), the verdict table and the ``.lex`` file (atomic).

`build_lexicon_from_verdicts` starts at stage 3 from the verdicts.jsonl that
``lexicon-tools filter`` writes, so a reviewed or edited filter result can be built.

Reproducible builds: the file depends only on the inputs. Provenance records
each source's name, size and SHA-256, the resolved ruleset's SHA-256, the tool
version and a build date taken from ``date`` (the ``--date`` option), else
``SOURCE_DATE_EPOCH``, else the newest modification time of the inputs, never
the wall clock. JSON keys are sorted and every collection is sorted first, so a
second build of the same inputs is byte-identical.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lexicon_tools import __version__
from lexicon_tools.errors import InputFileError, UsageError
from lexicon_tools.jobs.bars import BarFactory, NoBar
from lexicon_tools.lexicon.assemble import assemble, decide_words, iter_counted
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.textsafe import printable


@dataclass(frozen=True)
class SourceSpec:
    path: Path
    fmt: str = "auto"


@dataclass
class BuildSummary:
    ruleset: str
    output: Path
    sources: list[SourceSpec]
    entries_in: int = 0
    words_in: int = 0
    words_out: int = 0
    accepted: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)
    classes: Counter = field(default_factory=Counter)
    kwg_nodes: int = 0
    file_size: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    cached: bool = False  # the import came from the import cache

    def lines(self) -> list[str]:
        total = sum(self.seconds.values())
        stages = ", ".join(f"{k} {v:.1f} s" for k, v in self.seconds.items())
        out = [
            f"Built the {self.ruleset} lexicon: {self.output}",
            f"  sources     {', '.join(s.path.name for s in self.sources)}"
            + ("  (imported before: from the import cache)" if self.cached else ""),
            f"  entries in  {self.entries_in:>10,}",
            f"  words in    {self.words_in:>10,}  distinct normalised spellings",
            f"  words out   {self.words_out:>10,}  legal",
        ]
        out += _reason_lines("accepted", self.accepted) + _reason_lines("rejected", self.rejected)
        out += _reason_lines("accepted words by class of the deciding entry", self.classes)
        out += [
            f"  graph       {self.kwg_nodes:>10,}  KWG nodes (DAWG+GADDAG)",
            f"  file size   {self.file_size:>10,}  bytes ({self.file_size / 1e6:.1f} MB)",
            f"  time        {total:.1f} s ({stages})",
        ]
        return out


def _reason_lines(label: str, counts: Counter) -> list[str]:
    rows = [f"  {label}:"] if counts else []
    rows += [f"    {reason:<34} {n:>10,}" for reason, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return rows


def build_lexicon(ruleset: Any, sources: list[SourceSpec], output: Path, *, date: str | None = None,
                  quiet: bool = False, on_error: str = "fail", use_cache: bool = True,
                  bars: BarFactory = NoBar) -> BuildSummary:
    """Run the four stages for a loaded `Ruleset`; returns the summary.

    The import stage streams each source into a compact corpus (`morph.compact`), reused from
    the content-addressed cache when the source, its format and the import code are unchanged
    (`io.cache.import_cache`; ``use_cache=False`` neither reads nor writes it). The filter decides
    once per word (`jobs.filter.decide_with_defaults`), not once per entry."""
    from lexicon_tools.jobs.filter import decide_with_defaults
    from lexicon_tools.io.cache.import_cache import import_corpus

    if not sources:
        raise UsageError("no sources given", "Pass --source PATH (and --format) at least once.")
    build_date(date, [])  # a bad --date or SOURCE_DATE_EPOCH is refused before the work
    show = None if not quiet else False
    summary = BuildSummary(ruleset.name, Path(output), list(sources))

    for spec in sources:
        _require_regular_source(spec.path)
    start = time.perf_counter()

    def open_bar(path: Path):
        return bars(f"import {path.name} (bytes)", total=path.stat().st_size if path.is_file() else None,
                        enabled=show)

    def no_entries(path: Path) -> None:
        raise InputFileError(f"{path}: no entries (empty, or every record was bad); nothing was built",
                             "Check that this is the right file and format; the previous lexicon is unchanged.")

    corpus, summary.cached = import_corpus([(spec.path, spec.fmt) for spec in sources], on_error=on_error,
                                    use_cache=use_cache, open_bar=open_bar, no_entries=no_entries)
    summary.entries_in = corpus.entries
    summary.seconds["import"] = time.perf_counter() - start

    start = time.perf_counter()
    with bars("filter", total=len(corpus.surfaces), enabled=show) as bar:
        decided = decide_with_defaults(corpus, ruleset, progress=bar.advance)
    summary.seconds["filter"] = time.perf_counter() - start
    count = corpus.entries
    del corpus
    _drop_caches()

    _normalise_and_build(summary, ruleset, decided, count, date, show, bars)
    return summary


def build_lexicon_from_verdicts(ruleset: Any, verdicts_file: Path, output: Path, *, date: str | None = None,
                                quiet: bool = False, bars: BarFactory = NoBar) -> BuildSummary:
    """Stages 3-4 on a verdicts.jsonl written by `lexicon-tools filter` (import and filter already done)."""
    from lexicon_tools.io.formats.verdicts_jsonl import read_verdicts

    build_date(date, [])
    show = None if not quiet else False
    spec = SourceSpec(Path(verdicts_file), "verdicts")
    summary = BuildSummary(ruleset.name, Path(output), [spec])
    start = time.perf_counter()
    with bars(f"read {spec.path.name}", enabled=show) as bar:
        verdicts = read_verdicts(spec.path, max_length=ruleset.word_policy.lengths.max)
        decided, seen = decide_words(iter_counted(verdicts, bar))
    if not seen:
        raise InputFileError(f"{verdicts_file}: no verdicts (the file is empty?); nothing was built",
                             "Write it with `lexicon-tools filter ... -o FILE`; the previous lexicon is unchanged.")
    summary.entries_in = seen
    summary.seconds["read verdicts"] = time.perf_counter() - start
    _normalise_and_build(summary, ruleset, decided, seen, date, show, bars)
    return summary


def _normalise_and_build(summary: BuildSummary, ruleset: Any, decided: dict, entries: int,
                         date: str | None, show: bool | None, bars: BarFactory) -> None:
    start = time.perf_counter()
    with bars("normalise", total=len(decided), enabled=show) as bar:
        assembly = assemble(decided, ruleset.make_alphabet(), entries=entries)
        bar.advance(len(decided))
    decided.clear()
    summary.words_in, summary.words_out = assembly.words_in, assembly.words_out
    summary.accepted, summary.rejected = assembly.accepted, assembly.rejected
    summary.classes = assembly.classes
    summary.seconds["normalise"] = time.perf_counter() - start
    if not assembly.words_out:
        raise _nothing_accepted(summary)

    start = time.perf_counter()
    with bars("build", total=3, enabled=show) as bar:
        summary.kwg_nodes, summary.file_size = write_assembly(ruleset, summary.sources, summary.output,
                                                              assembly, date, bar)
    summary.seconds["build"] = time.perf_counter() - start


def _nothing_accepted(summary: BuildSummary) -> InputFileError:
    """A build without one legal word is an error: it would replace a lexicon with an empty one."""
    top = ", ".join(f"{reason} {n:,}" for reason, n in summary.rejected.most_common(3))
    names = ", ".join(str(s.path) for s in summary.sources)
    return InputFileError(f"{names}: none of the {summary.words_in:,} words was accepted by the word policy of "
                          f"ruleset {summary.ruleset}" + (f" (rejected: {top})" if top else "")
                          + f"; nothing was built and {summary.output} is unchanged",
                          "Check the source's format (--format; an entries.jsonl from `import` is read with "
                          "--format jsonl) and that the words are of the ruleset's language and letters.")


def _drop_caches() -> None:
    """Empty the memo caches the import and the filter filled: their few thousand entries are
    scattered over the memory the stages used and would keep it from being reused (the GADDAG
    build of stage 4 is the peak of a build)."""
    import gc

    from lexicon_tools.io.readers import vocab
    from lexicon_tools.policy import judgement, nominative

    vocab.usage_tags.cache_clear()
    vocab.map_pos.cache_clear()
    nominative.clear_caches()
    judgement.clear_caches()
    gc.collect()


def _require_regular_source(path: Path) -> None:
    """Sources are hashed for the provenance after reading, so a pipe or device cannot be one."""
    from lexicon_tools.io.guard.paths import STDIN, input_kind

    kind = "standard input" if str(path) == STDIN else input_kind(path)
    if kind == "standard input":
        raise InputFileError("--source -: a build cannot read standard input; it reads each source twice "
                             "(entries, then its SHA-256 for the provenance)",
                             "Save the data to a file first (e.g. `... > words.txt`) and pass it as --source.")
    if kind is not None:
        raise InputFileError(f"{path}: is {kind}, not a regular file; a build reads each source twice "
                             "(entries, then its SHA-256 for the provenance)",
                             "Save the data to a file first and pass that file as --source.")


def build_from_verdicts(ruleset: Any, verdicts: Iterable[Verdict], output: Path, *,
                        sources: list[SourceSpec] = (), date: str | None = None) -> tuple[int, int]:
    """Stages 3-4 for verdicts from elsewhere (e.g. a verdicts.jsonl); returns (KWG nodes, file size)."""
    decided, seen = decide_words(verdicts)
    assembly = assemble(decided, ruleset.make_alphabet(), entries=seen)
    with NoBar("build", total=3) as bar:
        return write_assembly(ruleset, list(sources), output, assembly, date, bar)


def write_assembly(ruleset, sources, output, assembly, date, bar) -> tuple[int, int]:
    """Build the KWG and the verdict table and write the .lex atomically; (KWG nodes, file size).
    The assembly's records are consumed (cleared once encoded)."""
    from lexicon_tools.io.formats.lexfile import write_lexicon
    from lexicon_tools.lexicon.builder import build_graph_flat, flatten
    from lexicon_tools.lexicon.verdicts import encode_table

    # The table and the flat word buffer first: their bytes are small, the records and word objects
    # are not (a Python object per word), and the graph's build needs the room (GADDAG strings,
    # register); the file is the same either way.
    table = encode_table(assembly.records)
    assembly.records.clear()
    bar.advance()
    flat = flatten(assembly.tiles)
    assembly.tiles.clear()
    graph = build_graph_flat(*flat)
    del flat
    bar.advance()
    meta = lexicon_meta(ruleset, sources, assembly, date)
    meta["kwg"] = {"nodes": len(graph.nodes), "states": graph.state_count}
    size = write_lexicon(output, meta, graph.nodes.astype("<u4", copy=False).tobytes(), table)
    bar.advance()
    return len(graph.nodes), size


def lexicon_meta(ruleset, sources: list[SourceSpec], assembly, date: str | None) -> dict[str, Any]:
    alphabet = ruleset.make_alphabet()
    policy = ruleset.word_policy
    return {
        "ruleset": ruleset.name,
        "ruleset_title": ruleset.title,
        "language": ruleset.language,
        "alphabet": list(alphabet.letters),
        "normalisation": {"replacements": [list(p) for p in alphabet.replacements],
                          "strip_accents": alphabet.strip_accents},
        "tiles": {letter: list(spec) for letter, spec in ruleset.tiles.letters.items()},
        "blank_count": ruleset.tiles.blank.count,
        "lengths": [policy.lengths.min, policy.lengths.max],
        "word_policy": policy.kind,
        "word_count": assembly.words_out,
        "reasons": {"accepted": dict(sorted(assembly.accepted.items())),
                    "rejected": dict(sorted(assembly.rejected.items()))},
        "word_classes": dict(sorted(assembly.classes.items())),
        "provenance": {
            "sources": [source_provenance(s) for s in sources],
            "ruleset_sha256": ruleset_digest(ruleset),
            "date": build_date(date, [s.path for s in sources] + _ruleset_files(ruleset)),
            "tool": f"lexicon-tools {__version__}",
        },
    }


def source_provenance(spec: SourceSpec) -> dict[str, Any]:
    with open(spec.path, "rb") as handle:
        digest = hashlib.file_digest(handle, "sha256")
    return {"name": spec.path.name, "format": spec.fmt, "bytes": spec.path.stat().st_size,
            "sha256": digest.hexdigest()}


def ruleset_digest(ruleset) -> str:
    import json

    from lexicon_tools.model.ruleset_view import ruleset_to_json

    canonical = json.dumps(ruleset_to_json(ruleset), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _ruleset_files(ruleset) -> list[Path]:
    return [Path(ruleset.source)] if getattr(ruleset, "source", None) and Path(ruleset.source).is_file() else []


MAX_EPOCH = 253_402_300_799  # 9999-12-31T23:59:59Z, the last second an ISO-8601 year of four digits names
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2})?Z?)?", re.ASCII)


def build_date(explicit: str | None, inputs: list[Path]) -> str:
    """ISO-8601 UTC build date: explicit, else SOURCE_DATE_EPOCH, else the newest input mtime.

    Both given forms are checked (the builds call this before any work, so a bad value costs
    nothing): ``--date`` must be an ISO-8601 date or UTC time (``2026-01-31``,
    ``2026-01-31T12:00:00Z``), SOURCE_DATE_EPOCH ASCII digits up to the end of year 9999.
    """
    if explicit is not None:
        if not _ISO_DATE.fullmatch(explicit) or not _valid_iso(explicit):
            raise UsageError(f"--date {printable(explicit)[:40]!r} is not an ISO-8601 date",
                             "Give a date such as 2026-01-31 or a UTC time such as 2026-01-31T12:00:00Z.")
        return explicit
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        if not (epoch.isascii() and epoch.isdigit() and len(epoch) <= 12 and int(epoch) <= MAX_EPOCH):
            raise UsageError(f"SOURCE_DATE_EPOCH={printable(epoch)[:40]!r} is not a whole number of seconds "
                             f"from 0 to {MAX_EPOCH:,} (year 9999)",
                             "Set it to seconds since 1970-01-01 UTC (e.g. `date +%s`), or unset it.")
        seconds = int(epoch)
    else:
        seconds = int(max((p.stat().st_mtime for p in inputs if p.exists()), default=0))
        seconds = min(max(seconds, 0), MAX_EPOCH)
    return datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _valid_iso(text: str) -> bool:
    try:
        datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        return False
    return True
