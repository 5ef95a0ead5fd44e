"""Players for test games: a small protocol and three seeded strategies.

A strategy gets the game (read-only by convention), the generated candidates
(`MoveList`) and its own seeded `random.Random`, and returns a move. Adding a
strategy means writing one class with a ``name`` and ``choose`` and listing it
in `STRATEGIES`. A strategy with a ``bind(generator)`` method gets the game's
move generator (the equity player's end game looks one reply ahead with it). A
strategy with ``choose_best(game, generator, swappable, rng)`` may pick its move
by the generator's best-move mode instead (returning None where it needs the
whole list); the game runner calls it when no player model is active.

* ``equity`` (the default of ``play``) ranks by score plus the value of the
  tiles kept, with an end-game model: `engine.equity`;
* ``greedy`` plays the highest-scoring candidate (the first generated among
  equal scores, so it is deterministic);
* ``random`` plays a uniformly random candidate;
* ``sim`` simulates the best equity candidates a few turns ahead against
  drawn racks (`engine.sim.player`); settings as a spec,
  ``sim:iterations=N:time=S:candidates=N:plies=K:takes=K:multiword=K`` (`engine.sim.config`).

When no placement exists, both fall back to `fallback`: exchange the whole rack
if the ruleset and the bag allow it, else pass. A player who already exchanged
since the last word was laid passes instead, as a person who is stuck would:
otherwise a ruleset whose scoreless run counts only passes
(``end.scoreless_kinds``) could see exchanges forever.
"""

from __future__ import annotations

import random
from typing import Protocol

from lexicon_tools.engine.equity import Equity
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.leaves import LeaveTable
from lexicon_tools.engine.movegen.generator import MoveList
from lexicon_tools.engine.moves import Exchange, Move, Pass
from lexicon_tools.engine.tiles import RACK_BLANK
from lexicon_tools.engine.turns import EXCHANGE, PLACE
from lexicon_tools.errors import UsageError


class Strategy(Protocol):
    name: str

    def choose(self, game: Game, moves: MoveList, rng: random.Random) -> Move: ...


def fallback(game: Game) -> Move:
    """Exchange everything when allowed (keeping a pending extra blank), else pass."""
    rack = list(game.player.rack)
    if game.extra_blank_pending and game.current == 0 and RACK_BLANK in rack:
        rack.remove(RACK_BLANK)
    if rack and can_exchange(game, len(rack)):
        return Exchange(tuple(rack))
    return Pass()


def can_exchange(game: Game, tiles: int) -> bool:
    """Whether the current player may (and, as a test player, would) exchange `tiles` tiles now."""
    rules, bag = game.rules, len(game.bag)
    return (rules.exchange_allowed and tiles > 0 and bag >= max(rules.exchange_min_bag, 1)
            and (rules.exchange_return_before_draw or bag >= tiles) and not _exchanged_while_stuck(game))


def _exchanged_while_stuck(game: Game) -> bool:
    """Whether the current player exchanged since the last word was laid."""
    for turn in reversed(game.turns):
        if turn.kind == PLACE:
            return False
        if turn.kind == EXCHANGE and turn.seat == game.current:
            return True
    return False


class Greedy:
    name = "greedy"

    def choose(self, game: Game, moves: MoveList, rng: random.Random) -> Move:
        return moves.move(moves.best()) if len(moves) else fallback(game)

    def choose_best(self, game: Game, generator, swappable, rng: random.Random) -> Move | None:
        """`choose` by best-move mode: the same move, found without listing every candidate."""
        if not generator.best_mode_exact:
            return None
        moves, _ = generator.best(game.board, game.player.rack, swappable)
        return moves.move(0) if len(moves) else fallback(game)


class RandomMove:
    name = "random"

    def choose(self, game: Game, moves: MoveList, rng: random.Random) -> Move:
        return moves.move(rng.randrange(len(moves))) if len(moves) else fallback(game)


def _sim():
    from lexicon_tools.engine.sim.player import Sim
    return Sim


STRATEGIES: dict[str, type] = {"equity": Equity, "greedy": Greedy, "random": RandomMove, "sim": None}
DEFAULT = "equity"


def strategy_base(name: str) -> str:
    """The strategy a seat name or spec names: ``"Sim:iterations=8"`` -> ``"sim"``."""
    return name.strip().lower().split(":")[0]


def get_strategy(name: str, leaves: LeaveTable | None = None) -> Strategy:
    """A fresh player; `leaves` are the leave values an ``equity`` player uses (None: none)."""
    base = strategy_base(name)
    if base not in STRATEGIES:
        raise UsageError(f"unknown strategy {name!r}", f"Use one of: {', '.join(sorted(STRATEGIES))}.")
    if base == "sim":
        from lexicon_tools.engine.sim.config import parse_spec
        return _sim()(leaves, parse_spec(name.strip()))
    if ":" in name:
        raise UsageError(f"strategy {name!r}: only sim takes settings", f"Write {base} alone.")
    cls = STRATEGIES[base]
    return cls(leaves) if cls is Equity else cls()


def with_sim_budget(text: str, iterations: int | None = None, seconds: float | None = None) -> str:
    """Add ``iterations=``/``time=`` to every ``sim`` seat of a comma-separated strategy list."""
    extra = (f":iterations={iterations}" if iterations is not None else "") + \
            (f":time={seconds}" if seconds is not None else "")
    return ",".join(n.strip() + extra if strategy_base(n) == "sim" else n.strip()
                    for n in text.split(","))


def uses_leaves(names) -> bool:
    """Whether any of the strategy names plays by leave values (``equity``, ``sim``)."""
    return any(strategy_base(n) in ("equity", "sim") for n in names)


def parse_strategies(text: str, players: int) -> list[str]:
    """``"greedy,random"`` → one strategy name per seat (the list repeats to fill the seats)."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names:
        raise UsageError("no strategy given", f"Use one of: {', '.join(sorted(STRATEGIES))}.")
    for name in names:
        get_strategy(name)
    if len(names) > players:
        raise UsageError(f"{len(names)} strategies for {players} players",
                         "Give at most one strategy per player.")
    return [names[i % len(names)] for i in range(players)]
