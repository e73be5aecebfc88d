#!/usr/bin/env bash
# `make run`: the workbench with its default experiment (a 64M generated pair, every supported
# compare strategy, block sizes 512..1M, 3 repetitions: about 10 s on 2 cores).
# With a display: opens the window with that experiment ready; one click on Run gives a plot.
# Without one: runs it headless (offscreen) and writes the runs CSV and the plot PNG.
set -euo pipefail
build=${1:-build}
gui="$build/bin/sfpbench-gui"

if [ ! -x "$gui" ]; then
    echo "run-default: $gui was not built (it needs libqcustomplot-dev: run 'make deps build')" >&2
    exit 2
fi

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    echo "Opening sfpbench-gui with the default experiment: press Run (Ctrl+R)."
    exec "$gui" --default-experiment
fi

out="$build/results"
mkdir -p "$out"
csv="$out/default-runs.csv"
png="$out/default-plot.png"
echo "No display (\$DISPLAY and \$WAYLAND_DISPLAY are unset): running the default experiment headless."
status=0
QT_QPA_PLATFORM=offscreen "$gui" --headless --csv "$csv" --png "$png" || status=$?
echo
[ -f "$csv" ] && echo "Results, one row per run: $csv"
[ -f "$png" ] && echo "Plot, elapsed time against block size: $png"
exit "$status"
