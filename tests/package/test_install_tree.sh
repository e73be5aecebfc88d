#!/usr/bin/env bash
# `cmake --install` into a scratch prefix holds what a user or a package needs: both executables
# (and the installed sfpbench runs), the helpers in libexec/sfpbench (the installed sfpbench finds
# them: `--version` is sfpbench-full's, `report --pdf` of the report fixture given as $2 writes a PDF), sfpbench(1), the bash
# completion, the desktop entry, its icon and the AppStream metainfo, which appstreamcli finds
# valid together with the desktop entry.
set -euo pipefail
build=$1
report_fixture=$2
. "$(dirname "$0")/lib.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sfpbench-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
root=$scratch/usr
cmake --install "$build" --prefix "$root" >"$scratch/install.log" || fail "cmake --install: $(cat "$scratch/install.log")"

for file in bin/sfpbench bin/sfpbench-gui libexec/sfpbench/sfpbench-full libexec/sfpbench/sfpbench-draw; do
    [[ -x $root/$file ]] || fail "$file is not installed as an executable"
done
for file in share/man/man1/sfpbench.1.gz share/bash-completion/completions/sfpbench \
    share/applications/sfpbench-gui.desktop share/icons/hicolor/scalable/apps/sfpbench.svg \
    share/metainfo/io.github.sfpbench.metainfo.xml; do
    [[ -s $root/$file ]] || fail "$file is not installed"
done
"$root/bin/sfpbench" --version | grep '^sfpbench ' >/dev/null || fail "the installed sfpbench does not run"
"$root/bin/sfpbench" report "$report_fixture" --pdf "$scratch/r.pdf" 2>"$scratch/pdf.log" &&
    head -c 5 "$scratch/r.pdf" | grep -q '^%PDF-' ||
    fail "the installed sfpbench draws no PDF: $(cat "$scratch/pdf.log")"
rm -f "$scratch/r.pdf"
printf 'ab' >"$scratch/a" && printf 'ac' >"$scratch/b"  # run by the lean sfpbench itself: exit 1, what cmp -l prints
[[ $("$root/bin/sfpbench" compare "$scratch/a" "$scratch/b" 2>/dev/null; echo "exit $?") == $'2 142 143\nexit 1' ]] ||
    fail "the installed sfpbench does not compare"
# grep reads to the end (no -q): quitting early would end zcat by SIGPIPE, a failure under pipefail
zcat "$root/share/man/man1/sfpbench.1.gz" | grep '^\.TH SFPBENCH 1' >/dev/null || fail "the installed man page is not sfpbench(1)"
grep -q '^complete -F _sfpbench sfpbench$' "$root/share/bash-completion/completions/sfpbench" ||
    fail "the installed completion does not register for sfpbench"
# The metainfo and the desktop entry it launches, checked together as a software centre reads them.
report=$(appstreamcli validate-tree --no-net "$scratch" 2>&1) || fail "appstreamcli validate-tree: $report"
grep -qE '^ *[EW]:' <<<"$report" && fail "appstreamcli validate-tree warns: $report"
echo "ok: $(cd "$root" && find . -type f | wc -l) files installed"
