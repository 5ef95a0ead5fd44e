"""The sim player's settings and their spec string,
``sim:iterations=N:time=S:candidates=N:plies=K:takes=K:multiword=K``.

**The play-out players are narrower than the game's.** The candidates come
from the game's full generator (every take, every multi-word turn), but the
simulated replies are cheaper, alike for every candidate of an iteration:

* ``multiword=K``: the play-out turns of a multi-word ruleset (Wortspieler)
  extend only the K best single-line turns by further lines (the game's
  generator extends 8); 0, the default, plays single lines;
* ``takes=K``: a play-out turn considers taking only the K highest-valued
  takeable board letters (ties by square); 0, the default, none. The game's
  generator runs the kernel once for every takeable letter (about 19 a turn
  mid-game, so 20 runs instead of 1).

``all`` (``takes=all``, ``multiword=all``) plays the replies as the game does.
The defaults are what was measured (docs/guides/players.md, issue 24): a
SmartFeud sim move takes 0.2 s with ``takes=0`` and 0.9 s with every take, a
Wortspieler one 0.16 s with ``multiword=0`` and 4 s as the game.

A spec names the strategy and then ``field=value`` pairs separated by colons,
so a seat list stays comma-separated (``--strategy sim:iterations=32,equity``).
Defaults follow the issue: 10-20 candidates, 2 plies; iterations are the
budget that keeps a game reproducible (a time budget stops after however many
iterations the machine managed, so it is not). 96 iterations is what beats greedy
in Wortspieler by the issue's 55% (48 fell short: the noise of the draws decides
there); with the play-outs in best-move mode a move costs about 0.3 s in all three
games.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from lexicon_tools.errors import UsageError


@dataclass(frozen=True)
class SimConfig:
    iterations: int = 96          # play-outs per candidate at most (0: play equity's move)
    time: float | None = None     # seconds per move at most (None: only the iteration count)
    candidates: int = 12          # the best candidates by equity that are simulated
    plies: int = 2                # turns played out after the candidate
    prune_after: int = 12         # iterations before clearly worse candidates are dropped
    z: float = 2.0                # "clearly worse": mean paired difference to the best + z standard errors < 0
    multiword: int | None = 0     # play-outs: multi-word turns from this many best lines (None: as the game)
    takes: int | None = 0         # play-outs: letter takes of this many most valuable letters (None: as the game)


_KINDS = {f.name: (float if f.name in ("time", "z") else int) for f in fields(SimConfig)}
_ALL_OR_NUMBER = ("multiword", "takes")      # ``all``: the play-outs reply as the game's generator does


def parse_spec(spec: str) -> SimConfig:
    """``"sim:iterations=32:plies=2"`` → `SimConfig`; a mistake raises `UsageError` naming the field."""
    parts = [p.strip() for p in spec.split(":")]
    config = SimConfig()
    for part in parts[1:]:
        name, sep, value = part.partition("=")
        name = name.strip().lower()
        if not sep or name not in _KINDS:
            raise UsageError(f"sim setting {part!r} in {spec!r} is not one of {', '.join(_KINDS)}",
                             "Write settings as name=value, e.g. sim:iterations=32:candidates=12:plies=2.")
        if name in _ALL_OR_NUMBER and value.strip().lower() == "all":
            config = replace(config, **{name: None})
            continue
        try:
            number = _KINDS[name](value)
        except ValueError:
            also = " or all" if name in _ALL_OR_NUMBER else ""
            raise UsageError(f"sim setting {name}={value!r} in {spec!r} is not a number{also}",
                             f"Give {name} a number{also}, e.g. {name}=2.") from None
        if number < 0 or (number == 0 and name not in ("prune_after", "iterations", "multiword", "takes")):
            raise UsageError(f"sim setting {name}={value} in {spec!r} must be positive", f"Use {name}=1 or more.")
        config = replace(config, **{name: number})
    return config
