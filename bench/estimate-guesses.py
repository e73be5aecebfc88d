#!/usr/bin/env python3
"""The analysis of bench/estimate-guesses.sh: OUT MACHINE WORK [trial].

WORK holds report-NAME.json (`sfpbench run --json`) and wall-NAME (its wall seconds) per
experiment, and lesson-NAME (the lesson's folder) for a lesson's. Writes OUT: each cell's and
strategy's rate in the window's work units, and the time around runs per unit of each input
kind and cache, both as app/gui/run_estimate.cpp learns them. Sets the lessons' slowest_mbs
(unless trial: then prints them).
"""
import json
import re
import statistics
import sys
import time
from pathlib import Path

OWN_KIND = {"compare": "pair", "cipher": "random", "wordcount": "text", "iterate": "tree", "search": "needles"}
FILES_OF_KIND = {"pair": 2}  # files a run reads of each generated input
MEASURED = "measured by running this lesson"


def parameters_label(cell):
    """sfp::parameters_label: the cell's label without its size."""
    return re.sub(r" size=\S+$", "", cell["label"])


def main(out, machine, work, trial, merge=False):
    rates = {}    # "compare/read/hot" -> [units, seconds]
    around = {}   # "pair/hot" -> [seconds around runs, units of every run and warm-up]
    slowest = {}  # lesson folder -> (MB/s, cell label) of its slowest cell over its experiments
    for path in sorted(Path(work).glob("report-*.json")):
        name = path.stem[len("report-"):]
        r = json.loads(path.read_text())
        e = r["experiment"]
        algorithm, cache = e["algorithm"], "cold" if e["cache"] == "cold" else "hot"
        kind = e.get("data_kind") or OWN_KIND[algorithm]
        timed = units_all = 0.0
        seconds_per_byte = {}  # cell -> its ok runs' seconds per input byte
        for run in r["runs"]:
            res = run["result"]
            if run["status"] != "ok" or res["real_s"] <= 0:
                continue
            cell = r["cells"][run["cell"]]
            size = cell["file_size"] * FILES_OF_KIND.get(kind, 1)
            units = res["outcome"]["files"] if kind == "tree" else size
            for what in (cell["strategy"], parameters_label(cell)):
                s = rates.setdefault(f"{algorithm}/{what}/{cache}", [0.0, 0.0])
                s[0] += units
                s[1] += res["real_s"]
            timed += res["real_s"]
            units_all += units
            seconds_per_byte.setdefault(run["cell"], []).append(res["real_s"] / size)
        # RateBook::learn: the wall less the timed runs and the warm-ups (about a timed run of
        # their cell each), over the units of every run; only from an experiment whose runs all
        # succeeded.
        ok_runs = sum(len(v) for v in seconds_per_byte.values())
        if units_all > 0 and ok_runs == len(r["runs"]):
            per_timed = (e["repetitions"] + e["warmups"]) / e["repetitions"]
            wall = float((Path(work) / f"wall-{name}").read_text())
            a = around.setdefault(f"{kind}/{cache}", [0.0, 0.0])
            a[0] += max(0.0, wall - timed * per_timed)
            a[1] += units_all * per_timed
        lesson = Path(work) / f"lesson-{name}"
        if lesson.exists() and seconds_per_byte:
            cell, s = max(((c, statistics.median(v)) for c, v in seconds_per_byte.items()), key=lambda cs: cs[1])
            folder = lesson.read_text().strip()
            mbs = 1 / s / 1e6
            if folder not in slowest or mbs < slowest[folder][0]:
                slowest[folder] = (mbs, parameters_label(r["cells"][cell]))

    for folder, (mbs, label) in sorted(slowest.items()):
        path = Path(folder) / "lesson.json"
        lesson = json.loads(path.read_text())
        half = round(mbs / 2) if mbs >= 20 else round(mbs / 2, 1)
        if not lesson["throughput_source"].startswith(MEASURED):
            print(f"{path}: kept ({lesson['throughput_source'][:60]}...); its slowest cell {label} ran at {mbs:.1f} MB/s")
            continue
        if trial:
            print(f"{path}: slowest_mbs would be {half} (slowest cell {label} at {mbs:.1f} MB/s)")
            continue
        lesson["slowest_mbs"] = half
        lesson["throughput_source"] = (f"{MEASURED} (bench/estimate-guesses.sh) on {machine}, {time.strftime('%b %Y')}: "
                                       f"slowest cell {label} at {mbs:.1f} MB/s; halved")
        path.write_text(json.dumps(lesson, indent=2, ensure_ascii=False) + "\n")
        print(f"{path}: slowest_mbs {half} (slowest cell {label} at {mbs:.1f} MB/s)")

    guesses = {
        "measured_on": machine,
        "units-per-second": {key: round(units / seconds, 3) for key, (units, seconds) in sorted(rates.items())},
        "around-per-unit": {key: seconds / units for key, (seconds, units) in sorted(around.items())},
    }
    if merge:  # one lesson measured (ONLY): its figures join the others', which stay as they were
        kept = json.loads(Path(out).read_text())
        for table in ("units-per-second", "around-per-unit"):
            guesses[table] = {**kept[table], **{k: v for k, v in guesses[table].items() if k not in kept[table]}}
        guesses["measured_on"] = kept["measured_on"]
    Path(out).write_text(json.dumps(guesses, indent=1, sort_keys=True) + "\n")
    print(f"wrote {out}: {len(guesses['units-per-second'])} rates, the time around runs of {', '.join(guesses['around-per-unit'])}")


if __name__ == "__main__":
    main(*sys.argv[1:4], trial="trial" in sys.argv[4:], merge="merge" in sys.argv[4:])
