"""`lexicon-tools replay RECORD --annotate`: per turn the move played, the strategy's best move, the equity lost.

The record (this project's game record, or a GCG file mapped onto a ruleset) is
replayed once, line by line, exactly as `replay` checks it (`engine.replay`); just
before each turn is played, the position is ranked with `engine.ranking.rank_moves`
(the same ranking `lexicon-tools moves` lists, so its first move is the move the
strategy would play), and the move played is valued by the same strategy:

* ``equity``: `Equity.move_value` (score plus leave value; in the end game score
  minus the opponent's best reply, the look-ahead the ranking re-ranks its best
  candidates with);
* ``greedy``: the score.

The equity lost is the best move's value minus the played move's, and 0 when the
played move is the strategy's choice. It is never below 0: where the end-game
look-ahead values a played move above the strategy's static pick, the played move
counts as best. A timeout or an invalid word (professional mode) is valued as a
pass (the rack is kept, nothing scores); a resignation is listed without a value.

One replay for the whole game (not one per turn), so annotating costs one ranking
per turn: the all-moves generation of `moves`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.engine.turns import EXCHANGE, PASS, PLACE, RESIGN


@dataclass
class AnnotatedTurn:
    number: int             # 1 = the first turn line
    line: int               # the line in the file
    player: str
    rack: str
    kind: str               # the record's turn kind
    played: str
    played_score: int
    played_value: float | None
    best: str
    best_kind: str
    best_score: int
    best_value: float
    loss: float | None      # equity (greedy: points) lost against the best move; None for a resignation

    @property
    def agrees(self) -> bool:
        """The move played is the strategy's first-ranked move."""
        return self.played == self.best

    def as_dict(self) -> dict:
        r = lambda v: None if v is None else round(v, 3)   # noqa: E731
        return {"turn": self.number, "line": self.line, "player": self.player, "rack": self.rack,
                "kind": self.kind, "played": self.played, "played_score": self.played_score,
                "played_value": r(self.played_value), "best": self.best, "best_kind": self.best_kind,
                "best_score": self.best_score, "best_value": r(self.best_value), "loss": r(self.loss),
                "best_played": self.agrees}


@dataclass
class Annotation:
    source: str
    ruleset: str
    strategy: str
    turns: list[AnnotatedTurn] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    finished: str | None = None       # the end reason, None if the game is not over
    note: str | None = None

    def totals(self) -> dict[str, dict]:
        """Per player: turns valued, turns where the best move was played, equity lost in all."""
        out: dict[str, dict] = {}
        for t in self.turns:
            row = out.setdefault(t.player, {"turns": 0, "best_played": 0, "loss": 0.0})
            if t.loss is None:
                continue
            row["turns"] += 1
            row["best_played"] += t.agrees
            row["loss"] += t.loss
        for row in out.values():
            row["loss"] = round(row["loss"], 3)
        return out

    def as_dict(self) -> dict:
        return {"source": self.source, "ruleset": self.ruleset, "strategy": self.strategy,
                "finished": self.finished, "scores": self.scores, "totals": self.totals(),
                "turns": [t.as_dict() for t in self.turns]}


def run_annotate(record_path: Path, *, lexicon: Path | None = None, ruleset: str | None = None,
                 strategy: str = "equity", leaves: Path | None = None, partial: bool = False) -> Annotation:
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.ranking import require_rankable
    from lexicon_tools.engine.replay import replay
    from lexicon_tools.io.formats.leavefile import load_for
    from lexicon_tools.jobs.play import _base_name, open_record

    strategy = require_rankable(strategy)
    record, rules, rs, judge = open_record(record_path, lexicon=lexicon, ruleset=ruleset)
    table, note = (None, None)
    if strategy == "equity":
        table, note = load_for(rules, leaves, also_for=_base_name(rs.extends))
    out = Annotation(str(record_path), rules.name, strategy, note=note)
    state: dict = {}

    def observe(game, row) -> None:
        if "generator" not in state:      # the game's own rules (a random board's premiums)
            state["generator"] = MoveGenerator(game.rules, judge.kwg.nodes, judge)
        out.turns.append(annotate_turn(game, row, state["generator"], strategy, table, len(out.turns) + 1))

    game = replay(record, rules, judge, partial=partial, observe=observe)
    out.scores = {p.name: p.score for p in game.players}
    out.finished = game.outcome.reason if game.over else None
    return out


def annotate_turn(game, row, generator, strategy: str, table, number: int) -> AnnotatedTurn:
    """The best move of `game`'s position by `strategy` and the value of the turn `row` played there."""
    from lexicon_tools.engine.equity import Equity
    from lexicon_tools.engine.moves import Pass
    from lexicon_tools.engine.ranking import rank_moves
    from lexicon_tools.engine.replay import recorded_move

    ranked, _n = rank_moves(game, generator, strategy, table, 1)
    best = ranked[0]
    best_value = float(best.score) if strategy == "greedy" else best.equity
    played = _played_text(row)
    value: float | None
    if row.kind == RESIGN:
        value, loss = None, None
    else:
        move = recorded_move(game, row) if row.kind in (PLACE, EXCHANGE, PASS) else Pass()
        played = _canonical(game, move, played) if row.kind in (PLACE, EXCHANGE) else played
        if strategy == "greedy":
            value = float(row.score)
        else:
            eq = Equity(table)
            eq.bind(generator)
            value = eq.move_value(game, move)
        loss = 0.0 if played == best.notation else max(0.0, best_value - value)
    return AnnotatedTurn(number, row.line, row.player, row.rack, row.kind, played, row.score, value,
                         best.notation, best.kind, best.score, best_value, loss)


def _canonical(game, move, text: str) -> str:
    """The notation `moves` writes for `move` (a GCG may write the same move another way)."""
    from lexicon_tools.engine.moves import Exchange
    from lexicon_tools.engine.notation import format_place

    if isinstance(move, Exchange):
        return "-" + game.text.rack(sorted(move.tiles))
    return format_place(game.rules, game.board, move, game.text)


def _played_text(row) -> str:
    return {PLACE: row.text, EXCHANGE: f"-{row.text}", PASS: "-"}.get(row.kind, f"({row.kind})")
