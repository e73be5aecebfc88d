#!/usr/bin/env bash
# compare benchmark (issues 2 and 9): the default `sfpbench compare` (adaptive), the fixed
# strategies, `cmp -l` and `cat` (the floor: just reading both files) on two identical
# 640000000-byte files, interleaved repetitions, in both hot page-cache states:
#   hot          evicted, then read once with cat: the state of files read from disk
#   hot-written  the files written just before (generate + cp): the state a write leaves
# Writes docs/bench-compare.md: medians side by side, speed-ups over cmp, the large-folio share
# sfpbench recorded for the inputs in each state, and the load average.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-7}
size=${SIZE:-640000000}
threads=$(nproc)
out=${OUT:-$here/../docs/bench-compare.md}
mkdir -p "$data" "$(dirname "$out")"
a="$data/compare-a-$size" b="$data/compare-b-$size"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# cell name -> command line
declare -A cell=(
    [default]="$bin compare $a $b"
    [read-64K]="$bin compare $a $b --strategy read --block 64K"
    [read-512]="$bin compare $a $b --strategy read --block 512"
    [pread-mt]="$bin compare $a $b --strategy pread-mt --block 256K --threads $threads"
    [mmap]="$bin compare $a $b --strategy mmap"
    [mmap-mt]="$bin compare $a $b --strategy mmap-mt --block 1M --threads $threads"
    [cmp]="$bin compare $a $b --strategy cmp"
)
order=(default mmap-mt pread-mt mmap read-64K read-512 cmp cat)
fixed=(mmap-mt pread-mt mmap read-64K read-512)  # the matrix the default must keep up with

# Brings both files into one state (see the top), untimed.
set_state() {
    if [ "$1" = hot ]; then
        [ -s "$a" ] && [ "$(stat -c %s "$a")" = "$size" ] || "$bin" generate random "$a" --size "$size" --seed 1
        [ -s "$b" ] && [ "$(stat -c %s "$b")" = "$size" ] || cp "$a" "$b"
        sync "$a" "$b"
        dd if="$a" iflag=nocache count=0 status=none  # posix_fadvise(DONTNEED) on the whole file
        dd if="$b" iflag=nocache count=0 status=none
        cat "$a" "$b" >/dev/null
    else
        rm -f "$a" "$b"
        "$bin" generate random "$a" --size "$size" --seed 1 >/dev/null
        cp "$a" "$b"
    fi
}

# The share of the inputs' cached pages in large folios, as sfpbench records it (a run that
# only reads the files: --cache hot-written never writes given inputs).
folio_share() {
    "$bin" run --algorithm compare --strategies read --block 1M --input "$a" --input "$b" --reps 1 --warmup 0 \
        --cache hot-written --csv "$logs/share.csv" >/dev/null 2>&1 || { echo unknown; return; }
    local v  # the large_folio_share column (found by its name), on the first run's row
    v=$(tr -d '\r' <"$logs/share.csv" | awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "large_folio_share") c = i}
                                                  NR == 2 && c {print $c}')
    echo "${v:-unknown}"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A share
for state in hot hot-written; do
    set_state "$state"
    share[$state]=$(folio_share)
    for ((r = 1; r <= reps; r++)); do
        for name in $(shuffled "${!cell[@]}" cat); do
            cat "$a" "$b" >/dev/null  # tops up pages lost since; cached pages keep their folios
            if [ "$name" = cat ]; then
                t=$(wall cat "$a" "$b")
            else
                # shellcheck disable=SC2086
                t=$(sfp_real ${cell[$name]})
            fi
            echo "$t" >>"$logs/$state-$name"
        done
        echo "$state: round $r/$reps done" >&2
    done
    "$bin" compare "$a" "$b" 2>&1 >/dev/null | sed -n 's/^sfpbench: //; /^adaptive/p' >"$logs/$state-note" || true
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { median <"$logs/$1-$2"; }
ratio() {  # "3.51x faster" / "1.20x slower" of time $1 against the reference time $2
    awk -v m="$1" -v c="$2" 'BEGIN {print (c >= m) ? sprintf("%.2fx faster", c / m) : sprintf("%.2fx slower", m / c)}'
}
best_fixed() {  # median of the fastest fixed strategy in state $1
    for name in "${fixed[@]}"; do med "$1" "$name"; done | sort -g | head -1
}
{
    echo "Compare, two identical $size-byte files, median of $reps interleaved runs in each page-cache state."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d) with \`bench/compare.sh\`;"
    echo "load average $load_before before, $load_after after."
    echo
    echo "| strategy | parameters | hot: median (s) | vs cmp | hot-written: median (s) | vs cmp |"
    echo "|---|---|---:|---:|---:|---:|"
    for name in "${order[@]}"; do
        params=$(sed -E "s|.*--strategy [^ ]+ ?||; s|$bin compare [^ ]+ [^ ]+ ?||" <<<"${cell[$name]:-}")
        [ "$name" = default ] && params="(none: adaptive, block 4K, threads $threads)"
        [ "$name" = cat ] && params="cat A B > /dev/null"
        row="| $name | ${params:--}"
        for state in hot hot-written; do
            m=$(med "$state" "$name")
            row+=" | $(printf '%.3f' "$m") | $(ratio "$m" "$(med "$state" cmp)")"
        done
        echo "$row |"
    done
    echo
    for state in hot hot-written; do
        d=$(med "$state" default) c=$(med "$state" cmp) f=$(best_fixed "$state")
        vs_cmp=$(awk -v d="$d" -v c="$c" 'BEGIN {printf "%.2f", c / d}')
        vs_best=$(awk -v d="$d" -v f="$f" 'BEGIN {printf "%.2f", d / f}')
        echo "- **$state** (large-folio share of the inputs' cached pages: ${share[$state]}): the default is"
        echo "  ${vs_cmp}x faster than \`cmp\` (target at least 3x: $(verdict "$vs_cmp" 3 0)) and takes ${vs_best}x the time"
        echo "  of the fastest fixed strategy (target at most 1.15x: $(verdict "$vs_best" 1.15 1))."
        echo "  Its note: \`$(cat "$logs/$state-note")\`"
    done
    echo
    echo "Read-ahead fills the page cache with large folios, while \`write()\` leaves small or large ones depending"
    echo "on the kernel and the writer (the shares above say which this machine got), and a mapping of small folios"
    echo "costs a TLB miss every few KiB, so mapped strategies can be several times slower on files just written."
    echo "\`pread\` copies out of the cache and does not care, which is why the default (\`adaptive\`) measures both"
    echo "on slices of their own at the start of every run and keeps the cheaper."
} | tee "$out"
if [ -z "${OUT:-}" ]; then publish compare "$here/../README.md" <"$out"; fi  # the README shows the same table
