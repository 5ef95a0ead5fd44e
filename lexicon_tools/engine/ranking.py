"""The ranked moves of a position, as a strategy sees them: what `lexicon-tools moves` lists.

`rank_moves` generates every candidate with the move generator's all-moves mode
(`MoveGenerator.generate`: single lines, SmartFeud takes, Wortspieler joker swaps
and the multi-word turns the generator covers) and orders them the way the
named strategy chooses, so the first candidate is the move that strategy would play:

* ``greedy``: by score, the first generated among equal scores (`strategy.Greedy`);
* ``equity``: by `Equity.equities` (score plus leave value; in the end game the
  static end-game model, and with two players the best few re-ranked by the
  opponent's best reply, as `Equity._end_game` does). The best exchange
  competes as one candidate when `Equity._decide` would consider it: it comes
  first only when it is worth strictly more than the best placement.

When nothing can be placed, the strategies' fallback (exchange all, or pass) is
the only candidate. Only the top candidates are re-checked by the rules engine
(`Game.evaluate`): their words, word scores and leave come from there, and the
generator's score is kept beside the engine's (`engine_score`) so callers can see
they agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lexicon_tools.engine.equity import REPLY_CANDIDATES, Equity
from lexicon_tools.engine.moves import Exchange, Move, Pass, Place
from lexicon_tools.engine.tiles import RACK_BLANK

STRATEGIES = ("greedy", "equity")


def require_rankable(strategy: str, option: str = "--strategy", sim: bool = False) -> str:
    """`strategy` if it can rank every move of a position (greedy, equity); else a `UsageError` saying why.

    A strategy that only picks one move (random; a simulation player, which values
    the few candidates it simulates, not every move) plays games but gives no ranking.
    With `sim`, a sim spec is accepted too (checked): `moves` ranks the sim's candidates."""
    from lexicon_tools.engine.strategy import STRATEGIES as PLAYERS
    from lexicon_tools.engine.strategy import strategy_base
    from lexicon_tools.errors import UsageError

    name = strategy.strip().lower()
    if name in STRATEGIES:
        return name
    if sim and strategy_base(name) == "sim":
        from lexicon_tools.engine.sim.config import parse_spec

        parse_spec(name)
        return name
    if strategy_base(name) in PLAYERS:
        raise UsageError(f"{option} {strategy!r}: this strategy plays games but cannot rank the moves of one "
                         "position (it picks a move without a value for every candidate)",
                         f"Rank by one of: {', '.join(STRATEGIES)}.")
    raise UsageError(f"{option} {strategy!r} is not a strategy that ranks moves", f"Use one of: {', '.join(STRATEGIES)}.")


@dataclass
class Candidate:
    move: Move
    kind: str                         # place, exchange or pass
    notation: str
    score: int                        # the move generator's score (0 for exchange and pass)
    equity: float
    leave: str = ""
    words: list[tuple[str, int]] = field(default_factory=list)
    bingo: int = 0
    engine_score: int | None = None   # the rules engine's score of the same move
    sim: SimStats | None = None       # ranked by simulation (`engine.sim.ranking`): its statistics

    def as_dict(self) -> dict:
        out = {"kind": self.kind, "notation": self.notation, "score": self.score,
               "engine_score": self.engine_score, "equity": round(self.equity, 3), "leave": self.leave,
               "words": [{"word": w, "score": s} for w, s in self.words], "bingo": self.bingo}
        if self.sim is not None:
            out["sim"] = self.sim.as_dict()
        return out


@dataclass(frozen=True)
class SimStats:
    """A candidate's play-outs: mean value (spread change plus the horizon leaves), its standard error,
    the iterations it was played in, and whether the sim kept it to the end (not dropped as worse)."""

    value: float | None
    stderr: float | None
    iterations: int
    kept: bool

    def as_dict(self) -> dict:
        rounded = (lambda x: None if x is None else round(x, 3))
        return {"value": rounded(self.value), "stderr": rounded(self.stderr), "iterations": self.iterations,
                "kept": self.kept}


