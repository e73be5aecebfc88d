#!/usr/bin/env bash
# cipher by the input's folio size (issue 38): which of `pool` (pread into a buffer) and `mmap-in`
# (the input mapped) moves a 640000000-byte hot input faster, as the page cache's folios under it
# grow, and what the default chooses. Each state is the input as a program leaves it: written in
# writes of 8K (head -c), 128K (cp), 512K or 2M (dd bs=2M) -- the page cache's folios are no larger
# than the writes that made them -- or evicted and read once with cat (read-ahead's folios, up to
# 2 MiB). In each state the default, pool, mmap-in and `cp --reflink=never` run interleaved, each
# a whole process writing a new output (removed and synced away before each run, untimed), the
# input read once with cat right before it, after one round untimed. Writes
# docs/bench-cipher-folios.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-9}
size=${SIZE:-640000000}
out_md=${OUT:-$here/../docs/bench-cipher-folios.md}
mkdir -p "$data" "$(dirname "$out_md")"
src="$data/cipher-in-$size"
in="$data/cipher-folios-in"
out="$data/cipher-folios-out"
ensure_random "$src" "$size"
logs=$(mktemp -d)
trap 'rm -rf "$logs"; rm -f "$in" "$out"' EXIT
build_proctime "$logs"

states=(8K 128K 512K 2M read)
cells=(default pool mmap-in cp)
declare -A opts=([default]="" [pool]="--strategy pool" [mmap-in]="--strategy mmap-in")

# Leaves $in in state $1: rewritten from $src in writes of that size, or evicted and read once.
set_state() {
    rm -f "$in"
    if [ "$1" = read ]; then
        cp --reflink=never "$src" "$in"
        sync "$in"
        dd if="$in" iflag=nocache count=0 status=none  # posix_fadvise(DONTNEED)
    else
        dd if="$src" of="$in" bs="$1" status=none
    fi
    cat "$in" >/dev/null
}
# One run of cell $1 as a whole process: "whole cpu in-process" (bench/lib.sh timed).
run_cell() {
    rm -f "$out"
    sync
    cat "$in" >/dev/null
    if [ "$1" = cp ]; then
        timed cp --reflink=never "$in" "$out"
    else
        # shellcheck disable=SC2086
        timed "$bin" cipher "$in" "$out" --shift 7 ${opts[$1]}
    fi
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for state in "${states[@]}"; do
    set_state "$state"
    rm -f "$out"
    "$bin" cipher "$in" "$out" --shift 7 2>&1 >/dev/null | sed -n 's/^sfpbench: auto: //p' | head -1 >"$logs/$state-note"
    # One round untimed: the first runs after the input is written fill memory that a VM may have
    # handed back to its host, at the host's pace (docs/findings.md#cipher-blocks-of-256-kib).
    for cell in "${cells[@]}"; do run_cell "$cell" >/dev/null; done
    for ((r = 1; r <= reps; r++)); do
        for cell in $(shuffled "${cells[@]}"); do run_cell "$cell" >>"$logs/$state-$cell"; done
    done
    echo "$state: $reps rounds done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { awk '{print $1}' "$logs/$1-$2" | median; }  # whole-process median of cell $2 in state $1
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
{
    echo "Cipher (caesar, shift 7), one $size-byte hot file, a new output per run; whole processes, median"
    echo "of $reps interleaved runs in each state. Machine: $(machine_line "$data")."
    echo "Measured $(date -u +%Y-%m-%d) with \`bench/cipher-folios.sh\`; load average $load_before before, $load_after after."
    echo
    echo "| the input | what the default saw -> chose | default (s) | pool (s) | mmap-in (s) | mmap-in / pool | default / cp |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for state in "${states[@]}"; do
        d=$(med "$state" default) p=$(med "$state" pool) m=$(med "$state" mmap-in) c=$(med "$state" cp)
        case $state in read) what="evicted, read once" ;; *) what="written in $state writes" ;; esac
        note=$(sed -e 's/, where.*->/ ->/' "$logs/$state-note")
        printf '| %s | %s | %.3f | %.3f | %.3f | %s | %sx |\n' "$what" "${note:--}" "$d" "$p" "$m" "$(ratio "$m" "$p")" "$(ratio "$d" "$c")"
    done
    echo
    echo "- A page cache folio is no larger than the write (or read-ahead) that made it, so the states run from"
    echo "  folios of 8 KiB to folios of up to 2 MiB (\`read\`: read-ahead grows them as the file is read)."
    echo "- \`mmap-in / pool\` under 1: mapping the input paid in that state. The default maps it (\`mmap-in\`)"
    echo "  where at least half of its cached pages sit in folios of 1 MiB or more, sampled; else \`pool\`."
    echo "- \`cp\` is \`cp --reflink=never IN OUT\`, timed the same way."
} >"$out_md"
echo "wrote $out_md" >&2
