#!/usr/bin/env bash
# compare benchmark (issue 2): every compare strategy, `cmp -l` and `cat` (the floor: just
# reading both files) on two identical 640000000-byte files, hot cache, interleaved
# repetitions. Writes docs/bench-compare.md: medians and each strategy's speed-up over cmp.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
build=${1:-build}
bin="$(cd "$build/bin" && pwd)/sfpbench"
reps=${REPS:-7}
size=${SIZE:-640000000}
threads=$(nproc)
out=${OUT:-$here/../docs/bench-compare.md}
data=${DATA:-$HOME/.cache/sfpbench/bench}
mkdir -p "$data" "$(dirname "$out")"
a="$data/compare-a-$size" b="$data/compare-b-$size"
ensure_random "$a" "$size"
[ -s "$b" ] && [ "$(stat -c %s "$b")" = "$size" ] || cp "$a" "$b"

# cell name -> command line
declare -A cell=(
    [read-64K]="$bin compare $a $b --strategy read --block 64K"
    [read-512]="$bin compare $a $b --strategy read --block 512"
    [pread-mt]="$bin compare $a $b --strategy pread-mt --block 1M --threads $threads"
    [mmap]="$bin compare $a $b --strategy mmap"
    [mmap-mt]="$bin compare $a $b --strategy mmap-mt --block 1M --threads $threads"
    [adaptive]="$bin compare $a $b --strategy adaptive --block 1M --threads $threads"
    [cmp]="$bin compare $a $b --strategy cmp"
)
declare -A times
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}" cat); do
        cat "$a" "$b" >/dev/null  # warm right before each hot run: this page cache decays
        if [ "$name" = cat ]; then
            t=$(wall cat "$a" "$b")
        else
            # shellcheck disable=SC2086
            t=$(sfp_real ${cell[$name]})
        fi
        times[$name]+="$t "
    done
    echo "round $r/$reps done" >&2
done

med() { tr ' ' '\n' <<<"${times[$1]}" | grep . | median; }
cmp_med=$(med cmp)
cat_med=$(med cat)
{
    echo "Compare, two identical $size-byte files, hot cache, median of $reps interleaved runs."
    echo "Machine: $(machine_line "$data"). Measured $(date -u +%Y-%m-%d)."
    echo
    echo "| strategy | parameters | median real (s) | vs cmp | vs cat (reading both files) |"
    echo "|---|---|---:|---:|---:|"
    for name in mmap-mt adaptive pread-mt mmap read-64K read-512 cmp cat; do
        m=$(med "$name")
        params=$(sed -E "s|.*--strategy [^ ]+ ?||; s|$bin compare [^ ]+ [^ ]+||" <<<"${cell[$name]:-}")
        [ "$name" = cat ] && params="cat A B > /dev/null"
        awk -v n="$name" -v p="${params:--}" -v m="$m" -v c="$cmp_med" -v k="$cat_med" \
            'BEGIN {v = c >= m ? sprintf("%.2fx faster", c / m) : sprintf("%.2fx slower", m / c);
                    printf "| %s | %s | %.3f | %s | %.2fx the time |\n", n, p, m, v, m / k}'
    done
} | tee "$out"
