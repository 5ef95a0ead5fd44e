"""Move generation: the compiled GADDAG kernel (`kernel`) and the Python driver (`generator`)
that adds the special moves (take-a-letter, joker swaps, multi-word turns)."""
