#!/bin/bash
# Fails when clang-format (14, the version .clang-format is written for) would change a source:
# engine/, app/ and tests/ C++ and bench/'s C. Usage: check_format.sh ROOT [FILE...] (no FILE: all).
# Exit 0 formatted, 1 not, 2 bad usage, 77 skipped (ctest shows why).
set -u
root=${1:?usage: check_format.sh ROOT [FILE...]}
shift
if [ "${SFPBENCH_STYLE_FORMAT:-0}" != 1 ]; then
    echo "skipped: the formatting check is off until the tree is formatted once" \
         "(on with cmake -DSFP_STYLE_FORMAT=ON, or its default in tests/style/CMakeLists.txt)"
    exit 77
fi
format=$(command -v clang-format-14 || command -v clang-format) || {
    echo "skipped: clang-format is not installed (Debian package clang-format; make test installs it)"
    exit 77
}
version=$("$format" --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ "$version" != 14 ]; then
    echo "skipped: $format is version ${version:-unknown}, and .clang-format is checked against 14 (others format differently)"
    exit 77
fi
cd "$root" || { echo "check_format.sh: cannot enter $root" >&2; exit 2; }
if [ $# -eq 0 ]; then
    mapfile -t files < <(find engine app tests \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -type f | sort
                         find bench -maxdepth 1 -name '*.c' -type f | sort)
    set -- "${files[@]}"
fi
report=$(mktemp) || exit 2
trap 'rm -f "$report"' EXIT
if ! "$format" --style=file --dry-run -Werror "$@" 2>"$report"; then
    grep 'error: code should be clang-formatted' "$report" | cut -d: -f1 | uniq -c |
        awk '{print $2 ": " $1 " place(s) clang-format would change"}'
    head -40 "$report"
    echo "format them with: clang-format -i FILE... (from $root)"
    exit 1
fi
echo "$# sources formatted as .clang-format says"
