#!/usr/bin/env bash
# The command pages' console examples, captured from real runs (never typed): each example's
# commands run in a scratch directory and their output replaces the block between the
# <!-- bench:example-NAME --> markers of its page in docs/ (cli-compare.md, cli.md, ...). `make bench` runs it; so can anyone: bench/examples.sh [build]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
docs="$here/../docs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints a console block: each command after "$ ", then what it printed (stdout and stderr).
console() {
    echo '```console'
    local cmd
    for cmd in "$@"; do
        echo "\$ $cmd"
        (cd "$work" && PATH="$bindir:$PATH" bash -c "$cmd" 2>&1) || true
    done
    echo '```'
}

console "sfpbench generate pair a b --size 640000000 --mismatch-at 0,4095,4096,639999999" \
        "cat a b > /dev/null  # hot: the pair just read back" \
        "sfpbench compare a b --strategy mmap-mt --threads 2" \
        "sfpbench compare a b; echo \"exit \$?\"" | publish example-compare "$docs/cli-compare.md"
console "sfpbench strategies compare" | publish example-strategies "$docs/cli.md"
console "cd /usr/share/common-licenses && sfpbench wordcount GPL-2 GPL-3 LGPL-2.1 --strategy striped --threads 2 2>/dev/null" \
        "cd /usr/share/common-licenses && LC_ALL=C wc GPL-2 GPL-3 LGPL-2.1" \
        "sfpbench wordcount /usr/share/common-licenses/GPL-3 --histogram --separators ' \\t,.' 2>/dev/null | head -3" |
    publish example-wordcount "$docs/cli-wordcount.md"
console "sfpbench run --strategies read,mmap-mt --block 512,4K,64K --threads 2 --sizes 64M --reps 6 --workdir ws | sed -n '/^64M:/,/^$/p'" |
    publish example-run "$docs/cli-run.md"
console "sfpbench generate random big.dat --size 640000000" \
        "sfpbench cipher big.dat big.enc --shift 7 --strategy pool --block 256K --threads 2 --fast" \
        "sfpbench cipher big.enc big.dec --shift -7 && cmp big.dat big.dec && echo restored" | publish example-cipher "$docs/cli-cipher.md"
console "sfpbench generate tree t --files 2000 --seed 1" \
        "sfpbench iterate t --strategy parallel --threads 16 --scope full  # hot: the tree was just written" \
        "sfpbench iterate t --strategy random --scope full --list > list.txt && head -2 list.txt && tail -4 list.txt" |
    publish example-iterate "$docs/cli-iterate.md"
echo "examples captured on $(machine_line "$work")"
