#!/usr/bin/env bash
# The README stays a front door and the documentation holds together: README.md has at most 250
# lines; every relative link and image in README.md and docs/*.md names a file that exists, and
# an #anchor a heading of that page, as does a source comment's docs/PAGE.md#anchor; the README carries only the headline of the benchmarks
# (the tables live in docs/bench-*.md), as bench/headline.sh computes it; every marker a bench script publishes to is in its page;
# every file docs/architecture.md names exists.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"
export LC_ALL=C.UTF-8
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

lines=$(wc -l <README.md)
((lines <= 250)) || fail "README.md has $lines lines (at most 250: the reference belongs in docs/)"

# GitHub's anchor of each heading of a Markdown file: lower case, punctuation dropped, spaces to
# hyphens (code blocks skipped: a `# comment` there is no heading).
anchors() {
    awk '/^```/ {code = !code; next} !code && /^#+ / {sub(/^#+ /, ""); print}' "$1" |
        tr '[:upper:]' '[:lower:]' | sed -e 's/[^[:alnum:] _-]//g' -e 's/ /-/g'
}

# Every link target "](target)" outside code blocks, one a line (a title after a space dropped).
links() {
    awk '/^```/ {code = !code; next} !code' "$1" | grep -oE '\]\([^)]+\)' | sed -E 's/^\]\(//; s/\)$//; s/ .*//' || true
}

for page in README.md docs/*.md; do
    dir=$(dirname "$page")
    while IFS= read -r target; do
        case $target in http://* | https://* | mailto:*) continue ;; esac
        file=${target%%#*}
        anchor=${target#"$file"}
        anchor=${anchor#\#}
        path=$dir/$file
        [ -z "$file" ] && path=$page
        [ -e "$path" ] || { fail "$page: link to $target: no file $path"; continue; }
        if [ -n "$anchor" ]; then
            [[ $path == *.md ]] || { fail "$page: link to $target: an anchor in a file that is not Markdown"; continue; }
            anchors "$path" | grep -qxF -- "$anchor" || fail "$page: link to $target: no heading '#$anchor' in $path"
        fi
    done < <(links "$page")
done

# A code comment's pointer to a page section ("docs/findings.md#anchor") names a heading there.
while IFS=: read -r source line target; do
    file=${target%%#*}
    anchor=${target#*#}
    [ -e "$file" ] || { fail "$source:$line: points at $target: no file $file"; continue; }
    anchors "$file" | grep -qxF -- "$anchor" || fail "$source:$line: points at $target: no heading '#$anchor' in $file"
done < <(grep -rnoE 'docs/[a-z0-9-]+\.md#[a-z0-9_-]+' engine app bench --include='*.cpp' --include='*.hpp' \
             --include='*.c' --include='*.h' || true)

# The README holds one block a script writes, the headline; the full tables are docs/bench-*.md.
markers=$(grep -oE '^<!-- bench:[a-z-]+ -->$' README.md | sort -u | tr '\n' ' ')
[ "$markers" = "<!-- bench:headline --> " ] || fail "README.md's bench markers are [$markers], expected only bench:headline"
grep -q '^<!-- /bench:headline -->$' README.md || fail "README.md has no <!-- /bench:headline --> marker"

# The headline is what bench/headline.sh computes from the tables, never typed.
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.tmp"' EXIT
cp README.md "$tmp"
README=$tmp bash bench/headline.sh
cmp -s README.md "$tmp" || fail "README.md's headline is not what bench/headline.sh computes from docs/bench-*.md: $(diff README.md "$tmp" | head -5)"

# Every page a bench script publishes a block to has that block's markers.
while read -r name page; do
    page=${page//\"/}
    page=${page/\$docs/docs}
    if ! grep -q "^<!-- bench:$name -->\$" "$page" || ! grep -q "^<!-- /bench:$name -->\$" "$page"; then
        fail "bench/examples.sh publishes $name to $page, which has no markers for it"
    fi
done < <(grep -ohE 'publish [a-z-]+ "\$docs/[a-z-]+\.md"' bench/*.sh | sed 's/^publish //')

# docs/architecture.md names the files of the shape it draws: every `folder/file.ext` it names in
# code quotes exists (sfp/... under engine/include), so the page cannot drift from the tree.
while IFS= read -r named; do
    [ -e "$named" ] || [ -e "engine/include/$named" ] || fail "docs/architecture.md names $named, which is not in the tree"
done < <(grep -oE '`[A-Za-z0-9_./-]+/[A-Za-z0-9_.-]+\.(cpp|hpp|h|c|sh|md|py|json)`' docs/architecture.md | tr -d '`' | sort -u)

((failures == 0)) || exit 1
echo "ok: README.md $lines lines; links of README.md and $(printf '%s\n' docs/*.md | wc -l) docs pages resolve"
