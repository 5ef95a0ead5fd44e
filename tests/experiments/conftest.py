"""A small real lexicon, experiment files and one real Dask LocalCluster (2 worker processes) per session.

The lexicon is built with the project's own pipeline from the first rows of the
bundled German noun corpus (as tests/cli/test_play.py does), so games are real
games on a real .lex file. The cluster is shared by the sweep tests to pay its
start-up once; one test kills one of its worker processes, and the nanny
restarts it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.io.readers.corpus_sample import corpus_forms

ROWS = 3000


@pytest.fixture(scope="session")
def lexicon(tmp_path_factory) -> Path:
    words = corpus_forms(ROWS)
    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, source=f"nouns.csv:{i}"), alphabet.normalize(w), True, "listed")
                for i, w in enumerate(words)
                if alphabet.is_tileable(alphabet.normalize(w)) and 2 <= len(alphabet.normalize(w)) <= 15]
    path = tmp_path_factory.mktemp("lex") / "webfeud.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


def experiment_text(lexicon: Path, games: int = 24, batch_size: int = 4, seed: int = 11) -> str:
    """Two variants of Webfeud: as bundled, and with a third blank (one more tile in the bag)."""
    return textwrap.dedent(f"""\
        name: third-blank
        description: Does a third blank change Webfeud games?
        base: webfeud
        lexicon: {lexicon}
        games: {games}
        seed: {seed}
        batch_size: {batch_size}
        strategies: greedy
        grid:
          blanks:
            two: {{}}
            three:
              rules:
                tiles: {{total: 103, blank: {{count: 3}}}}
        """)


@pytest.fixture
def write_experiment(tmp_path, lexicon):
    def write(text: str | None = None, name: str = "experiment.yaml", **options) -> Path:
        path = tmp_path / name
        path.write_text(text if text is not None else experiment_text(lexicon, **options), encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session")
def dask_client():
    from lexicon_tools.experiments.runner import connect

    with connect(2) as client:     # the LocalCluster `sweep --workers 2` starts
        yield client


@pytest.fixture(scope="session")
def reference(tmp_path_factory, lexicon, dask_client):
    """One uninterrupted sweep: (experiment file, plan, results folder, result)."""
    folder = tmp_path_factory.mktemp("reference")
    path = folder / "third-blank.yaml"
    path.write_text(experiment_text(lexicon), encoding="utf-8")
    from lexicon_tools.experiments.load import load_experiment
    from lexicon_tools.experiments.runner import run_sweep

    plan = load_experiment(path)
    result = run_sweep(plan, folder / "results", client=dask_client, quiet=True)
    return path, plan, folder / "results", result
