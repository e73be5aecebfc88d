#!/usr/bin/env bash
# cipher benchmark (issues 5, 26 and 38): every cipher strategy with good parameters, the floors that
# copy without transforming -- the system `cp` (run by the engine), `cp --reflink=never` (as its own
# process: cp may clone or use copy_file_range, this asks for neither clone nor share) and
# `copy-range` (copy_file_range(2) in the engine: the kernel's own copy) -- and `stream` with
# 512-byte blocks (the article's worst cci), on a 640000000-byte file, interleaved repetitions in
# two hot page-cache states of the input:
#   hot           evicted, then read once with cat (large folios): every cell, and pool's block sweep
#   hot-written   written just before in 4 KiB writes (small folios): the default, pool, mmap-in, cp
# and, hot, after a pause of a few seconds (the default, pool-512K, cp): the state of a user's run,
# in which a VM may have handed the memory freed before back to its host. The write floor
# (bench/writefloor.c: the output alone, written from memory) is what any cipher writing through
# the page cache cannot beat.
# Every run is timed as a whole process (bench/proctime.c), sfpbench and cp alike, with
# sfpbench's in-process time beside it. Each run writes a new output file (removed and synced away
# before the next run, untimed); a run as a user types it prints no digest, so the digest and the
# ceiling of each cell come from one more run with --digest --json after the rounds. Writes
# docs/bench-cipher.md: medians, ratios to cp and speed-ups over stream-512, and whether every
# transforming strategy produced the same output (xxh64).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-5}
size=${SIZE:-640000000}
shift_k=${SHIFT:-7}
cores=$(nproc)
out_md=${OUT:-$here/../docs/bench-cipher.md}
mkdir -p "$data" "$(dirname "$out_md")"
in="$data/cipher-in-$size"
out="$data/cipher-out"
in_written="$data/cipher-in-written"  # the hot-written state's input: $in rewritten in 4 KiB writes
ensure_random "$in" "$size"
logs=$(mktemp -d)
trap 'rm -rf "$logs"; rm -f "$out" "$in_written"' EXIT
build_proctime "$logs"
cc -O2 -o "$logs/writefloor" "$here/writefloor.c"  # the output alone, written from memory: the floor
load_limits  # cipher hot is bound by reading the page cache and writing into it (issue 22)
export SFPBENCH_LIMITS="$data/limits-ws/limits.txt"  # each run's --json judges itself against them

# Cell name -> options. Parameters come from sweeps on this 2-core machine (docs/bench-cipher.md
# explains them): 256K blocks, the command's default (pool-*: the sweep behind it); uring keeps
# 4 blocks in flight; mapped strategies want large stripes. Every cell uses the --fast kernel
# except the stream-512 baseline, which is the article's plain cci. A cell named NAME@written
# runs NAME's options on the hot-written input.
declare -A cell=(
    [default]=""  # what `sfpbench cipher IN OUT --shift K` does: auto, its block (256K) and threads, the --fast kernel
    [auto]="--strategy auto --block 256K --threads $cores --fast"
    [cp]="--strategy cp"
    [copy-range]="--strategy copy-range"
    [cp-reflink-never]="(cp --reflink=never IN OUT)"
    [write-floor]="(bench/writefloor.c OUT, 256K blocks)"
    [stream-512]="--strategy stream --block 512 --plain"
    [stream]="--strategy stream --block 256K --fast"
    [mmap]="--strategy mmap --fast"
    [threads]="--strategy threads --block 256K --threads $cores --fast"
    [pool]="--strategy pool --block 256K --threads $cores --fast"
    [pool-128K]="--strategy pool --block 128K --threads $cores --fast"
    [pool-512K]="--strategy pool --block 512K --threads $cores --fast"
    [pool-1M]="--strategy pool --block 1M --threads $cores --fast"
    [pool-2M]="--strategy pool --block 2M --threads $cores --fast"
    [uring]="--strategy uring --block 256K --threads 4 --fast"
    [mmap-mt]="--strategy mmap-mt --block 4M --threads $cores --fast"
    [mmap-window]="--strategy mmap-window --block 64M --fast"
    [mmap-in]="--strategy mmap-in --block 256K --threads $cores --fast"
    [mmap-in+exists]="--strategy mmap-in --block 256K --threads $cores --fast --output-exists"
)
written=(default pool mmap-in cp-reflink-never)  # the cells also run in the hot-written state
for name in "${written[@]}"; do cell[$name@written]=${cell[$name]}; done
idle=(default pool-512K cp-reflink-never write-floor)  # and after a pause (see prepare_cell)
for name in "${idle[@]}"; do cell[$name@idle]=${cell[$name]}; done
idle_s=5
order=(default auto mmap-in threads pool pool-128K pool-512K pool-1M pool-2M uring stream mmap-mt mmap mmap-window stream-512
       cp cp-reflink-never copy-range write-floor mmap-in+exists)
