# Shared by the bench scripts: machine description, medians, timing of external commands.
# shellcheck shell=bash

# Every script's start, from its arguments (the build directory first, default build/): $bindir
# (its bin/), $bin (the sfpbench there) and $data (DATA, default ~/.cache/sfpbench/bench), where
# generated inputs are kept between runs.
bench_paths() {
    bindir="$(cd "${1:-build}/bin" && pwd)"
    bin="$bindir/sfpbench"
    data=${DATA:-$HOME/.cache/sfpbench/bench}
}

# One markdown line describing this machine.
machine_line() {
    local cpu mem fs
    cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
    mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)
    fs=$(df -T "$1" | awk 'NR == 2 {print $2}')
    echo "$cpu, $(nproc) cores, $mem RAM, Linux $(uname -r), $fs"
}

# Makes FILE SIZE bytes of seeded random data with sfpbench ($bin), unless it is already there.
ensure_random() {
    [ -s "$1" ] && [ "$(stat -c %s "$1")" = "$2" ] || "$bin" generate random "$1" --size "$2" --seed 1
}

# The median of the numbers on stdin, or nothing when there are none (an in-process time of a peer).
median_or_none() { local v; v=$(cat); if [ -n "$v" ]; then median <<<"$v"; fi; }

# median of the numbers on stdin
median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# Wall seconds of a command run as a child (its output discarded): fork, exec and wait under
# the clock and nothing else, as the engine times its baselines (bash's $EPOCHREALTIME needs no
# process of its own, unlike `date`).
wall() {
    local t0 t1
    t0=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", b - a}'
}

# bench/proctime.c built into the directory $1 (the script's scratch directory): $proctime.
build_proctime() {
    proctime="$1/proctime"
    cc -O2 -o "$proctime" "$(dirname "${BASH_SOURCE[0]}")/proctime.c"
}

# One run of a command as a whole process, its output discarded: prints "WHOLE CPU INPROC", the
# process's wall and CPU seconds (bench/proctime.c: start-up and teardown included, as a user or a
# script meets it; sfpbench and its peers alike) and the in-process "real" sfpbench printed on
# standard error, which its runner measured around the work alone ("-" for a peer). Exit 0 or 1
# (compare and cmp: "different") is a run; any other fails the script with the command's message.
timed() {
    local err rc=0
    err=$(mktemp)
    "$proctime" "$@" >/dev/null 2>"$err" || rc=$?
    if [ "$rc" -gt 1 ]; then
        echo "failed ($rc): $* -- $(grep -v '^proctime ' "$err" | tail -1)" >&2
        rm -f "$err"
        return 1
    fi
    awk '/^proctime / {w = $2; c = $3} /^real/ {r = $2; sub(/s$/, "", r)} END {print w, c, (r == "" ? "-" : r)}' "$err"
    rm -f "$err"
}

# Replaces what stands between "<!-- bench:NAME -->" and "<!-- /bench:NAME -->" in FILE (the
# README or a docs/ page) with the text on stdin, so published numbers are only ever written by a
# script.
publish() {
    local name=$1 file=$2 text
    text=$(mktemp)
    cat >"$text"
    grep -q "^<!-- bench:$name -->\$" "$file" || { echo "publish: no <!-- bench:$name --> marker in $file" >&2; return 1; }
    awk -v name="$name" -v text="$text" '
        $0 == "<!-- bench:" name " -->" {print; while ((getline line < text) > 0) print line; skip = 1; next}
        $0 == "<!-- /bench:" name " -->" {skip = 0}
        !skip {print}' "$file" >"$file.tmp" && mv "$file.tmp" "$file"
    rm -f "$text"
}

# After a script wrote its full table to docs/bench-NAME.md (not to OUT: a trial run), the README's
# headline is computed again from every docs/bench-*.md (bench/headline.sh).
publish_headline() { [ -n "${OUT:-}" ] || "$(dirname "${BASH_SOURCE[0]}")/headline.sh"; }

# A target's verdict: "met" when VALUE is at most (LE=1) or at least (LE=0) TARGET, else "**missed**".
verdict() { awk -v v="$1" -v t="$2" -v le="$3" 'BEGIN {print ((le && v <= t) || (!le && v >= t)) ? "met" : "**missed**"}'; }

# Exits 0 when median A is below FACTOR times median B (FACTOR defaults to 1).
faster() { awk -v a="$1" -v b="$2" -v f="${3:-1}" 'BEGIN {exit !(a < f * b)}'; }

