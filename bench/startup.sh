#!/usr/bin/env bash
# Start-up as a user meets it (issue 38): whole processes on two identical 4 KiB files, hot --
# `sfpbench compare A B` (the lean program, no Qt) against `cmp -l A B` and `/bin/true`, with
# `sfpbench --version` (handed to sfpbench-full: the lean start-up, an exec and Qt Core's),
# sfpbench-full (Qt Core, what every command loaded before the lean path) and sfpbench-draw, the
# same commands linked with the drawing libraries (what every sfpbench command loaded before issue
# 38). REPS (default 51) rounds, the cells shuffled in each;
# per cell the median wall time of fork + exec + wait (lib.sh's wall) and the mean CPU time (the
# children's user + sys, bash's `times`), and what the dynamic loader does (objects, relocations,
# its own time).
# Two programs built here bound what is left: a C++ program that only prints, and the same linking
# Qt Core with a QCoreApplication. Writes docs/bench-startup.md; the target: sfpbench compare within
# 2x of cmp -l.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
reps=${REPS:-51}
out=${OUT:-$here/../docs/bench-startup.md}
work="$data/startup"
mkdir -p "$work" "$(dirname "$out")"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
a="$work/a-4K" b="$work/b-4K"
ensure_random "$a" 4096
[ -s "$b" ] || cat "$a" >"$b"  # the same bytes, a file of its own
draw="$bindir/sfpbench-draw" full="$bindir/sfpbench-full"
# Two floors for what sfpbench could reach: a C++ program that only prints, and the same with Qt
# Core linked and a QCoreApplication made, as every sfpbench command does (built here, -O2).
floor_cpp='#include <cstdio>
int main(int argc, char**) { std::printf("%d\n", argc); }'
floor_qt='#include <QCoreApplication>
#include <cstdio>
int main(int argc, char** argv) { QCoreApplication app(argc, argv); std::printf("%d\n", int(app.arguments().size())); }'
c++ -O2 -x c++ -o "$logs/cpp-floor" - <<<"$floor_cpp"
# shellcheck disable=SC2046
c++ -O2 -fPIC -x c++ -o "$logs/qtcore-floor" - $(pkg-config --cflags --libs Qt6Core) <<<"$floor_qt" || true

declare -A cells=(
    [true]="/bin/true"
    [cmp]="cmp -l $a $b"
    [compare]="$bin compare $a $b"
    [version]="$bin --version"
)
[ -x "$full" ] && cells[full-compare]="$full compare $a $b"
[ -x "$draw" ] && cells[draw-compare]="$draw compare $a $b"
cells[cpp]="$logs/cpp-floor $a $b"
[ -x "$logs/qtcore-floor" ] && cells[qtcore]="$logs/qtcore-floor $a $b"
declare -A label=(
    [true]='`/bin/true`'
    [cmp]='`cmp -l A B`'
    [compare]='`sfpbench compare A B` (lean: no Qt)'
    [version]='`sfpbench --version` (handed to sfpbench-full)'
    [full-compare]='`sfpbench-full compare A B` (Qt Core)'
    [draw-compare]='`sfpbench-draw compare A B` (drawing libraries loaded)'
    [cpp]='a C++ program that only prints (no Qt)'
    [qtcore]='a C++ program linking Qt Core (QCoreApplication, printf)'
)
order=(true cmp cpp qtcore compare version full-compare draw-compare)

# One run of CELL, as lib.sh's wall() times a child (fork + exec + wait under bash's clock), but in
# this shell, so that `times` (no process of its own) also gives the CPU its child spent: the line
# "CELL t0 t1 user0 sys0 user1 sys1" goes to $logs/raw, all arithmetic waits until the end.
timed_run() {
    local cell=$1 t0 t1
    shift
    times >"$logs/before"
    t0=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    t1=$EPOCHREALTIME
    times >"$logs/after"
    echo "$cell $t0 $t1 $(sed -n 2p "$logs/before") $(sed -n 2p "$logs/after")" >>"$logs/raw"
}

