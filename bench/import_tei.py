#!/usr/bin/env python3
"""Benchmark: TEI import speed against a bare lxml iterparse pass, and the importer's peak memory.

Generates a FreeDict-style TEI P5 file (default 300,000 entries, ~230 MB) in a
temporary directory, then, in the same run and on the same file:

1. **baseline** - a bare lxml ``iterparse`` pass over the ``<entry>`` elements,
   clearing each (the minimum any streaming reader must do);
2. **reader** - ``iter_entries(path, "tei")`` consumed to the end (hardened
   parser, prolog check, entry conversion to `Entry` objects);
3. **import** - the whole job, entries.jsonl written atomically (for information);
4. **peak RSS** - ``lexicon-tools import`` run in a subprocess; its maximum
   resident set size is read from ``getrusage(RUSAGE_CHILDREN)``.

Targets (issue 3): reader <= 1.5x the baseline; peak RSS < 200 MB.
Timings are CPU seconds of this process (``time.process_time``), the best of
``--repeat`` runs: wall time on a shared machine measures the neighbours too.
Baseline and reader runs alternate (baseline, reader, baseline, ...), so both
best times come from the same stretch of machine load.

Usage: .venv/bin/python bench/import_tei.py [--entries 300000] [--repeat 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEI_NS = "http://www.tei-c.org/ns/1.0"
TARGET_RATIO = 1.5
TARGET_RSS_MB = 200

_SYLLABLES = ["ba", "ber", "ch", "de", "ei", "fa", "gen", "hau", "ker", "lin", "mä", "nu", "o", "pf", "qu",
              "ra", "sch", "st", "tü", "un", "ver", "wa", "ze", "ß", "ung", "heit", "keit"]
_GENDERS = ["masc", "fem", "neut"]
_USAGE = [("reg", "coll."), ("reg", "slang"), ("dom", "archit."), ("dom", "med."), ("geo", "Austr."),
          ("geo", "Swiss"), ("reg", "obs.")]


def generate(path: Path, entries: int, seed: int = 7) -> None:
    """Write a TEI file with `entries` FreeDict-like entries, indented as FreeDict files are.

    Mostly nouns (with gender and number; 5% plural-only), some verbs, 1-3 senses
    of 1-2 translations each, a usage label on 30% of the senses, IPA on half
    the headwords.
    """
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  f'<TEI xmlns="{TEI_NS}">\n  <teiHeader>\n    <fileDesc>\n      <titleStmt><title>bench</title>'
                  '</titleStmt>\n      <publicationStmt><p>generated</p></publicationStmt>\n      <sourceDesc>'
                  '<p>bench/import_tei.py</p></sourceDesc>\n    </fileDesc>\n  </teiHeader>\n  <text>\n    <body>\n')
        for i in range(entries):
            out.write(_entry(rng, i))
        out.write("    </body>\n  </text>\n</TEI>\n")


def _entry(rng: random.Random, i: int) -> str:
    word = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    kind = rng.random()
    if kind < 0.7:
        gram = f"<gen>{rng.choice(_GENDERS)}</gen>\n          <pos>n</pos>\n          <number>sg</number>"
    elif kind < 0.75:
        gram = "<pos>n</pos>\n          <number>pl</number>"
    else:
        gram = "<pos>v</pos>"
        word = word.lower() + "en"
    pron = f"\n          <pron>{word.lower()}</pron>" if rng.random() < 0.5 else ""
    senses = []
    for n in range(rng.randint(1, 3)):
        usage = ""
        if rng.random() < 0.3:
            usg_type, label = rng.choice(_USAGE)
            usage = f'          <usg type="{usg_type}">{label}</usg>\n'
        cits = "".join(f'          <cit type="trans" xml:lang="en">\n            <quote>{word.lower()}-{n}{k}</quote>\n'
                       "          </cit>\n" for k in range(rng.randint(1, 2)))
        senses.append(f'        <sense n="{n + 1}">\n{usage}{cits}        </sense>\n')
    return (f'      <entry xml:id="{word}.{i}">\n        <form>\n          <orth>{word}</orth>{pron}\n        </form>\n'
            f'        <gramGrp>\n          {gram}\n        </gramGrp>\n{"".join(senses)}      </entry>\n')


def bare_pass(path: Path) -> int:
    """The standard streaming idiom: iterparse on <entry>, clear it, drop processed siblings."""
    from lxml import etree

    count = 0
    for _event, element in etree.iterparse(str(path), events=("end",), tag=f"{{{TEI_NS}}}entry"):
        count += 1
        element.clear()
        parent = element.getparent()
        while element.getprevious() is not None:
            del parent[0]
    return count


def reader_pass(path: Path) -> int:
    from lexicon_tools.io.readers import iter_entries

    count = 0
    for _entry in iter_entries(path, "tei"):
        count += 1
    return count


def import_job(path: Path, output: Path) -> int:
    from lexicon_tools.jobs.importing import import_files

    return import_files([path], output, "tei", quiet=True).entries


def best_times_alternating(functions, *args, repeat: int) -> list[tuple[float, int]]:
    """Best CPU time of each function, running them in turn `repeat` times (same load for all)."""
    best = [(float("inf"), 0)] * len(functions)
    for _ in range(repeat):
        for index, function in enumerate(functions):
            start = time.process_time()
            result = function(*args)
            best[index] = min(best[index], (time.process_time() - start, result))
    return best


def best_time(function, *args, repeat: int) -> tuple[float, int]:
    """Best CPU time of this process (not wall time: the machine is shared with other jobs)."""
    best, result = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        result = function(*args)
        best = min(best, time.process_time() - start)
    return best, result


def peak_rss_mb(path: Path, output: Path) -> float:
    """Peak RSS of `lexicon-tools import` in a fresh subprocess (Linux: ru_maxrss is in KiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run([sys.executable, "-m", "lexicon_tools", "import", str(path), "--format", "tei", "-q",
                    "-o", str(output)], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if after <= before:
        print("note: RUSAGE_CHILDREN did not grow; the figure below is a lower bound")
    scale = 1 if sys.platform == "darwin" else 1024
    return max(after, before) * scale / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the TEI file here instead of a temp dir")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lt-bench-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        tei, output = folder / "bench.tei", folder / "entries.jsonl"
        start = time.perf_counter()
        generate(tei, args.entries)
        size_mb = tei.stat().st_size / 1e6
        print(f"generated {args.entries:,} entries, {size_mb:.0f} MB in {time.perf_counter() - start:.1f} s: {tei}")
        rss = peak_rss_mb(tei, output)  # first, so no in-process allocations of this script are inherited
        (bare_s, bare_n), (read_s, read_n) = best_times_alternating((bare_pass, reader_pass), tei,
                                                                     repeat=args.repeat)
        job_s, job_n = best_time(import_job, tei, output, repeat=1)
        ratio = read_s / bare_s
        print(f"baseline  bare lxml iterparse+clear : {bare_s:6.2f} s  {bare_n:>9,} entries "
              f"({size_mb / bare_s:5.1f} MB/s)")
        print(f"reader    iter_entries(fmt='tei')   : {read_s:6.2f} s  {read_n:>9,} entries "
              f"({read_n / read_s:,.0f} entries/s)")
        print(f"import    entries.jsonl, atomic     : {job_s:6.2f} s  {job_n:>9,} entries "
              f"(ratio to baseline {job_s / bare_s:.2f}x, for information)")
        print(f"ratio reader/baseline = {ratio:.2f}x (target <= {TARGET_RATIO}x): "
              f"{'OK' if ratio <= TARGET_RATIO else 'MISSED'}")
        print(f"peak RSS of `lexicon-tools import` = {rss:.0f} MB (target < {TARGET_RSS_MB} MB): "
              f"{'OK' if rss < TARGET_RSS_MB else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
