#!/usr/bin/env bash
# wordcount benchmark (issue 10): the wordcount strategies against `LC_ALL=C wc` (run by the
# `wc` strategy: a child process under the same clock, its exact CPU time read before wait4 reaps it) on one generated
# text of 640000000 bytes, hot cache, interleaved repetitions. Also SimpleCount's effect
# (pipeline with 1 line per hand-off against 1000) and striped with 2 threads against simd
# with 1. Writes docs/bench-wordcount.md and the same text between the README's bench:wordcount markers.
# REPS (default 3) and SIZE change the run; on a loaded 2-core machine it takes a few minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-3}
size=${SIZE:-640000000}
threads=$(nproc)
out=${OUT:-$here/../docs/bench-wordcount.md}
readme=${README:-$here/../README.md}
mkdir -p "$data" "$(dirname "$out")"
text="$data/wordcount-text-$size"
[ -s "$text" ] && [ "$(stat -c %s "$text")" = "$size" ] || "$bin" generate text "$text" --size "$size" --seed 1

# cell name -> flags of `sfpbench wordcount FILE`
declare -A cell=(
    [wc]="--strategy wc"
    [strtok]="--strategy strtok"
    [loop]="--strategy loop --block 64K"
    [simd]="--strategy simd --block 256K"
    [striped]="--strategy striped --block 256K --threads $threads"
    [pipeline-1000]="--strategy pipeline --block 256K --threads $threads --packing 1000"
    [pipeline-1]="--strategy pipeline --block 256K --threads $threads --packing 1"
    [auto]="--block 256K --threads $threads"  # no --strategy: the default, striped or simd by measurement
)
order=(auto striped pipeline-1000 simd loop strtok pipeline-1 wc)
declare -A real cpu
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}"); do
        cat "$text" >/dev/null  # warm right before each hot run: this page cache decays
        # shellcheck disable=SC2086
        line=$("$bin" wordcount "$text" ${cell[$name]} 2>&1 >/dev/null | grep '^real')
        real[$name]+="$(awk '{sub(/s$/, "", $2); print $2}' <<<"$line") "
        cpu[$name]+="$(awk '{sub(/s$/, "", $4); print $4}' <<<"$line") "
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { local -n of=$1; tr ' ' '\n' <<<"${of[$2]}" | grep . | median; }
wc_real=$(med real wc)
table=$(
    echo "| strategy | parameters | median real (s) | median CPU (s) | CPU % of all cores | MB/s | vs wc (real) |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for name in "${order[@]}"; do
        awk -v n="$name" -v m="$(med real "$name")" -v c="$(med cpu "$name")" -v cores="$(nproc)" \
            -v w="$wc_real" -v s="$size" -v strat="${cell[$name]}" \
            'BEGIN {sub(/^--strategy [^ ]+ ?/, "", strat); if (strat == "") strat = "-";
                    v = w >= m ? sprintf("%.1fx faster", w / m) : sprintf("%.1fx slower", m / w);
                    printf "| %s | %s | %.3f | %.3f | %.0f | %.0f | %s |\n", n, strat, m, c, 100 * c / m / cores, s / m / 1e6, v}'
    done
)
# "6.1x faster" or "1.2x slower": the median real time of $1 against $2's
ratio() { awk -v a="$(med real "$1")" -v b="$(med real "$2")" 'BEGIN {if (a >= b) printf "%.1fx faster", a / b; else printf "%.1fx slower", b / a}'; }
cpu_ratio() { awk -v a="$(med cpu "$1")" -v b="$(med cpu "$2")" 'BEGIN {if (a >= b) printf "%.1fx less", a / b; else printf "%.1fx more", b / a}'; }
summary="Wordcount of one generated $size-byte text, hot cache, median of $reps interleaved runs.
Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/wordcount.sh\`;
load average $load_before before, $load_after after (the machine is shared: compare ratios)."
{
    echo "$summary"
    echo
    echo "$table"
    echo
    echo "- against \`LC_ALL=C wc\` (target: the best 10x faster): striped $(ratio wc striped), simd $(ratio wc simd), pipeline-1000 $(ratio wc pipeline-1000)."
    echo "- SimpleCount's record packing: pipeline with 1000 lines per hand-off is $(ratio pipeline-1 pipeline-1000) than with 1."
    echo "- striped with $threads threads against simd with 1: $(ratio simd striped)."
    echo "- the default (\`auto\`: no --strategy; it times striped and simd on the first slices) against striped: $(ratio striped auto)."
    echo "- by CPU time (exact, which a loaded machine disturbs less than wall time): simd $(cpu_ratio wc simd), striped $(cpu_ratio wc striped) than wc; pipeline-1000 $(cpu_ratio pipeline-1 pipeline-1000) than pipeline-1."
} | tee "$out"

publish wordcount "$readme" <"$out"  # the README shows the same table
