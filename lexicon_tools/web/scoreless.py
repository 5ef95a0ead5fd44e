"""A pass, an exchange or a resignation on the score sheet, checked by the engine with the bag the table knows.

A physical table knows no racks, but while the bag holds tiles every rack is
full, so the bag is the distribution less the board and the full racks (and
the starter's extra tile): exactly what `engine.game.Game` counts when it is
given the table's turns with the racks they needed. So the table's history
(`web.history`: placements by their notation, scoreless turns by their kind)
is played by a real `Game` (each placement's rack set to the tiles it needed,
as `engine.replay` does for a GCG file), and the new scoreless turn is played
on it: the ruleset's own checks decide, as in a test game (``turns.pass_allowed``,
``turns.exchange.allowed`` and ``min_bag``, ``turns.resign.allowed``, the
starter's extra joker), and whether it puts the player out (SmartFeud: three passes
in a row lose, ``end.passes_in_a_row_lose``).

When the history cannot be played that way (a score typed on the sheet has no
tiles, the sheet's order of players differs from the engine's), the board and
the bag are unknown: the turn is then checked on a fresh game, so only the
rules that do not depend on the bag hold. Nothing here knows a game's name.
"""

from __future__ import annotations

from typing import Any

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.moves import Exchange, Pass, Resign
from lexicon_tools.engine.notation import parse_place
from lexicon_tools.engine.replay import RecordedTurn, deal_recorded
from lexicon_tools.engine.tiles import RACK_BLANK
from lexicon_tools.engine.turns import PLACE
from lexicon_tools.errors import IllegalMoveError, LexiconToolsError, UsageError
from lexicon_tools.web.history import replay


def check_scoreless(table, players: int, history: list[dict[str, Any]], player: int, kind: str) -> dict[str, Any]:
    """{"legal": True, "bag": N or None, "out": bool} or {"legal": False, "error", "hint"} for seat `player`'s
    `kind` turn; `out`: the turn puts the player out of the game (``end.passes_in_a_row_lose``); `over`: the
    reason the rules end the game with it (``end.consecutive_scoreless_turns``...), when the board is known.

    A history that names a seat not at the table, or whose placements the rules refuse (a word on an occupied
    square, more tiles than the game has), raises `UsageError` naming the turn, as `/api/score` does."""
    check_history(table, players, history, player)
    game = played_game(table, players, history)
    limit = table.rules.passes_in_a_row_lose
    if game is not None and game.over:       # the rules ended the game already: the table goes to the end step
        return {"legal": True, "bag": len(game.bag), "out": False, "over": game.outcome.reason,
                "passes_to_lose": limit}
    known = game is not None and game.current == player
    if not known:
        game = Game(table.rules, table.accept_all, players)
    bag = len(game.bag) if known else None
    try:
        game.play(_move(game, kind))
    except IllegalMoveError as exc:
        return {"legal": False, "error": exc.message, "hint": exc.hint or "", "bag": bag}
    out = not game.players[player].active if known else passes_out(table.rules, history, player, kind)
    over = game.outcome.reason if known and game.over else None
    return {"legal": True, "bag": bag, "out": out, "over": over, "passes_to_lose": limit}


def check_history(table, players: int, history: list[dict[str, Any]], player: int) -> None:
    """Refuse seats beyond the table and placements the rules refuse (`web.history.replay`), naming the turn."""
    if not 0 <= player < players:
        raise UsageError(f"player {player + 1} is not at this table of {players}", "Name a seat of the table.")
    for number, turn in enumerate(history, 1):
        if not 0 <= int(turn.get("player", 0)) < players:
            raise UsageError(f"turn {number} names player {int(turn.get('player', 0)) + 1}, who is not at this "
                             f"table of {players}", "Undo back to that turn, or start a new game.")
    replay(table, history, player)


def passes_out(rules, history: list[dict[str, Any]], player: int, kind: str) -> bool:
    """Without the board (typed scores): the player's passes in a row, counted from the turns' kinds as the
    engine counts them (``end.passes_in_a_row_kinds``), reach ``end.passes_in_a_row_lose`` with this turn."""
    limit = rules.passes_in_a_row_lose
    if not limit or not rules.counts_as_pass(kind):
        return False
    run = 1
    for turn in reversed(history):
        if int(turn.get("player", 0)) != player:
            continue
        if not rules.counts_as_pass(turn.get("kind", PLACE)):
            break
        run += 1
    return run >= limit


def played_game(table, players: int, history: list[dict[str, Any]]) -> Game | None:
    """The table's turns played by the engine, each placement with the rack it needed; None if they cannot be."""
    rules, text = table.rules, table.text
    try:
        game = Game(rules, table.accept_all, players)
        for number, turn in enumerate(history, 1):
            seat, kind = int(turn.get("player", 0)), turn.get("kind", PLACE)
            if game.over or seat != game.current or kind not in (PLACE, "pass", "exchange", "resign"):
                return None
            if kind != PLACE:
                game.play(_move(game, kind))
                continue
            move = parse_place(rules, game.board, str(turn.get("notation", "")), text)
            rack = table.rack(game.board, move)
            if game.extra_blank_pending and seat == 0 and RACK_BLANK not in rack:
                rack.append(RACK_BLANK)          # the starter held the extra joker and loses it now, as in a game
            try:
                deal_recorded(game, RecordedTurn(number, game.player.name, text.rack(rack), PLACE, "", 0, 0),
                              f"turn {number}")
            except IllegalMoveError as exc:        # the turns need more of a tile than the game has
                raise UsageError(exc.message,
                                 "Undo back to that turn, or start a new game.") from None
            game.play(move)
    except UsageError:          # a turn the game cannot have had (or a seat count the ruleset does not allow)
        raise
    except LexiconToolsError:
        return None
    return game


def _move(game: Game, kind: str):
    if kind == "pass":
        return Pass()
    if kind == "resign":
        return Resign()
    # the page does not know which tiles go back: any one of the rack that is not the starter's extra joker
    rack = game.player.rack
    return Exchange((next((t for t in rack if t != RACK_BLANK), rack[0] if rack else RACK_BLANK),))
