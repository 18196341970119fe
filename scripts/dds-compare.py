#!/usr/bin/env python3
"""troef's solver beside DDS, the bridge double-dummy solver, on one machine in one run
(issue 33): prints a Markdown table for BENCHMARKS.md.

    pip install endplay            # bundles DDS 2.9 (PyPI)
    python3 scripts/dds-compare.py [DEALS] [--jass JASS_DEALS]

Both sides value every opening card of a deal from the start of play, one thread:
- DDS: `endplay.dds.solve_board` on DEALS random bridge deals (52 cards, Python's
  `random.Random(2026)`), West on lead, the strain rotating NT, S, H, D, C. DDS answers in
  tricks, a small range of values; its own transposition table is cleared between deals
  (endplay calls SolveBoard, which starts each deal afresh).
- troef: the solver's bench binary with `--opening` (`card_values` at the start of play, a
  fresh solver per deal) on the same number of deals of each game it names; Jass on
  JASS_DEALS deals (default DEALS; its trump deals take seconds each), its trump and
  Obenabe/Undeufe deals apart.

Times are per deal (per solved position), wall time on one thread. Both sides' quantiles are
read the same way, from each deal's time (troef's from the bench's `--out` file): the median,
the 90th and the 99th percentile (the value at rank round((n - 1) q) of the sorted times).
"""

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

GAMES = ["klaverjassen", "schafkopf", "jass", "pandoeren", "het-pandoeren"]


def dds(deals: int) -> list[float]:
    rng = random.Random(2026)
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    strains = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
    out = []
    for i in range(deals):
        rng.shuffle(cards)
        hands = [cards[13 * k : 13 * k + 13] for k in range(4)]
        pbn = "N:" + " ".join(
            ".".join("".join(c[1] for c in h if c[0] == s) for s in "SHDC") for h in hands
        )
        d = Deal.from_pbn(pbn)
        d.first = Player.west
        d.trump = strains[i % 5]
        t = time.perf_counter()
        solve_board(d)
        out.append((time.perf_counter() - t) * 1000)
    return out


def bench_binary() -> str:
    """Builds the solver's bench and returns its executable's path."""
    res = subprocess.run(
        ["cargo", "bench", "-q", "-p", "troef-solve", "--bench", "solver", "--no-run",
         "--message-format=json"],
        check=True, capture_output=True, text=True,
    )
    import json

    for line in res.stdout.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "solver" \
                and msg.get("executable"):
            return msg["executable"]
    sys.exit("dds-compare: the solver bench's executable was not found")


def troef(binary: str, game: str, deals: int) -> dict[str, list[float]]:
    """Each opening-card series' per-deal wall times in ms, by the series' name."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.tsv")
        cmd = [binary, "--deals", str(deals), "--ladder", "0", "--no-annotate", "--opening",
               "--only", game, "--out", out]
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        series: dict[str, list[float]] = defaultdict(list)
        with open(out) as f:
            for line in f:
                name, _deal, wall, _cpu, _nodes = line.rstrip("\n").split("\t")
                series[name].append(float(wall) / 1000)
    return series


def row(what: str, ms: list[float]) -> str:
    ms = sorted(ms)
    q = lambda p: ms[round((len(ms) - 1) * p)]
    return f"| {what} | {len(ms)} | {statistics.median(ms):.2f} | {q(0.9):.2f} | {q(0.99):.2f} |"


def main() -> None:
    args = sys.argv[1:]
    jass = None
    if "--jass" in args:
        i = args.index("--jass")
        jass = int(args[i + 1])
        del args[i : i + 2]
    deals = int(args[0]) if args else 100
    binary = bench_binary()
    print("| solver, game: every opening card | deals | median ms | p90 ms | p99 ms |")
    print("|---|---:|---:|---:|---:|")
    print(row("DDS 2.9 (endplay), bridge (52 cards)", dds(deals)))
    for game in GAMES:
        n = jass if game == "jass" and jass is not None else deals
        for name, ms in troef(binary, game, n).items():
            print(row(f"troef, {name.replace(': every opening card', '')}", ms), flush=True)


if __name__ == "__main__":
    main()
