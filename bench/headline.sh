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

line_compare() {
    local f=$1 d c k pct
    d=$(cell "$f" 1 default 'hot: median (s)') c=$(cell "$f" 1 cmp 'hot: median (s)') k=$(cell "$f" 1 cat 'hot: median (s)')
    # The default's share of the two-stream memory read, hot and hot-written, from the verdicts in that order.
    pct=$(sed -n 's/^ *at \([0-9]*\) % of the two-stream memory read.*/\1/p' "$f" |
        awk 'NR == 1 {h = $1} NR == 2 {w = $1} END {if (h != "") printf "%s %% (hot-written %s %%)", h, w; else print "n/a"}')
    echo "- **compare**, two 640000000-byte files, hot: the default \`sfpbench compare\` reads at $pct of the two-stream memory read, $(div "$c" "$d")x faster than \`cmp -l\`, $(div "$d" "$k")x the time of \`cat A B\`$(tail_of "$f")"
}
line_cipher() {
    local f=$1 best d c b
    best=$(sed -n 's/^- Best: \*\*\([^*]*\)\*\*.*/\1/p' "$f")
    d=$(cell "$f" 1 default 'median real (s)') c=$(cell "$f" 1 cp 'median real (s)') b=$(cell "$f" 1 "$best" 'median real (s)')
    echo "- **cipher**, one 640000000-byte file, hot: the default \`sfpbench cipher\` takes $(div "$d" "$c")x the time of \`cp\`, the best fixed strategy ($best) $(div "$b" "$c")x$(tail_of "$f")"
}
line_wordcount() {
    local f=$1 a w best b size
    size=$(sed -n '1s/.* \([0-9]*\)-byte text.*/\1/p' "$f")
    a=$(cell "$f" 1 auto 'median real (s)') w=$(cell "$f" 1 wc 'median real (s)')
    best=$(awk -F'|' '/^\|/ && $2 !~ /strategy|---|wc|cat|auto|pipeline-1 / {gsub(/ /, "", $2); gsub(/ /, "", $4); print $4, $2}' "$f" | sort -g | head -1 | cut -d' ' -f2)
    b=$(cell "$f" 1 "$best" 'median real (s)')
    if [ -n "$w" ]; then
        echo "- **wordcount**, one $size-byte text, hot: the default \`sfpbench wordcount\` is $(div "$w" "$a")x faster than \`LC_ALL=C wc\`, the fastest ($best) $(div "$w" "$b")x$(tail_of "$f")"
    else
        echo "- **wordcount**, one $size-byte text, hot: the default takes $(div "$a" "$(cell "$f" 1 cat 'median real (s)')")x the time of \`cat\` (wc not timed: SLOW=0)$(tail_of "$f")"
    fi
}
line_iterate() {
    local f=$1 best a s b
    best=$(first_row "$f" 2)
    a=$(cell "$f" 2 auto 'median real (s)') s=$(cell "$f" 2 fs 'median real (s)') b=$(cell "$f" 2 "$best" 'median real (s)')
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
line_limits() {
    local f=$1 pcts
    pcts=$(sed -nE 's/^- ([a-z]+, (hot|cold)): .* ([0-9]+) % of .*/\1 \3 %/p' "$f" | paste -sd';' | sed 's/;/; /g')
    echo "- **limits**: each algorithm's default experiment, its fastest cell as % of this machine's limit: ${pcts:-none found}$(tail_of "$f")"
}

{
    for name in compare cipher wordcount small-inputs iterate gui-flow limits; do
        f="$docs/bench-$name.md"
        if grep -qs 'Measured [0-9]' "$f"; then "line_$name" "$f"; else echo "- **$name**: not measured yet (\`bench/$name.sh\` writes [its table](docs/bench-$name.md))"; fi
    done
} | publish headline "$readme"
