#!/usr/bin/env bash
# The window's first guesses (issue 24 section 3): what each lesson's experiments and the
# window's default experiment run at on this machine, written to
# resources/estimates/first-guesses.json. The estimate uses them for a cell the user's machine
# has not run yet, before its constant guesses (app/gui/run_estimate.hpp): a first lesson is
# then estimated within 2x of what it takes on a machine like this one.
# Rates are work units per second as the window counts them (app/gui/run_estimate.cpp): bytes
# of every input file (a pair: both), or files for a tree; per cell (strategy and parameters,
# not the size) and per strategy, hot (hot and hot-written) and cold.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_paths "$@"
out=${OUT:-$here/../resources/estimates/first-guesses.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$data" "$(dirname "$out")"

# Every lesson experiment, with its data in $data (generated once), then the window's default
# experiment (hot and cold) and the 84-cell matrix of docs/large-experiment.json.
n=0
for spec in "$here"/../resources/lessons/*/*.json; do
    [ "$(basename "$spec")" = lesson.json ] && continue
    n=$((n + 1))
    python3 - "$spec" "$data" >"$work/spec-$n.json" <<'EOF'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["workdir"] = sys.argv[2]
print(json.dumps(spec))
EOF
    "$bin" run "$work/spec-$n.json" --json "$work/report-$n.json" >/dev/null
done
for cache in hot cold; do
    "$bin" run --algorithm compare --sizes 64M --block 512,4K,64K,1M --reps 3 --warmup 1 --cache "$cache" \
        --workdir "$data" --json "$work/report-default-$cache.json" >/dev/null
done
python3 - "$here/../docs/large-experiment.json" "$data" >"$work/spec-large.json" <<'EOF'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["workdir"] = sys.argv[2]
print(json.dumps(spec))
EOF
"$bin" run "$work/spec-large.json" --json "$work/report-large.json" >/dev/null

python3 - "$out" "$(machine_line "$data")" "$work"/report-*.json <<'EOF'
import json, re, statistics, sys
out, machine, reports = sys.argv[1], sys.argv[2], sys.argv[3:]
own_kind = {"compare": "pair", "cipher": "random", "wordcount": "text", "iterate": "tree"}
files_of_kind = {"pair": 2}
sums = {}  # key -> [units, seconds]
for path in reports:
    r = json.load(open(path))
    e = r["experiment"]
    algorithm, cache = e["algorithm"], "cold" if e["cache"] == "cold" else "hot"
    kind = e.get("data_kind") or own_kind[algorithm]
    for run in r["runs"]:
        res = run["result"]
        if run["status"] != "ok" or res["real_s"] <= 0:
            continue
        cell = r["cells"][run["cell"]]
        units = res["outcome"]["files"] if kind == "tree" else cell["file_size"] * files_of_kind.get(kind, 1)
        label = re.sub(r" size=\S+$", "", cell["label"])  # sfp::parameters_label
        for what in (cell["strategy"], label):
            s = sums.setdefault(f"{algorithm}/{what}/{cache}", [0.0, 0.0])
            s[0] += units
            s[1] += res["real_s"]
rates = {key: round(units / seconds, 3) for key, (units, seconds) in sorted(sums.items())}
json.dump({"measured_on": machine, "units-per-second": rates}, open(out, "w"), indent=1, sort_keys=True)
print(f"wrote {out}: {len(rates)} rates")
EOF
