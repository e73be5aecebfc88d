#!/usr/bin/env bash
# iterate benchmark (issues 11, 26 and 38): every iterate strategy at 64K and full scope on a generated
# tree, cold cache (every file of the tree evicted with posix_fadvise(DONTNEED) before every
# run), interleaved repetitions, against `xxhsum -H3` (a strategy) and the floor
# `find DIR -type f -print0 | xargs -0 -P 16 -n 64 cat > /dev/null` (reads, does not hash).
# Every cell is timed as a whole process (bench/proctime.c), sfpbench and the floor alike, with
# sfpbench's in-process time beside it. Writes docs/bench-iterate.md and the README's headline line
# (bench/headline.sh).
# Issue defaults: FILES=20000 (the small mix: ~1 GB), REPS=5. The eviction is `sfpbench evict`, the
# runner's own cold-cache step, so nothing beyond the build and coreutils/findutils is needed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-5}
files=${FILES:-20000}
threads=${THREADS:-32}  # sfpbench iterate's default: reads in flight
out=${OUT:-$here/../docs/bench-iterate.md}
tree="$data/iterate-tree-$files"
mkdir -p "$data" "$(dirname "$out")"
[ -d "$tree" ] || "$bin" generate tree "$tree" --files "$files" --size-mix small --seed 1 >&2
tree_bytes=$(du -sb "$tree" | cut -f1)

# fdatasync + posix_fadvise(DONTNEED) on every regular file of the tree: what `run --cache cold` does.
load_limits  # iterate cold is bound by the device; small files cold is what open/read/close of each gets
small_files=$(limit_gbs small-files-cold 32)  # measured with 32 readers, as iterate's default in flight
# The device's rate moves with the minute on this VM (1.8-3.2 GB/s over one day): it is measured
# once in each round, as one more cell, and the cells are judged against those rounds' medians.
logs=$(mktemp -d)
trap 'rm -rf "$logs" "$limits_json"' EXIT
build_proctime "$logs"
evict_tree() { "$bin" evict "$1" >/dev/null; }

# cell "scope/name" -> command line
declare -A cell
for scope in 64K full; do
    for s in fs alpha inode cluster random prefetch uring direct; do
        cell[$scope/$s]="$bin iterate $tree --scope $scope --strategy $s"
    done
    for s in parallel auto; do  # auto: the CLI default, parallel, uring, direct or prefetch by measurement
        cell[$scope/$s]="$bin iterate $tree --scope $scope --strategy $s --threads $threads"
    done
done
cell[full/xxhsum]="$bin iterate $tree --scope full --strategy xxhsum"
floor="full/find-xargs-cat"

