"""Summarises a scripts/solver-beside.sh run: per set, each build's median
and 99th percentile CPU time over the deals, and the ratios (slow / fast).

Each deal's time is the mean over a build's runs that hold it, for both
builds alike (a sharded run holds each deal in one slow run).
(Until 2026-12-01 the fast build's was the median over its passes, the slow
build's the mean of its two runs: on a noisy host the median of many passes
sits below the mean, which favoured the fast build. Read both ways on one
run, Klaverjassen's median ratio was 10.55 by the old reading and 9.35 by
this one; BENCHMARKS.md, "the forced card".)"""

import glob
import statistics
import sys


def load(path):
    """Deal (set, index) -> CPU microseconds, from one bench --out file."""
    out = {}
    with open(path) as f:
        for line in f:
            name, deal, _wall, cpu, _nodes = line.rstrip("\n").split("\t")
            out[(name, int(deal))] = float(cpu)
    return out


def quantile(values, p):
    """As the bench reads a quantile: the value at round((n - 1) p)."""
    v = sorted(values)
    i = (len(v) - 1) * p
    return v[int(i + 0.5)]


def main(folder):
    slow = [load(f) for f in sorted(glob.glob(f"{folder}/slow-*.tsv"))]
    fast = [load(f) for f in sorted(glob.glob(f"{folder}/fast-*.tsv"))]
    if len(slow) < 2 or not fast:
        sys.exit(f"{folder}: the fast build finished no pass; put the slower build first")
    # Every deal of every run; a sharded run (BESIDE_SHARDS) holds each deal
    # in one slow run and in the fast passes over its half.
    deals = set().union(*slow, *fast)
    missing = [k for k in deals if not any(k in r for r in slow) or not any(k in r for r in fast)]
    if missing:
        sys.exit(f"{folder}: {len(missing)} deals have no run of one build (the fast build "
                 "finished no pass of their shard?); put the slower build first")
    def per_deal(runs):
        return sum(len(r) for r in runs) / len(deals)

    print(f"slow build: {len(slow)} runs, {per_deal(slow):g} a deal; "
          f"fast build: {len(fast)} whole passes, {per_deal(fast):g} a deal")
    print("| set | deals | slow median ms | slow p99 ms | fast median ms | fast p99 ms "
          "| × median | × p99 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in sorted({k[0] for k in deals}):
        keys = [k for k in deals if k[0] == name]
        s = [statistics.mean(r[k] for r in slow if k in r) for k in keys]
        f = [statistics.mean(r[k] for r in fast if k in r) for k in keys]
        sm, s99 = quantile(s, 0.5), quantile(s, 0.99)
        fm, f99 = quantile(f, 0.5), quantile(f, 0.99)
        print(f"| {name} | {len(keys)} | {sm / 1e3:.2f} | {s99 / 1e3:.1f} | {fm / 1e3:.2f} "
              f"| {f99 / 1e3:.1f} | {sm / fm:.2f} | {s99 / f99:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1])
