#!/usr/bin/env bash
# The bash completion as built, sourced into a plain bash (no bash-completion package) and driven
# as bash drives it: COMP_WORDS, COMP_CWORD, then the function `complete -p sfpbench` names. What
# it offers is checked against the program's own --help and `sfpbench strategies`.
set -euo pipefail
sfpbench=$(realpath "$1") script=$(realpath "$2")
. "$(dirname "$0")/lib.sh"
[[ -s $script ]] || fail "$script is missing or empty"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sfpbench-completion.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# The completions of the words given (the last one is the word being completed), one a line,
# computed in $scratch.
complete_words() {
    (cd "$scratch" && bash --norc --noprofile -c '
        script=$1; shift
        . "$script"
        spec=$(complete -p sfpbench) || exit 3
        function=$(sed -nE "s/.* -F ([^ ]+) .*/\1/p" <<<"$spec")
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        "$function" sfpbench "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}"' _ "$script" "$@")
}
expect() {  # expect "what" "expected words" word...
    local what=$1 want=$2
    shift 2
    same_set "$what" "$(complete_words "$@")" "$want"
}

commands=$(commands_of "$sfpbench")
strategies=$(strategies_of "$sfpbench")
algorithms=$(awk '{ print $1 }' <<<"$strategies" | sort -u)
of() { awk -v a="$1" '$1 == a { print $2 }' <<<"$strategies"; }
(($(wc -w <<<"$algorithms") >= 4)) || fail "sfpbench strategies lists only: $algorithms"

expect "sfpbench wor<TAB>" "wordcount" sfpbench wor
expect "sfpbench <TAB>" "$commands --help --version" sfpbench ""
expect "sfpbench strategies <TAB>" "$algorithms" sfpbench strategies ""
expect "run --algorithm <TAB>" "$algorithms" sfpbench run --algorithm ""

# Each algorithm that is a command completes --strategy to exactly its registered strategies.
for algorithm in $algorithms; do
    grep -qx "$algorithm" <<<"$commands" || continue
    expect "$algorithm --strategy <TAB>" "$(of "$algorithm")" sfpbench "$algorithm" --strategy ""
done
expect "compare --strategy=<TAB>" "$(of compare)" sfpbench compare --strategy =
expect "compare --strategy=m<TAB>" "$(of compare | grep '^m')" sfpbench compare --strategy = m

# run --strategies: a comma-separated list of the strategies of --algorithm (else run's default).
# (the help wraps: its lines joined first)
default=$("$sfpbench" run --help | tr -s ' \n' ' ' | sed -nE 's/.*--algorithm <name> [^(]*\(default ([a-z]+)\).*/\1/p')
[[ -n $default ]] || fail "no default algorithm in run --help"
expect "run --strategies <TAB>" "$(of "$default")" sfpbench run --strategies ""
for algorithm in $algorithms; do
    expect "run --algorithm $algorithm --strategies <TAB>" "$(of "$algorithm")" \
        sfpbench run --algorithm "$algorithm" --strategies ""
done
first=$(of compare | head -1)
expect "run --strategies $first,m<TAB>" "$(of compare | grep '^m' | sed "s/^/$first,/")" \
    sfpbench run --algorithm compare --strategies "$first,m"

# The options of every command, as its --help lists them.
for command in $commands; do
    expect "$command --<TAB>" "$(options_of "$sfpbench" "$command") --help" sfpbench "$command" --
done

# Values to type get nothing; files and directories where they are meant.
expect "compare --block <TAB>" "" sfpbench compare --block ""
mkdir "$scratch/adir"
touch "$scratch/afile" "$scratch/adir/inner"
expect "compare a<TAB>" "afile adir" sfpbench compare a
expect "compare afile a<TAB> (after a value)" "afile adir" sfpbench compare --block 4K afile a
expect "iterate a<TAB>" "adir" sfpbench iterate a
expect "iterate adir a<TAB> (DIR...)" "adir" sfpbench iterate adir a
expect "compare afile afile a<TAB> (two files only)" "" sfpbench compare afile afile a
expect "strategies <TAB> after an algorithm" "" sfpbench strategies compare ""
expect "run --csv a<TAB>" "afile adir" sfpbench run --csv a
expect "clean --workdir a<TAB>" "adir" sfpbench clean --workdir a
echo "ok: $(wc -w <<<"$commands") commands, $(wc -l <<<"$strategies") strategies"
