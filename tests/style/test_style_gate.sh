#!/bin/bash
# The style gate fails on what it is meant to catch: planted sources in a scratch folder.
# Usage: test_style_gate.sh ROOT length|format|callers
set -u
root=${1:?usage: test_style_gate.sh ROOT length|format|callers}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d) || exit 2
trap 'rm -rf "$scratch"' EXIT
failed=0
expect() {  # expect RC WHAT COMMAND...: the command exits RC
    local want=$1 what=$2; shift 2
    "$@" >"$scratch/out" 2>&1
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: exit $got, expected $want"; sed 's/^/    /' "$scratch/out"; failed=1
    else
        echo "ok: $what"
    fi
}
# A function whose body (brace line to brace line) is LINES lines long.
function_of() {  # function_of NAME LINES [HEAD]
    printf '%s {\n' "${3:-int $1(int x)}"
    for ((i = 2; i < $2; ++i)); do printf '    x += %d;\n' "$i"; done
    printf '}\n'
}

case ${2:-} in
length)
    length="python3 $here/function_length.py"
    function_of f 79 >"$scratch/f79.cpp"
    expect 0 "a 79-line function passes" $length "$scratch/f79.cpp"
    function_of f 80 >"$scratch/f80.cpp"
    expect 0 "an 80-line function passes" $length "$scratch/f80.cpp"
    function_of f 81 >"$scratch/f81.cpp"
    expect 1 "an 81-line function fails" $length "$scratch/f81.cpp"
    function_of f 100 >"$scratch/f100.cpp"
    expect 1 "a planted 100-line function fails" $length "$scratch/f100.cpp"
    # Functions in the shapes the sources hold: a member in a class in a namespace, a
    # constructor with initializers, a const member with a trailing return type, a lambda at
    # namespace scope, an operator, a test slot.
    { echo 'namespace a {'; echo 'class C {'; echo 'public:'; function_of m 100 '    void m(int x) const override'
      echo '};'; echo '}'; } >"$scratch/member.cpp"
    expect 1 "a 100-line member function in a class fails" $length "$scratch/member.cpp"
    function_of c 100 'C::C(int x) : base_(x), v_{1, 2}, w_(f(x))' >"$scratch/ctor.cpp"
    expect 1 "a 100-line constructor with initializers fails" $length "$scratch/ctor.cpp"
    function_of t 100 'auto C::t(int x) const -> std::vector<int>' >"$scratch/trailing.cpp"
    expect 1 "a 100-line function with a trailing return type fails" $length "$scratch/trailing.cpp"
    function_of l 100 'const auto l = [](int x) noexcept' >"$scratch/lambda.cpp"
    expect 1 "a 100-line lambda at namespace scope fails" $length "$scratch/lambda.cpp"
    function_of o 100 'bool operator==(const C& x, const C& y)' >"$scratch/operator.cpp"
    expect 1 "a 100-line operator fails" $length "$scratch/operator.cpp"
    # Braces in comments, strings, raw strings and characters do not count; neither do the
    # blocks inside a function, nor a class, nor a long table.
    { echo 'int g(int x) {'; echo '    // }}} {'; echo '    const char* s = "}}}";'; echo "    char c = '}';"
      echo '    const char* r = R"x(}})x";'; echo '    /* } */'
      for ((i = 0; i < 50; ++i)); do echo '    if (x) { x++; }'; done; echo '}'
      function_of h 30; } >"$scratch/braces.cpp"
    expect 0 "braces in comments and literals, and blocks, keep a 57-line function at 57" $length "$scratch/braces.cpp"
    { echo 'struct Big {'; for ((i = 0; i < 100; ++i)); do echo "    int f$i() { return $i; }"; done; echo '};'
      echo 'const int table[] = {'; for ((i = 0; i < 100; ++i)); do echo "    $i,"; done; echo '};'; } >"$scratch/class.cpp"
    expect 0 "a 102-line class of short functions and a 102-line table pass" $length "$scratch/class.cpp"
    { echo 'int w(int x) {'; echo '    auto k = [&](int y) {'; for ((i = 0; i < 100; ++i)); do echo '        y++;'; done
      echo '        return y;'; echo '    };'; echo '    return k(x);'; echo '}'; } >"$scratch/inner.cpp"
    expect 1 "a function holding a 100-line lambda fails" $length "$scratch/inner.cpp"
    ;;
