#!/usr/bin/env bash
# search benchmark (issue 46): `sfpbench search` against `grep -F` and ripgrep's `rg -F` on one
# generated text of 640000000 bytes with the needle planted at its first byte, middle and end
# (`generate needles`), hot cache, interleaved repetitions, every cell timed as a whole process
# (bench/proctime.c), sfpbench and its peers alike, with sfpbench's in-process time beside it.
# Two searches: the rare needle, every match counted (the whole file read); a common word, its
# first 8 matches (`| head -8` for the peers: the searchers that stop early read a sliver).
# Writes docs/bench-search.md with each target's verdict. REPS (default 5) and SIZE change the run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-5}
size=${SIZE:-640000000}
threads=$(nproc)
out=${OUT:-$here/../docs/bench-search.md}
mkdir -p "$data" "$(dirname "$out")"
text="$data/search-needles-$size"
[ -s "$text" ] && [ "$(stat -c %s "$text")" = "$size" ] ||
    "$bin" generate needles "$text" --size "$size" --seed 1 --needle-at 0,middle,last >/dev/null
command -v rg >/dev/null || { echo "bench/search.sh: rg is not installed (package ripgrep; make installs it)" >&2; exit 2; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
build_proctime "$logs"
load_limits  # a hot search is bound by a mapped scan or the read() copy out of the page cache
rare=sfpbench-needle
common=st  # about 1 in 200 bytes of the generated text ("the" is not among its words)

# cell name -> command line (sfpbench's in-process time is read from its stderr by `timed`)
declare -A cell=(
    [auto]="$bin search --count $rare $text"  # the default: auto, all CPUs
    [auto-1t]="$bin search --count --threads 1 $rare $text"
    [simd]="$bin search --count --strategy simd $rare $text"
    [mmap]="$bin search --count --strategy mmap $rare $text"
    [mmap-mt]="$bin search --count --strategy mmap-mt --threads $threads $rare $text"
    [pread-mt]="$bin search --count --strategy pread-mt --threads $threads $rare $text"
    # Lines with a match (one match per line here); into a file, not /dev/null, where GNU grep stops
    # at the first match (it knows nothing is read).
    [grep]="sh -c 'env LC_ALL=C grep -F -c -a -- $rare $text >$logs/grep.count'"
    [rg]="rg -F -c -a --no-config -- $rare $text"        # one file: one thread, as rg searches it
    [rg-2t]="rg -F -c -a --no-config -j $threads -- $rare $text"
    [first8]="$bin search $common $text"
    [grep-first8]="sh -c 'env LC_ALL=C grep -F -o -b -a -- $common $text | head -8'"
    [rg-first8]="sh -c 'rg -F -o -b -a --no-config -- $common $text | head -8'"
)
order=(auto auto-1t simd mmap mmap-mt pread-mt grep rg rg-2t first8 grep-first8 rg-first8)

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}"); do
        cat "$text" >/dev/null  # warm right before each hot run: this page cache decays
        eval "timed ${cell[$name]}" >>"$logs/$name"
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# What each cell found, checked once after the rounds (untimed): the needle's three matches.
for name in auto auto-1t simd mmap mmap-mt pread-mt; do
    eval "${cell[$name]}" 2>/dev/null | grep -qx 3 || echo "$name" >>"$logs/differs"
done
env LC_ALL=C grep -F -o -b -a -- "$common" "$text" | head -8 >"$logs/grep-first8.out" || true
"$bin" search "$common" "$text" 2>/dev/null | cmp -s - "$logs/grep-first8.out" || echo first8 >>"$logs/differs"
first8_bytes=$("$bin" search --json "$common" "$text" 2>/dev/null | awk -F'[:,]' '/"bytes":/ && !b {gsub(/ /, "", $2); b = $2} END {print b}')