floors=(cp cp-reflink-never copy-range write-floor)  # copies: no digest of a transform, out of the targets' "best"

plain_name() { echo "${1%@*}"; }  # the cell a state's cell (NAME@STATE) repeats
input_of() { if [[ $1 == *@written ]]; then echo "$in_written"; else echo "$in"; fi; }
# Brings the output to the cell's starting state and warms the input, untimed.
prepare_cell() {
    rm -f "$out"
    if [[ $1 == *+exists ]]; then  # the article's assumption: the output exists (and is cached)
        # shellcheck disable=SC2086
        "$bin" cipher "$in" "$out" --shift "$shift_k" ${cell[$1]/--output-exists/} 2>/dev/null
    fi
    sync                             # earlier runs' dirty pages are not this run's cost
    # A user's run after a pause: memory freed more than 2 s ago (the last output's) may have been
    # handed back to a VM's host (free page reporting), and is filled at the host's pace again.
    if [[ $1 == *@idle ]]; then sleep "$idle_s"; fi
    cat "$(input_of "$1")" >/dev/null  # warm right before each hot run: this page cache decays
}
# One run as a user types it, a whole process: prints "whole cpu in-process" (seconds; bench/lib.sh timed).
run_cell() {
    prepare_cell "$1"
    if [ "$(plain_name "$1")" = cp-reflink-never ]; then
        timed cp --reflink=never "$(input_of "$1")" "$out"
        return
    fi
    if [ "$(plain_name "$1")" = write-floor ]; then
        timed "$logs/writefloor" "$out" "$size" $((256 << 10))
        return
    fi
    # shellcheck disable=SC2086
    timed "$bin" cipher "$(input_of "$1")" "$out" --shift "$shift_k" ${cell[$1]}
}
# One more run of a cell, untimed, with --digest --json: prints "digest limit", the digest of its output
# and the ceiling the engine judges the cell against, in GB/s ("- -" for what the engine does not run).
check_cell() {
    prepare_cell "$1"
    [[ $(plain_name "$1") == cp-reflink-never || $(plain_name "$1") == write-floor ]] && { echo "- -"; return; }
    # shellcheck disable=SC2086
    "$bin" cipher "$(input_of "$1")" "$out" --shift "$shift_k" ${cell[$1]} --digest --json >"$logs/json" 2>"$logs/err" ||
        { echo "cipher $1 failed: $(cat "$logs/err")" >&2; exit 1; }
    sed -n 's/^ *"\(auto[ :][^"]*\)",*$/\1/p' "$logs/json" >"$logs/$1.note"  # auto's choice, with the share it saw
    local digest limit
    digest=$(sed -n 's/.*"digest": "\([^"]*\)".*/\1/p' "$logs/json")
    limit=$(sed -n 's/.*"limit_bytes_per_s": \([0-9.e+]*\).*/\1/p' "$logs/json")
    awk -v d="${digest:--}" -v l="${limit:-0}" 'BEGIN {print d, l / 1e9}'
}

# The two states (see the top), set once: each run's cat keeps the pages, and their folios, cached.
sync "$in"
dd if="$in" iflag=nocache count=0 status=none  # posix_fadvise(DONTNEED): read again in large folios
cat "$in" >/dev/null
dd if="$in" of="$in_written" bs=4K status=none  # written in 4 KiB writes: small folios

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for name in $(shuffled "${!cell[@]}"); do
        run_cell "$name" >>"$logs/$name"
    done
    echo "round $r/$reps done" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