cat "$a" "$b" >/dev/null
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= reps; r++)); do
    for c in $(shuffled "${!cells[@]}"); do
        read -r -a cmd <<<"${cells[$c]}"
        timed_run "$c" "${cmd[@]}"
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# "CELL wall_s cpu_s" per run; `times` prints "0m0.012s 0m0.034s" (user, sys of the children).
awk 'function s(x) { split(x, t, /[ms]/); return t[1] * 60 + t[2] }
     {print $1, $3 - $2, s($6) + s($7) - s($4) - s($5)}' "$logs/raw" >"$logs/all"
med() { awk -v c="$1" '$1 == c {print $2}' "$logs/all" | median; }
cpu() { awk -v c="$1" '$1 == c {s += $3; n++} END {printf "%.1f", 1000 * s / n}' "$logs/all"; }
ms() { awk -v x="$1" 'BEGIN {printf "%.2f", 1000 * x}'; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN {printf "%.2f", x / y}'; }
# What the dynamic loader does for CMD: "objects | symbol relocations | its time in Mcycles" --
# the shared objects ldd lists, and LD_DEBUG=statistics' final relocation count and its total
# start-up time (the median of 5 runs); "0 | 0 | 0.00" for a static executable, which has none.
loader() {
    local objects relocs cycles
    if ldd "$(command -v "$1")" | grep -q 'statically linked'; then
        echo "0 | 0 | 0.00"
        return
    fi
    objects=$(ldd "$(command -v "$1")" | wc -l)
    relocs=$(LD_DEBUG=statistics "$@" 2>&1 >/dev/null | awk '/final number of relocations:/ {print $NF}')
    cycles=$(for _ in 1 2 3 4 5; do
        LD_DEBUG=statistics "$@" 2>&1 >/dev/null | awk '/total startup time in dynamic loader:/ {print $(NF - 1) / 1e6}'
    done | median)
    echo "$objects | ${relocs:-?} | $(awk -v c="$cycles" 'BEGIN {printf "%.2f", c}')"
}
true_s=$(med true) cmp_s=$(med cmp)
{
    echo "Start-up as a user meets it: each command a whole process (fork + exec + wait, timed by the"
    echo "calling shell), on two identical 4 KiB files in the page cache, $reps rounds with the cells"
    echo "shuffled in each round. Wall: the median; CPU: the mean of the children's user + sys."
    echo "\`sfpbench\` runs the plain command lines of compare, cipher, wordcount and iterate itself, linked"
    echo "with the engine and no Qt, and hands every other to \`sfpbench-full\` (Qt Core, no drawing library)."
    echo "\`sfpbench-draw\` runs the same commands linked with Qt Gui, Widgets, PrintSupport and QCustomPlot,"
    echo "as every sfpbench command was before issue 38; now only \`report --pdf\` runs it. The two C++ programs"
    echo "are built by the script: the floor of any process that prints, and of any that links Qt Core."
    echo "Loader columns: the objects \`ldd\` lists; symbol relocations and the loader's own time (median of 5)"
    echo "from \`LD_DEBUG=statistics\`."
    echo "Machine: $(machine_line "$work"). Load average $load_before before, $load_after after."
    echo "Measured $(date -u +%Y-%m-%d) with \`bench/startup.sh\` (REPS=$reps)."
    echo
    echo "| command | wall (ms) | x cmp -l | x /bin/true | CPU (ms) | shared objects | relocations | loader (Mcycles) |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for c in "${order[@]}"; do
        [ -n "${cells[$c]:-}" ] || continue
        read -r -a cmd <<<"${cells[$c]}"
        m=$(med "$c")
        echo "| ${label[$c]} | $(ms "$m") | $(ratio "$m" "$cmp_s")x | $(ratio "$m" "$true_s")x | $(cpu "$c") | $(loader "${cmd[@]}") |"
    done
    echo
    r=$(ratio "$(med compare)" "$cmp_s")
    echo "- start-up: \`sfpbench compare\` of two 4 KiB files takes ${r}x the time of \`cmp -l\` (target: within 2x): $(verdict "$r" 2 1)."
    # The CPU ratio beside it: wall medians of millisecond processes swing with the load (each waits
    # for a core), the CPU a process spends much less.
    echo "- in CPU time: $(ratio "$(cpu compare)" "$(cpu cmp)")x \`cmp -l\`'s."
} >"$out"
cat "$out"
