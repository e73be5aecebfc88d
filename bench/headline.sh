#!/usr/bin/env bash
# The README's measured headline: one line per benchmark, computed from the tables the bench
# scripts wrote to docs/bench-*.md (the only home of the full tables), written between the
# README's <!-- bench:headline --> markers. Every bench script runs it after writing its table;
# so can anyone: bench/headline.sh (DOCS and README name other files, for tests).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
docs=${DOCS:-$here/../docs}
readme=${README:-$here/../README.md}

# The value in the row whose first column is ROW, under the column headed HEADER, of the N-th
# Markdown table of FILE: cell FILE N ROW HEADER (empty when there is none).
cell() {
    awk -v want="$2" -v row="$3" -v header="$4" -F'|' '
        function trim(s) { gsub(/^ +| +$/, "", s); return s }
        /^\|/ { if (!in_table) { in_table = 1; n++; col = 0; for (i = 2; i < NF; i++) if (trim($i) == header) col = i; next }
                if (n == want && col && trim($2) == row) { print trim($col); exit }
                next }
        { in_table = 0 }' "$1"
}
# The first row's first column of the N-th table (the scripts sort some tables fastest first).
first_row() { awk -v want="$2" -F'|' '/^\|/ { if (!t) { t = 1; n++; r = 0; next } if (++r == 2 && n == want) { gsub(/ /, "", $2); print $2; exit } next } { t = 0 }' "$1"; }
# "A / B" to two places, or nothing when either is missing.
div() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
# The targets judged in FILE: "targets: N of M met" (nothing when it judges none).
targets() {
    local met missed
    met=$(grep -oE '(: |, )met\b' "$1" | wc -l || true)
    missed=$(grep -oE '\*\*missed\*\*|NOT met' "$1" | wc -l || true)
    [ $((met + missed)) -gt 0 ] && echo "; targets: $met of $((met + missed)) met"
}
# When and where: "2026-11-22, 2 cores".
when() { echo "$(sed -n 's/.*Measured \([0-9-]*\).*/\1/p' "$1" | head -1), $(grep -oE '[0-9]+ cores' "$1" | head -1)"; }
# The line's tail: targets, date and machine, the link to the full table.
tail_of() { echo "$(targets "$1") ($(when "$1")) — [table](docs/$(basename "$1"))"; }

