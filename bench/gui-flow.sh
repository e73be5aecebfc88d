#!/usr/bin/env bash
# Results flow once (issue 14 section 3): the same experiment of many fast runs (tiny generated
# pairs, every compare strategy but cmp over 12 block sizes, 1 and 2 threads, 4 sizes) run by
# `sfpbench run` and by `sfpbench-gui --headless` (offscreen: the window's models, tables and
# plots all live), wall time, CPU time (user + sys: what a loaded machine disturbs least) and
# peak RSS from /usr/bin/time -v, interleaved rounds, medians.
# Target: headless within 1.2x of the CLI, memory growing linearly with the runs (three
# experiment lengths: REPS/4, REPS/2, REPS repetitions). Writes docs/bench-gui-flow.md and the
# README's headline line (bench/headline.sh).
# ROUNDS (default 3) and REPS (default 25: 340 cells x 25 = 8500 timed runs) change the run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
gui="$bindir/sfpbench-gui"
rounds=${ROUNDS:-3}
reps=${REPS:-25}
out=${OUT:-$here/../docs/bench-gui-flow.md}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$data" "$(dirname "$out")"
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$work/config"  # the window's settings stay out of $HOME

lengths=("$((reps / 4))" "$((reps / 2))" "$reps")
for r in "${lengths[@]}"; do
    "$bin" run --strategies read,pread-mt,mmap,mmap-mt,adaptive --block 512..1M --threads 1,2 \
        --sizes 4K,8K,16K,32K --reps "$r" --warmup 1 --workdir "$data" --print-spec >"$work/spec-$r.json"
done
cells=$("$bin" run "$work/spec-$reps.json" --summary-csv "$work/cells.csv" >/dev/null 2>&1; echo $(($(wc -l <"$work/cells.csv") - 1)))

# "wall_s rss_kb cpu_s" of one command under /usr/bin/time -v (its output discarded)
measure() {
    /usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>&1 || true
    awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]}
                /Maximum resident set size/ {rss = $2}
                /(User|System) time \(seconds\)/ {cpu += $2}
                END {printf "%.3f %d %.3f\n", s, rss, cpu}' "$work/time"
}
declare -A wall rss cpu
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((round = 1; round <= rounds; round++)); do
    for r in "${lengths[@]}"; do
        for tool in $(shuffled cli gui); do
            if [ "$tool" = cli ]; then m=$(measure "$bin" run "$work/spec-$r.json")
            else m=$(measure "$gui" --headless "$work/spec-$r.json"); fi
            read -r w k c <<<"$m"
            wall[$tool-$r]+="$w "
            rss[$tool-$r]+="$k "
            cpu[$tool-$r]+="$c "
        done
    done
    echo "round $round/$rounds done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { local -n of=$1; tr ' ' '\n' <<<"${of[$2]}" | grep . | median; }
table=$(
    echo "| timed runs | sfpbench run (s) | headless (s) | headless / run | run CPU (s) | headless CPU (s) | CPU headless / run | run peak RSS (MB) | headless peak RSS (MB) |"
    echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for r in "${lengths[@]}"; do
        awk -v n="$((cells * r))" -v a="$(med wall "cli-$r")" -v b="$(med wall "gui-$r")" \
            -v ca="$(med cpu "cli-$r")" -v cb="$(med cpu "gui-$r")" \
            -v ma="$(med rss "cli-$r")" -v mb="$(med rss "gui-$r")" \
            'BEGIN {printf "| %d | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx | %.0f | %.0f |\n", n, a, b, b / a, ca, cb, cb / ca, ma / 1024, mb / 1024}'
    done
)
full_ratio=$(awk -v a="$(med wall "cli-$reps")" -v b="$(med wall "gui-$reps")" 'BEGIN {printf "%.2f", b / a}')
verdict=$(faster "$(med wall "gui-$reps")" "$(med wall "cli-$reps")" 1.2 && echo "met" || echo "NOT met")
{
    echo "The same experiment ($cells cells: compare's read, pread-mt, mmap, mmap-mt and adaptive over block"
    echo "sizes 512..1M, 1 and 2 threads, generated pairs of 4K to 32K; hot cache) run by \`sfpbench run\` and by"
    echo "\`sfpbench-gui --headless\` (offscreen window: tables, statistics and plots updated live), wall time,"
    echo "CPU time (user + sys, all threads) and peak RSS from \`/usr/bin/time -v\`, median of $rounds interleaved rounds."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/gui-flow.sh\`;"
    echo "load average $load_before before, $load_after after (the machine is shared: compare ratios)."
    echo
    echo "$table"
    echo
    echo "- target headless within 1.2x of \`sfpbench run\` at $((cells * reps)) runs: ${full_ratio}x, $verdict."
    echo "- memory: the RSS column against the runs column (linear growth: equal steps for equal steps in runs)."
} | tee "$out"

publish_headline  # the README shows one line of it
