"""The results of a sweep: a folder that is a Parquet dataset, one file per batch.

Layout of ``RESULTS/``::

    _experiment.json          the plan: variants, their settings and boards, the fingerprint
    <batch id>.parquet        the rows of one batch, one row per game

Each batch file is written atomically (`io.guard.atomic`: a temp file, then a rename),
so the folder only ever holds whole batches: Ctrl-C, a killed client or a full
disk leave every file either complete or absent. A file's name is its batch's
deterministic id, so a rerun skips batches already written and a batch written
twice (a task Dask ran again) replaces itself with the same rows: no row is ever
duplicated. Names starting with ``_`` or ``.`` are ignored by pyarrow, DuckDB
globs and pandas, so ``pandas.read_parquet("RESULTS")`` reads exactly the rows.

Why Parquet (pyarrow): columnar, compressed, typed, and read directly by pandas,
DuckDB, Polars and Spark, so anything the report does not show is one query away.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lexicon_tools.errors import ExperimentError
from lexicon_tools.experiments.manifest import IDENTITY_KEY, check_batch, check_identities, read_manifest_file, sweep_identity
from lexicon_tools.experiments.spec import MAX_BATCHES
from lexicon_tools.io.guard.atomic import atomic_open, atomic_write_text

MANIFEST = "_experiment.json"
SUFFIX = ".parquet"


def schema():
    import pyarrow as pa

    return pa.schema([
        ("experiment", pa.string()), ("variant", pa.string()), ("batch", pa.string()),
        ("game", pa.int32()),                       # index of the game within its variant, from 0
        ("seed", pa.int64()), ("players", pa.int8()), ("strategies", pa.string()),
        ("scores", pa.list_(pa.int32())),           # final score per seat
        ("ranks", pa.list_(pa.int8())),             # final rank per seat (1 = first; shared ranks repeat)
        ("winner", pa.int8()),                      # seat (1-based) of the sole winner; null for a shared first place
        ("first_share", pa.float32()),              # seat 1's share of first place (1, 1/k when shared, 0)
        ("turns", pa.int32()), ("placements", pa.int32()), ("bingos", pa.int32()),
        ("takes", pa.int32()), ("swaps", pa.int32()), ("exchanges", pa.int32()), ("passes", pa.int32()),
        ("multi_word_turns", pa.int32()), ("move_score_sum", pa.int32()), ("end_reason", pa.string()),
        ("premium_squares", pa.list_(pa.int16())),  # square (row * cols + col) of each premium used, repeated per use
        ("premium_dl", pa.int16()), ("premium_tl", pa.int16()), ("premium_dw", pa.int16()),
        ("premium_tw", pa.int16()), ("board", pa.string()),
        ("professional", pa.bool_()),               # professional mode: an invalid word ends the turn
        ("time_limit", pa.float32()),               # the turn time limit in seconds; null: none
        ("timeouts", pa.int32()), ("invalid_turns", pa.int32()),   # turns lost to the clock, to a refused word
        ("refused_attempts", pa.int32()),           # casual mode: refused words tried again (not turns)
        ("deal", pa.int64()),                       # the deal played: equal for game i of every variant when paired
        ("lead_changes", pa.int32()),               # times the sole leader changed (engine.stats.lead_changes)
        ("bingo_bonuses", pa.list_(pa.int32())),    # the bonus paid for each bingo (SmartFeud's 30 and 50 apart)
    ])


def batch_path(folder: Path, batch_id: str) -> Path:
    return Path(folder) / f"{batch_id}{SUFFIX}"


def written_batches(folder: Path) -> set[str]:
    """Ids of the batches whose files are in `folder` (whole files only: temp files start with '.')."""
    if not Path(folder).is_dir():
        return set()
    return {p.name[:-len(SUFFIX)] for p in Path(folder).iterdir()
            if p.name.endswith(SUFFIX) and not p.name.startswith((".", "_"))}


def write_batch(folder: Path, batch_id: str, columns: dict[str, list], fingerprint: str = "") -> int:
    """Write one batch's rows atomically, its identity (batch id, the sweep's fingerprint) in the file's
    metadata (`manifest.check_batch`); returns the number of rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    identity = json.dumps({"batch": batch_id, "fingerprint": fingerprint}).encode()
    table = pa.Table.from_pydict(columns, schema=schema().with_metadata({IDENTITY_KEY: identity}))
    with atomic_open(batch_path(folder, batch_id), "wb") as handle:
        pq.write_table(table, handle, compression="zstd")
    return table.num_rows


