#!/usr/bin/env bash
# Two builds of the solver bench that differ by a few percent, timed side by
# side (issue 33): A on one core and B on the other at the same time, then
# again with the cores swapped, ROUNDS times. Both see the same machine at
# the same moment, so the host's load, which moves one run's time by a third
# on a shared machine, cancels out of each pair's ratio: on this two-core
# machine a pair read within ±5% where `farm-bench`'s pairs, one build after
# the other, spread from 0.67 to 1.59 in the same hour (BENCHMARKS.md).
#
#     cargo bench -p troef-solve --bench solver --no-run     # each build
#     scripts/solver-ab.sh A_BENCH B_BENCH 4 --only klaverjassen --deals 300 --ladder 0 --no-annotate
#
# Prints each pair's user CPU seconds and ratio, then the ratio of the sums
# (A/B below 1: A is faster), then the same from each deal's least CPU time
# over the runs (the bench's `--cpu-time`), which the load moves less. Give
# each run a few seconds of work: a run of a fraction of a second is mostly
# the process starting. Compare node counts first: a change that keeps them
# is timed here; one that does not needs its values checked too.
set -euo pipefail
a=${1:?usage: scripts/solver-ab.sh A_BENCH B_BENCH ROUNDS [bench args]}
b=${2:?B_BENCH}
rounds=${3:?ROUNDS}
shift 3
dir=$(mktemp -d)
# A build that fails stops the script: stop the other one with it (each runs
# under a subshell of its own, `timed` below: its bench first, then it).
pa= pb=
stop() {
    for p in $pa $pb; do
        pkill -P "$p" 2>/dev/null || true
        kill "$p" 2>/dev/null || true
    done
    rm -rf "$dir"
}
trap stop EXIT
TIMEFORMAT=%U
timed() { # timed BENCH CORE OUT [bench args]: user CPU seconds to OUT, its messages to OUT.log
    local bench=$1 core=$2 out=$3
    shift 3
    { time taskset -c "$core" "$bench" "$@" >/dev/null 2>"$out.log"; } 2>"$out"
}
# A bench that fails stops the script, with what it said.
finish() { # finish PID NAME
    wait "$1" || {
        echo "solver-ab.sh: build $2 failed:" >&2
        cat "$dir/$2.log" >&2
        exit 1
    }
}
sum_a=0 sum_b=0
for r in $(seq "$rounds"); do
    for swap in 0 1; do
        timed "$a" "$swap" "$dir/a" "$@" --cpu-time --out "$dir/a-$r-$swap.tsv" &
        pa=$!
        timed "$b" "$((1 - swap))" "$dir/b" "$@" --cpu-time --out "$dir/b-$r-$swap.tsv" &
        pb=$!
        finish "$pa" a
        finish "$pb" b
        pa= pb=
        ta=$(tail -n 1 "$dir/a") tb=$(tail -n 1 "$dir/b")
        sum_a=$(python3 -c "print($sum_a + $ta)") sum_b=$(python3 -c "print($sum_b + $tb)")
        python3 -c "print(f'pair {$r}.{$swap}: A {$ta:.2f} s, B {$tb:.2f} s, A/B {$ta / $tb:.3f}')"
    done
done
python3 -c "print(f'sum: A {$sum_a:.2f} s, B {$sum_b:.2f} s, A/B {$sum_a / $sum_b:.3f}')"
# Each deal's least CPU time over the runs, per build: a run's sum follows
# its largest deals and whatever load met them; a deal's least time is
# steadier (a build against itself read 0.983 so, in one order).
# The bench's `--out` files are read, and the median taken, as
# scripts/solver-beside.py reads them.
python3 - "$dir" "$(dirname "$0")/solver-beside.py" <<'PY'
import glob, importlib.util, sys

spec = importlib.util.spec_from_file_location("beside", sys.argv[2])
beside = importlib.util.module_from_spec(spec)
spec.loader.exec_module(beside)

def least(build):
    runs = [beside.load(p) for p in glob.glob(f"{sys.argv[1]}/{build}-*.tsv")]
    return {k: min(r[k] for r in runs if k in r) for k in set().union(*runs)}

a, b = least("a"), least("b")
for name in sorted({k[0] for k in a}):
    keys = [k for k in a if k[0] == name and k in b]
    ma = beside.quantile([a[k] for k in keys], 0.5)
    mb = beside.quantile([b[k] for k in keys], 0.5)
    total = sum(a[k] for k in keys) / sum(b[k] for k in keys)
    print(f"{name}, each deal's least time: median A {ma / 1e3:.3f} ms, B {mb / 1e3:.3f} ms, "
          f"A/B {ma / mb:.3f}; in sum A/B {total:.3f}")
PY
