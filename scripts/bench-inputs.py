#!/usr/bin/env python3
"""Writes the throughput benchmark's inputs: for each game, the valid records
of its corpus files repeated until the file reaches a size (100 MB by
default; `--mb 1000` for the 1 GB files).

    python3 scripts/bench-inputs.py target/bench-inputs            # 100 MB each
    python3 scripts/bench-inputs.py target/bench-inputs --mb 1000  # 1 GB each

The files are `GAME-SIZEmb.ttn`. They are made, never committed (issue 30).
Each copy of a match gets a match id of its own (`[Match "club#17"]`), so the
running totals, the dealer rotation and the match's end are checked in every
copy as in the original, and every record of the file is valid: `troef check`
on it exits 0. The output is the same on every run.
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = ["klaverjassen", "pandoeren", "jass", "schafkopf", "het-pandoeren", "dumbal"]
MATCH = re.compile(r'^(\[Match\s+")((?:[^"\\]|\\.)*)("\])', re.IGNORECASE | re.MULTILINE)
RULES_FILE = re.compile(r'^(\[Rules\s+")([^"]*\.toml)("\])', re.IGNORECASE | re.MULTILINE)


def blocks(path):
    """A file's records: its blocks that hold a tag pair, with the profile
    files they name made absolute (they resolve against the record's file)."""
    text = path.read_text(encoding="utf-8")
    found = [b.strip("\n") for b in re.split(r"\n[ \t\r]*\n", text) if re.search(r"^\[", b, re.M)]
    return [RULES_FILE.sub(lambda m: f"{m[1]}{(path.parent / m[2]).resolve()}{m[3]}", b) for b in found]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=pathlib.Path, help="the directory to write to")
    ap.add_argument("--mb", type=int, default=100, help="size of each file, in MB (10^6 bytes)")
    ap.add_argument("--games", nargs="*", default=GAMES, choices=GAMES)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        files = sorted((ROOT / "corpus" / game).glob("*.ttn"))
        records = [b for f in files for b in blocks(f)]
        if not records:
            sys.exit(f"no records in corpus/{game}")
        target = args.mb * 1_000_000
        path = args.out / f"{game}-{args.mb}mb.ttn"
        written, count, copy = 0, 0, 0
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write("% TTN 1\n\n")
            while written < target:
                copy += 1
                for r in records:
                    r = MATCH.sub(lambda m: f"{m[1]}{m[2]}#{copy}{m[3]}", r)
                    chunk = r + "\n\n"
                    out.write(chunk)
                    written += len(chunk.encode("utf-8"))
                    count += 1
        print(f"{path}: {count} records, {written / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