def prepare_folder(folder: Path, manifest: dict[str, Any], restart: bool) -> set[str]:
    """Create or reuse `folder` for this plan; returns the batch ids already written.

    A folder holding another experiment's (or another version's) results is refused
    unless `restart`, which removes its batch files first. The same design grown to more
    games per variant is no other version: its batches are kept (the caller removes a last,
    shorter batch that the grown plan plays whole).
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ExperimentError(f"{folder} is a file; the results are a folder of Parquet files",
                              "Give a folder name with -o, e.g. -o results/.")
    existing = read_manifest(folder) if (folder / MANIFEST).is_file() else None
    if existing is None and folder.is_dir() and any(folder.iterdir()):
        raise ExperimentError(f"{folder} is not empty and holds no {MANIFEST}: it is not a sweep's results, and "
                              "readers of the dataset would take its other files for results",
                              "Choose an empty or new folder with -o.")
    if existing is not None and existing.get("fingerprint") != manifest["fingerprint"] and not _grown(existing, manifest):
        if not restart:
            raise ExperimentError(
                f"{folder} holds results of a different experiment or version of it "
                f"({existing.get('experiment')!r}: its variants, seed, games or batch size differ), "
                "so resuming would mix rows of two designs",
                "Write to a new folder with -o, or pass --restart to delete those results and start again.")
    if restart:
        for batch_id in written_batches(folder):
            batch_path(folder, batch_id).unlink()
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
    done = written_batches(folder)
    check_identities(folder, done, sweep_identity(manifest))
    return done


def _grown(existing: dict[str, Any], manifest: dict[str, Any]) -> bool:
    """The same design with at least as many games per variant (`sweep --until-decided` adds games)."""
    return (existing.get("design") is not None and existing.get("design") == manifest.get("design")
            and isinstance(existing.get("games_per_variant"), int)
            and existing["games_per_variant"] <= manifest["games_per_variant"])


def read_manifest(folder: Path) -> dict[str, Any]:
    """The folder's manifest, its shape and bounds checked (`manifest.check_manifest`)."""
    path = Path(folder) / MANIFEST
    if path.exists() and not path.is_file():
        raise ExperimentError(f"{path} is not a regular file", "Run the sweep again into a new folder.")
    try:
        return read_manifest_file(path)
    except FileNotFoundError:
        raise ExperimentError(f"{folder} is not a sweep's results folder: it has no {MANIFEST}",
                              "Give the folder `lexicon-tools sweep` wrote (its -o).") from None


def read_rows(folder: Path, manifest: dict[str, Any] | None = None):
    """All rows of the dataset as a pyarrow Table (in variant, game order).

    With `manifest`, each file is first checked to be one whole batch of that sweep (`manifest.check_batch`):
    at most a batch's rows, read one file at a time, so a forged or copied file is named and refused.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = sorted(batch_path(folder, b) for b in written_batches(folder))
    if not files:
        return schema().empty_table()
    if manifest is not None and len(files) > MAX_BATCHES:
        raise ExperimentError(f"{folder} holds {len(files):,} batch files, more than a sweep writes ({MAX_BATCHES:,})",
                              "Remove the files that are not this sweep's batches.")
    tables = []
    for f in files:
        try:
            if not f.is_file():
                raise ExperimentError(f"{f} is not a regular file", "Remove it: a batch is a Parquet file.")
            if manifest is not None:
                meta = pq.read_metadata(f)
                if meta.num_rows > manifest["batch_size"]:
                    raise ExperimentError(f"{f}: {meta.num_rows:,} rows, more than a batch of "
                                          f"{manifest['batch_size']:,} games",
                                          "Remove that file (it is not this sweep's) and run the sweep again.")
            table = pq.read_table(f, schema=schema())
            if manifest is not None:
                check_batch(f, table, manifest, pq.read_schema(f).metadata)
        except (OSError, pa.ArrowException, ValueError) as exc:
            raise ExperimentError(f"{f}: this results file cannot be read ({str(exc)[:200]})",
                                  "Remove that file and run the sweep again: it writes the missing batch.") from None
        tables.append(table)
    return pa.concat_tables(tables).sort_by([("variant", "ascending"), ("game", "ascending")])
