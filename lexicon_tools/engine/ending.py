"""End of game: leaving players, end conditions, rack penalties and the ranking.

End conditions, checked after every turn (all from ``end`` and ``turns.resign``):

1. fewer than two players remain, or a player left and
   ``resign.others_may_continue`` is false → the game ends (``"resigned"``);
2. a player placed their last tile while the bag is empty and
   ``out_of_tiles_with_empty_bag`` → ``"out"``. With ``rack_penalty`` every other
   remaining player loses the value of their rack; with
   ``credit_penalties_to_player_out`` the player who went out gains the sum;
3. ``consecutive_scoreless_turns`` scoreless turns in a row → ``"scoreless"``.
   With ``rack_penalty`` every remaining player loses their rack's value (no
   one went out, so nobody is credited).

Ranking: remaining players by score (equal scores share a rank); then the
players who left. A player who lost by passing in a row ranks last; a
resigner too when ``resigner_ranks_last`` (otherwise by score with the rest).
Among those who left, the later one ranks higher.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexicon_tools.engine.turns import Adjustment, Outcome, Player

if TYPE_CHECKING:
    from lexicon_tools.engine.game import Game


def eliminate(game: "Game", player: Player, reason: str) -> None:
    player.out = reason
    game.eliminated.append(player.seat)


def active(game: "Game") -> list[Player]:
    return [p for p in game.players if p.active]


def next_seat(game: "Game") -> int:
    n = len(game.players)
    for step in range(1, n + 1):
        seat = (game.current + step) % n
        if game.players[seat].active:
            return seat
    return game.current


def rack_value(game: "Game", rack: list[int]) -> int:
    return sum(game.rules.values[t] for t in rack)


def check_end(game: "Game", went_out: Player | None, left: bool) -> None:
    """`went_out`: the mover emptied their rack with the bag empty; `left`: the mover left the game."""
    rules = game.rules
    remaining = active(game)
    if left and (len(remaining) < 2 or not rules.resign_others_continue):
        _finish(game, "resigned")
    elif went_out is not None:
        _penalise(game, remaining, went_out)
        _finish(game, "out")
    elif game.scoreless_run >= rules.end_scoreless_turns:
        _penalise(game, remaining, None)
        _finish(game, "scoreless")


def _penalise(game: "Game", remaining: list[Player], went_out: Player | None) -> None:
    if not game.rules.rack_penalty:
        return
    credit = 0
    for player in remaining:
        if player is went_out:
            continue
        penalty = rack_value(game, player.rack)
        if penalty:
            player.score -= penalty
            credit += penalty
            game.adjustments.append(Adjustment(player.seat, tuple(player.rack), -penalty, "rack penalty"))
    if went_out is not None and game.rules.credit_penalties and credit:
        went_out.score += credit
        others = tuple(t for p in remaining if p is not went_out for t in p.rack)
        game.adjustments.append(Adjustment(went_out.seat, others, credit, "credit"))


def _finish(game: "Game", reason: str) -> None:
    game.outcome = Outcome(reason, ranking(game))


def ranking(game: "Game") -> list[tuple[int, int]]:
    """(rank, seat) pairs, best first; equal scores among remaining players share a rank."""
    rules = game.rules
    ranked_by_score = [p for p in game.players if p.active or (not rules.resigner_ranks_last
                                                                 and p.out == "resigned")]
    ranked_by_score.sort(key=lambda p: (-p.score, p.seat))
    out: list[tuple[int, int]] = []
    for index, player in enumerate(ranked_by_score):
        tied = index > 0 and player.score == ranked_by_score[index - 1].score
        out.append((out[-1][0] if tied else index + 1, player.seat))
    listed = {seat for _, seat in out}
    for seat in reversed(game.eliminated):
        if seat not in listed:
            out.append((len(out) + 1, seat))
    return out
