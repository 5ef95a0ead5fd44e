"""Statistics over test games: a compact per-game summary, and the aggregate.

`summarise(game)` keeps only numbers (so parallel workers send little back):
final scores and ranking, turn counts by kind, placements, bingos, move
scores, which premium squares were used, how many tiles landed on each square,
and how often the special moves occurred. `Aggregate` gathers them one at a
time, in game order, in memory that does not grow with the number of games
(`aggregate(summaries, ...)` does it for a list or an iterator), into the
report: the mean and spread of the score per seat, the first player's win
rate (a shared first place counts as a fraction), the bingo rate, game length,
mean move score, premium usage per kind and per square, and the special-move
rates. The same summaries in the same
order always give the same report, whichever process computed them.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.turns import PLACE
from lexicon_tools.model.layout import square_name


@dataclass
class GameSummary:
    seed: int
    scores: list[int]
    ranking: list[tuple[int, int]]
    end_reason: str
    turns: int
    kinds: dict[str, int]
    placements: int
    bingos: int
    move_score_sum: int
    premium_used: dict[int, int]          # square -> times used in this game
    premium_kinds: dict[int, str]         # the game's layout (random boards differ per game)
    tiles_per_square: dict[int, int]
    takes: int
    swaps: int
    multi_word_turns: int
    lost_blanks: int
    refused_attempts: int = 0             # casual-mode placements refused for their words (not turns)
    bonus_amounts: dict[int, int] = field(default_factory=dict)   # bonus paid -> how often (30 and 50 apart)
    lead_changes: int = 0                 # times the sole leader changed (`lead_changes`)


def summarise(game: Game) -> GameSummary:
    placed = [t for t in game.turns if t.kind == PLACE]
    tiles: Counter = Counter([sq for turn in placed for line in turn.move.lines for sq, _ in line.tiles])
    used: Counter = Counter(sq for t in placed for sq in t.premiums)
    rules = game.rules
    return GameSummary(
        seed=game.seed, scores=game.scores(), ranking=list(game.outcome.ranking) if game.outcome else [],
        end_reason=game.outcome.reason if game.outcome else "unfinished", turns=len(game.turns),
        kinds=dict(Counter(t.kind for t in game.turns)), placements=len(placed),
        bingos=sum(1 for t in placed if t.bingo), bonus_amounts=dict(Counter(t.bingo for t in placed if t.bingo)),
        move_score_sum=sum(t.score for t in placed),
        premium_used=dict(used), premium_kinds={sq: k for sq, k in enumerate(rules.premium_kind) if k},
        tiles_per_square=dict(tiles), takes=sum(1 for t in placed if t.move.take),
        swaps=sum(1 for t in placed if t.move.swaps), multi_word_turns=sum(1 for t in placed if len(t.move.lines) > 1),
        lost_blanks=sum(1 for t in game.turns if t.lost_blank), refused_attempts=sum(game.refused_attempts),
        lead_changes=lead_changes(game))


def lead_changes(game: Game) -> int:
    """How often the lead passed from one player to another: the scores after every turn, then the final
    scores (end-of-game rack penalties can still turn a game). A tie for the lead is no leader; the lead
    changes when a sole leader emerges who is not the last sole leader."""
    scores = [0] * len(game.players)
    leader, changes = None, 0
    states = []
    for turn in game.turns:
        scores[turn.seat] = turn.total
        states.append(list(scores))
    states.append(game.scores())
    for state in states:
        best = max(state)
        leaders = [seat for seat, score in enumerate(state) if score == best]
        if len(leaders) == 1:
            changes += leader is not None and leaders[0] != leader
            leader = leaders[0]
    return changes


@dataclass
class Report:
    data: dict[str, Any] = field(default_factory=dict)
    square_usage: list[float] = field(default_factory=list)   # tiles placed per square per game
    premium_rate: dict[int, float] = field(default_factory=dict)


class Aggregate:
    """The report's figures, gathered one summary at a time: memory does not grow with the games.

    What the report needs from each game is kept as sums and as counts of
    values (a `Counter` of scores, of game lengths, ...), never as a list of
    the games: scores, lengths and premium shares take few distinct values, so
    the counts stay small however many games are added. Means and spreads
    are then computed by `statistics.fmean` / `statistics.pstdev` over the
    counted values: both are exact up to one final rounding (fsum, exact
    fractions), so the order of the values does not matter and the figures
    are exactly those of the whole list. The win shares, a float sum, are
    added in game order as before.
    """

    def __init__(self, players: int):
        self.games = 0
        self.players = players
        self.scores = [Counter() for _ in range(players)]
        self.wins = [0] * players
        self.turns: Counter = Counter()
        self.placements: Counter = Counter()
        self.totals: Counter = Counter()     # bingos, takes, swaps, ... summed over the games
        self.kinds: Counter = Counter()
        self.bonus: Counter = Counter()
        self.end_reasons: Counter = Counter()
        self.tiles: Counter = Counter()
        self.premium_used: Counter = Counter()
        self.premium_share: dict[str, Counter] = {}   # kind -> Counter of per-game shares (uses / squares)
        self.premium_kinds: dict[int, str] | None = None   # the first game's layout
        self.fixed_board = True

    def add(self, s: GameSummary) -> None:
        self.games += 1
        for seat in range(self.players):
            self.scores[seat][s.scores[seat]] += 1
            self.wins[seat] += _first_share(s.ranking, seat)
        self.turns[s.turns] += 1
        self.placements[s.placements] += 1
        self.totals.update(placements=s.placements, bingos=s.bingos, takes=s.takes, swaps=s.swaps,
                           move_score_sum=s.move_score_sum, multi_word_turns=s.multi_word_turns,
                           lost_blanks=s.lost_blanks, refused_attempts=s.refused_attempts)
        self.kinds.update(s.kinds)
        self.bonus.update(s.bonus_amounts)
        self.end_reasons[s.end_reason] += 1
        self.tiles.update(s.tiles_per_square)
        self._add_premiums(s)

    def _add_premiums(self, s: GameSummary) -> None:
        counts = Counter(s.premium_kinds.values())
        used = Counter(s.premium_kinds[sq] for sq, times in s.premium_used.items() for _ in range(times)
                       if sq in s.premium_kinds)
        for kind, total in counts.items():
            self.premium_share.setdefault(kind, Counter())[used.get(kind, 0) / total] += 1
        if self.premium_kinds is None:
            self.premium_kinds = s.premium_kinds
        elif self.fixed_board and s.premium_kinds != self.premium_kinds:
            self.fixed_board = False
        self.premium_used.update(s.premium_used)

    def report(self, rules: Rules, strategies: list[str], seed: int) -> Report:
        n, totals = self.games, self.totals
        seats = [{"seat": seat + 1, "strategy": strategies[seat], "score": _spread(self.scores[seat]),
                  "wins": round(self.wins[seat], 3), "win_rate": round(self.wins[seat] / n, 4) if n else 0.0}
                 for seat in range(len(strategies))]
        placements = totals["placements"]
        report = Report()
        report.data = {
            "ruleset": rules.name, "games": n, "players": len(strategies), "strategies": strategies,
            "seed": seed, "seats": seats,
            "first_player_win_rate": seats[0]["win_rate"] if seats else 0.0,
            "bingos": {"per_game": _rate(totals["bingos"], n), "per_placement": _rate(totals["bingos"], placements),
                       "by_bonus": {str(amount): {"per_game": _rate(c, n), "per_placement": _rate(c, placements)}
                                    for amount, c in sorted(self.bonus.items())}},
            "letter_takes": {"per_game": _rate(totals["takes"], n),
                             "per_placement": _rate(totals["takes"], placements)},
            "game_length": {"turns": _spread(self.turns), "placements": _spread(self.placements)},
            "mean_move_score": _rate(totals["move_score_sum"], placements),
            "turn_kinds_per_game": {k: _rate(self.kinds[k], n) for k in sorted(self.kinds)},
            "special_moves_per_game": {
                "letter_takes": _rate(totals["takes"], n),
                "joker_swaps": _rate(totals["swaps"], n),
                "multi_word_turns": _rate(totals["multi_word_turns"], n),
                "lost_extra_blanks": _rate(totals["lost_blanks"], n),
                "refused_attempts": _rate(totals["refused_attempts"], n)},
            "end_reasons": dict(sorted(self.end_reasons.items())),
        }
        report.data["premiums"], report.premium_rate = self._premiums(rules)
        report.square_usage = [_rate(self.tiles.get(sq, 0), n) for sq in range(rules.squares)]
        return report

    def _premiums(self, rules: Rules) -> tuple[dict[str, Any], dict[int, float]]:
        """Uses per kind (uses / squares of that kind, per game) and per square (uses / games).

        A premium is used once per covering; a square can be used again after a take re-activates it.
        """
        per_square: dict[int, float] = {}
        squares = []
        if self.fixed_board and self.premium_kinds is not None:
            for sq, kind in sorted(self.premium_kinds.items()):
                rate = _rate(self.premium_used.get(sq, 0), self.games)
                per_square[sq] = rate
                squares.append({"square": square_name(*divmod(sq, rules.cols)), "kind": kind,
                                "uses_per_game": rate})
        kinds = {kind: round(statistics.fmean(_values(shares)), 4)
                 for kind, shares in sorted(self.premium_share.items())}
        note = "" if self.fixed_board else "random boards: per-square rates are not comparable across games"
        return {"uses_per_square_per_game": kinds, "squares": squares, "note": note}, per_square


def _values(counts: Counter) -> Iterator:
    """The counted values one by one (for statistics' one-pass functions; nothing is stored)."""
    return (value for value, times in counts.items() for _ in range(times))


def _spread(counts: Counter) -> dict[str, float]:
    n = counts.total()
    return {"mean": round(statistics.fmean(_values(counts)), 3) if n else 0.0,
            "stdev": round(statistics.pstdev(_values(counts)), 3) if n > 1 else 0.0,
            "min": min(counts) if n else 0, "max": max(counts) if n else 0}


def _first_share(ranking: list[tuple[int, int]], seat: int) -> float:
    firsts = [s for rank, s in ranking if rank == 1]
    return 1.0 / len(firsts) if seat in firsts else 0.0


def aggregate(summaries: Iterable[GameSummary], rules: Rules, strategies: list[str], seed: int) -> Report:
    """The report over `summaries`, in game order (an iterator is consumed one summary at a time)."""
    gathered = Aggregate(len(strategies))
    for summary in summaries:
        gathered.add(summary)
    return gathered.report(rules, strategies, seed)


def _rate(count: float, total: float) -> float:
    return round(count / total, 4) if total else 0.0


def report_text(report: Report) -> str:
    """A readable summary of a report (the CLI's default output)."""
    d = report.data
    lines = [f"{d['games']} game(s) of {d['ruleset']}, {d['players']} players, seed {d['seed']}"]
    for seat in d["seats"]:
        s = seat["score"]
        lines.append(f"  seat {seat['seat']} ({seat['strategy']:<6}) score {s['mean']:8.1f} ± {s['stdev']:6.1f} "
                     f"[{s['min']}..{s['max']}]  wins {seat['wins']:g} ({seat['win_rate']:.1%})")
    lines.append(f"  first-player win rate  {d['first_player_win_rate']:.1%}")
    lines.append(f"  bingos                 {d['bingos']['per_game']:.2f} per game, "
                 f"{d['bingos']['per_placement']:.1%} of placements")
    if len(d["bingos"]["by_bonus"]) > 1:
        lines.append("    by bonus             " + ", ".join(
            f"+{amount}: {r['per_game']:.2f} per game ({r['per_placement']:.1%})"
            for amount, r in d["bingos"]["by_bonus"].items()))
    if d["letter_takes"]["per_game"]:
        lines.append(f"  letter takes           {d['letter_takes']['per_game']:.2f} per game, "
                     f"{d['letter_takes']['per_placement']:.1%} of placements")
    length = d["game_length"]
    lines.append(f"  game length            {length['turns']['mean']:.1f} turns ± {length['turns']['stdev']:.1f}, "
                 f"{length['placements']['mean']:.1f} placements")
    lines.append(f"  mean move score        {d['mean_move_score']:.2f}")
    kinds = ", ".join(f"{k} {v:.2f}" for k, v in d["premiums"]["uses_per_square_per_game"].items())
    lines.append(f"  premium uses / square  {kinds} (per game; above 1 when taken letters re-activate them)")
    special = d["special_moves_per_game"]
    lines.append(f"  special moves / game   letter takes {special['letter_takes']:.2f}, joker swaps "
                 f"{special['joker_swaps']:.2f}, multi-word turns {special['multi_word_turns']:.2f}")
    lines.append("  turn kinds / game      " + ", ".join(f"{k} {v:.2f}" for k, v in d["turn_kinds_per_game"].items()))
    lines.append("  end reasons            " + ", ".join(f"{k} {v}" for k, v in d["end_reasons"].items()))
    return "\n".join(lines)
