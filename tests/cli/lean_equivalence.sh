#!/bin/bash
# The lean sfpbench against sfpbench-full (issue 38): every command line below runs through both,
# each in a scratch directory of its own holding the same files, and must give the same standard
# output, exit code, standard error (the timing line's numbers aside) and files written.
#   lean_equivalence.sh BUILD_BIN_DIR
# LEAN lines must be run by the lean program itself: they are run with a copy of sfpbench alone in
# a directory, where a hand-over would fail. HANDED lines must be handed to sfpbench-full: that copy
# must say it cannot run sfpbench-full for them.
set -u
bin=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/alone" && cp "$bin/sfpbench" "$scratch/alone/sfpbench"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

make_files() {  # the inputs every command line may name
    mkdir -p "$1/tree/sub" && cd "$1" || exit 2
    head -c 4096 /dev/urandom > a.bin && cp a.bin b.bin
    cp a.bin d.bin && printf 'Z' | dd of=d.bin bs=1 seek=4095 conv=notrunc status=none  # differs in the last byte
    : > empty.bin && printf 'x' > one.bin && printf 'y' > one2.bin
    head -c 300000 /dev/urandom > odd.bin && cp odd.bin odd2.bin  # not a multiple of any block
    printf '\0' | dd of=odd2.bin bs=1 seek=299999 conv=notrunc status=none
    printf 'one two\nthree  four five\n\tsix' > words.txt
    cp words.txt tree/w1 && cp a.bin tree/sub/a && : > tree/sub/empty
}
make_files "$scratch/files" >/dev/null

# Runs `program args...` in a fresh copy of the files; leaves out, err, code and the tree in $2.
run_in() {
    local where=$1 program=$2
    shift 2
    rm -rf "$where" && cp -a "$scratch/files" "$where"
    (cd "$where" && "$program" "$@" > "$where.out" 2> "$where.err"; echo $? > "$where.code")
    local timing='^real [0-9.]+s  cpu [0-9.]+s  (user [0-9.]+s  sys [0-9.]+s|user/sys split not resolved)  [0-9.]+ MB/s$'
    sed -i -E -e "s#$timing#real TIMING#" \
        -e 's/^listing [0-9.]+s  processing [0-9.]+s$/listing TIMING/' \
        -e '/^sfpbench: note: disturbed by other load: /d' "$where.err"  # the machine's load, like the timing
    # Measured figures; steal over a run shorter than the kernel's tick is unknown (null).
    case " $* " in *" --json "*) sed -i -E -e 's/[0-9][0-9.e+-]*/N/g' -e 's/"steal_pct": null/"steal_pct": N/' "$where.out" ;; esac
}

same() {  # LINE...: sfpbench and sfpbench-full give the same
    run_in "$scratch/lean" "$bin/sfpbench" "$@"
    run_in "$scratch/full" "$bin/sfpbench-full" "$@"
    local what
    for what in out err code; do
        cmp -s "$scratch/lean.$what" "$scratch/full.$what" ||
            fail "sfpbench $* -- $what differs: $(diff "$scratch/lean.$what" "$scratch/full.$what" | head -5)"
    done
    diff -r "$scratch/lean" "$scratch/full" > /dev/null || fail "sfpbench $* -- the files written differ"
}

lean() {  # the lean program runs LINE itself, and as sfpbench-full does
    run_in "$scratch/alone-run" "$scratch/alone/sfpbench" "$@"
    grep -q "cannot run sfpbench-full" "$scratch/alone-run.err" && fail "sfpbench $* was handed over, not run lean"
    same "$@"
}

handed() {  # the lean program hands LINE over, and sfpbench-full's answer reaches the user
    run_in "$scratch/alone-run" "$scratch/alone/sfpbench" "$@"
    grep -q "cannot run sfpbench-full" "$scratch/alone-run.err" || fail "sfpbench $* was run lean, not handed over"
    same "$@"
}

lean compare a.bin b.bin
lean compare a.bin d.bin
lean compare empty.bin empty.bin
lean compare one.bin one2.bin
lean compare empty.bin one.bin
lean compare odd.bin odd2.bin
lean compare odd.bin odd.bin --strategy mmap-mt
lean compare --strategy pread-mt --block 4K --threads 2 odd.bin odd2.bin
lean compare --max-mismatches=3 a.bin d.bin
lean compare a.bin missing.bin
lean compare tree a.bin
lean cipher a.bin out.bin --shift 3
lean cipher a.bin out.bin --shift -3 --plain
lean cipher --shift=255 --digest odd.bin out.bin
lean cipher empty.bin out.bin --shift 1 --digest
lean cipher one.bin out.bin --shift 1 --transform letters
lean cipher words.txt out.bin --transform widen
lean cipher odd.bin out.bin --shift 7 --strategy mmap-mt --block 64K --threads 2 --digest
lean cipher a.bin b.bin --shift 1 --output-exists
lean cipher a.bin a.bin --shift 1 --in-place
lean cipher a.bin a.bin --shift 1
lean cipher missing.bin out.bin --shift 3
lean wordcount words.txt
lean wordcount a.bin one.bin empty.bin odd.bin words.txt
lean wordcount --histogram words.txt
lean wordcount --strategy wc --block 4K odd.bin
lean wordcount --separators ' ,' words.txt
lean wordcount words.txt missing.bin
lean iterate tree
lean iterate --list --strategy alpha tree
lean iterate --scope 1K --threads 2 tree
lean iterate missing
lean iterate tree tree

handed
handed --version
handed compare --help
handed compare --json a.bin b.bin
handed compare a.bin
handed compare a.bin b.bin c.bin
handed compare a.bin b.bin --block 0
handed compare a.bin b.bin --block 4Q
handed compare a.bin b.bin --strategy nosuch
handed compare a.bin b.bin --max-mismatches 0
handed compare a.bin b.bin --bogus
handed compare a.bin b.bin --block 4K --block 8K
handed compare a.bin b.bin --threads
handed compare -h a.bin b.bin
handed compare -- a.bin b.bin
handed cipher a.bin out.bin
handed cipher a.bin
handed cipher a.bin out.bin --shift 300
handed cipher a.bin out.bin --shift 1 --fast --plain
handed cipher a.bin out.bin --shift 1 --digest=yes
handed cipher a.bin out.bin --shift 1 --output-exists --in-place
handed wordcount --histogram --strategy wc words.txt
handed wordcount
handed iterate
handed strategies
handed generate random g.bin --size 4K

[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all command lines gave the same through sfpbench and sfpbench-full"