declare -A times inprocs lists digests chose
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}" "$floor" limit); do
        if [ "$name" = limit ]; then  # the ceiling of this round, untimed
            limit_round qd32 device-read-qd32
            limit_round qd1 device-read-qd1
            continue
        fi
        evict_tree "$tree"
        if [ "$name" = "$floor" ]; then
            t=$(timed sh -c 'find "$0" -type f -print0 | xargs -0 -P 16 -n 64 cat > /dev/null' "$tree" | cut -d' ' -f1)
            l=0
        else
            # shellcheck disable=SC2086
            res=$("$proctime" ${cell[$name]} 2>&1)
            t=$(awk '/^proctime / {print $2}' <<<"$res")
            inprocs[$name]+="$(awk '/^real/ {sub(/s$/, "", $2); print $2}' <<<"$res") "
            l=$(awk '/^listing/ {sub(/s$/, "", $2); print $2}' <<<"$res")
            digests[${name%%/*}]+="$(awk '/^digest/ {print $2}' <<<"$res") "
            if [ "${name#*/}" = auto ]; then chose[${name%%/*}]+="$(awk '/: auto: .* -> / {print $NF} /: auto chose / {sub(/:$/, "", $4); print $4}' <<<"$res") "; fi
        fi
        times[$name]+="$t "
        lists[$name]+="$l "
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { tr ' ' '\n' <<<"$1" | grep . | median; }
choices() { tr ' ' '\n' <<<"${chose[$1]:-}" | grep . | sort | uniq -c | awk '{printf "%s%s %dx", (NR > 1 ? ", " : ""), $2, $1}'; }
agree() {
    if [ "$(tr ' ' '\n' <<<"${digests[$1]}" | grep . | sort -u | wc -l)" = 1 ]; then echo "all runs agree"; else echo "DIGESTS DIFFER"; fi
}
table() {  # the seed's slowdown table for one scope
    local scope=$1 best="" best_t=""
    echo "| strategy | whole process: median (s) | in-process (s) | median listing (s) | slower than the fastest |"
    echo "|---|---:|---:|---:|---:|"
    for name in "${!times[@]}"; do
        [ "${name%%/*}" = "$scope" ] || continue
        echo "$(med "${times[$name]}") ${name#*/} $(med "${lists[$name]}") $(med "${inprocs[$name]:--}")"
    done | sort -g | awk '{if (NR == 1) best = $1; ip = ($4 == "" || $4 == "-") ? "-" : sprintf("%.3f", $4)
                           printf "| %s | %.3f | %s | %.3f | %.2fx |\n", $2, $1, ip, $3, $1 / best}'
}
# The device's best: on this virtual disk one stream of 1 MiB reads (the host reads ahead) can
# beat 32 in flight, so the ceiling is the faster of the two.
qd32=$(limit_round_gbs qd32 1)
qd1=$(limit_round_gbs qd1 1)
device=$(awk -v a="${qd32:-0}" -v b="${qd1:-0}" 'BEGIN {print (a > b ? a : b)}')
fs_full=$(med "${times[full/fs]}")
floor_t=$(med "${times[$floor]}")
best_full=$(for n in "${!cell[@]}"; do
    if [ "${n%%/*}" = full ] && [ "$n" != full/xxhsum ]; then echo "$(med "${times[$n]}") ${n#*/}"; fi
done | sort -g | head -1)
{
    echo "iterate, a generated tree of $files files in nested folders ($tree_bytes bytes by du -sb, size mix small, seed 1),"
    echo "cold cache (posix_fadvise(DONTNEED) on every file before every run; dentries and inodes stay"
    echo "cached), median of $reps interleaved runs. Parallel and auto: $threads threads."
    echo "Machine: $(machine_line "$data"). Load average before: $load_before, after: $load_after."
    echo "Measured $(date -u +%Y-%m-%d) with \`bench/iterate.sh\` (FILES=$files REPS=$reps)."
    echo "Every cell is timed as a whole process (\`bench/proctime.c\`), sfpbench and the floor alike; the in-process"
    echo "column is what sfpbench's runner measured around the work alone, shown beside."
    echo
    echo "Scope 64K (the first 65536 bytes of each file; $(agree 64K)):"
    echo
    table 64K
    echo
    echo "auto chose (its note, run by run): $(choices 64K)."
    echo
    echo "Scope full (whole files; $(agree full)); \`find-xargs-cat\` reads without hashing:"
    echo
    table full
    echo
    echo "auto chose (its note, run by run): $(choices full)."
    echo
    best_t=${best_full% *}
    auto_t=$(med "${times[full/auto]}")
    vs_fs=$(awk -v b="$best_t" -v f="$fs_full" 'BEGIN {printf "%.2f", f / b}')
    best_vs_floor=$(awk -v b="$best_t" -v c="$floor_t" 'BEGIN {printf "%.2f", b / c}')
    auto_vs_floor=$(awk -v b="$auto_t" -v c="$floor_t" 'BEGIN {printf "%.2f", b / c}')
    echo "Targets, full scope:"
    echo
    echo "- the best, ${best_full#* }, ${vs_fs}x faster than fs (target at least 3x: $(verdict "$vs_fs" 3 0));"
    echo "- the best takes ${best_vs_floor}x the time of find | xargs -P 16 cat (target at most 0.5x: $(verdict "$best_vs_floor" 0.5 1));"
    echo "- the default (auto, whose candidates include uring and direct) takes ${auto_vs_floor}x (target at most 0.5x: $(verdict "$auto_vs_floor" 0.5 1))."
    echo "- % of limit: the tree's bytes over the median time against the device's best, measured once in each round"
    echo "  among the cells (\`sfpbench limits --refresh --only device-read-qd32\` and \`device-read-qd1\`: O_DIRECT reads of"
    echo "  one file in 1 MiB requests, 32 in flight $(printf '%.2f' "${qd32:-0}") GB/s ($(limit_round_spread qd32 1)), one $(printf '%.2f' "${qd1:-0}") GB/s ($(limit_round_spread qd1 1)); the"
    echo "  faster is the limit): the best $(limit_pct "$tree_bytes" "$best_t" "$device") %, the default $(limit_pct "$tree_bytes" "$auto_t" "$device") %,"
    echo "  \`find | xargs -P 16 cat\` $(limit_pct "$tree_bytes" "$floor_t" "$device") %. Half of \`xargs\`' time asks for $(limit_pct "$tree_bytes" "$(awk -v c="$floor_t" 'BEGIN {print c / 2}')" "$device") % of the device:"
    echo "  what the 0.5x target needs of the disk, whatever reads it. Against small files read cold with open/read/close by"
    echo "  32 threads (\`sfpbench limits\`, another moment: $(printf '%.2f' "${small_files:-0}") GB/s), the best reaches $(limit_pct "$tree_bytes" "$best_t" "$small_files") %."
} | tee "$out"

publish_headline  # the README shows one line of it
