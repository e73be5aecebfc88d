# Shared by the bench scripts: machine description, medians, timing of external commands.
# shellcheck shell=bash

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

# median of the numbers on stdin
median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# Wall seconds of a command (its output discarded).
wall() {
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", (b - a) / 1e9}'
}

# The "real" seconds sfpbench printed on stderr for one run.
sfp_real() { "$@" 2>&1 >/dev/null | awk '/^real/ {sub(/s$/, "", $2); print $2}'; }

# Shuffle the arguments (interleaved order, so drift spreads over all cells).
shuffled() { printf '%s\n' "$@" | shuf; }
