#!/usr/bin/env bash
# `make bench`: every benchmark script; each writes its table under docs/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for script in "$here"/compare.sh "$here"/cipher.sh "$here"/cipher-folios.sh "$here"/iterate.sh "$here"/wordcount.sh "$here"/small-inputs.sh \
    "$here"/gui-flow.sh "$here"/limits.sh "$here"/startup.sh "$here"/examples.sh; do
    [ -x "$script" ] && "$script" "${1:-build}"
done
