#!/usr/bin/env bash
# wordcount benchmark (issues 10, 26 and 38): the wordcount strategies against `cat FILE > /dev/null`
# (the floor: the read() copy out of the page cache), `LC_ALL=C wc -l` (GNU's AVX2 line counter: the
# floor of one counting pass) and `LC_ALL=C wc` on one generated text of 640000000 bytes, hot cache,
# interleaved repetitions, every cell timed as a whole process (bench/proctime.c), sfpbench and its
# peers alike, with sfpbench's in-process time beside it. Also: simd over block sizes (the CLI
# default is chosen from this sweep), simd with --histogram against counting alone, SimpleCount's
# effect (pipeline with 1 line per hand-off against 1000), and whether every strategy printed
# exactly what `LC_ALL=C wc` prints. Writes docs/bench-wordcount.md, with each target's verdict, and
# the README's headline line (bench/headline.sh). REPS (default 5) and SIZE change
# the run; SLOW=0 leaves out the slow cells (strtok, loop, wc, pipeline-1), which take most of it.
# TEXT=FILE counts that file instead of generated text (real text: the kernels must not depend on
# the generator's); give it an OUT of its own, e.g. docs/bench-wordcount-real.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-5}
size=${SIZE:-640000000}
slow=${SLOW:-1}
threads=$(nproc)
out=${OUT:-$here/../docs/bench-wordcount.md}
mkdir -p "$data" "$(dirname "$out")"
if [ -n "${TEXT:-}" ]; then
    text=$TEXT
    size=$(stat -c %s "$text")
    what="one given $size-byte text (\`$(basename "$text")\`${TEXT_NOTE:+: $TEXT_NOTE})"
else
    text="$data/wordcount-text-$size"
    [ -s "$text" ] && [ "$(stat -c %s "$text")" = "$size" ] || "$bin" generate text "$text" --size "$size" --seed 1
    what="one generated $size-byte text"
fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
build_proctime "$logs"
load_limits  # wordcount hot is bound by the read() copy out of the page cache, or a mapped scan (issue 22)

# cell name -> flags of `sfpbench wordcount FILE`
declare -A cell=(
    [auto]=""  # no flags: the default (striped or simd by measurement, its block and threads)
    [simd]="--strategy simd"
    [simd-histogram]="--strategy simd --histogram"
    [striped]="--strategy striped --threads $threads"
    [mmap]="--strategy mmap"
    [mmap-mt]="--strategy mmap-mt --threads $threads"
    [pipeline-1000]="--strategy pipeline --threads $threads --packing 1000"
    [simd-32K]="--strategy simd --block 32K"
    [simd-128K]="--strategy simd --block 128K"
    [simd-256K]="--strategy simd --block 256K"
    [simd-1M]="--strategy simd --block 1M"
    [simd-4M]="--strategy simd --block 4M"
)
if [ "$slow" = 1 ]; then
    cell[strtok]="--strategy strtok"
    cell[loop]="--strategy loop --block 64K"
    cell[pipeline-1]="--strategy pipeline --threads $threads --packing 1"
fi
# The peers, each its own process: cell name -> command line.
declare -A peer=([cat]="cat $text" [wc-l]="env LC_ALL=C wc -l $text")
[ "$slow" = 1 ] && peer[wc]="env LC_ALL=C wc $text"
order=(auto mmap-mt striped mmap simd simd-histogram pipeline-1000 simd-32K simd-128K simd-256K simd-1M simd-4M loop strtok pipeline-1 wc wc-l cat)
fixed=(mmap-mt striped mmap simd pipeline-1000 simd-32K simd-128K simd-256K simd-1M simd-4M loop)  # what auto must keep up with
LC_ALL=C wc "$text" >"$logs/wc.out"

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}" "${!peer[@]}"); do
        cat "$text" >/dev/null  # warm right before each hot run: this page cache decays
        if [ -n "${peer[$name]:-}" ]; then
            # shellcheck disable=SC2086
            timed ${peer[$name]} >>"$logs/$name"
            continue
        fi
        # shellcheck disable=SC2086
        timed "$bin" wordcount "$text" ${cell[$name]} >>"$logs/$name"  # "whole cpu in-process"
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
# What each cell prints, checked once after the rounds (untimed) against `LC_ALL=C wc`.
for name in "${!cell[@]}"; do
    [[ $name == *histogram ]] && continue
    # shellcheck disable=SC2086
    "$bin" wordcount "$text" ${cell[$name]} 2>/dev/null | cmp -s - "$logs/wc.out" || echo "$name" >>"$logs/differs"
done

