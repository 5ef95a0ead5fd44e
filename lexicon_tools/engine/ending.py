"""End of game: leaving players, end conditions, rack penalties and the ranking.

End conditions, checked after every turn (all from ``end`` and ``turns.resign``):

1. a player left: by resigning, or by passing ``passes_in_a_row_lose`` times in
   a row. With fewer than two players left the game ends, as ``"resigned"`` or
   ``"passes_in_a_row"`` (two statistics a designer keeps apart). After a
   resignation it also ends when ``resign.others_may_continue`` is false
   (``"resigned"``) or the others choose to stop (``others_choose: stop``,
   ``"stopped"``; `Game.stop` is the same choice made at the table);
2. a player placed their last tile while the bag is empty and
   ``out_of_tiles_with_empty_bag`` → ``"out"``;
3. the run of scoreless turns reaches `Rules.scoreless_limit` → ``"scoreless"``.

Rack penalties (``rack_penalty``) at an ``out`` or ``scoreless`` end: every
remaining player loses the value of the tiles left on their rack.
``credit_penalties_to`` says who gains the sum: ``player_out`` the player who
went out (nobody at a scoreless end), ``last_placer`` the player who last laid
tiles — who went out, or who laid the last word before the scoreless run. With
``last_placer`` the credited player gains what the *others* lost; their own
rack is not credited back to them. ``last_placer_all`` is the seed's literal
reading ("Diese Punkte werden dann dem Spieler der zuletzt Spielsteine abgelegt
hat gutgeschrieben"): every deduction, their own too, goes to that player.

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


RESIGNED, PASSED_OUT, STOPPED = "resigned", "passes_in_a_row", "stopped"


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
    if left:
        reason = game.player.out
        if len(remaining) < 2:
            finish(game, reason)
        elif reason == RESIGNED and not rules.resign_others_continue:
            finish(game, RESIGNED)
        elif reason == RESIGNED and rules.resign_others_stop:
            finish(game, STOPPED)
    elif went_out is not None:
        _penalise(game, remaining, went_out)
        finish(game, "out")
    elif game.scoreless_run >= rules.scoreless_limit(len(remaining)):
        _penalise(game, remaining, None)
        finish(game, "scoreless")


def credited_seat(rules, went_out: int | None, last_placer: int | None, remaining) -> int | None:
    """The seat that gains the rack penalties (``credit_penalties_to``), if any: the player who went out,
    or the last placer while still in the game (`remaining`: the seats still in)."""
    target = rules.credit_penalties_to
    if target == "player_out":
        return went_out
    if target in ("last_placer", "last_placer_all") and last_placer is not None and last_placer in remaining:
        return last_placer
    return None


def credits(rules, seat: int, gainer: int | None) -> bool:
    """Whether `seat`'s rack penalty goes to the gainer: the others' always, its own only with
    ``last_placer_all``."""
    return seat != gainer or rules.credit_penalties_to == "last_placer_all"


def _credited(game: "Game", remaining: list[Player], went_out: Player | None) -> Player | None:
    seat = credited_seat(game.rules, None if went_out is None else went_out.seat, game.last_placer,
                         [p.seat for p in remaining])
    return None if seat is None else game.players[seat]


def settle(game: "Game", remaining: list[Player], went_out: Player | None) -> None:
    """The rack penalties and their credit for a game that ended (the table page's end step too)."""
    _penalise(game, remaining, went_out)


def _penalise(game: "Game", remaining: list[Player], went_out: Player | None) -> None:
    if not game.rules.rack_penalty:
        return
    gainer = _credited(game, remaining, went_out)
    credit, others = 0, []
    for player in remaining:
        penalty = rack_value(game, player.rack)
        if penalty:
            player.score -= penalty
            game.adjustments.append(Adjustment(player.seat, tuple(player.rack), -penalty, "rack penalty"))
            if credits(game.rules, player.seat, None if gainer is None else gainer.seat):
                credit += penalty
                others.extend(player.rack)
    if gainer is not None and credit:
        gainer.score += credit
        game.adjustments.append(Adjustment(gainer.seat, tuple(others), credit, "credit"))


def finish(game: "Game", reason: str) -> None:
    game.outcome = Outcome(reason, ranking(game))


def ranking(game: "Game") -> list[tuple[int, int]]:
    """(rank, seat) pairs, best first; equal scores among remaining players share a rank."""
    rules = game.rules
    ranked_by_score = [p for p in game.players if p.active or (not rules.resigner_ranks_last
                                                                 and p.out == RESIGNED)]
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
