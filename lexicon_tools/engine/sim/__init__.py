"""Monte Carlo simulation player (``--strategy sim``): see `engine.sim.player`."""
