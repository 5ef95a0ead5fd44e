"""What a results folder may hold, checked before the report trusts any of it.

A results folder is often shared (a network drive, a mailed archive), so the
report treats ``_experiment.json`` and the batch files as input from someone
else. `check_manifest` validates the manifest's shape with strict types and
bounds (no ``"12"`` or ``true`` for a count, boards at most 26 x 26, names at
most `MAX_NAME` characters, settings at most `MAX_DEPTH` deep), so every value
the page prints is of the type it is printed as. `check_batch` checks one batch
file's identity from its contents, not its name: the rows carry their batch id,
experiment, variant and game numbers, and a file written by this version also
carries the batch id and the sweep's fingerprint in its Parquet metadata. A copy
of a batch under another name, a batch of another sweep, or rows whose scores,
ranks or premium squares do not fit the variant's seats and board are refused,
naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from lexicon_tools.errors import ExperimentError
from lexicon_tools.experiments.spec import MAX_BATCHES, MAX_GAMES, MAX_VARIANT_NAME, MAX_VARIANTS

MAX_MANIFEST_BYTES = 16 * 1024 * 1024
MAX_NAME = MAX_VARIANT_NAME
MAX_TEXT = 10_000         # description, experiment file, board name
MAX_DEPTH = 32            # nesting of a variant's settings
MAX_SIDE = 26
IDENTITY_KEY = b"lexicon-tools-batch"   # Parquet metadata: {"batch": id, "fingerprint": sweep fingerprint}
PREMIUM_KINDS = ("DL", "TL", "DW", "TW")
HINT = "Run the sweep again into a new folder (the results folder may have been edited or damaged)."


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class Board(_Strict):
    name: str | None = Field(default=None, max_length=MAX_TEXT)
    rows: int = Field(ge=1, le=MAX_SIDE)
    cols: int = Field(ge=1, le=MAX_SIDE)
    premiums: list[list[Any]] = Field(default_factory=list, max_length=MAX_SIDE * MAX_SIDE)   # [square, kind]
    random_per_game: bool = False


class ManifestVariant(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    settings: dict[str, Any] = Field(default_factory=dict)
    players: int = Field(ge=1, le=8)
    strategies: list[str] = Field(min_length=1, max_length=8)
    board: Board


class Manifest(_Strict):
    format: Literal["lexicon-tools-sweep/1"]
    experiment: str = Field(min_length=1, max_length=MAX_NAME)
    source: str = Field(default="", max_length=MAX_TEXT)
    description: str = Field(default="", max_length=MAX_TEXT)
    seed: int = Field(ge=0, le=2**62)
    games_per_variant: int = Field(ge=1, le=MAX_GAMES)
    batch_size: int = Field(ge=1, le=MAX_BATCHES)
    fingerprint: str = Field(default="", max_length=200)
    design: str = Field(default="", max_length=200)
    pairing: Literal["deals", "none"] = "none"            # folders from before the pairing played unpaired
    baseline: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    metrics: list[Annotated[str, Field(min_length=1, max_length=100)]] = Field(default_factory=list, max_length=200)
    equivalence: dict[Annotated[str, Field(max_length=100)], Annotated[float, Field(gt=0, allow_inf_nan=False)]] = \
        Field(default_factory=dict, max_length=200)
    variants: list[ManifestVariant] = Field(min_length=1, max_length=MAX_VARIANTS)


def read_manifest_file(path: Path) -> dict[str, Any]:
    """The manifest at `path`, checked (`check_manifest`); ExperimentError naming the file otherwise."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_MANIFEST_BYTES + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise ExperimentError(f"{path}: unreadable ({exc.strerror or exc})", HINT) from None
    if len(raw) > MAX_MANIFEST_BYTES:
        raise ExperimentError(f"{path}: larger than {MAX_MANIFEST_BYTES:,} bytes, far more than a sweep's "
                              "manifest", HINT)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ExperimentError(f"{path}: not UTF-8 text (byte {exc.start})", HINT) from None
    except RecursionError:
        raise ExperimentError(f"{path}: JSON nested too deeply", HINT) from None
    except ValueError as exc:     # JSONDecodeError, and integers of more than 4,300 digits
        raise ExperimentError(f"{path}: not valid JSON ({str(exc)[:120]})", HINT) from None
    return check_manifest(data, path)


def check_manifest(data: Any, path: Path) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != "lexicon-tools-sweep/1":
        raise ExperimentError(f"{path}: not a lexicon-tools sweep manifest", HINT)
    try:
        Manifest.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(_describe(e) for e in exc.errors()[:5])
        more = f" (and {exc.error_count() - 5} more)" if exc.error_count() > 5 else ""
        raise ExperimentError(f"{path}: {problems}{more}", HINT) from None
    names = [v["name"] for v in data["variants"]]
    if len(set(names)) != len(names):
        raise ExperimentError(f"{path}: a variant name is used twice", HINT)
    for i, variant in enumerate(data["variants"]):
        board = variant["board"]
        if not all(len(p) == 2 and type(p[0]) is int and 0 <= p[0] < board["rows"] * board["cols"]
                   and p[1] in PREMIUM_KINDS for p in board.get("premiums", ())):
            raise ExperimentError(f"{path}: variants.{i}.board.premiums: a premium is not [square on the "
                                  f"{board['rows']}x{board['cols']} board, DL|TL|DW|TW]", HINT)
        if _depth(variant.get("settings")) > MAX_DEPTH:
            raise ExperimentError(f"{path}: variants.{i}.settings: nested deeper than {MAX_DEPTH} levels", HINT)
    return data