# The README's ratios are of whole processes, sfpbench and its peers alike (docs/benchmarks.md).
whole='whole process: median (s)'
line_compare() {
    local f=$1 d n c k
    # the table's own ratios to the naive compare and cat ("1.06x"), of its unrounded medians
    d=$(cell "$f" 1 default "$whole") n=$(cell "$f" 1 default "vs naive") c=$(cell "$f" 1 cmp "$whole") k=$(cell "$f" 1 default "vs cat A B")
    echo "- **compare**, two 640000000-byte files, hot, whole processes: the default \`sfpbench compare\` takes $n the time of a naive two-thread mmap + memcmp and $k the time of \`cat A B\`, $(div "$c" "$d")x faster than \`cmp -l\`$(tail_of "$f")"
}
line_cipher() {
    local f=$1 best d b w floor="" vs_cp='vs cp --reflink=never'
    best=$(sed -n 's/^- Best: \*\*\([^*]*\)\*\*.*/\1/p' "$f")
    # the table's own ratios ("0.52x the time"), of its unrounded medians, so both say the same
    d=$(cell "$f" 1 default "$vs_cp") b=$(cell "$f" 1 "$best" "$vs_cp")
    w=$(cell "$f" 1 write-floor "$vs_cp")  # the output alone, written from memory: what no cipher beats
    [ -n "$w" ] && floor=", writing the output alone (nothing read) ${w%% *}"
    echo "- **cipher**, one 640000000-byte file, hot, whole processes: the default \`sfpbench cipher\` takes ${d%% *} the time of \`cp --reflink=never\`, the best fixed strategy ($best) ${b%% *}$floor$(tail_of "$f")"
}
line_wordcount() {
    local f=$1 a w l k size
    size=$(sed -n '1s/.* \([0-9]*\)-byte text.*/\1/p' "$f")
    a=$(cell "$f" 1 auto "$whole") w=$(cell "$f" 1 wc "$whole") l=$(cell "$f" 1 wc-l "$whole") k=$(cell "$f" 1 cat "$whole")
    local against="\`LC_ALL=C wc -l\` (lines only)"
    [ -n "$w" ] && against+=", $(div "$w" "$a")x faster than \`LC_ALL=C wc\`"
    echo "- **wordcount**, one $size-byte text, hot, whole processes: the default \`sfpbench wordcount\` takes $(div "$a" "$k")x the time of \`cat\` and $(div "$a" "$l")x the time of $against$(tail_of "$f")"
}
line_search() {
    local f=$1 a one r g
    a=$(cell "$f" 1 auto "$whole") one=$(cell "$f" 1 auto-1t "$whole") r=$(cell "$f" 1 rg "$whole") g=$(cell "$f" 1 grep "$whole")
    echo "- **search**, a 640000000-byte text, hot, whole processes: the default \`sfpbench search --count\` takes $(div "$a" "$r")x the time of \`rg -F\` (with \`--threads 1\`: $(div "$one" "$r")x) and is $(div "$g" "$a")x faster than \`grep -F\`$(tail_of "$f")"
}
line_startup() {
    local f=$1 x
    x=$(sed -n 's/^- start-up: .* takes \([0-9.]*x\) the time of `cmp -l`.*/\1/p' "$f")
    echo "- **start-up**: \`sfpbench compare\` of two 4 KiB files, a whole process, takes ${x:-?} the time of \`cmp -l\`$(tail_of "$f")"
}
line_iterate() {
    local f=$1 best a s b
    best=$(first_row "$f" 2)
    a=$(cell "$f" 2 auto "$whole") s=$(cell "$f" 2 fs "$whole") b=$(cell "$f" 2 "$best" "$whole")
    echo "- **iterate**, $(grep -oE 'tree of [0-9]+ files' "$f" | head -1), cold, whole files: the default is $(div "$s" "$a")x faster than one reader in directory order (\`fs\`), the fastest ($best) $(div "$s" "$b")x$(tail_of "$f")"
}
line_gui-flow() {
    local f=$1 last
    last=$(awk -F'|' '/^\| *[0-9]/ {gsub(/ /, ""); print $2, $5}' "$f" | tail -1)
    echo "- **the window at scale**: \`sfpbench-gui --headless\` takes ${last#* } the wall time of \`sfpbench run\` at ${last% *} runs$(tail_of "$f")"
}
line_small-inputs() {
    local f=$1 summary farthest
    summary=$(sed -n 's/^- the default within 1.3x of the fastest fixed cell: \(.*\)\.$/\1/p' "$f")
    # the largest default / fastest ratio of every table, with its algorithm (the bold line above) and size
    farthest=$(awk -F'|' '/^\*\*/ {a = $0; sub(/^\*\*/, "", a); sub(/\*\*.*/, "", a)}
        /^\| *[0-9]/ {r = $7; gsub(/[ x]/, "", r); s = $2; gsub(/ /, "", s); if (r + 0 > w) {w = r + 0; at = a " at " s}}
        END {if (at != "") printf "%s, %.2fx", at, w}' "$f")
    echo "- **small inputs**, 4K to 64M, hot: each default within 1.3x of the fastest fixed strategy at $summary; the farthest: $farthest$(tail_of "$f")"
}
# Each default's share with its cell and limit, from the lines under the defaults' heading:
# "cipher, hot, auto block=256K threads=2 size=256M: 82 % of page-cache read + page-cache write, 2 threads".
# A table written before that heading: its fastest cells, each named, and said to be so.
shares_under() {
    awk -v h="$2" 'index($0, h) == 1 {on = 1; next} on && /^- / {print; next} on && NF {exit}' "$1" |
        sed -nE 's/^- ([a-z]+, (hot|cold)): (.*): .* -- ([0-9]+ %) of (.*), [0-9.]+ [GM]B\/s.*/\1, \3: \4 of \5/p' |
        paste -sd';' | sed 's/;/; /g'
}
line_limits() {
    local f=$1 pcts what="each algorithm's default at its defaults"
    pcts=$(shares_under "$f" "$defaults_heading")
    if [ -z "$pcts" ]; then
        pcts=$(shares_under "$f" "Fastest cell of each default experiment")
        what="each default experiment's fastest cell (measured before the defaults' own line)"
    fi
    echo "- **limits**: $what, as % of this machine's limit: ${pcts:-none found}$(tail_of "$f")"
}

{
    for name in startup compare cipher wordcount search small-inputs iterate gui-flow limits; do
        f="$docs/bench-$name.md"
        if grep -qs 'Measured [0-9]' "$f"; then "line_$name" "$f"; else echo "- **$name**: not measured yet (\`bench/$name.sh\` writes [its table](docs/bench-$name.md))"; fi
    done
} | publish headline "$readme"
