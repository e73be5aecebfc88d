#!/usr/bin/env bash
# search benchmark (issue 46): `sfpbench search` against `grep -F` and ripgrep's `rg -F` on one
# generated text of 640000000 bytes with the needle planted at its first byte, middle and end
# (`generate needles`), interleaved repetitions, every cell timed as a whole process
# (bench/proctime.c), sfpbench and its peers alike, with sfpbench's in-process time beside it.
# Two searches: the rare needle, every match counted (the whole file read); a common word, its
# first 8 matches (`| head -8` for the peers: the searchers that stop early read a sliver).
# Two hot page-cache states, as bench/compare.sh has them:
#   hot          evicted, then read once with cat: a file read from disk, and the state of the
#                mapped-scan limit's own file (large folios: the kernel maps 2 MiB at a fault)
#   hot-written  written just before (`generate`): the smaller folios a write leaves, which cost
#                every mapped searcher (sfpbench, rg) more faults
# The targets are judged hot, against the mapped-scan limit measured in the same rounds.
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
generate_text() { "$bin" generate needles "$text" --size "$size" --seed 1 --needle-at 0,middle,last >/dev/null; }
command -v rg >/dev/null || { echo "bench/search.sh: rg is not installed (package ripgrep; make installs it)" >&2; exit 2; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
build_proctime "$logs"
load_limits  # the kept figures: the machine line; the cells are judged against limit rounds (below)
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

# Brings the text into one state (see the top), untimed.
set_state() {
    if [ "$1" = hot ]; then
        [ -s "$text" ] && [ "$(stat -c %s "$text")" = "$size" ] || generate_text
        sync "$text"
        dd if="$text" iflag=nocache count=0 status=none  # posix_fadvise(DONTNEED) on the whole file
        cat "$text" >/dev/null
    else
        rm -f "$text"
        generate_text
    fi
}

# The share of the text's cached pages in large folios, as sfpbench records it.
folio_share() {
    "$bin" run --algorithm search --strategies read --input "$text" --reps 1 --warmup 0 \
        --csv "$logs/share.csv" >/dev/null 2>&1 || { echo unknown; return; }
    local v  # the large_folio_share column (found by its name), on the first run's row
    v=$(tr -d '\r' <"$logs/share.csv" | awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "large_folio_share") c = i}
                                                  NR == 2 && c {print $c}')
    echo "${v:-unknown}"
}

states=(hot hot-written)
declare -A share
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for state in "${states[@]}"; do
    set_state "$state"
    share[$state]=$(folio_share)
    for ((r = 1; r <= reps; r++)); do
        for name in $(shuffled "${!cell[@]}" limit); do
            if [ "$name" = limit ]; then  # the ceilings of the same minutes, on the limits' own file
                limit_round "$state" mapped-scan-large
                limit_round "$state-read" page-cache-read
                continue
            fi
            cat "$text" >/dev/null  # tops up pages lost since (this page cache decays); cached pages keep their folios
            eval "timed ${cell[$name]}" >>"$logs/$state-$name"
        done
        echo "$state: round $r/$reps done" >&2
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# What each cell found, checked once after the rounds (untimed): the needle's three matches.
for name in auto auto-1t simd mmap mmap-mt pread-mt; do
    eval "${cell[$name]}" 2>/dev/null | grep -qx 3 || echo "$name" >>"$logs/differs"
done
env LC_ALL=C grep -F -o -b -a -- "$common" "$text" | head -8 >"$logs/grep-first8.out" || true
"$bin" search "$common" "$text" 2>/dev/null | cmp -s - "$logs/grep-first8.out" || echo first8 >>"$logs/differs"
first8_bytes=$("$bin" search --json "$common" "$text" 2>/dev/null | awk -F'[:,]' '/"bytes":/ && !b {gsub(/ /, "", $2); b = $2} END {print b}')