has() { [ -s "$logs/$1" ]; }
# median whole-process wall time (column 2: its CPU time; 3: sfpbench's in-process real)
med() { awk -v c="${2:-1}" '$c != "-" {print $c}' "$logs/$1" | median; }
times_of() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN {printf "%.2f", a / b}'; }  # time of $1 / time of $2
best=$(for n in "${fixed[@]}"; do if has "$n"; then echo "$(med "$n") $n"; fi; done | sort -g | head -1 | cut -d' ' -f2)
default_block=$("$bin" wordcount --help | sed -n 's/.*--block .*(default \([^)]*\)).*/\1/p')
best_block=$(for n in simd-32K simd simd-128K simd-256K simd-1M simd-4M; do echo "$(med "$n") $n"; done | sort -g | head -1 | cut -d' ' -f2)
# A cell's limit, as the engine declares it: mapped strategies (and auto, which may choose one)
# scan the mapping, the others (and cat) copy out of the page cache; at the threads the cell reads with.
cell_limit() {
    local key=page-cache-read t=1
    [[ $1 == mmap* || $1 == auto ]] && key=mapped-scan-large
    [[ $1 == striped || $1 == mmap-mt || $1 == pipeline-* || $1 == auto ]] && t=$threads
    limit_gbs "$key" "$t"
}
table=$(
    echo "| strategy | parameters | whole process: median (s) | median CPU (s) | CPU % of all cores | in-process (s) | MB/s | % of limit | time vs cat |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
    for name in "${order[@]}"; do
        has "$name" || continue
        params=$(sed -E 's/--strategy [^ ]+ ?//' <<<"${cell[$name]:-}")
        [ "$name" = auto ] && params="(none: the default)"
        [ -n "${peer[$name]:-}" ] && params="${peer[$name]/$text/FILE}"
        [ "$name" = cat ] && params="cat FILE > /dev/null"
        inproc=$(awk '$3 != "-" {print $3}' "$logs/$name" | median_or_none)
        [[ $name == simd || $name == simd-histogram ]] && params="(default block) $params"
        awk -v n="$name" -v p="${params:--}" -v m="$(med "$name")" -v c="$(med "$name" 2)" -v cores="$threads" \
            -v cat="$(med cat)" -v s="$size" -v lim="$(limit_pct "$size" "$(med "$name")" "$(cell_limit "$name")")" \
            -v i="${inproc:--}" \
            'BEGIN {pct = sprintf("%.0f", 100 * c / m / cores); ip = i == "-" ? i : sprintf("%.3f", i)
                    printf "| %s | %s | %.3f | %.3f | %s | %s | %.0f | %s | %.2fx |\n", n, p, m, c, pct, ip, s / m / 1e6, lim, m / cat}'
    done
)
# The one-thread and T-thread cells the targets name: simd and striped read(), mmap and mmap-mt map
# the file instead (no copy); the faster of each pair is what the target is judged on.
faster_of() { if faster "$(med "$1")" "$(med "$2")"; then echo "$1"; else echo "$2"; fi; }
one=$(faster_of simd mmap)
many=$(faster_of striped mmap-mt)
one_cat=$(times_of "$one" cat)
many_cat=$(times_of "$many" cat)
hist_count=$(times_of simd-histogram simd)
auto_best=$(times_of auto "$best")
{
    echo "Wordcount of $what, hot cache, median of $reps interleaved runs."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/wordcount.sh\`;"
    echo "load average $load_before before, $load_after after (the machine is shared: compare ratios)."
    echo
    echo "Every cell is timed as a whole process (\`bench/proctime.c\`: fork, exec, wait; start-up and teardown"
    echo "included), sfpbench and its peers alike: the time a user or a script meets, and every ratio is of it. The"
    echo "in-process column is what sfpbench's runner measured around the work alone (its \`real\` line), shown beside."
    echo
    echo "$table"
    echo
    echo "- as whole processes, the default (\`sfpbench wordcount FILE\`) takes $(times_of auto cat)x the time of \`cat FILE\`"
    echo "  (target at most 1.1x: $(verdict "$(times_of auto cat)" 1.1 1)) and $(times_of auto wc-l)x the time of \`LC_ALL=C wc -l FILE\`,"
    echo "  GNU's AVX2 line counter that counts lines alone (target at most 1.0x: $(verdict "$(times_of auto wc-l)" 1.0 1))."
    echo "% of limit: MB/s against this machine's (\`sfpbench limits\`) read() copy out of the page cache"
    echo "($(limit_gbs page-cache-read 1) GB/s with 1 thread, $(limit_gbs page-cache-read "$threads") with $threads) or, for the mapped strategies and auto, its scan"
    echo "of a mapped cached file ($(limit_gbs mapped-scan-large 1) and $(limit_gbs mapped-scan-large "$threads") GB/s)."
    echo
    echo "- one thread: \`simd\` (read) $(times_of simd cat)x, \`mmap\` (mapped) $(times_of mmap cat)x the time of \`cat\`;"
    echo "  the faster, $one, at most 1.3x (target): $(verdict "$one_cat" 1.3 1)."
    echo "- $threads threads: \`striped\` (pread) $(times_of striped cat)x, \`mmap-mt\` (mapped) $(times_of mmap-mt cat)x the time of \`cat\`;"
    echo "  the faster, $many, at most 0.8x (target): $(verdict "$many_cat" 0.8 1)."
    echo "- \`simd --histogram\` takes ${hist_count}x the time of counting alone (target at most 2x: $(verdict "$hist_count" 2 1))."
    echo "- the default (\`auto\`) takes ${auto_best}x the time of the best fixed cell, $best (target at most 1.1x: $(verdict "$auto_best" 1.1 1))."
    echo "  Its note: \`$("$bin" wordcount "$text" 2>&1 >/dev/null | sed -n 's/^sfpbench: //; /^auto/p')\`"
    if [ -s "$logs/differs" ]; then
        echo "- output identical to \`LC_ALL=C wc\` in a check run of every cell (target): **missed** by $(sort -u "$logs/differs" | tr '\n' ' ')"
    else
        echo "- output identical to \`LC_ALL=C wc\` in a check run of every cell but the histogram's (target): met."
    fi
    fastest=${best_block#simd-}
    [ "$best_block" = simd ] && fastest=$default_block
    echo "- the fastest \`simd\` block here: $fastest (the command's default block: $default_block)."
    if has wc; then
        best_wc=$(times_of wc "$best")
        echo "- the best fixed cell is ${best_wc}x faster than \`LC_ALL=C wc\` (target at least 10x: $(verdict "$best_wc" 10 0))."
        echo "- SimpleCount's record packing: pipeline with 1000 lines per hand-off is $(times_of pipeline-1 pipeline-1000)x faster than with 1."
    fi
} | tee "$out"

publish_headline  # the README shows one line of it