def rank_moves(game, generator, strategy: str = "equity", leaves=None, top: int = 10) -> tuple[list[Candidate], int]:
    """(the `top` candidates in the strategy's order, how many placements were generated)."""
    from lexicon_tools.engine.strategy import can_exchange, fallback

    eq = Equity(leaves)
    eq.bind(generator)
    if eq.leaves is None:
        from lexicon_tools.engine.leaves import LeaveTable

        eq.leaves = LeaveTable.zero(game.rules)
    moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
    end = len(game.bag) == 0
    n = len(moves)
    equities = eq.equities(game, moves, end) if n else np.zeros(0)
    if strategy == "greedy":
        order = list(np.argsort(-moves.scores, kind="stable")) if n else []
        values = {int(i): float(equities[i]) for i in order[:top]}
    else:
        order = list(np.argsort(-equities, kind="stable")) if n else []
        values = {int(i): float(equities[i]) for i in order[:max(top, REPLY_CANDIDATES)]}
        if end and n:
            order, values = _refine_end_game(game, eq, moves, order, values)
    ranked: list[tuple[Move, float, int]] = [(moves.move(int(i)), values.get(int(i), float(equities[i])),
                                              moves.score(int(i))) for i in order[:top]]
    if strategy == "equity" and not end and len(game.bag) >= game.rules.rack_size:
        exchange = eq.best_exchange(game)
        if exchange is not None and can_exchange(game, len(exchange[1])):
            value = exchange[0]
            at = next((k for k, (_, v, _) in enumerate(ranked) if value > v), len(ranked))
            ranked.insert(at, (Exchange(exchange[1]), value, 0))
    if not n:
        move = fallback(game)
        if not ranked or not isinstance(ranked[0][0], Exchange):
            ranked.insert(0, (move, 0.0, 0))
    return [_describe(game, move, value, score) for move, value, score in ranked[:top]], n


def _refine_end_game(game, eq: Equity, moves, order: list, values: dict):
    """As `Equity._end_game`: the best few static candidates re-ranked by score minus the best reply."""
    opponents = [p for p in game.players if p.active and p.seat != game.current]
    if len(opponents) != 1:
        return order, values
    head = [int(i) for i in order[:REPLY_CANDIDATES]]
    two = {i: eq.reply_adjusted(game, moves.move(i), opponents[0]) for i in head}
    legal = sorted((i for i in head if two[i] is not None), key=lambda i: -two[i])   # stable: ties keep order
    if not legal:
        return order, values
    values.update({i: two[i] for i in legal})
    rest = [i for i in head if two[i] is None] + [int(i) for i in order[REPLY_CANDIDATES:]]
    return legal + rest, values


def _counter(tiles):
    from collections import Counter

    return Counter(tiles)


def _describe(game, move: Move, value: float, score: int) -> Candidate:
    from lexicon_tools.engine.notation import format_place

    text = game.text
    if isinstance(move, Exchange):
        kept = _counter(game.player.rack) - _counter(move.tiles)
        return Candidate(move, "exchange", "-" + text.rack(move.tiles), 0, value, text.rack(kept.elements()),
                         engine_score=0)
    if isinstance(move, Pass):
        return Candidate(move, "pass", "-", 0, value, text.rack(game.player.rack), engine_score=0)
    assert isinstance(move, Place)
    ev = game.evaluate(move)
    kept = list(ev.rack.elements())
    if game.extra_blank_pending and game.current == 0 and not ev.placed[RACK_BLANK] and RACK_BLANK in kept:
        kept.remove(RACK_BLANK)       # the starter's extra blank is lost when not placed in the first turn
    words = [(text.word(w.codes), w.score) for w in ev.words.words]
    words += [(text.word(bytes(ev.board.cells[s] for s in f.squares)), s) for f, s in ev.cut]
    return Candidate(move, "place", format_place(game.rules, game.board, move, text), score, value,
                     text.rack(kept), words, ev.bingo, ev.score)
