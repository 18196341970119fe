#!/usr/bin/env bash
# Two builds of the solver bench, side by side for the whole run, on a
# two-core machine (issue 33): SLOW solves the deals once on one core while
# FAST solves them again and again on the other until SLOW ends; then the
# cores swap. Both builds see the same machine for the same time, which two
# runs one after the other (or two shards each) do not: on a shared machine
# the ratio of two such runs moved by a third within two hours.
#
#     cargo bench -p troef-solve --bench solver --no-run     # each build
#     scripts/solver-beside.sh OLD_BENCH NEW_BENCH klaverjassen 1000
#     scripts/solver-beside.sh OLD_BENCH NEW_BENCH jass 60 --no-annotate
#
# OLD_BENCH and NEW_BENCH are the bench executables (target/release/deps/
# solver-*); the slower one comes first. Each deal's CPU time is the mean of
# SLOW's two runs and the mean of FAST's whole passes; the table gives the
# median and 99th percentile over the deals (as the bench reads them) and
# their ratios. Scratch files go to $BESIDE_DIR (default: a temporary folder).
#
# For two builds several times apart (the issue's build and today's), not for
# two close ones: FAST's pass that SLOW's end cuts short is dropped, and where
# the two take about as long, the passes that finish are the lucky ones (one
# build against itself read 1.20 and 1.22). Time close builds with
# scripts/solver-ab.sh. To read each build alone on an idle machine (what one
# user's solve sees), use scripts/solver-alone.sh: the ratios differ.
#
# BESIDE_SHARDS=2 halves a long run (Jass's 1,000 deals: the issue's build
# takes about two hours on one core): SLOW solves the even deals once on one
# core while FAST solves them again and again on the other, then the odd
# deals with the cores swapped (the bench's --shard K/2). Each deal is then
# SLOW's one run, not the mean of two.
set -euo pipefail
slow=${1:?usage: scripts/solver-beside.sh SLOW_BENCH FAST_BENCH GAME DEALS [bench args]}
fast=${2:?FAST_BENCH}
game=${3:?GAME}
deals=${4:?DEALS}
shift 4
shards=${BESIDE_SHARDS:-1}
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
    echo "solver-beside.sh: BESIDE_SHARDS must be a positive whole number" >&2
    exit 2
fi
dir=${BESIDE_DIR:-$(mktemp -d)}
mkdir -p "$dir"
# The bench skips the deals its --out file already holds: a folder with an
# earlier run's files would only summarise that run again.
if compgen -G "$dir/*.tsv" >/dev/null || compgen -G "$dir/*.part" >/dev/null; then
    echo "solver-beside.sh: $dir holds an earlier run's files; give an empty BESIDE_DIR" >&2
    exit 2
fi
# A bench that fails stops the script (set -e): stop the other one with it.
slow_pid= fast_pid=
trap 'kill $slow_pid $fast_pid 2>/dev/null || true' EXIT
run() { # run BENCH CORE OUT [bench args], in the background: the bench's own pid in $!
    local bench=$1 core=$2 out=$3
    shift 3
    # `exec`: the background subshell becomes the bench, so that killing $! stops it.
    (exec taskset -c "$core" "$bench" --only "$game" --deals "$deals" --ladder 0 --cpu-time \
        --out "$out" "$@" >/dev/null 2>&1) &
}
if [ "$shards" = 1 ]; then
    rounds=(0 1)
else
    rounds=($(seq 0 $((shards - 1))))
fi
for r in "${rounds[@]}"; do
    args=("$@")
    if [ "$shards" != 1 ]; then
        args+=(--shard "$r/$shards")
    fi
    core=$((r % 2))
    run "$slow" "$core" "$dir/slow-$r.tsv" "${args[@]}"
    slow_pid=$!
    k=0
    while kill -0 "$slow_pid" 2>/dev/null; do
        run "$fast" "$((1 - core))" "$dir/fast-$r-$k.part" "${args[@]}"
        fast_pid=$!
        while kill -0 "$fast_pid" 2>/dev/null && kill -0 "$slow_pid" 2>/dev/null; do
            sleep 0.2
        done
        if kill -0 "$fast_pid" 2>/dev/null; then
            # SLOW ended first: this pass is incomplete.
            kill "$fast_pid"
            wait "$fast_pid" 2>/dev/null || true
            rm -f "$dir/fast-$r-$k.part"
        else
            wait "$fast_pid"
            mv "$dir/fast-$r-$k.part" "$dir/fast-$r-$k.tsv"
        fi
        k=$((k + 1))
    done
    wait "$slow_pid"
done
python3 "$(dirname "$0")/solver-beside.py" "$dir"
