# Shared by the package tests: failing with a message, and the lists the tests check against, read
# from the program as a user would see them (its --help and `strategies`), not from the generator.

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# The commands `sfpbench --help` lists.
commands_of() { "$1" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }'; }

# The long options `sfpbench COMMAND --help` lists (Qt's "Options:" block), without --help.
options_of() {
    "$1" "$2" --help | awk '/^Options:/ { on = 1; next } /^Arguments:/ { on = 0 } on' |
        grep -oE '^ +(-[a-zA-Z], )?--[a-z][a-z0-9_-]*' | grep -oE -- '--[a-z][a-z0-9_-]*' | grep -vx -- --help
}

# "algorithm strategy" per registered strategy, from `sfpbench strategies`.
strategies_of() { "$1" strategies | awk '{ print $1, $2 }'; }

# The words in $2 (one a line) are exactly those in $3 (separated by blanks or lines), in any
# order; $1 says what they are.
same_set() {
    local got want
    got=$(printf '%s\n' "$2" | sed '/^$/d' | sort)
    want=$(printf '%s\n' $3 | sort)
    [[ $got == "$want" ]] || fail "$1: got [$(echo $got)], expected [$(echo $want)]"
}
