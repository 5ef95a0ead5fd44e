"""Statistics over test games: a compact per-game summary, and the aggregate.

`summarise(game)` keeps only numbers (so parallel workers send little back):
final scores and ranking, turn counts by kind, placements, bingos, move
scores, which premium squares were used, how many tiles landed on each square,
and how often the special moves occurred. `aggregate(summaries, ...)` turns a
list of them, in game order, into the report: the mean and spread of the score
per seat, the first player's win rate (a shared first place counts as a
fraction), the bingo rate, game length, mean move score, premium usage per kind
and per square, and the special-move rates. The same summaries in the same
order always give the same report, whichever process computed them.
"""

from __future__ import annotations

import statistics
from collections import Counter
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


def summarise(game: Game) -> GameSummary:
    placed = [t for t in game.turns if t.kind == PLACE]
    tiles: Counter = Counter()
    for turn in placed:
        for line in turn.move.lines:
            tiles.update(line.squares())
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
        lost_blanks=sum(1 for t in game.turns if t.lost_blank), refused_attempts=sum(game.refused_attempts))


@dataclass
class Report:
    data: dict[str, Any] = field(default_factory=dict)
    square_usage: list[float] = field(default_factory=list)   # tiles placed per square per game
    premium_rate: dict[int, float] = field(default_factory=dict)


def _spread(values: list[float]) -> dict[str, float]:
    return {"mean": round(statistics.fmean(values), 3) if values else 0.0,
            "stdev": round(statistics.pstdev(values), 3) if len(values) > 1 else 0.0,
            "min": min(values) if values else 0, "max": max(values) if values else 0}


def _first_share(ranking: list[tuple[int, int]], seat: int) -> float:
    firsts = [s for rank, s in ranking if rank == 1]
    return 1.0 / len(firsts) if seat in firsts else 0.0


def aggregate(summaries: list[GameSummary], rules: Rules, strategies: list[str], seed: int) -> Report:
    n = len(summaries)
    players = len(strategies)
    seats = []
    for seat in range(players):
        scores = [s.scores[seat] for s in summaries]
        wins = sum(_first_share(s.ranking, seat) for s in summaries)
        seats.append({"seat": seat + 1, "strategy": strategies[seat], "score": _spread(scores),
                      "wins": round(wins, 3), "win_rate": round(wins / n, 4) if n else 0.0})
    placements = sum(s.placements for s in summaries)
    report = Report()
    report.data = {
        "ruleset": rules.name, "games": n, "players": players, "strategies": strategies, "seed": seed,
        "seats": seats,
        "first_player_win_rate": seats[0]["win_rate"] if seats else 0.0,
        "bingos": {"per_game": _rate(sum(s.bingos for s in summaries), n),
                   "per_placement": _rate(sum(s.bingos for s in summaries), placements),
                   "by_bonus": _by_bonus(summaries, n, placements)},
        "letter_takes": {"per_game": _rate(sum(s.takes for s in summaries), n),
                         "per_placement": _rate(sum(s.takes for s in summaries), placements)},
        "game_length": {"turns": _spread([s.turns for s in summaries]),
                        "placements": _spread([s.placements for s in summaries])},
        "mean_move_score": _rate(sum(s.move_score_sum for s in summaries), placements),
        "turn_kinds_per_game": {k: _rate(sum(s.kinds.get(k, 0) for s in summaries), n)
                                for k in sorted({k for s in summaries for k in s.kinds})},
        "special_moves_per_game": {
            "letter_takes": _rate(sum(s.takes for s in summaries), n),
            "joker_swaps": _rate(sum(s.swaps for s in summaries), n),
            "multi_word_turns": _rate(sum(s.multi_word_turns for s in summaries), n),
            "lost_extra_blanks": _rate(sum(s.lost_blanks for s in summaries), n),
            "refused_attempts": _rate(sum(s.refused_attempts for s in summaries), n)},
        "end_reasons": dict(sorted(Counter(s.end_reason for s in summaries).items())),
    }
    report.data["premiums"], report.premium_rate = _premiums(summaries, rules)
    report.square_usage = [_rate(sum(s.tiles_per_square.get(sq, 0) for s in summaries), n)
                           for sq in range(rules.squares)]
    return report


def _by_bonus(summaries: list[GameSummary], games: int, placements: int) -> dict[str, dict[str, float]]:
    counts: Counter = Counter()
    for s in summaries:
        counts.update(s.bonus_amounts)
    return {str(amount): {"per_game": _rate(c, games), "per_placement": _rate(c, placements)}
            for amount, c in sorted(counts.items())}


def _rate(count: float, total: float) -> float:
    return round(count / total, 4) if total else 0.0


def _premiums(summaries: list[GameSummary], rules: Rules) -> tuple[dict[str, Any], dict[int, float]]:
    """Uses per kind (uses / squares of that kind, per game) and per square (uses / games).

    A premium is used once per covering; a square can be used again after a take re-activates it.
    """
    n = len(summaries)
    by_kind: dict[str, list[float]] = {}
    for s in summaries:
        counts = Counter(s.premium_kinds.values())
        used = Counter(s.premium_kinds[sq] for sq, times in s.premium_used.items() for _ in range(times)
                       if sq in s.premium_kinds)
        for kind, total in counts.items():
            by_kind.setdefault(kind, []).append(used.get(kind, 0) / total)
    per_square: dict[int, float] = {}
    fixed = all(s.premium_kinds == summaries[0].premium_kinds for s in summaries) if summaries else True
    squares = []
    if fixed and summaries:
        for sq, kind in sorted(summaries[0].premium_kinds.items()):
            rate = _rate(sum(s.premium_used.get(sq, 0) for s in summaries), n)
            per_square[sq] = rate
            squares.append({"square": square_name(*divmod(sq, rules.cols)), "kind": kind, "uses_per_game": rate})
    kinds = {kind: round(statistics.fmean(v), 4) for kind, v in sorted(by_kind.items())}
    return {"uses_per_square_per_game": kinds, "squares": squares,
            "note": "" if fixed else "random boards: per-square rates are not comparable across games"}, per_square


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
