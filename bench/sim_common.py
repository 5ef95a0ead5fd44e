"""Shared set-up of the sim benches: rules, a lexicon from the bundled corpus, the bundled leaves.

The lexicon is built in memory from the first --rows rows of the bundled noun
corpus (as the engine tests do), so the benches need no prior ``build`` and
finish in minutes on a loaded machine; the default lexicon of ``play`` is
larger (more candidates per turn, so slower moves for every player alike).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setting(ruleset: str, rows: int):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.lexicon.kwg import build_kwg
    from lexicon_tools.io.readers.corpus_sample import corpus_forms

    rules = Rules.from_ruleset(load_ruleset(ruleset))
    words = corpus_forms(rows)
    a = rules.alphabet
    encoded = [a.encode(a.normalize(w)) for w in words if a.is_tileable(a.normalize(w)) and 2 <= len(a.normalize(w)) <= 15]
    judge = KwgJudge(build_kwg(encoded), rules.name)
    return rules, judge, read_leaves(bundled_path(ruleset))


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
