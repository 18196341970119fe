#!/usr/bin/env python3
"""troef's solver beside DDS, the bridge double-dummy solver, on one machine in one run
(issue 33): prints a Markdown table for BENCHMARKS.md.

    pip install endplay            # bundles DDS 2.9 (PyPI)
    python3 scripts/dds-compare.py [DEALS]

Both sides value every opening card of a deal from the start of play, one thread:
- DDS: `endplay.dds.solve_board` on DEALS random bridge deals (52 cards, Python's
  `random.Random(2026)`), West on lead, the strain rotating NT, S, H, D, C. DDS answers in
  tricks, a small range of values; its own transposition table is cleared between deals
  (endplay calls SolveBoard, which starts each deal afresh).
- troef: the solver's bench binary with `--opening` (`card_values` at the start of play, a
  fresh solver per deal) on the same number of deals of each game it names.

Times are per deal (per solved position), median and p90, wall time on one thread.
"""

import random
import statistics
import subprocess
import sys
import time

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player


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


def troef(game: str, deals: int) -> list[str]:
    cmd = [
        "cargo", "bench", "-q", "-p", "troef-solve", "--bench", "solver", "--",
        "--deals", str(deals), "--ladder", "0", "--no-annotate", "--opening", "--only", game,
    ]
    res = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return [l for l in res.stdout.splitlines() if "every opening card" in l]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    ms = sorted(dds(deals))
    p90 = ms[round((len(ms) - 1) * 0.9)]
    print("| solver, game | deals | median ms | p90 ms |")
    print("|---|---:|---:|---:|")
    print(f"| DDS 2.9 (endplay), bridge, every opening card | {deals} | {statistics.median(ms):.2f} | {p90:.2f} |")
    for game in ["klaverjassen", "schafkopf", "pandoeren", "het-pandoeren"]:
        for line in troef(game, deals):
            cells = [c.strip() for c in line.strip("|").split("|")]
            # what | positions | median | p99 | max | ...: troef's bench prints p99, not p90.
            print(f"| troef, {cells[0]} | {cells[1]} | {float(cells[2]):.2f} | (p99 {float(cells[3]):.1f}) |")


if __name__ == "__main__":
    main()
