"""Open the table a server starts with: a ruleset and the lexicon built for it.

``--ruleset R`` uses the lexicon built for R; ``--lexicon FILE`` alone uses the
ruleset the file was built for (recorded in its header). Either way the lexicon
must fit the ruleset (`jobs.play.open_judge` checks name and tiles, as for
``play``), and its graph is checked once, since a server runs for hours.
"""

from __future__ import annotations

from lexicon_tools.web.table import Table


def open_table(ruleset: str | None, lexicon: str | None) -> tuple[str, Table]:
    """(lexicon path, table)."""
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.lexfile import resolve_lexicon_path, ruleset_of_lexicon
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import _base_name, open_judge

    if ruleset is None:
        path = resolve_lexicon_path(lexicon, None)
        ruleset = ruleset_of_lexicon(path) if lexicon else "wortspieler"  # a bundled name only
    rs = load_ruleset(ruleset)
    rules = Rules.from_ruleset(rs)
    path, judge = open_judge(rules, lexicon, ruleset, also_for=_base_name(rs.extends))
    judge.lexicon.check_graph()
    judge.lexicon.legal_words()    # the suggestion list, built now rather than on the first refused word
    return path, Table(rules, judge.lexicon, title=rs.title or rs.name, language=rs.language or "de")
