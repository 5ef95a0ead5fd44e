"""The reference engine: rules, move generation, strategies, test games.

Core layer (no file IO). Modules, bottom up:

* `tiles`, `rules` — tile codes; the ruleset compiled into plain tables;
* `board`, `scoring`, `special`, `placement` — the board, line/word validation
  and scoring, take-a-letter and joker swap, whole-placement evaluation;
* `moves`, `turns`, `bag`, `clock`, `game`, `ending` — moves, the game loop and
  the end of the game; `notation` and `setup` — GCG-like notation, hand-made
  positions;
* `judge` — the word-judge protocol the rules ask;
* `movegen` — the compiled GADDAG move generator and its driver;
* `strategy`, `runner`, `simulate`, `stats`, `replay` — players, one game,
  many games in parallel, statistics, re-validating a record.

The rules engine (everything but `movegen`) needs only the standard library and
the ruleset model; `movegen` needs numpy and numba.
"""
