"""Support for the documentation tests: a scratch folder laid out like the repository, and lexicons.

The examples in the guides run against the real CLI. Lexicons for the bundled
rulesets are built by `lexicon-tools build` itself, from a sample of the bundled
noun corpus (the words the guides use plus every 60th row), so a guide's
`check Häuser` gets the verdict a full build gives, in seconds instead of minutes.
"""

from __future__ import annotations

import csv
import io
import lzma
import os
import subprocess
import sys
from pathlib import Path

from lexicon_tools.resources import default_corpus

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SAMPLE_EVERY = 60
# Lemmas the guides' examples look up; their rows are always in the sample.
GUIDE_LEMMAS = {"Haus", "Mädchen", "Eltern", "Goethe", "Katze", "Straße", "Hund", "Maus", "Sahne", "Kind",
                "Hase", "Nase", "Wahl", "Brötchen", "Leute", "Berlin", "Kfz", "Kumpel", "Zahn", "Tisch"}
RULESETS = ("wortspieler", "smartfeud", "webfeud")


def doc_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXICON_TOOLS")}
    env.update(LEXICON_TOOLS_HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
               NO_COLOR="1", TERM="dumb", COLUMNS="100")
    return env


def _sample_corpus(path: Path) -> None:
    with lzma.open(default_corpus(), "rt", encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        for i, row in enumerate(rows):
            if i % SAMPLE_EVERY == 0 or row[0] in GUIDE_LEMMAS:
                writer.writerow(row)
    path.write_text(out.getvalue(), encoding="utf-8")


def build_doc_home(home: Path) -> Path:
    """LEXICON_TOOLS_HOME with a lexicon per bundled ruleset, built by the real `lexicon-tools build`."""
    sample = home / "sample-nouns.csv"
    _sample_corpus(sample)
    for name in RULESETS:
        done = subprocess.run([str(BIN / "lexicon-tools"), "build", "--ruleset", name, "--source", str(sample),
                               "--quiet", "--date", "2026-01-01T00:00:00Z"],
                              env=doc_env(home), capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return home


def scratch_folder(tmp_path: Path) -> Path:
    """An empty working folder where `corpora/` and `rulesets/` are the repository's, as in a checkout."""
    for name in ("corpora", "rulesets"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    return tmp_path
