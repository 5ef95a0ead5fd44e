"""Benchmark: KWG size. Is the node count minimal, and is the DAWG smaller than marisa-trie?

On the wngerman list (or a generated list of the same size, see lexicon_common):

1. the KWG (DAWG+GADDAG) and the DAWG-only graph are built with lexicon_tools;
2. **minimality**: an independent reference minimiser (recursive grouping of
   the word set by first tile, every distinct arc list named once, shared list
   tails counted once; no incremental construction, no hashing of states)
   computes the minimal node count of the DAWG and of the DAWG+GADDAG of the
   full list (about 40 s and 1 GB in pure Python; ``--sample N`` checks the
   DAWG+GADDAG on N random words instead, for a quick run);
3. **size baseline**: marisa-trie stores the same normalised words; the ratio
   DAWG bytes / marisa bytes must be below 1.

Run: .venv/bin/python bench/lexicon_graph_size.py [--sample N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lexicon_common import encode, word_list

from lexicon_tools.lexicon.builder import build_graph


def reference_nodes(strings_by_root: list[list[bytes]]) -> int:
    """Minimal KWG node count for several root lists, computed without the builder."""
    lists: dict[tuple, int] = {(): 0}

    def list_id(suffixes: list[bytes]) -> int:  # suffixes: sorted, non-empty
        arcs = []
        i = 0
        while i < len(suffixes):
            tile = suffixes[i][0]
            j = i
            accepts = False
            rest = []
            while j < len(suffixes) and suffixes[j][0] == tile:
                tail = suffixes[j][1:]
                if tail:
                    rest.append(tail)
                else:
                    accepts = True
                j += 1
            arcs.append((tile, accepts, list_id(rest)))
            i = j
        return lists.setdefault(tuple(arcs), len(lists))

    for strings in strings_by_root:
        list_id(sorted(set(strings)))
    tails = {arcs[i:] for arcs in lists for i in range(len(arcs))} - {()}
    inner = {t[1:] for t in tails}  # a tail that follows another arc is stored inside that list
    return len(strings_by_root) + sum(len(t) for t in tails - inner)


def gaddag_strings(words: list[bytes]) -> list[bytes]:
    out = []
    for w in words:
        out.append(w[::-1])
        out.extend(w[:k][::-1] + b"\x00" + w[k:] for k in range(1, len(w)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0,
                        help="words in the DAWG+GADDAG minimality check (default: the whole list)")
    args = parser.parse_args()
    source, words = word_list()
    tiles = encode(words)
    print(f"word list: {source}")
    started = time.perf_counter()
    kwg = build_graph(tiles)
    dawg = build_graph(tiles, gaddag=False)
    print(f"built in {time.perf_counter() - started:.1f} s")

    import marisa_trie

    marisa_bytes = len(marisa_trie.Trie(words).tobytes())
    dawg_bytes = 4 * len(dawg.nodes)
    print(f"KWG (DAWG+GADDAG): {len(kwg.nodes):>10,} nodes = {4 * len(kwg.nodes):>11,} bytes")
    print(f"DAWG alone:        {len(dawg.nodes):>10,} nodes = {dawg_bytes:>11,} bytes")
    print(f"marisa-trie:                          {marisa_bytes:>11,} bytes")
    print(f"ratio DAWG / marisa-trie = {dawg_bytes / marisa_bytes:.3f}  (target < 1)")

    started = time.perf_counter()
    ref_dawg = reference_nodes([tiles])
    print(f"minimal DAWG (reference, full list): {ref_dawg:,} nodes; built {len(dawg.nodes):,} "
          f"-> ratio {len(dawg.nodes) / ref_dawg:.4f} ({time.perf_counter() - started:.1f} s)")
    size = min(args.sample or len(tiles), len(tiles))
    sample = sorted(random.Random(5).sample(tiles, size)) if size < len(tiles) else tiles
    started = time.perf_counter()
    ref_kwg = reference_nodes([sample, gaddag_strings(sample)])
    built = len(build_graph(sample).nodes)
    print(f"minimal DAWG+GADDAG (reference, {len(sample):,} words): {ref_kwg:,} nodes; built {built:,} "
          f"-> ratio {built / ref_kwg:.4f} ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