for name in "${!cell[@]}"; do check_cell "$name" >"$logs/$name.check"; done

col() { awk -v c="$2" '$c != "-" {print $c}' "$logs/$1" | median; }  # median of column c of a cell's runs
checked() { awk -v c="$2" '{print $c}' "$logs/$1.check"; }  # the check run's digest (1) or limit (2)
cp_med=$(col cp-reflink-never 1)  # the peer: cp as a user runs it, a whole process like every cell
base_med=$(col stream-512 1)
best=""
best_med=""
for name in "${order[@]}"; do
    # the targets compare new-output runs of fixed strategies
    [[ " ${floors[*]} " == *" $name "* || $name == *+exists || $name == default || $name == auto ]] && continue
    m=$(col "$name" 1)
    if [ -z "$best" ] || awk -v a="$m" -v b="$best_med" 'BEGIN {exit !(a < b)}'; then best=$name best_med=$m; fi
done
digests=$(for name in "${!cell[@]}"; do [[ " ${floors[*]} " == *" $(plain_name "$name") "* ]] || checked "$name" 1; done | sort -u)
cp_written=$(col cp-reflink-never@written 1)
cp_idle=$(col cp-reflink-never@idle 1)

# The median of cell $1 against the median $2, as "0.47".
ratio_of() { awk -v m="$(col "$1" 1)" -v c="$2" 'BEGIN {printf "%.2f", m / c}'; }
# What auto's check run in cell $1 saw and chose, from its note: "large folios: 98 % ... -> mmap-in".
share_seen() { sed -e 's/^auto: //' -e 's/, where.*->/ ->/' "$logs/$1.note" 2>/dev/null | head -1; }
table_head() {
    echo "| strategy | parameters | whole process: median (s) | CPU (s) | in-process (s) | MB/s | % of limit | vs cp --reflink=never | vs stream-512 |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
}
# One cell's row ($1), its ratio against cp's median $2 of the same state.
table_row() {
    local params inproc
    params=$(sed -E 's/--strategy [^ ]+ ?//' <<<"${cell[$1]}")
    inproc=$(awk '$3 != "-" {print $3}' "$logs/$1" | median_or_none)
    awk -v n="$1" -v p="${params:--}" -v m="$(col "$1" 1)" -v u="$(col "$1" 2)" -v i="${inproc:--}" \
        -v c="$2" -v b="$base_med" -v size="$size" -v lim="$(pct_of "$1")" \
        'BEGIN {printf "| %s | %s | %.3f | %.3f | %s | %.0f | %s | %.2fx the time | %.1fx faster |\n",
                n, p, m, u, (i == "-" ? i : sprintf("%.3f", i)), size / m / 1e6, lim, m / c, b / m}'
}
# A cell's ceiling in GB/s as the engine judged its runs (docs/limits.md: its read, then the
# page-cache write, overlapped by its threads); cp --reflink=never is a copy on one thread like cp.
cell_limit() { checked "$1" 2; }
# A share of the ceiling for the transforming cells only: an in-kernel copy is a floor, which no
# user-space read + write bounds (docs/limits.md).
pct_of() {
    if [[ " ${floors[*]} " == *" $(plain_name "$1") "* ]]; then echo floor; else limit_pct "$size" "$(col "$1" 1)" "$(cell_limit "$1")"; fi
}
above=()  # cells past their ceiling: a finding, never silent
for name in "${order[@]}"; do
    p=$(pct_of "$name")
    [[ $p =~ ^[0-9]+$ && $p -gt 100 ]] && above+=("\`$name\` at $p % of $(cell_limit "$name") GB/s")
