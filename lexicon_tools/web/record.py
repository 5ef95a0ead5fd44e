"""A table game as a game record: the turns laid on the board, written as GCG for `lexicon-tools replay`.

The page keeps each board turn as the notation the server wrote back when it
scored it; the server lays the table's turns again (`web.history.played`, the
rules checked as for a turn being scored) and writes each placement with the
rack it needed (the tiles placed, less a taken letter, plus the natural tile
given for a swapped joker: `Table.rack`) and the engine's score. Nobody at a
physical table writes the racks down, so the file is a GCG with the racks as
recorded (`io.formats.gcg`): a pass or a resignation has no rack, a placement
the tiles it used. The end step's rack penalties and credit are its end lines.
`lexicon-tools replay FILE --ruleset NAME` then checks every turn again with
the lexicon, a word the table accepted anyway included.

Only turns laid on the board can be written: a score typed on the sheet has
no placement, and an exchange names no tiles (GCG needs them); either is
refused naming the turn. Nothing here knows a game's name.
"""

from __future__ import annotations

import re
from typing import Any

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.notation import format_place
from lexicon_tools.engine.replay import Record, RecordedAdjustment, RecordedTurn
from lexicon_tools.engine.turns import PASS, PLACE, RESIGN, TIMEOUT
from lexicon_tools.errors import UsageError
from lexicon_tools.io.formats.gcg import format_gcg
from lexicon_tools.textsafe import printable
from lexicon_tools.web.history import Situation, check_player_count, played

_NICK = re.compile(r"[^\w-]")
SCORELESS = {"pass": PASS, "resign": RESIGN, "timeout": TIMEOUT}


def nicks(names: list[str]) -> list[tuple[str, str]]:
    """(nick, full name) per seat: a GCG nick has no spaces or ':' and each is unique."""
    out: list[tuple[str, str]] = []
    for seat, name in enumerate(names):
        full = " ".join(printable(str(name)).split())[:40] or f"Spieler {seat + 1}"
        nick = _NICK.sub("_", full)[:20].strip("_") or f"p{seat + 1}"
        while nick in (n for n, _ in out):
            nick = f"{nick}_{seat + 1}"
        out.append((nick, full))
    return out


def game_record(table, names: list[str], history: list[dict[str, Any]],
                adjustments: list[dict[str, Any]] = ()) -> str:
    """The GCG text of the table's game: `history` as the page sends it to `/api/score`, `adjustments` the
    end step's lines ({player, delta, tiles})."""
    rules = table.rules
    check_player_count(rules, len(names), "Send one name per player.")
    players = nicks(names)
    if any(not 0 <= int(t.get("player", 0)) < len(players) for t in [*history, *adjustments]):
        raise UsageError("a turn names a player who is not at the table", "Send one name per player.")
    totals = [0] * len(players)
    turns: list[RecordedTurn] = []
    situation = Situation(board=Board.empty(table.rules))
    for step in played(table, _board_turns(history), situation):
        nick = players[step.seat][0]
        if step.kind == PLACE:
            totals[step.seat] += step.evaluation.score
            rack = table.text.rack(table.rack(step.before, step.move))
            notation = format_place(table.rules, step.before, step.move, table.text)
            turns.append(RecordedTurn(step.number, nick, rack, PLACE, notation, step.evaluation.score,
                                      totals[step.seat]))
        else:
            turns.append(RecordedTurn(step.number, nick, "", SCORELESS[step.kind], "", 0, totals[step.seat]))
    ends = []
    for number, line in enumerate(adjustments, len(turns) + 1):
        seat = int(line["player"])
        totals[seat] += int(line["delta"])
        ends.append(RecordedAdjustment(number, players[seat][0], _rack(table, number - len(turns), line),
                                       int(line["delta"]), totals[seat]))
    record = Record("table", table.rules.name, 0, [n for n, _ in players], [f for _, f in players],
                    turns=turns, adjustments=ends, dealt=False)
    return format_gcg(record)


def _rack(table, number: int, line: dict[str, Any]) -> str:
    """An end line's tiles as rack text: only the game's letters and its joker, so nothing else reaches the file
    (a newline would start a line of its own)."""
    return table.text.rack(table.typed_rack(str(line.get("tiles", "")), f"adjustment {number}: tiles"))


def _board_turns(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for number, turn in enumerate(history, 1):
        kind = turn.get("kind", PLACE)
        if kind == "scored":
            raise UsageError(f"turn {number} was typed on the score sheet, not laid on the board: a game record "
                             "needs every placement", "Export the sheet as CSV instead.")
        if kind not in (PLACE, *SCORELESS):
            raise UsageError(f"turn {number} is an exchange: the page does not know the tiles exchanged, which "
                             "a game record needs", "Export the sheet as CSV instead.")
    return history

