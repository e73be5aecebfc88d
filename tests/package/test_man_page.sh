#!/usr/bin/env bash
# sfpbench(1) as built: it renders with no warning from groff or man, and it names every command
# (as `sfpbench --help` lists them), every option of each (as `sfpbench COMMAND --help` lists them),
# every registered strategy under its algorithm (as `sfpbench strategies` lists them), the exit
# codes, and in its examples only options the commands take.
set -euo pipefail
sfpbench=$1 page=$2
. "$(dirname "$0")/lib.sh"
[[ -s $page ]] || fail "$page is missing or empty"

warnings=$(groff -ww -man -Tutf8 -z "$page" 2>&1)
[[ -z $warnings ]] || fail "groff -ww warns about $page: $warnings"
warnings=$(MANWIDTH=80 man --warnings=w -l "$page" 2>&1 >/dev/null)
[[ -z $warnings ]] || fail "man -l warns about $page: $warnings"
text=$(groff -man -Tutf8 -P-cbou "$page")  # plain text: no bold or underline

# The lines of section $1 (a heading at column 0), or of its subsection $2 (indented 3).
section() {
    awk -v sh="$1" -v ss="${2:-}" '
        /^[A-Z]/ { in_sh = ($0 == sh); in_ss = 0; next }
        in_sh && /^   [^ ]/ { in_ss = ($0 == "   " ss); if (ss != "") next }
        in_sh && (ss == "" || in_ss)' <<<"$text"
}

for heading in NAME SYNOPSIS DESCRIPTION COMMANDS STRATEGIES "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
    grep -qx "$heading" <<<"$text" || fail "no section $heading"
done

commands=$(commands_of "$sfpbench")
(($(wc -l <<<"$commands") >= 10)) || fail "sfpbench --help lists only: $commands"
for command in $commands; do
    body=$(section COMMANDS "$command")
    [[ -n $body ]] || fail "no subsection for command $command"
    grep -q "sfpbench $command \[options\]" <<<"$body" || fail "$command: no synopsis line"
    grep -qE "^       $command( |$)" <<<"$(section DESCRIPTION)" || fail "$command is not in the list of commands"
    for option in $(options_of "$sfpbench" "$command"); do
        grep -qE -- "^       (-[a-zA-Z], )?$option( |$)" <<<"$body" || fail "$command: option $option is not described"
    done
done

strategies=$(strategies_of "$sfpbench")
(($(wc -l <<<"$strategies") >= 20)) || fail "sfpbench strategies lists only: $strategies"
while read -r algorithm strategy; do
    grep -qE -- "^       $strategy( |$)" <<<"$(section STRATEGIES "$algorithm")" ||
        fail "strategy $strategy is not under $algorithm in STRATEGIES"
done <<<"$strategies"

for code in 0 1 2 130; do
    grep -qE "^       $code( |$)" <<<"$(section "EXIT STATUS")" || fail "exit status $code is not described"
done

# Every option an example gives is one its command takes.
while read -r command rest; do
    for option in $(grep -oE -- '--[a-z][a-z-]*' <<<"$rest" || true); do
        options_of "$sfpbench" "$command" | grep -x -- "$option" >/dev/null || fail "example: $command has no $option"
    done
done < <(section EXAMPLES | sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' | sed -nE 's/^ +sfpbench ([a-z]+)(.*)$/\1 \2/p')
echo "ok: $(wc -w <<<"$commands") commands, $(wc -l <<<"$strategies") strategies"
