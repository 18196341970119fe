#!/usr/bin/env bash
# Two builds of the solver bench, each alone on the machine, taking turns
# (issue 33): per round SLOW solves the deals once, then FAST solves them
# FAST_PASSES times (default 3), one run at a time on the last core while
# the other cores stay idle: what one user's solve sees on an idle machine.
# scripts/solver-beside.sh instead runs the two builds at once, one on each
# core, which is nearer to how the issue's own table was read (two benches
# side by side, one on each core) and evens out the host's load between
# the builds, but lets each build share the machine with the other. The
# two protocols read different ratios: Schafkopf's full-deal median 5.44
# beside and 4.34 alone, with the annotated hands (BENCHMARKS.md, "each
# build alone"). Read a target both ways; time two close builds with
# scripts/solver-ab.sh.
#
#     cargo bench -p troef-solve --bench solver --no-run     # each build
#     ALONE_DIR=NEW_FOLDER scripts/solver-alone.sh OLD_BENCH NEW_BENCH schafkopf 1000 3
#     ALONE_DIR=NEW_FOLDER scripts/solver-alone.sh OLD_BENCH NEW_BENCH schafkopf 1000 3 --no-annotate
#
# Each deal's CPU time is the mean over a build's runs, and the table the
# median and 99th percentile over the deals and their ratios, as
# scripts/solver-beside.py prints them. Run nothing else meanwhile: the
# host's own load still moves a run by a fifth from one minute to the next,
# which the rounds spread over both builds. Scratch files go to $ALONE_DIR
# (default: a temporary folder).
set -euo pipefail
slow=${1:?usage: scripts/solver-alone.sh SLOW_BENCH FAST_BENCH GAME DEALS ROUNDS [bench args]}
fast=${2:?FAST_BENCH}
game=${3:?GAME}
deals=${4:?DEALS}
rounds=${5:?ROUNDS}
shift 5
passes=${FAST_PASSES:-3}
if [ "$rounds" -lt 2 ]; then
    echo "solver-alone.sh: give at least 2 rounds (each deal's time is a mean over runs)" >&2
    exit 2
fi
dir=${ALONE_DIR:-$(mktemp -d)}
mkdir -p "$dir"
# The bench skips the deals its --out file already holds: a folder with an
# earlier run's files would only summarise that run again.
if compgen -G "$dir/*.tsv" >/dev/null; then
    echo "solver-alone.sh: $dir holds an earlier run's files; give an empty ALONE_DIR" >&2
    exit 2
fi
# The last core: the shell and the system's own work tend to the first.
core=$(($(nproc) - 1))
run() { # run BENCH OUT [bench args]: one run, alone, on $core
    local bench=$1 out=$2
    shift 2
    taskset -c "$core" "$bench" --only "$game" --deals "$deals" --ladder 0 --cpu-time \
        --out "$out" "$@" >/dev/null
}
for r in $(seq "$rounds"); do
    run "$slow" "$dir/slow-$r.tsv" "$@"
    for k in $(seq "$passes"); do
        run "$fast" "$dir/fast-$r-$k.tsv" "$@"
    done
    echo "solver-alone.sh: round $r of $rounds done, $(date -u +%H:%M:%S) UTC" >&2
done
python3 "$(dirname "$0")/solver-beside.py" "$dir"
