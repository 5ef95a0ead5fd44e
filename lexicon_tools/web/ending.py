"""The end of a game at the table: the ruleset's rack penalties and credit, and the ranking.

The score sheet knows each player's total; at the end the players say which
tiles are left on each rack, who went out (emptied their rack with the bag
empty) and who left the game early. `settle` builds the players as the engine
keeps them (`engine.turns.Player`) and lets `engine.ending` do exactly what it
does at the end of a test game: penalties (``end.rack_penalty``), their credit
(``end.credit_penalties_to``) and the ranking (equal scores share a rank, the
players who left rank after the others). Nothing here knows a game's name.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from lexicon_tools.engine import ending
from lexicon_tools.engine.turns import Player
from lexicon_tools.errors import UsageError
from lexicon_tools.web.history import beyond_game, check_player_count


def settle(table, names: list[str], scores: list[int], racks: list[str], went_out: int | None,
           last_placer: int | None, left: list[int]) -> dict[str, Any]:
    rules = table.rules
    if not (len(names) == len(scores) == len(racks)):
        raise UsageError("names, scores and racks must have one entry per player",
                         "Send as many scores and racks as there are players.")
    check_player_count(rules, len(names), "Send one name, score and rack per player.")
    for seat in (went_out, last_placer, *left):
        if seat is not None and not 0 <= seat < len(names):
            raise UsageError(f"player {seat + 1} is not at this table", "Name a player of the score sheet.")
    if len(set(left)) < len(left) or went_out in left:
        raise UsageError("left names a player twice, or one who went out", "Name each player who left once.")
    players, held = [], Counter()
    for seat, (name, score, rack) in enumerate(zip(names, scores, racks)):
        tiles = table.typed_rack(rack, f"rack of {name}")
        most = rules.rack_size + (1 if rules.starting_player_extra_blank else 0)
        if len(tiles) > most:
            raise UsageError(f"rack of {name}: {len(tiles)} tiles, but a rack holds at most {most}",
                             "Type the tiles left on that rack.")
        held.update(tiles)
        players.append(Player(seat, name, sorted(tiles), score=score,
                              out=ending.RESIGNED if seat in left else None))
    beyond = beyond_game(rules, held)
    if beyond:
        raise UsageError(f"racks: more {table.text.rack(beyond)} than the game has",
                         "Type the tiles left on each rack.")
    game = SimpleNamespace(rules=rules, players=players, adjustments=[], last_placer=last_placer,
                           eliminated=list(left))
    remaining = [p for p in players if p.active]
    if went_out is not None and players[went_out].rack:
        raise UsageError(f"{names[went_out]} went out but has tiles left", "Clear that player's rack.")
    ending.settle(game, remaining, players[went_out] if went_out is not None else None)
    return {
        "adjustments": [{"player": a.seat, "delta": a.delta, "reason": a.reason,
                         "tiles": table.text.rack(a.rack)} for a in game.adjustments],
        "scores": [p.score for p in players],
        "ranking": [{"rank": rank, "player": seat} for rank, seat in ending.ranking(game)],
        "rack_penalty": rules.rack_penalty, "credit_to": rules.credit_penalties_to,
    }