done
{
    echo "Cipher (caesar, shift $shift_k), one $size-byte file, hot cache, a new output file per run;"
    echo "median of $reps interleaved runs, both states' cells in each round. Machine: $(machine_line "$data")."
    echo "Measured $(date -u +%Y-%m-%d) with \`bench/cipher.sh\`; load average $load_before before, $load_after after."
    echo
    echo "Every cell is timed as a whole process (\`bench/proctime.c\`: fork, exec, wait; start-up and teardown"
    echo "included), sfpbench and \`cp\` alike: the time a user or a script meets, and every ratio is of it. The"
    echo "in-process column is what sfpbench's runner measured around the work alone (its \`real\` line), shown beside."
    echo
    echo "**hot** (the input evicted, then read once: $(share_seen default)):"
    echo
    table_head
    for name in "${order[@]}"; do table_row "$name" "$cp_med"; done
    echo
    echo "**hot-written** (the input written in 4 KiB writes just before the rounds: $(share_seen default@written)):"
    echo
    table_head
    for name in "${written[@]}"; do table_row "$name@written" "$cp_written"; done
    echo
    echo "**hot, after a pause** (as hot, each run ${idle_s} s after the last output was deleted; free page reporting order: $(cat /sys/module/page_reporting/parameters/page_reporting_order 2>/dev/null || echo none)):"
    echo
    table_head
    for name in "${idle[@]}"; do table_row "$name@idle" "$cp_idle"; done
    echo
    best_vs_cp=$(awk -v m="$best_med" -v c="$cp_med" 'BEGIN {printf "%.2f", m / c}')
    best_vs_base=$(awk -v m="$best_med" -v b="$base_med" 'BEGIN {printf "%.1f", b / m}')
    echo "- Best: **$best**, ${best_vs_cp}x the time of \`cp --reflink=never\` (target at most 1.1x: $(verdict "$best_vs_cp" 1.1 1))"
    echo "  and ${best_vs_base}x faster than \`stream\` with 512-byte blocks (target at least 10x: $(verdict "$best_vs_base" 10 0))."
    default_vs_best=$(awk -v m="$(col default 1)" -v b="$best_med" 'BEGIN {printf "%.2f", m / b}')
    default_vs_cp=$(awk -v m="$(col default 1)" -v c="$cp_med" 'BEGIN {printf "%.2f", m / c}')
    echo "- The command-line default (\`auto\`, no options) takes ${default_vs_best}x the time of the best fixed strategy"
    echo "  (target at most 1.15x: $(verdict "$default_vs_best" 1.15 1)) and ${default_vs_cp}x the time of \`cp --reflink=never\`, both"
    echo "  whole processes, hot (target at most 0.5x: $(verdict "$default_vs_cp" 0.5 1)), and $(ratio_of default@written "$cp_written")x hot-written"
    echo "  (target at most 0.5x: $(verdict "$(ratio_of default@written "$cp_written")" 0.5 1)); after a pause $(ratio_of default@idle "$cp_idle")x (no target); against the other floors, hot: $(awk -v m="$(col default 1)" -v c="$(col cp 1)" 'BEGIN {printf "%.2f", m / c}')x the time of"
    echo "  \`--strategy cp\` (the system cp run by the engine) and $(awk -v m="$(col default 1)" -v c="$(col copy-range 1)" 'BEGIN {printf "%.2f", m / c}')x the time of \`copy-range\` (copy_file_range, the kernel's copy)."
    floor_vs_cp=$(ratio_of write-floor "$cp_med")
    echo "- **The write floor**: the output alone, written as a new file from memory in 256K blocks (\`bench/writefloor.c\`:"
    echo "  no input read, nothing transformed; a file takes its writes one at a time, so more threads would not help),"
    echo "  takes ${floor_vs_cp}x the time of \`cp --reflink=never\` hot, $(ratio_of write-floor@idle "$cp_idle")x after a pause. The default takes"
    echo "  $(ratio_of default "$(col write-floor 1)")x the floor's time hot, $(ratio_of default@idle "$(col write-floor@idle 1)")x after a pause: it reads and transforms while"
    if faster 0.5 "$floor_vs_cp"; then
        echo "  the other thread writes. A default at 0.5x \`cp\` would have to write faster than writing alone does here."
    else
        echo "  the other thread writes."
    fi
    if [ "$(wc -l <<<"$digests")" = 1 ]; then
        echo "- Every transforming strategy wrote the same output (digest $digests); the floors are plain copies or, the"
        echo "  write floor, no transform."
    else
        echo "- **Outputs differ between strategies**: digests $(tr '\n' ' ' <<<"$digests")"
    fi
    echo "- % of limit: MB/s against the ceiling the engine judged each run against (\`sfpbench limits\`, $(limits_load)):"
    echo "  one thread reads out of the page cache, then writes into it, 1 / (1/read + 1/write) = $(printf %.2f "$(cell_limit stream)") GB/s;"
    echo "  $cores threads overlap one block's read with another's write: the least of the read and the write at $cores threads"
    echo "  and $cores x the one-thread figure, $(printf %.2f "$(cell_limit threads)") GB/s (mapped strategies read with a mapped scan)."
    if [ ${#above[@]} -gt 0 ]; then
        echo "- **Above the ceiling** (a ceiling holds unless the limits were measured at a busier moment than the runs,"
        joined=$(printf '%s; ' "${above[@]}")
        echo "  or the bound misses something: look into it): ${joined%; }."
    fi
    echo "- CPU time: the whole process's, user + system from wait4 (the kernel scales them to the exact runtime of all"
    echo "  its threads and children; io_uring's kernel workers are not included)."
    echo "- The floors (\`cp\`, \`cp --reflink=never\`, \`copy-range\`, and the write floor) copy inside the kernel or read nothing: no user-space read + write bounds"
    echo "  them, so they get no share of a limit. They transform nothing, so their output has no digest of the pass: the"
    echo "  check run hashes it afterwards, outside any time."
    echo "- \`mmap-in+exists\` writes into the previous run's output (\`--output-exists\`, the article's assumption);"
    echo "  it is shown for the article's comparison and left out of the targets, since \`cp\` always writes a new file."
    echo "- Parameters are fixed in the script (256K blocks, the command's default; 4 blocks in flight for uring, large"
    echo "  stripes for the mapped strategies); \`pool-128K\`..\`pool-2M\` sweep pool's block around it. Sweep more with"
    echo "  \`sfpbench run --algorithm cipher --block 64K..4M --threads 1..$cores\`."
    # Explanations, each printed only when this run's medians show what it explains.
    notes=()
    if faster "$(col mmap-in 1)" "$(col mmap 1)" && faster "$(col threads 1)" "$(col mmap-mt 1)"; then
        notes+=("Writable mappings lost in this run (\`mmap\` $(col mmap 1) s against \`mmap-in\` $(col mmap-in 1) s; \`mmap-mt\` $(col mmap-mt 1) s against \`threads\` $(col threads 1) s): every written page of a shared file mapping costs a page fault (\`page_mkwrite\`), which the read side avoids.")
    fi
    if ! faster "$(col threads 1)" "$(col stream 1)" 0.6; then
        notes+=("$cores writer threads gained less than 1.7x over one (\`threads\` $(col threads 1) s, \`stream\` $(col stream 1) s): buffered writes to one file serialise on its inode lock, so the threads overlap only their reads and transforms.")
    fi
    if faster "$(col mmap-in 1)" "$best_med" 1.1; then
        notes+=("\`mmap-in\` ($(col mmap-in 1) s) is within 10% of the best: the input mapped (no read() copy) and the output written with pwrite() keeps the cheap half of each.")
    fi
    if ! faster "$(col pool-512K@idle 1)" "$(col default@idle 1)" 1.5; then
        notes+=("After a pause, 512K blocks lost (\`pool-512K\` $(col pool-512K@idle 1) s against the default's $(col default@idle 1) s; back to back, $(col pool-512K 1) s against $(col default 1) s): a write fills page-cache folios as large as itself, and once the free memory's smaller pieces run out, large folios are likely cut from the blocks a VM has handed back to its host, each page then filled at the host's pace. The command's 256K default keeps out of most of it.")
    fi
    if faster "$(col pool@written 1)" "$(col mmap-in@written 1)"; then
        notes+=("Hot-written, \`pool\` beat \`mmap-in\` ($(col pool@written 1) s against $(col mmap-in@written 1) s): mapping pages cached in small folios costs a fault for every few of them, and their unmapping, more than read()'s copy. auto runs \`pool\` there.")
    fi
    if [ ${#notes[@]} -gt 0 ]; then
        echo
        echo "What this run's numbers show:"
        echo
        for n in "${notes[@]}"; do echo "- $n"; done
    fi
} >"$out_md"
cat "$out_md"
publish_headline  # the README shows one line of it
