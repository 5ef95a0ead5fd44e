"""The sim player's settings and their spec string, ``sim:iterations=N:time=S:candidates=N:plies=K``.

A spec names the strategy and then ``field=value`` pairs separated by colons,
so a seat list stays comma-separated (``--strategy sim:iterations=32,equity``).
Defaults follow the issue: 10-20 candidates, 2 plies; iterations are the
budget that keeps a game reproducible (a time budget stops after however many
iterations the machine managed, so it is not).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from lexicon_tools.errors import UsageError


@dataclass(frozen=True)
class SimConfig:
    iterations: int = 48          # play-outs per candidate at most
    time: float | None = None     # seconds per move at most (None: only the iteration count)
    candidates: int = 12          # the best candidates by equity that are simulated
    plies: int = 2                # turns played out after the candidate
    prune_after: int = 12         # iterations before clearly worse candidates are dropped
    z: float = 2.0                # "clearly worse": the upper bound of its mean below the best's lower bound


_KINDS = {f.name: (float if f.name in ("time", "z") else int) for f in fields(SimConfig)}


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
        try:
            number = _KINDS[name](value)
        except ValueError:
            raise UsageError(f"sim setting {name}={value!r} in {spec!r} is not a number",
                             f"Give {name} a number, e.g. {name}=2.") from None
        if number <= 0 and name != "prune_after":
            raise UsageError(f"sim setting {name}={value} in {spec!r} must be positive", f"Use {name}=1 or more.")
        config = replace(config, **{name: number})
    return config