# The "real" seconds sfpbench printed on stderr for one run.
sfp_real() { "$@" 2>&1 >/dev/null | awk '/^real/ {sub(/s$/, "", $2); print $2}'; }

# Shuffle the arguments (interleaved order, so drift spreads over all cells).
shuffled() { printf '%s\n' "$@" | shuf; }

# The machine's limits (issue 22), as `sfpbench limits --json` prints them, into the file
# $limits_json: kept in $data/limits-ws and measured there only when missing (bench/limits.sh
# measures them afresh), so every script judges its cells against the same figures.
load_limits() {
    limits_json=$(mktemp)
    "$bin" limits --json --workdir "$data/limits-ws" >"$limits_json"
}

# Limit KEY at THREADS threads in GB/s: its figure, the ceiling the engine judges every run
# against (the fastest undisturbed pass; not the median of all passes, which load lowers), from
# $limits_json (Qt writes every object's keys in order: "key" before "points", and in a point
# "figure" before "threads"); nothing when it was not measured.
limit_gbs() {
    awk -v want="$1" -v threads="$2" '
        /"key":/ {key = $2; gsub(/[",]/, "", key)}
        /"figure":/ {m = $2; sub(/,$/, "", m)}
        /"threads":/ {t = $2; sub(/,$/, "", t); if (key == want && t == threads) {print m / 1e9; exit}}' "$limits_json"
}

# BYTES processed in SECONDS as a percentage of GBS (a limit_gbs figure); "n/a" without one.
limit_pct() { awk -v b="$1" -v s="$2" -v l="${3:-0}" 'BEGIN {if (l > 0 && s > 0) printf "%.0f", 100 * b / s / 1e9 / l; else print "n/a"}'; }

# "load average 0.52 on 2 CPUs when measured" from $limits_json ("load not recorded" for older limits).
limits_load() {
    awk '/"load_1min":/ {l = $2; sub(/,$/, "", l)} /"online_cpus":/ {c = $2; sub(/,$/, "", c)}
         END {if (l != "" && l != "null") printf "load average %.2f on %d CPUs when measured", l, c; else print "load not recorded"}' "$limits_json"
}

# Limit KEY measured again now (`sfpbench limits --refresh --only KEY`, a second or a few, in the
# workspace $data/limits-rounds: the kept limits stay as they are), its median at each thread
# count appended to $logs/limit-TAG-THREADS. A script runs it as one more cell of its shuffled
# rounds, so its cells are judged against the ceiling of the same minutes: on a VM the memory's
# speed moves by a third over minutes, and a figure kept from another moment says little.
limit_round() {
    local tag=$1 key=$2 json
    json=$("$bin" limits --refresh --only "$key" --json --workdir "$data/limits-rounds" 2>/dev/null) || return 0
    awk '/"median":/ {m = $2; sub(/,$/, "", m)} /"threads":/ {t = $2; sub(/,$/, "", t); print t, m / 1e9}' <<<"$json" |
        while read -r t gbs; do echo "$gbs" >>"$logs/limit-$tag-$t"; done
}
# The median of TAG's rounds at THREADS threads in GB/s; nothing when none was measured.
limit_round_gbs() { [ -s "$logs/limit-$1-$2" ] && median <"$logs/limit-$1-$2"; }
# "11.2-12.6" GB/s: the least and the greatest of TAG's rounds at THREADS threads.
limit_round_spread() { sort -g "$logs/limit-$1-$2" | awk 'NR == 1 {a = $1} {b = $1} END {printf "%.1f-%.1f", a, b}'; }

# The one-run command's default strategy, block size and thread count, from its --help:
# "auto 256K 0" (a field the command has no flag for is left out: iterate has no --block, so
# "auto  32"). Read from the help so the README's line follows the defaults wherever they change.
defaults_of() {
    local help
    help=$("$bin" "$1" --help | tr -s ' \n' ' ')
    help_defaults "$help"
}
# The same from help text joined into one line (a function of its text alone, for tests).
help_defaults() {
    local strategy block threads
    strategy=$(grep -oP -- '--strategy <name>.*?\(default \K[a-z0-9-]+' <<<"$1" | head -1 || true)
    block=$(grep -oP -- '--block <size>.*?\(default \K[0-9]+[KMG]?(?=\))' <<<"$1" | head -1 || true)
    threads=$(grep -oP -- '--threads <n>.*?\(default \K[0-9]+(?=\))' <<<"$1" | head -1 || true)
    echo "$strategy $block $threads"
}
# The heading bench/limits.sh writes above the defaults' lines; bench/headline.sh reads under it.
defaults_heading="The default strategy at its one-run command's defaults (block, threads), the README's line:"
