#!/usr/bin/env bash
# What recording a timeline costs (issue 44): the same cells with and without --timeline,
# interleaved run by run so that a drifting machine moves both alike, each run's in-process time
# (the result's real_s) from `sfpbench compare|wordcount ... --json`. compare mmap-mt records an
# event a block (the finest unit: 4 KiB blocks), wordcount pipeline one a block read, a chunk
# counted and a queue wait. Writes docs/bench-timeline.md: medians and the ratio with / without.
# Short on purpose (REPS, default 11; SIZE, default 64M): do not run it on a busy machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-11}
size=${SIZE:-67108864}
out_md=${OUT:-$here/../docs/bench-timeline.md}
mkdir -p "$data"
pair_a="$data/timeline-a-$size.bin" pair_b="$data/timeline-b-$size.bin" text="$data/timeline-text-$size.txt"
[ -s "$pair_a" ] || "$bin" generate pair "$pair_a" "$pair_b" --size "$size" --mismatch-at last --seed 1 >/dev/null
[ -s "$text" ] || "$bin" generate text "$text" --size "$size" --seed 1 >/dev/null
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

declare -A cell=(
    [compare-mmap-mt-4K]="compare $pair_a $pair_b --strategy mmap-mt --block 4K --threads $(nproc)"
    [wordcount-pipeline-1000]="wordcount $text --strategy pipeline --block 64K --threads $(nproc) --packing 1000"
)
real_s() { python3 -c 'import json, sys; print(json.load(sys.stdin)["real_s"])'; }
for ((r = 1; r <= reps; r++)); do
    for name in "${!cell[@]}"; do
        # shellcheck disable=SC2086 # the cell's words are its arguments
        "$bin" ${cell[$name]} --json 2>/dev/null | real_s >>"$logs/$name.off" || true
        # shellcheck disable=SC2086
        "$bin" ${cell[$name]} --json --timeline 2>/dev/null | real_s >>"$logs/$name.on" || true
    done
done
{
    echo "# What recording a timeline costs"
    echo
    echo "Written by \`bench/timeline-cost.sh\` on $(machine_line "$data"), $(date -u +%Y-%m-%d):"
    echo "each cell $reps times without and with \`--timeline\`, interleaved; medians of the runs' own"
    echo "\`real_s\` (hot cache, $size bytes)."
    echo
    echo "| cell | without (s) | with (s) | with / without |"
    echo "|---|---|---|---|"
    for name in $(printf '%s\n' "${!cell[@]}" | sort); do
        off=$(median <"$logs/$name.off") on=$(median <"$logs/$name.on")
        echo "| $name | $off | $on | $(awk -v a="$on" -v b="$off" 'BEGIN {printf "%.3f", a / b}') |"
    done
} >"$out_md"
echo "wrote $out_md"
