"""Render a resolved ruleset: the stable JSON view, a text summary, and a field diff.

The JSON view is the contract other tools read (`ruleset show --json`):
``name``, ``board.rows/cols``, ``board.premiums`` as ``{row, col, kind}`` (0-based),
``board.start`` as ``[row, col]``, ``tiles`` as ``{letter, count, value}`` with the
blank as ``?``, ``rack_size`` and ``bingo`` (own tiles used → bonus, string keys), plus
every other field of the ruleset.
"""

from __future__ import annotations

from typing import Any

from lexicon_tools.model.layout import square_name
from lexicon_tools.model.ruleset import Ruleset


def ruleset_to_json(rs: Ruleset) -> dict[str, Any]:
    data = rs.model_dump(mode="json", exclude={"layout", "source"})
    layout = rs.layout
    board = dict(data["board"])
    if layout is not None:
        board["premiums"] = [{"row": r, "col": c, "kind": k} for (r, c), k in sorted(layout.premiums.items())]
        board["start"] = [[r, c] for r, c in layout.start]
        board["colours"] = dict(layout.colours)
        board["premium_counts"] = layout.counts()
    tiles = [{"letter": letter, "count": count, "value": value}
             for letter, (count, value) in rs.tiles.letters.items()]
    tiles.append({"letter": rs.tiles.blank.symbol, "count": rs.tiles.blank.count, "value": 0})
    data.update(
        board=board,
        tiles=tiles,
        tile_rules={"total": rs.tiles.total, "blank": data["tiles"]["blank"]},
        rack_size=rs.rack.size,
        bingo={str(k): v for k, v in sorted(rs.bingo.items())},
    )
    return data


def ruleset_summary(rs: Ruleset) -> str:
    layout = rs.layout
    counts = layout.counts() if layout else {}
    starts = ", ".join(square_name(*sq) for sq in layout.start) if layout else "-"
    bingo = ", ".join(f"{n} own tiles: +{b}" for n, b in sorted(rs.bingo.items()))
    letter = ("the board letter" if rs.bingo_with_board_letter_counts == "taken"
              else "a board letter (taken or in the word)")
    bingo += "".join(f", {n} own tiles + {letter}: +{b}" for n, b in sorted(rs.bingo_with_board_letter.items()))
    special = [name for name, spec in (("take a board letter", rs.special_moves.take_board_letter),
                                       ("joker swap", rs.special_moves.joker_swap)) if spec.enabled]
    policy = rs.word_policy
    lines = [
        f"{rs.title} [{rs.name}]",
        f"  players      {rs.players.min}-{rs.players.max}",
        f"  board        {rs.board.rows}x{rs.board.cols}, {sum(counts.values())} premiums "
        f"({', '.join(f'{k} {v}' for k, v in counts.items())}), start {starts}, first move: {rs.board.first_move}",
        f"  tiles        {rs.tiles.total} ({rs.tiles.blank.count} blanks, scoring {rs.tiles.blank.scores})",
        f"  rack         {rs.rack.size}" + (" + board-letter slot" if rs.rack.board_letter_slot else "")
        + (" (+1 blank for the starting player)" if rs.rack.starting_player_extra_blank else ""),
        f"  bingo        {bingo}",
        f"  placement    {rs.placement.mode}" + (", every word builds on the board"
                                                  if rs.placement.lines_must_touch == "each_word" else ""),
        f"  special      {', '.join(special) or 'none'}",
        f"  end          {rs.end.consecutive_scoreless_turns} scoreless turns"
        + (" (at least a full round)" if rs.end.scoreless_run_covers_all_players else "")
        + (f", rack penalties (credited to: {rs.end.credit_penalties_to})" if rs.end.rack_penalty else "")
        + (f", {rs.end.passes_in_a_row_lose} passes in a row lose ({', '.join(rs.end.passes_in_a_row_kinds)})"
           if rs.end.passes_in_a_row_lose else ""),
        f"  words        {policy.kind}, lengths {policy.lengths.min}-{policy.lengths.max}",
    ]
    if rs.modes.time_limits.options:
        lines.append(f"  time limits  {', '.join(rs.modes.time_limits.options)} "
                     f"(default {rs.modes.time_limits.default})")
    return "\n".join(lines)


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _flatten(item, f"{prefix}.{key}" if prefix else str(key), out)
    else:
        out[prefix] = value


def diff_rulesets(a: Ruleset, b: Ruleset) -> list[tuple[str, Any, Any]]:
    """(dotted field, value in a, value in b) for every resolved field that differs."""
    flat_a: dict[str, Any] = {}
    flat_b: dict[str, Any] = {}
    _flatten(ruleset_to_json(a), "", flat_a)
    _flatten(ruleset_to_json(b), "", flat_b)
    changes = []
    for key in sorted(set(flat_a) | set(flat_b)):
        old, new = flat_a.get(key), flat_b.get(key)
        if old != new:
            changes.append((key, old, new))
    return changes
