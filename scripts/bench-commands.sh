#!/usr/bin/env bash
# Time and peak memory of every command that reads records, on a generated
# input (issue 30): prints a Markdown table for BENCHMARKS.md.
#
#     python3 scripts/bench-inputs.py target/bench-inputs             # 100 MB
#     cargo build --release
#     scripts/bench-commands.sh target/bench-inputs/klaverjassen-100mb.ttn
#
# Needs GNU time (/usr/bin/time). Writes its scratch files next to the input.
set -euo pipefail
input=${1:?usage: scripts/bench-commands.sh FILE.ttn}
troef=${TROEF:-target/release/troef}
scratch="$input.scratch"
mkdir -p "$scratch"
trap 'rm -rf "$scratch"' EXIT

row() { # row LABEL COMMAND...: runs it, prints "| label | s | MB |"
    local label=$1
    shift
    /usr/bin/time -o "$scratch/time" -f "%e %M" "$@" >/dev/null 2>&1 || true
    # A non-zero exit puts a line before the figures: read the last line.
    read -r secs kb < <(tail -n 1 "$scratch/time")
    printf '| `%s` | %s s | %s MB |\n' "$label" "$secs" "$(awk "BEGIN { printf \"%.1f\", $kb / 1024 }")"
}

name=$(basename "$input")
head -c 2000000 "$input" | awk 'BEGIN{RS=""; ORS="\n\n"} NR<=21' >"$scratch/first20.ttn"
"$troef" json --ndjson "$input" >"$scratch/export.ndjson"
cp "$input" "$scratch/copy.ttn"

echo "| command, on $name ($(du -m "$input" | cut -f1) MB) | time | peak RSS |"
echo "|---|---:|---:|"
row "troef check --jobs 1 $name" "$troef" check --jobs 1 "$input"
row "troef check $name (all cores)" "$troef" check "$input"
row "troef fmt $name" "$troef" fmt "$input"
row "troef fmt --check $name" "$troef" fmt --check "$input"
row "troef fmt --write $name" "$troef" fmt --write "$scratch/copy.ttn"
row "troef json $name" "$troef" json "$input"
row "troef json --ndjson $name" "$troef" json --ndjson "$input"
row "troef show $name" "$troef" show "$input"
row "troef import export.ndjson ($(du -m "$scratch/export.ndjson" | cut -f1) MB)" "$troef" import "$scratch/export.ndjson"
row "troef diff --rules amsterdam --rules rotterdam $name" "$troef" diff --rules amsterdam --rules rotterdam "$input"
row "troef analyze --jobs 1 first20.ttn (20 records)" "$troef" analyze --jobs 1 "$scratch/first20.ttn"
