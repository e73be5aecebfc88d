#!/usr/bin/env bash
# The speed of light of this machine (issue 22): `sfpbench limits --refresh` measures every limit,
# an independent program (bench/membw.c, compiled here) measures memory read bandwidth in the
# same run to check it, and every algorithm's default experiment is run and judged as "% of
# limit". Writes docs/bench-limits.md and the README's headline line (bench/headline.sh).
# SIZE (default 256M) is each generated input; REPS (default 3) the repetitions per cell.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-3}
size=${SIZE:-256M}
out=${OUT:-$here/../docs/bench-limits.md}
ws="$data/limits-ws"  # the limits are kept here, and the runs below are judged against them
mkdir -p "$ws" "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset SFPBENCH_LIMITS  # the runs must use the limits measured here

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "measuring the limits (about 30 s)" >&2
"$bin" limits --refresh --workdir "$ws" >"$tmp/limits.txt"
limits_json="$tmp/limits.json"
"$bin" limits --json --workdir "$ws" >"$limits_json"  # the same, kept: read back as JSON

# The independent check: the same buffer size sfpbench read (its method says "of a N GiB/MiB buffer").
buffer=$(awk '/^  memory read:/ {for (i = 1; i < NF; i++) if ($(i + 1) ~ /^(GiB|MiB)$/) {print $i * ($(i + 1) == "GiB" ? 2^30 : 2^20); exit}}' "$tmp/limits.txt")
buffer=${buffer:-1073741824}
cc -O2 -pthread -o "$tmp/membw" "$here/membw.c"
threads=$(nproc)
check_line() {  # THREADS: sfpbench's figure, membw's, and their ratio
    local ours theirs
    ours=$(limit_gbs memory-read "$1")
    theirs=$("$tmp/membw" "$buffer" "$1" 5 2>/dev/null)
    awk -v t="$1" -v a="$ours" -v b="$theirs" -v n="$buffer" 'BEGIN {
        verdict = (a > 0.8 * b && a < 1.25 * b) ? "agree" : "DISAGREE"
        printf "- %d thread(s), %.0f MiB buffer: `sfpbench limits` %.1f GB/s, `bench/membw.c` %.1f GB/s: ratio %.2f, %s (within 20 %%)\n",
               t, n / 2^20, a, b, a / b, verdict}'
}
checks=$(check_line 1; [ "$threads" -gt 1 ] && check_line "$threads")
if command -v perf >/dev/null && perf bench mem memcpy -s 256MB -l 5 >"$tmp/perf.txt" 2>/dev/null; then
    checks+=$'\n'"- for scale, \`perf bench mem memcpy\` (a copy: every byte read and written): $(awk '/GB\/sec/ {print $1 " GB/s"; exit}' "$tmp/perf.txt")"
fi

# Every algorithm's default experiment (its strategies, default block size and threads), hot;
# iterate and compare cold too (their cold limits are the device's).
experiments=("compare hot" "compare cold" "cipher hot" "wordcount hot" "iterate hot" "iterate cold")
for e in "${experiments[@]}"; do
    read -r algorithm cache <<<"$e"
    echo "running $algorithm, $cache" >&2
    "$bin" run --algorithm "$algorithm" --sizes "$size" --cache "$cache" --reps "$reps" --workdir "$ws" \
        --markdown "$tmp/$algorithm-$cache.md" >"$tmp/$algorithm-$cache.txt" 2>"$tmp/$algorithm-$cache.err" ||
        echo "$algorithm, $cache: **the run failed**: $(tail -1 "$tmp/$algorithm-$cache.err")" >>"$tmp/failed"
done
# The README's line: each algorithm's default strategy at its one-run command's defaults (block,
# threads), not the experiment's 4K corner (issue 39: cipher's auto read 25 % at 4K, 82 % at 256K).
for e in "${experiments[@]}"; do
    read -r algorithm cache <<<"$e"
    read -r strategy block threads <<<"$(defaults_of "$algorithm")"
    echo "running $algorithm's default ($strategy${block:+ block $block}${threads:+ threads $threads}), $cache" >&2
    "$bin" run --algorithm "$algorithm" --strategies "$strategy" ${block:+--block "$block"} ${threads:+--threads "$threads"} \
        --sizes "$size" --cache "$cache" --reps "$reps" --workdir "$ws" >"$tmp/default-$algorithm-$cache.txt" \
        2>"$tmp/default-$algorithm-$cache.err" ||
        echo "$algorithm's default, $cache: **the run failed**: $(tail -1 "$tmp/default-$algorithm-$cache.err")" >>"$tmp/failed"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# The report's results table (from its "### Input" heading to the next heading) and its note,
# without the blank lines around them.
results() { awk '/^### Input/ {on = 1; next} on && /^##/ {exit} on' "$1" | sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
# The summary's line per input: the fastest cell against its limit.
fastest() { awk '/^against this machine.s limits/ {on = 1; next} on && /^  / {sub(/^  /, ""); print; next} on {exit}' "$1"; }

{
    echo "The limits of this machine and every algorithm's default experiment as a share of them."
    echo "Machine: $(machine_line "$ws"). Measured $(date -u +%Y-%m-%d) with \`bench/limits.sh\`;"
    echo "load average $load_before before, $load_after after (a loaded machine lowers both the limits and the runs)."
    echo
    echo '```text'
    cat "$tmp/limits.txt"
    echo '```'
    echo
    echo "Checked in the same run against an independent measurement of memory read bandwidth:"
    echo
    echo "$checks"
    echo
    echo "Fastest cell of each default experiment ($size inputs, median of $reps, each cache state as named):"
    echo
    for e in "${experiments[@]}"; do
        read -r algorithm cache <<<"$e"
        while IFS= read -r line; do echo "- $algorithm, $cache: $line"; done < <(fastest "$tmp/$algorithm-$cache.txt")
    done
    echo
    echo "$defaults_heading"
    echo
    for e in "${experiments[@]}"; do
        read -r algorithm cache <<<"$e"
        while IFS= read -r line; do echo "- $algorithm, $cache: $line"; done < <(fastest "$tmp/default-$algorithm-$cache.txt")
    done
    if [ -s "$tmp/failed" ]; then sed 's/^/- /' "$tmp/failed"; fi  # said, never a silent gap
} >"$tmp/short.md"
{
    cat "$tmp/short.md"
    for e in "${experiments[@]}"; do
        read -r algorithm cache <<<"$e"
        echo
        echo "### $algorithm, $cache cache"
        echo
        if [ -s "$tmp/$algorithm-$cache.md" ]; then results "$tmp/$algorithm-$cache.md"; else echo "(no report: the run failed)"; fi
    done
} | tee "$out"

publish_headline  # the README shows one line of it