def _describe(err: dict) -> str:
    where = ".".join(str(p) for p in err.get("loc", ())) or "the top level"
    value = repr(err.get("input"))
    return f"{where}: {err.get('msg', 'invalid')} (got {value[:40] + '…' if len(value) > 40 else value})"


def _depth(value: Any) -> int:
    """Nesting depth, walked with a stack (a deep value cannot exhaust Python's recursion)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            break
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, level + 1) for child in children)
    return deepest


def batch_range(manifest: dict[str, Any], start: int) -> tuple[int, int] | None:
    """The game range of the batch starting at `start`, or None if no batch starts there."""
    size, games = manifest["batch_size"], manifest["games_per_variant"]
    if start < 0 or start >= games or start % size:
        return None
    return start, min(games, start + size)


def check_batch(path: Path, table, manifest: dict[str, Any], metadata: dict | None) -> None:
    """Refuse a batch file whose rows are not one whole batch of this sweep (see the module docstring)."""
    import pyarrow.compute as pc

    def refuse(why: str):
        raise ExperimentError(f"{path}: {why}, so it is not one of this sweep's batches",
                              "Remove that file (a copy, or from another sweep) and run the sweep again: it "
                              "writes any missing batch.")

    batch_id = path.name[:-len(".parquet")]
    identity = (metadata or {}).get(IDENTITY_KEY)
    if identity is not None:
        try:
            stamp = json.loads(identity)
        except (ValueError, RecursionError):
            stamp = None
        if not isinstance(stamp, dict) or stamp.get("batch") != batch_id:
            refuse("its metadata names another batch")
        if sweep_identity(manifest) and stamp.get("fingerprint") != sweep_identity(manifest):
            refuse("its metadata names another sweep (fingerprint)")
    if table.num_rows == 0:
        refuse("it holds no games")
    for column, expected in (("batch", batch_id), ("experiment", manifest["experiment"])):
        values = table.column(column).unique().to_pylist()
        if values != [expected]:
            refuse(f"its {column!r} column holds {str(values[:2])[:80]}, not {expected[:60]!r}")
    variants = {v["name"]: v for v in manifest["variants"]}
    names = table.column("variant").unique().to_pylist()
    if len(names) != 1 or names[0] not in variants:
        refuse(f"its rows belong to {len(names)} variant(s), none or not only one of the manifest's")
    variant = variants[names[0]]
    games = table.column("game")
    if games.null_count:
        refuse("a game number is missing")
    low, high = pc.min(games).as_py(), pc.max(games).as_py()
    span = batch_range(manifest, low)
    if span is None or high != span[1] - 1 or table.num_rows != span[1] - span[0] \
            or len(games.unique()) != table.num_rows:
        refuse(f"its games {low}-{high} ({table.num_rows} rows) are not one batch of "
               f"{manifest['batch_size']} of {manifest['games_per_variant']} games")
    seats = variant["players"]
    for column in ("scores", "ranks"):
        lengths = pc.list_value_length(table.column(column))
        if lengths.null_count or pc.min(lengths).as_py() != seats or pc.max(lengths).as_py() != seats:
            refuse(f"its {column!r} do not hold one value per seat ({seats} seats)")
    squares = pc.list_flatten(table.column("premium_squares"))
    board = variant["board"]
    if len(squares) and (squares.null_count or pc.min(squares).as_py() < 0
                         or pc.max(squares).as_py() >= board["rows"] * board["cols"]):
        refuse(f"a premium square is off the {board['rows']}x{board['cols']} board")
    for column in ("first_share", "turns", "bingos", "takes", "swaps", "premium_dl", "premium_tl", "premium_dw",
                   "premium_tw"):
        values = table.column(column)
        if values.null_count or (len(values) and pc.min(values).as_py() < 0):
            refuse(f"its {column!r} column holds a missing or negative value")
    share = table.column("first_share")
    if pc.max(share).as_py() > 1 or pc.sum(pc.is_nan(share)).as_py():
        refuse("a first-player share is not between 0 and 1")


def sweep_identity(manifest: dict[str, Any]) -> str:
    """What each batch file is stamped with: the design (the sweep without its game count, so a folder that
    `sweep --until-decided` grows keeps its batches), or the fingerprint of a manifest from before designs."""
    return manifest.get("design") or manifest.get("fingerprint") or ""


def check_identities(folder: Path, batch_ids: set[str], fingerprint: str) -> None:
    """Before a sweep resumes: each batch file it would skip must hold that batch of this sweep (its
    Parquet metadata, else its rows' batch column), or resuming would keep another batch's rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    for batch_id in sorted(batch_ids):
        path = Path(folder) / f"{batch_id}.parquet"
        try:
            identity = (pq.read_schema(path).metadata or {}).get(IDENTITY_KEY)
            if identity is not None:
                stamp = json.loads(identity)
                ok = isinstance(stamp, dict) and stamp.get("batch") == batch_id \
                    and stamp.get("fingerprint") in (fingerprint, "")
            else:
                ok = pq.read_table(path, columns=["batch"]).column("batch").unique().to_pylist() == [batch_id]
        except (OSError, pa.ArrowException, ValueError, RecursionError):
            ok = False
        if not ok:
            raise ExperimentError(f"{path} is not batch {batch_id} of this sweep (a copy, damaged, or from "
                                  "another sweep), so resuming would keep rows that are not its games",
                                  "Remove that file and run the sweep again: it plays the batch again.")
