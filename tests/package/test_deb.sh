#!/usr/bin/env bash
# `make package`'s .deb (cpack -G DEB, run here into a scratch directory): it unpacks (dpkg -x) with
# the executables (and sfpbench-full and sfpbench-draw in /usr/libexec/sfpbench), sfpbench(1), the bash completion,
# the desktop entry, the icon and the metainfo under /usr, and its Depends (from dpkg-shlibdeps)
# name the package of every library the executables link, each a package apt knows.
set -euo pipefail
build=$1
. "$(dirname "$0")/lib.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sfpbench-deb.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch" >"$scratch/cpack.log" 2>&1 ||
    fail "cpack: $(cat "$scratch/cpack.log")"
deb=$(ls "$scratch"/sfpbench_*.deb)
dpkg -x "$deb" "$scratch/root"
for file in usr/bin/sfpbench usr/bin/sfpbench-gui usr/libexec/sfpbench/sfpbench-full usr/libexec/sfpbench/sfpbench-draw \
    usr/share/man/man1/sfpbench.1.gz \
    usr/share/bash-completion/completions/sfpbench usr/share/applications/sfpbench-gui.desktop \
    usr/share/icons/hicolor/scalable/apps/sfpbench.svg usr/share/metainfo/io.github.sfpbench.metainfo.xml; do
    [[ -s $scratch/root/$file ]] || fail "$file is not in $(basename "$deb")"
done
depends=$(dpkg-deb -f "$deb" Depends)
names=$(sed -E 's/ *\([^)]*\)//g; s/ *[,|] */\n/g' <<<"$depends")
# Every library an executable needs comes from a package that Depends names (dpkg -S finds it).
libraries=$(readelf -d "$scratch/root/usr/bin/"* "$scratch/root/usr/libexec/sfpbench/"* |
    sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | sort -u)
owners=$(dpkg -S $(sed 's|^|*/|' <<<"$libraries") 2>/dev/null)  # "libc6:amd64: /usr/lib/.../libc.so.6"
for library in $libraries; do
    packages=$(grep -F "/$library" <<<"$owners" | sed -E 's/[:,].*//' | sort -u)
    [[ -n $packages ]] || fail "no installed package holds $library, which the executables need"
    grep -qxF -f <(printf '%s\n' $packages) <<<"$names" || fail "Depends names none of [$(echo $packages)] for $library: $depends"
done
for package in $names; do
    apt-cache show "$package" >/dev/null 2>&1 || fail "Depends names $package, which apt does not know"
done
echo "ok: $(basename "$deb"), Depends: $depends"
