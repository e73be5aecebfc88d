#!/usr/bin/env bash
# The README's limits line (bench/headline.sh) from a made-up docs/bench-limits.md: each
# default's share with its cell and limit, from the lines under the defaults' heading, never the
# fastest cell of the default experiment (a 4K corner); and the one-run defaults read from help
# text (bench/lib.sh's help_defaults). No sfpbench is run.
set -euo pipefail
root=$1
. "$root/bench/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# help_defaults: lazy matches, a paren before "(default", a flag the command lacks.
got=$(help_defaults "--strategy <name> read, mmap or cmp (default adaptive: measures) --block <size> bytes: 1 to 1G (default 256K). The --threads <n> worker threads (0 = online CPUs): 0 to 1024 (default 0). --json")
[ "$got" = "adaptive 256K 0" ] || fail "help_defaults gave '$got'"
got=$(help_defaults "--strategy <name> fs or auto (default auto: times) --threads <n> worker threads (0 = online CPUs): 0 to 1024 (default 32). Of")
[ "$got" = "auto  32" ] || fail "help_defaults without --block gave '$got'"

cat >"$tmp/bench-limits.md" <<MD
Machine: Made-up CPU, 2 cores, 1 GiB RAM. Measured 2026-11-27 with \`bench/limits.sh\`;

Fastest cell of each default experiment (256M inputs, median of 3, each cache state as named):

- cipher, hot: mmap-mt block=4K threads=2 size=256M: 178.40 ms -- 25 % of mapped scan, large folios + page-cache write, 2 threads, 5.9 GB/s
- iterate, hot: uring block=- threads=- size=256M: 75.34 ms -- 34 % of page-cache read, 1 thread, 7.7 GB/s

$defaults_heading

- cipher, hot: auto block=256K threads=2 size=256M: 54.10 ms -- 82 % of mapped scan, large folios + page-cache write, 2 threads, 5.9 GB/s
- iterate, hot: auto block=- threads=32 size=256M: 140.00 ms -- 91 % of small files, hot, 2 threads, 2.0 GB/s (median of 3 in-round figures)
- compare, cold: adaptive block=4K threads=2 size=256M: 345.35 ms -- 63 % of device read, queue depth 1, 2.5 GB/s

### compare, hot cache
- not a line of the defaults: 99 % of nothing, 1.0 GB/s
MD
printf '# x\n<!-- bench:headline -->\n<!-- /bench:headline -->\n' >"$tmp/README.md"
DOCS=$tmp README=$tmp/README.md "$root/bench/headline.sh"
line=$(grep '^- \*\*limits\*\*' "$tmp/README.md")
want="- **limits**: each algorithm's default at its defaults, as % of this machine's limit: cipher, hot, auto block=256K threads=2 size=256M: 82 % of mapped scan, large folios + page-cache write, 2 threads; iterate, hot, auto block=- threads=32 size=256M: 91 % of small files, hot, 2 threads; compare, cold, adaptive block=4K threads=2 size=256M: 63 % of device read, queue depth 1 (2026-11-27, 2 cores) — [table](docs/bench-limits.md)"
[ "$line" = "$want" ] || fail "the limits line is
$line
not
$want"
echo "ok"
