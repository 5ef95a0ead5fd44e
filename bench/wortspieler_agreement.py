"""Benchmark: how often equity plays greedy's move, per ruleset (issue 24, the Wortspieler question).

Equity-vs-equity games (endgame solver off); on every turn with at least a
full rack in the bag, equity's best candidate is compared with the highest
scoring one (greedy's move): the share of turns where they are the same (or
of equal equity), the points equity gives up for its leave when they differ,
and the tiles laid per placement turn. The baseline in the same run is
Webfeud, where equity is known to beat greedy.

Run: .venv/bin/python bench/wortspieler_agreement.py [wortspieler,webfeud] [games=3]
"""
import sys, random, statistics
sys.path.insert(0, __import__('os').path.dirname(__file__))
from sim_common import setting
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.equity import Equity
from lexicon_tools.engine.runner import game_seed
import numpy as np
names = sys.argv[1] if len(sys.argv) > 1 else "wortspieler,webfeud"
games = int(sys.argv[2]) if len(sys.argv) > 2 else 3
for name in names.split(","):
    rules, judge, leaves = setting(name, 60000)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    same = turns = 0; placed=[]; gap=[]; kept=[]
    for i in range(games):
        g = Game(rules, judge, 2, seed=game_seed(7, i)); p=Equity(leaves); p.bind(gen); p.endgame=None
        while not g.over:
            m = gen.generate(g.board, g.player.rack, g.swappable_jokers())
            if len(m) and len(g.bag) >= rules.rack_size:
                v = p.equities(g, m, False); e = int(np.argmax(v)); b = m.best()
                turns += 1; same += (v[e]==v[b]) or e==b
                gap.append(float(m.scores[b] - m.scores[e]))
            mv = p.choose(g, m, random.Random(0))
            before = len(g.player.rack)
            t = g.play(mv)
            if t.kind == "place": placed.append(before - len(g.player.rack) + len(t.drawn))
    print(f"{name}: {turns} turns with bag >= rack; equity's choice = greedy's in {same/turns:.1%}; "
          f"score given up for the leave when different: mean {statistics.fmean([x for x in gap if x>0] or [0]):.1f}; "
          f"tiles laid per placement turn {statistics.fmean(placed):.2f}")