med() { awk -v c="${2:-1}" '$c != "-" {print $c}' "$logs/$1" | median; }
times_of() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN {printf "%.2f", a / b}'; }  # time of $1 / time of $2
cell_limit() {
    local key=page-cache-read t=1
    [[ $1 == mmap* || $1 == auto* ]] && key=mapped-scan-large
    [[ $1 == mmap-mt || $1 == pread-mt || $1 == auto ]] && t=$threads
    limit_gbs "$key" "$t"
}
table=$(
    echo "| cell | command | whole process: median (s) | median CPU (s) | in-process (s) | MB/s | % of limit |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for name in "${order[@]}"; do
        inproc=$(awk '$3 != "-" {print $3}' "$logs/$name" | median_or_none)
        cmdline=${cell[$name]//$bin/sfpbench}
        cmdline=${cmdline//$text/FILE}
        cmdline=${cmdline//$logs\//}
        cmdline=${cmdline//|/\\|}  # a pipe inside a Markdown table cell
        lim=n/a
        [[ $name != *first8 && $name != grep && $name != rg* ]] && lim=$(limit_pct "$size" "$(med "$name")" "$(cell_limit "$name")")
        awk -v n="$name" -v p="\`$cmdline\`" -v m="$(med "$name")" -v c="$(med "$name" 2)" -v s="$size" -v l="$lim" \
            -v i="${inproc:--}" 'BEGIN {ip = i == "-" ? i : sprintf("%.3f", i)
                printf "| %s | %s | %.3f | %.3f | %s | %.0f | %s |\n", n, p, m, c, ip, s / m / 1e6, l}'
    done
)
auto_pct=$(limit_pct "$size" "$(med auto)" "$(cell_limit auto)")
one_rg=$(times_of auto-1t rg)
two_rg=$(times_of auto rg)
grep_x=$(awk -v a="$(med auto)" -v g="$(med grep)" 'BEGIN {printf "%.1f", g / a}')
{
    echo "Search of one generated $size-byte text (\`generate needles\`: the needle $rare at the first byte,"
    echo "the middle and the end), hot cache, median of $reps interleaved runs."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/search.sh\`;"
    echo "load average $load_before before, $load_after after (the machine is shared: compare ratios)."
    echo
    echo "Every cell is timed as a whole process (\`bench/proctime.c\`: fork, exec, wait; start-up and teardown"
    echo "included), sfpbench and its peers alike; the in-process column is what sfpbench's runner measured around"
    echo "the work alone. The rare needle is counted in the whole file (grep and rg count lines with a match: here"
    echo "one match per line); the common word's first 8 matches are printed (the peers piped into \`head -8\`)."
    echo
    echo "$table"
    echo
    echo "- the default (\`sfpbench search --count\`, $threads threads) scans at $auto_pct % of this machine's mapped-scan"
    echo "  limit with $threads threads ($(limit_gbs mapped-scan-large "$threads") GB/s) (target at least 85 %: $(verdict "$auto_pct" 85 0))."
    echo "- one thread: the default with \`--threads 1\` takes ${one_rg}x the time of \`rg\` (target at most 1.0x: $(verdict "$one_rg" 1.0 1))."
    echo "- $threads threads: the default takes ${two_rg}x the time of \`rg\` (target at most 0.6x: $(verdict "$two_rg" 0.6 1));"
    echo "  \`rg -j $threads\` on one file: $(times_of rg-2t rg)x the time of \`rg\`."
    echo "- the default is ${grep_x}x faster than \`grep -F -c\` (target at least 5x: $(verdict "$grep_x" 5 0))."
    echo "- the first 8 matches of \"$common\": the default read $first8_bytes of $size bytes and took"
    echo "  $(times_of first8 grep-first8)x the time of \`grep | head -8\`, $(times_of first8 rg-first8)x that of \`rg | head -8\`"
    echo "  (target: it stops reading early: $(awk -v b="${first8_bytes:-$size}" -v s="$size" 'BEGIN {print (b < s / 100) ? "met" : "**missed**"}'))."
    if [ -s "$logs/differs" ]; then
        echo "- the needle's 3 matches and grep's first 8 lines in a check run of every cell (target): **missed** by $(sort -u "$logs/differs" | tr '\n' ' ')"
    else
        echo "- the needle's 3 matches and grep's first 8 lines in a check run of every cell (target): met."
    fi
} | tee "$out"

publish_headline  # the README shows one line of it
