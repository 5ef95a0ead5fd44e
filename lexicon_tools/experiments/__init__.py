"""Design experiments: sweeps of test games over variants of a game, run on Dask.

One experiment's journey, top to bottom:

1. `spec` — the experiment file's schema (pydantic, unknown keys refused).
2. `load` — reads the YAML (`io.guard.located_yaml`), expands the grid or the list of
   variants, applies each variant's house rules to the base ruleset with the
   ruleset loader's own merge and validation (`io.formats.rulesets`), so every problem
   is reported with the experiment file's line; resolves layouts, random boards,
   tile sets and lexicons. The result is a `plan.Plan`.
3. `plan` — variants, their content hashes, game seeds (game i of every variant
   plays deal i) and batches with deterministic ids (pure).
4. `worker` — runs on a Dask worker: plays one batch with the engine `play` uses
   (`engine.runner.play_game`, `engine.stats.summarise`) and returns columns.
5. `results` — the Parquet dataset: one file per batch, written atomically, so
   the dataset only ever holds whole batches.
6. `runner` — the Dask side: cluster or scheduler, rulesets and lexicons sent
   once per worker, batches as tasks, progress, resume, interrupt.
7. `metrics`, `stats`, `paired` — what is measured per game, intervals and tests, and the
   comparison of every variant with the baseline deal by deal (paired by default), with power
   and Holm's correction over the requested metrics.
8. `report` and `comparisons` — the self-contained HTML report, its summary in sentences first.
9. `decide` — `sweep --until-decided`: rounds of more paired games until every tested
   comparison is decided, or the cap.

Dask, pyarrow and matplotlib are imported only inside this package, and only
when a sweep or report runs: the rest of the CLI never loads them.
"""

EXTRA_MODULES = {"dask": "dask[distributed]", "distributed": "dask[distributed]", "pyarrow": "pyarrow",
                 "matplotlib": "matplotlib"}


def require(*modules: str) -> None:
    """UsageError naming the install command if a library of the ``experiments`` extra is missing."""
    import importlib.util

    from lexicon_tools.errors import UsageError

    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        packages = ", ".join(sorted({EXTRA_MODULES.get(m, m) for m in missing}))
        raise UsageError(f"this command needs {packages}, which is not installed",
                         "Install the experiments extra: pip install 'lexicon-tools[experiments]'.")
