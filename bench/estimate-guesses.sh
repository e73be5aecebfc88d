#!/usr/bin/env bash
# The window's first guesses (issue 24 section 3): what each lesson's experiments and the
# window's default experiment run at on this machine, written to
# resources/estimates/first-guesses.json. The estimate uses them for a cell the user's machine
# has not run yet, before its constant guesses (app/gui/run_estimate.hpp): a first lesson is
# then estimated within 2x of what it takes on a machine like this one.
# Rates are work units per second as the window counts them (app/gui/run_estimate.cpp): bytes
# of every input file (a pair: both), or files for a tree; per cell (strategy and parameters,
# not the size) and per strategy, hot (hot and hot-written) and cold. Beside them the time
# around runs (eviction, warming) per unit of each input kind and cache, as the window learns it:
# each experiment's wall time less its timed runs and warm-ups. A first pass (one repetition, no
# warm-up) makes the data, so generating is not in that time.
# Each lesson whose throughput_source says "measured by running this lesson" gets its
# slowest_mbs again (core::estimated_seconds' conservative rate: its slowest cell's MB/s,
# halved). With OUT set (a trial run) no lesson file changes: OUT gets the guesses and the
# lessons' figures are printed. ONLY=FOLDER (e.g. ONLY=9-early-stop) measures that lesson alone and
# adds the rates the file lacks (a new lesson's cells), keeping every other figure as it was. The
# analysis is estimate-guesses.py.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
out=${OUT:-$here/../resources/estimates/first-guesses.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$data" "$(dirname "$out")"

# The spec $1 with its data in $data, as $work/NAME.json ($2); with $3 = first, one repetition
# and no warm-up (the pass that makes the data).
spec_copy() {
    python3 -c '
import json, sys
spec = json.load(open(sys.argv[1]))
spec["workdir"] = sys.argv[2]
if sys.argv[3] == "first":
    spec["repetitions"], spec["warmups"] = 1, 0
print(json.dumps(spec))' "$1" "$data" "${3:-}" >"$work/$2.json"
}
# `timed NAME ARGS...`: `sfpbench run ARGS` into $work/report-NAME.json, its wall seconds in
# $work/wall-NAME.
timed() {
    local name=$1 t0 t1
    shift
    t0=$EPOCHREALTIME
    "$bin" run "$@" --json "$work/report-$name.json" >/dev/null
    t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", b - a}' >"$work/wall-$name"
}

# Every lesson experiment, then the window's default experiment (hot and cold) and the 84-cell
# matrix of docs/large-experiment.json.
n=0
for spec in "$here"/../resources/lessons/${ONLY:-*}/*.json; do
    [ "$(basename "$spec")" = lesson.json ] && continue
    n=$((n + 1))
    spec_copy "$spec" "first-lesson$n" first
    spec_copy "$spec" "spec-lesson$n"
    dirname "$spec" >"$work/lesson-lesson$n"
    "$bin" run "$work/first-lesson$n.json" >/dev/null
    timed "lesson$n" "$work/spec-lesson$n.json"
done
[ -z "${ONLY:-}" ] && for cache in hot cold; do
    default=(--algorithm compare --sizes 64M --block "512,4K,64K,1M" --warmup 1 --cache "$cache" --workdir "$data")
    "$bin" run "${default[@]}" --reps 1 >/dev/null
    timed "default-$cache" "${default[@]}" --reps 3
done
if [ -z "${ONLY:-}" ]; then
    spec_copy "$here/../docs/large-experiment.json" first-large first
    spec_copy "$here/../docs/large-experiment.json" spec-large
    "$bin" run "$work/first-large.json" >/dev/null
    timed large "$work/spec-large.json"
fi

python3 "$here/estimate-guesses.py" "$out" "$(machine_line "$data")" "$work" ${OUT:+trial} ${ONLY:+merge}