# Median of column $3 (1 whole-process wall, default; 2 its CPU; 3 in-process) of cell $2 in state $1.
med() { awk -v c="${3:-1}" '$c != "-" {print $c}' "$logs/$1-$2" | median; }
times_of() { awk -v a="$(med "$1" "$2")" -v b="$(med "$1" "$3")" 'BEGIN {printf "%.2f", a / b}'; }  # in state $1: time of $2 / time of $3
# The ceiling of cell $2 in state $1, GB/s, from the limit rounds: the mapped scan for the mapped
# strategies (and auto, which maps here), the read() copy out of the page cache for the others.
cell_limit() {
    local tag=$1-read t=1
    [[ $2 == mmap* || $2 == auto* ]] && tag=$1
    [[ $2 == mmap-mt || $2 == pread-mt || $2 == auto ]] && t=$threads
    limit_round_gbs "$tag" "$t"
}
table_of() {  # the table of state $1
    echo "| cell | command | whole process: median (s) | median CPU (s) | in-process (s) | MB/s | % of limit |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for name in "${order[@]}"; do
        inproc=$(awk '$3 != "-" {print $3}' "$logs/$1-$name" | median_or_none)
        cmdline=${cell[$name]//$bin/sfpbench}
        cmdline=${cmdline//$text/FILE}
        cmdline=${cmdline//$logs\//}
        cmdline=${cmdline//|/\\|}  # a pipe inside a Markdown table cell
        lim=n/a
        [[ $name != *first8 && $name != grep && $name != rg* ]] && lim=$(limit_pct "$size" "$(med "$1" "$name")" "$(cell_limit "$1" "$name")")
        awk -v n="$name" -v p="\`$cmdline\`" -v m="$(med "$1" "$name")" -v c="$(med "$1" "$name" 2)" -v s="$size" -v l="$lim" \
            -v i="${inproc:--}" 'BEGIN {ip = i == "-" ? i : sprintf("%.3f", i)
                printf "| %s | %s | %.3f | %.3f | %s | %.0f | %s |\n", n, p, m, c, ip, s / m / 1e6, l}'
    done
}
auto_pct=$(limit_pct "$size" "$(med hot auto)" "$(cell_limit hot auto)")
auto_pct_inproc=$(limit_pct "$size" "$(med hot auto 3)" "$(cell_limit hot auto)")
one_rg=$(times_of hot auto-1t rg)
two_rg=$(times_of hot auto rg)
grep_x=$(awk -v a="$(med hot auto)" -v g="$(med hot grep)" 'BEGIN {printf "%.1f", g / a}')
{
    echo "Search of one generated $size-byte text (\`generate needles\`: the needle $rare at the first byte,"
    echo "the middle and the end), median of $reps interleaved runs in each hot page-cache state."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/search.sh\`;"
    echo "load average $load_before before, $load_after after (the machine is shared: compare ratios)."
    echo
    echo "Every cell is timed as a whole process (\`bench/proctime.c\`: fork, exec, wait; start-up and teardown"
    echo "included), sfpbench and its peers alike; the in-process column is what sfpbench's runner measured around"
    echo "the work alone. The rare needle is counted in the whole file (grep and rg count lines with a match: here"
    echo "one match per line); the common word's first 8 matches are printed (the peers piped into \`head -8\`)."
    echo "The states: **hot**, the text evicted and then read once (\`cat\`), as a file read from disk is cached,"
    echo "and as the mapped-scan limit's own file is; **hot-written**, the text as \`generate\` has just written it,"
    echo "in the smaller folios a write leaves, which every mapped searcher (sfpbench and rg alike) pays more"
    echo "faults for. \"% of limit\": the bytes over the median whole-process time, against the limit measured"
    echo "once in each round among the cells (\`sfpbench limits --refresh --only mapped-scan-large\`, and"
    echo "\`page-cache-read\` for the read() strategies), on the limits' own file in large folios."
    for state in "${states[@]}"; do
        echo
        echo "**$state** (large-folio share of the text's cached pages: ${share[$state]})"
        echo
        table_of "$state"
    done
    echo
    echo "- hot: the default (\`sfpbench search --count\`, $threads threads) scans at $auto_pct % of this machine's mapped-scan"
    echo "  limit with $threads threads ($(printf '%.1f' "$(limit_round_gbs hot "$threads")") GB/s, rounds $(limit_round_spread hot "$threads"))"
    echo "  (target at least 85 %: $(verdict "$auto_pct" 85 0)); in-process: $auto_pct_inproc %."
    echo "- hot, one thread: the default with \`--threads 1\` takes ${one_rg}x the time of \`rg\` (target at most 1.0x: $(verdict "$one_rg" 1.0 1))."
    echo "- hot, $threads threads: the default takes ${two_rg}x the time of \`rg\` (target at most 0.6x: $(verdict "$two_rg" 0.6 1));"
    echo "  \`rg -j $threads\` on one file: $(times_of hot rg-2t rg)x the time of \`rg\`; 0.6x \`rg\`'s time would scan at"
    echo "  $(awk -v s="$size" -v r="$(med hot rg)" 'BEGIN {printf "%.1f", s / (0.6 * r) / 1e9}') GB/s, whole process, against this machine's mapped-scan limit of $(printf '%.1f' "$(limit_round_gbs hot "$threads")") GB/s with $threads threads."
    echo "- hot: the default is ${grep_x}x faster than \`grep -F -c\` (target at least 5x: $(verdict "$grep_x" 5 0))."
    echo "- hot-written: the default takes $(times_of hot-written auto rg)x the time of \`rg\` ($(times_of hot-written auto-1t rg)x with \`--threads 1\`)"
    echo "  and scans at $(limit_pct "$size" "$(med hot-written auto)" "$(cell_limit hot-written auto)") % of the mapped-scan limit (measured in large folios: a"
    echo "  ceiling these folios do not allow any mapped searcher)."
    echo "- the first 8 matches of \"$common\": the default read $first8_bytes of $size bytes and took"
    echo "  $(times_of hot first8 grep-first8)x the time of \`grep | head -8\`, $(times_of hot first8 rg-first8)x that of \`rg | head -8\`"
    echo "  (target: it stops reading early: $(awk -v b="${first8_bytes:-$size}" -v s="$size" 'BEGIN {print (b < s / 100) ? "met" : "**missed**"}'))."
    if [ -s "$logs/differs" ]; then
        echo "- the needle's 3 matches and grep's first 8 lines in a check run of every cell (target): **missed** by $(sort -u "$logs/differs" | tr '\n' ' ')"
    else
        echo "- the needle's 3 matches and grep's first 8 lines in a check run of every cell (target): met."
    fi
} | tee "$out"

publish_headline  # the README shows one line of it
