#!/usr/bin/env bash
# The standing mutation check (`make mutants`, docs/tests.md): every planted bug of
# tests/mutants/mutants.txt, alone, in a scratch copy of the tree, rebuilt incrementally and run
# against the tests it names. Prints caught / survived per mutant; exits 1 when one survived,
# 2 when the list itself is wrong (a string not found exactly once, a mutant that does not build,
# a named test that does not exist or fails unmutated).
#
#   scripts/mutants.sh [ID-REGEX]     only the mutants whose id matches
#   MUTANTS_DIR   where the scratch copy and its build live (default build/mutants; kept between runs)
#   MUTANTS_RUNS  how many runs in a row must fail for a mutant to count as caught (default 2)
#   JOBS          build jobs (default nproc)
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
list="$repo/tests/mutants/mutants.txt"
filter=${1:-}
work=${MUTANTS_DIR:-$repo/build/mutants}
runs=${MUTANTS_RUNS:-2}
jobs=${JOBS:-$(nproc)}
# The build inside the copy, as in a checkout: compiled from the same relative paths, ccache
# (base_dir) serves what the checkout's own build already compiled.
src="$work/tree"
bld="$src/build"

die() { echo "mutants: $*" >&2; exit 2; }

# --- the list: blocks of "[id]" then "file: ", "find: ", "replace: ", "tests: " lines ---------
ids=() files=() finds=() replaces=() tests=()
add_block() {
    [[ -z ${id:-} ]] && return
    [[ -n $file && -n $find && -n $named ]] || die "$list: mutant [$id] lacks file, find or tests"
    if [[ -z $filter || $id =~ $filter ]]; then
        ids+=("$id") files+=("$file") finds+=("$find") replaces+=("$replace") tests+=("$named")
    fi
}
id='' file='' find='' replace='' named=''
while IFS= read -r line || [[ -n $line ]]; do
    case $line in
        '#'* | '') ;;
        '['*']') add_block; id=${line:1:${#line}-2} file='' find='' replace='' named='' ;;
        'file: '*) file=${line#file: } ;;
        'find: '*) find=${line#find: } ;;
        'replace: '*) replace=${line#replace: } ;;
        'replace:') replace='' ;;
        'tests: '*) named=${line#tests: } ;;
        *) die "$list: cannot read '$line'" ;;
    esac
done <"$list"
add_block
n=${#ids[@]}
((n > 0)) || die "no mutant matches '${filter}'"

# --- the scratch copy: tracked and new files, copied only where they differ (so the build stays
# incremental between runs) -------------------------------------------------------------------
mkdir -p "$src" "$bld"
listed=$(mktemp)
(cd "$repo" && git ls-files -co --exclude-standard -z) >"$listed"
while IFS= read -r -d '' f; do
    [[ -f $repo/$f ]] || continue
    if ! cmp -s "$repo/$f" "$src/$f"; then
        mkdir -p "$src/$(dirname "$f")" && cp -p "$repo/$f" "$src/$f"
    fi
done <"$listed"
# A file deleted from the checkout goes from the copy too: CMake globs the folders.
(cd "$src" && find . -path ./build -prune -o -type f -printf '%P\0') |
    while IFS= read -r -d '' f; do
        grep -qzxF -- "$f" "$listed" || rm -f "$src/$f"
    done
rm -f "$listed"
cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null || die "cmake failed"

# The targets behind ctest names (engine.test_x -> test_x), and the CLI when a front end's test runs it.
targets_of() {
    local t out=()
    for t in $1; do
        out+=("${t#*.}")
        [[ $t == engine.* ]] || out+=(sfpbench)
    done
    printf '%s\n' "${out[@]}" | sort -u | tr '\n' ' '
}
regex_of() { echo "^($(echo "$1" | tr ' ' '|' | sed 's/\./\\./g'))\$"; }

build() { cmake --build "$bld" -j "$jobs" --target $1 >"$work/build.log" 2>&1; }
# 0 when every named test passed; the count of ctest's tests must be the count named.
run_tests() {
    local want got
    want=$(echo "$1" | wc -w)
    ctest --test-dir "$bld" -R "$(regex_of "$1")" --timeout 600 >"$work/ctest.log" 2>&1
    local rc=$?
    got=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#' "$work/ctest.log")
    [[ $got == "$want" ]] || die "'$1' names $want test(s), ctest found $got (see $work/ctest.log)"
    return $rc
}

# --- baseline: every named test passes unmutated ------------------------------------------------
all_tests=$(printf '%s\n' "${tests[@]}" | tr ' ' '\n' | sort -u | tr '\n' ' ')
echo "mutants: building and running the $(echo "$all_tests" | wc -w) named test(s) unmutated"
build "$(targets_of "$all_tests")" || die "the unmutated tree does not build (see $work/build.log)"
run_tests "$all_tests" || die "a named test fails unmutated (see $work/ctest.log)"

# --- each mutant alone --------------------------------------------------------------------------
caught=0 survived=()
for ((i = 0; i < n; i++)); do
    path="$src/${files[i]}"
    [[ -f $path ]] || die "[${ids[i]}] ${files[i]}: no such file"
    original=$(cat "$path"; printf x)
    original=${original%x}
    rest=${original//"${finds[i]}"/}
    count=$(((${#original} - ${#rest}) / ${#finds[i]}))
    ((count == 1)) || die "[${ids[i]}] '${finds[i]}' occurs $count times in ${files[i]} (re-point it)"
    printf '%s' "${original/"${finds[i]}"/"${replaces[i]}"}" >"$path"
    verdict=caught
    if ! build "$(targets_of "${tests[i]}")"; then
        printf '%s' "$original" >"$path"
        die "[${ids[i]}] does not build (see $work/build.log)"
    fi
    for ((r = 0; r < runs; r++)); do
        if run_tests "${tests[i]}"; then verdict=survived; break; fi
    done
    printf '%s' "$original" >"$path"  # a fresh mtime: the next build compiles it back
    printf '%-9s %-40s %s\n' "$verdict" "[${ids[i]}]" "${tests[i]}"
    if [[ $verdict == caught ]]; then caught=$((caught + 1)); else survived+=("${ids[i]}"); fi
done
build "$(targets_of "$all_tests")" >/dev/null 2>&1 || true  # leave the scratch build unmutated

echo "mutants: $caught caught, ${#survived[@]} survived of $n"
((${#survived[@]} == 0)) || { echo "survived: ${survived[*]}"; exit 1; }