format)
    export SFPBENCH_STYLE_FORMAT=1
    cp "$root/.clang-format" "$scratch/.clang-format"
    mkdir -p "$scratch/engine" "$scratch/app" "$scratch/tests" "$scratch/bench"
    printf 'int f(int x) {\n    x += 1;\n    return x * 2;\n}\n' >"$scratch/engine/ok.cpp"
    expect 0 "a formatted source passes" bash "$here/check_format.sh" "$scratch" engine/ok.cpp
    printf 'int f(int x) {\n    return %s;\n}\n' "$(printf 'x + %.0s' $(seq 47))x" >"$scratch/app/long.cpp"
    length=$(awk '{ if (length($0) > n) n = length($0) } END { print n }' "$scratch/app/long.cpp")
    [ "$length" -ge 195 ] || { echo "FAIL: the planted line is $length characters, not about 200"; exit 1; }
    expect 1 "a planted $length-character line fails" bash "$here/check_format.sh" "$scratch" app/long.cpp
    printf 'int  f(int x){ return x+1; }\n' >"$scratch/tests/messy.cpp"
    expect 1 "a source clang-format would respace fails" bash "$here/check_format.sh" "$scratch" tests/messy.cpp
    expect 1 "the whole scratch tree fails" bash "$here/check_format.sh" "$scratch"
    unset SFPBENCH_STYLE_FORMAT
    expect 77 "with the check off it skips" bash "$here/check_format.sh" "$scratch" app/long.cpp
    ;;
callers)
    callers="python3 $here/callers.py"
    mkdir -p "$scratch/src" "$scratch/tests"
    printf 'int used(int x);\nint used(int x) { return x + 1; }\nint entry() { return used(1); }\n' >"$scratch/src/a.cpp"
    printf 'entry  # called from outside the scanned sources\n' >"$scratch/allow.txt"
    expect 0 "functions that are called (or allowed) pass" $callers --allow "$scratch/allow.txt" "$scratch/src"
    expect 1 "an entry point not on the allow-list fails" $callers "$scratch/src"
    printf 'int planted(int x);\nint planted(int x) { return x * 2; }\n' >"$scratch/src/planted.cpp"
    expect 1 "a planted function with no caller fails" $callers --allow "$scratch/allow.txt" "$scratch/src"
    $callers --allow "$scratch/allow.txt" "$scratch/src" | grep -q 'planted.cpp:2: planted ' \
        || { echo "FAIL: the planted function is not named with its place"; failed=1; }
    printf 'int test_seam() { return planted(2); }\n' >"$scratch/tests/t.cpp"
    printf 'test_seam  # the test runner calls it\n' >>"$scratch/allow.txt"
    expect 0 "a caller in a --refs folder counts" $callers --allow "$scratch/allow.txt" --refs "$scratch/tests" \
        "$scratch/src"
    { echo 'struct B { virtual int v() = 0; };'; echo 'struct D : B {'; echo '    int v() override { return 1; }'
      echo '    int m() const { return 2; }'; echo '};'; echo 'namespace n {'; echo 'class C {'; echo 'public:'
      echo '    void s();'; echo '};'; echo 'void C::s() {}'; echo '}'; echo '#define CALL(x) x.s()'
      echo 'int q(D& d) { return d.m(); }'; } >"$scratch/src/shapes.cpp"
    printf 'q  # the scratch tree calls nothing\n' >>"$scratch/allow.txt"
    expect 0 "an override, a called member and a method called only in a macro pass" \
        $callers --allow "$scratch/allow.txt" --refs "$scratch/tests" "$scratch/src"
    { echo 'namespace n {'; echo 'void C2::dead_method() {}'; echo '}'; } >"$scratch/src/method.cpp"
    expect 1 "a method with no caller fails" $callers --allow "$scratch/allow.txt" --refs "$scratch/tests" "$scratch/src"
    grep -q 'method.cpp:2: dead_method ' "$scratch/out" || { echo "FAIL: the dead method is not named"; failed=1; }
    expect 2 "a missing folder is bad usage" $callers "$scratch/nowhere"
    ;;
*) echo "usage: test_style_gate.sh ROOT length|format|callers" >&2; exit 2 ;;
esac
exit $failed
