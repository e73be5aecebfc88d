#!/usr/bin/env bash
# The defaults on inputs of every size (issue 26 judges `auto` within 1.1x of the best fixed cell
# at 640 MB; a user sweeping file size sees the default at 4 KiB too): for compare, wordcount and
# cipher, the default command against each fixed strategy it could have been, at 4K, 64K, 1M, 4M,
# 16M and 64M, hot cache, REPS (default 11) interleaved runs, the engine's own wall time (`real`).
# Writes docs/bench-small-inputs.md: per size the default's median and what it chose, the fastest
# fixed cell's, and the ratio; the target: within 1.3x at every size. SIZES changes the sizes (bytes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-11}
read -r -a sizes <<<"${SIZES:-4096 65536 1048576 4194304 16777216 67108864}"
t=$(nproc)
out=${OUT:-$here/../docs/bench-small-inputs.md}
work="$data/small-inputs"
mkdir -p "$work" "$(dirname "$out")"
logs=$(mktemp -d)
trap 'rm -rf "$logs"; rm -f "$work/cipher-out"' EXIT

# algorithm -> its fixed cells, "name=flags" (cipher's default uses the --fast kernel: so do they)
declare -A fixed=(
    [compare]="read=--strategy read|mmap=--strategy mmap|mmap-mt=--strategy mmap-mt --threads $t|pread-mt=--strategy pread-mt --threads $t"
    [wordcount]="simd=--strategy simd|mmap=--strategy mmap|mmap-mt=--strategy mmap-mt --threads $t|striped=--strategy striped --threads $t"
    [cipher]="stream=--strategy stream --fast|threads=--strategy threads --threads $t --fast|mmap-in=--strategy mmap-in --threads $t --fast|pool=--strategy pool --threads $t --fast"
)
algorithms=(compare wordcount cipher)

inputs() {  # the input files of ALGORITHM at SIZE, made once
    local a=$1 n=$2
    case $a in
    compare)
        ensure_random "$work/a-$n" "$n"
        [ -s "$work/b-$n" ] || cat "$work/a-$n" >"$work/b-$n"  # same bytes, its own file
        echo "$work/a-$n $work/b-$n" ;;
    wordcount)
        [ -s "$work/text-$n" ] || "$bin" generate text "$work/text-$n" --size "$n" --seed 1 >/dev/null
        echo "$work/text-$n" ;;
    cipher)
        ensure_random "$work/in-$n" "$n"
        echo "$work/in-$n" ;;
    esac
}

# One run of CELL's FLAGS: its real seconds on stdout, its stderr (the default's note) in $logs/err.
run_cell() {
    local a=$1 n=$2 flags=$3 files
    read -r -a files <<<"$(inputs "$a" "$n")"
    cat "${files[@]}" >/dev/null  # warm right before each hot run
    local cmd=("$bin" "$a" "${files[@]}")
    [ "$a" = cipher ] && { rm -f "$work/cipher-out"; cmd+=("$work/cipher-out" --shift 7); }
    # shellcheck disable=SC2086
    "${cmd[@]}" $flags 2>"$logs/err" >/dev/null || [ "$a" = compare ]  # compare exits 1 on a difference
    awk '/^real/ {sub(/s$/, "", $2); print $2}' "$logs/err"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for n in "${sizes[@]}"; do
        for a in "${algorithms[@]}"; do
            IFS='|' read -r -a cells <<<"${fixed[$a]}"
            for c in $(shuffled default "${cells[@]%%=*}"); do
                flags=""
                for kv in "${cells[@]}"; do [ "${kv%%=*}" = "$c" ] && flags=${kv#*=}; done
                echo "$a $n $c $(run_cell "$a" "$n" "$flags")" >>"$logs/all"
                if [ "$c" = default ]; then grep -m1 -E '(auto|adaptive)[ :]' "$logs/err" >"$logs/note-$a-$n" || true; fi
            done
        done
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

med() { awk -v a="$1" -v n="$2" -v c="$3" '$1 == a && $2 == n && $3 == c {print $4}' "$logs/all" | median; }
chose() {  # what the default's note says it ran: "chose X" or "-> X"
    sed -nE 's/.*chose ([a-z0-9-]+).*/\1/p; t; s/.*-> ([a-z0-9-]+).*/\1/p' "$logs/note-$1-$2" 2>/dev/null | head -1
}
missed=0
judged=0
verdicts=()
{
    echo "The defaults on inputs of every size: \`sfpbench compare|wordcount|cipher\` with no strategy named,"
    echo "against each fixed strategy it could have been, hot cache, median of $reps interleaved runs of the"
    echo "engine's own wall time (\`real\`; process start not included). Fixed cells run $t threads where they"
    echo "take threads; cipher's with the --fast kernel, as its default."
    echo "Machine: $(machine_line "$work"). Load average $load_before before, $load_after after."
    echo "Measured $(date -u +%Y-%m-%d) with \`bench/small-inputs.sh\` (REPS=$reps)."
    for a in "${algorithms[@]}"; do
        IFS='|' read -r -a cells <<<"${fixed[$a]}"
        echo
        echo "**$a** (fixed cells: $(printf '%s ' "${cells[@]%%=*}" | sed 's/ $//; s/ /, /g'))"
        echo
        echo "| size | default (µs) | it chose | fastest fixed | its µs | default / fastest | within 1.3x |"
        echo "|---:|---:|---|---|---:|---:|---|"
        within=0
        for n in "${sizes[@]}"; do
            d=$(med "$a" "$n" default)
            best="" bt=""
            for c in "${cells[@]%%=*}"; do
                m=$(med "$a" "$n" "$c")
                if [ -z "$bt" ] || faster "$m" "$bt"; then best=$c bt=$m; fi
            done
            ratio=$(awk -v x="$d" -v y="$bt" 'BEGIN {printf "%.2f", x / y}')
            v=yes
            [ "$(verdict "$ratio" 1.3 1)" = met ] || v="**no**"
            judged=$((judged + 1))
            if [ "$v" = yes ]; then within=$((within + 1)); else missed=$((missed + 1)); fi
            printf '| %s | %.0f | %s | %s | %.0f | %sx | %s |\n' "$(numfmt --to=iec "$n")" \
                "$(awk -v x="$d" 'BEGIN {print x * 1e6}')" "$(chose "$a" "$n")" "$best" \
                "$(awk -v x="$bt" 'BEGIN {print x * 1e6}')" "$ratio" "$v"
        done
        verdicts+=("- $a: the default within 1.3x of the fastest fixed cell at $within of ${#sizes[@]} sizes (target: every size): $([ "$within" = "${#sizes[@]}" ] && echo met || echo '**missed**').")
    done
    echo
    printf '%s\n' "${verdicts[@]}"
    echo "- the default within 1.3x of the fastest fixed cell: $((judged - missed)) of $judged sizes and algorithms."
} >"$out"
cat "$out"
publish_headline  # the README shows one line of it
