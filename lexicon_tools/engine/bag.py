"""The tile bag, driven by a seeded RNG so that a game is reproducible.

The bag is shuffled once when it is filled and tiles are drawn from its end;
tiles put back (an exchange) are added and the bag is reshuffled. With the
same seed and the same moves, every draw is the same, which is what makes
replays and parallel test games identical to serial ones.
"""

from __future__ import annotations

import random


class Bag:
    def __init__(self, counts: tuple[int, ...], rng: random.Random):
        self.rng = rng
        self.tiles = [tile for tile, count in enumerate(counts) for _ in range(count)]
        rng.shuffle(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int) -> list[int]:
        n = max(0, min(n, len(self.tiles)))
        drawn = self.tiles[len(self.tiles) - n:]
        del self.tiles[len(self.tiles) - n:]
        return drawn

    def put_back(self, tiles: list[int]) -> None:
        self.tiles.extend(tiles)
        self.rng.shuffle(self.tiles)
