#!/usr/bin/env bash
# docs/screenshot.png: the real window on a virtual display (Xvfb) after running the default
# experiment, captured with ImageMagick's `import`. Uses throwaway settings, so neither the
# user's saved window state nor this run's leak into each other.
set -euo pipefail
build=${1:-build}
out=${2:-docs/screenshot.png}
gui="$build/bin/sfpbench-gui"
size=${SFP_SCREENSHOT_SIZE:-1440x900}
# An experiment file to open and run instead of the default experiment (docs/screenshot-large.png).
experiment=${SFP_SCREENSHOT_EXPERIMENT:---default-experiment}
# More arguments for the window, e.g. "--plot time-split" or "--lesson 1" (word-split).
read -r -a extra <<<"${SFP_SCREENSHOT_ARGS:-}"
# SFP_SCREENSHOT_FIRST=1: no -geometry, the window picks its first size itself (docs/screenshot-first.png).
geometry=(-geometry "$size+0+0")
[ -n "${SFP_SCREENSHOT_FIRST:-}" ] && geometry=()
for tool in Xvfb import; do
    command -v "$tool" >/dev/null || { echo "screenshot: $tool is missing (apt-get install xvfb imagemagick)" >&2; exit 2; }
done
[ -x "$gui" ] || { echo "screenshot: $gui was not built" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/sfpbench-shot.XXXXXX")
xvfb_pid="" gui_pid=""
cleanup() {
    # Wait for each: the window writes its settings into the scratch directory as it quits, and
    # removing the directory under it left it behind ("Directory not empty").
    [ -n "$gui_pid" ] && { kill "$gui_pid" 2>/dev/null; wait "$gui_pid" 2>/dev/null; } || true
    [ -n "$xvfb_pid" ] && { kill "$xvfb_pid" 2>/dev/null; wait "$xvfb_pid" 2>/dev/null; } || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# A free display number: the first without a lock file.
display=99
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 "${size}x24" -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done

# SFP_SCREENSHOT_PRESENTATION=1: start in presentation mode (the setting View > Presentation mode saves).
if [ -n "${SFP_SCREENSHOT_PRESENTATION:-}" ]; then
    mkdir -p "$scratch/config/sfpbench"
    printf '[view]\npresentation=true\n' >"$scratch/config/sfpbench/sfpbench-gui.conf"
fi
DISPLAY=":$display" XDG_CONFIG_HOME="$scratch/config" \
    "$gui" "$experiment" "${extra[@]}" --run "${geometry[@]}" >"$scratch/gui.log" 2>&1 &
gui_pid=$!
for _ in $(seq 240); do
    grep -q "sfpbench-gui: finished" "$scratch/gui.log" && break
    kill -0 "$gui_pid" 2>/dev/null || { cat "$scratch/gui.log" >&2; exit 2; }
    sleep 0.5
done
grep -q "sfpbench-gui: finished" "$scratch/gui.log" || { echo "screenshot: the experiment did not finish" >&2; exit 2; }
sleep 1  # the last repaint
mkdir -p "$(dirname "$out")"
DISPLAY=":$display" import -window root "$out"
echo "wrote $out"
