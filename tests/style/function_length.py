#!/usr/bin/env python3
"""Lists every C/C++ function whose body is longer than a limit (default 80 lines) and exits 1
if there is one; exits 2 on bad usage. Usage: function_length.py [--max N] FILE_OR_DIR...

A body runs from the line of its opening brace to the line of its closing brace. Comments,
string and character literals and preprocessor lines are blanked first, so braces in them do not
count. A brace opens a function body when it is met outside any function (at file, namespace,
class or extern scope, or in an initializer) and what precedes it since the last `;`, `{` or `}`
ends in a parameter list, perhaps followed by qualifiers, a trailing return type or a
constructor's initializers; a lambda anywhere outside a function counts as one too. Lambdas
inside a function count as part of it."""
import os
import re
import sys

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".h", ".hpp")
ACCESS = re.compile(r"^((public|protected|private|signals|Q_SIGNALS)(\s+(slots|Q_SLOTS))?\s*:(?!:)\s*)+")
CONTROL = re.compile(r"\b(if|for|while|switch|catch)\s*\(")
# What may follow a parameter list before the body opens.
TRAILER = re.compile(
    r"(\s*(const|volatile|noexcept|override|final|mutable|constexpr|&&|&|"
    r"noexcept\s*\([^()]*\)|->\s*[\w:<>,\s*&]+))*\s*$")
LAMBDA = re.compile(r"\[[^\[\]]*\]\s*(\([^()]*(\([^()]*\)[^()]*)*\))?" + TRAILER.pattern)


def blank(text):
    """The text with comments, literals and preprocessor lines turned to spaces, newlines kept."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":  # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append(" \n")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            continue
        line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out.append(" ")
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', text[i:i + 20])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = ")" + raw.group(1) + '"'
            end = text.find(close, i + raw.end())
            end = n if end < 0 else end + len(close)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
            continue
        if c in "\"'":
            # A digit separator (1'000) is not a character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum() \
                    and re.match(r"[0-9a-fA-FxXbB']*$", _word_before(text, i)):
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
            continue
        if c == "\n":
            line_start = True
        out.append(c)
        i += 1
    return "".join(out)


def _word_before(text, i):
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "'_"):
        j -= 1
    return text[j:i]


def _strip_initializers(head):
    """A constructor's head without its `: member(...), member{...}` list, when it has one."""
    depth = 0
    for k, ch in enumerate(head):
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        elif ch == ":" and depth == 0 and head[k - 1:k] != ":" and head[k + 1:k + 2] != ":":
            return head[:k]
    return head


def opens_function(head):
    """Whether the text before a brace, met outside any function, opens a function body."""
    h = ACCESS.sub("", head.strip())
    if LAMBDA.search(h):
        return True
    if re.match(r"(template\s*<.*>\s*)?(class|struct|union|enum|namespace|extern)\b", h, re.S):
        return False
    if CONTROL.match(h):
        return False
    h = _strip_initializers(h).rstrip()
    h = TRAILER.sub("", h) if TRAILER.search(h) else h
    name = re.sub(r"\boperator\s*[^\s(]+", "operator", h.split("(")[0])
    return h.endswith(")") and "(" in h and "=" not in name


def scan(code):
    """The functions of blanked code: yields ("body", first line, last line, head) for each body and
    ("declaration", line, line, head) for each statement ending in `;` outside any function."""
    # Each open brace: (is a function body, its line, its head).
    stack = []
    last = 0  # where the current head starts
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            in_function = any(kind for kind, _, _ in stack)
            is_function = not in_function and opens_function(code[last:i])
            head = " ".join(code[last:i].split())
            stack.append((is_function, line, head))
            last = i + 1
        elif c == "}":
            if stack:
                is_function, start, head = stack.pop()
                if is_function:
                    yield "body", start, line, head
            last = i + 1
        elif c == ";":
            if not any(kind for kind, _, _ in stack):
                yield "declaration", line, line, " ".join(code[last:i].split())
            last = i + 1


def long_functions(path, text, limit):
    return [(path, start, end - start + 1, head[-80:])
            for kind, start, end, head in scan(blank(text)) if kind == "body" and end - start + 1 > limit]


def sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(SOURCE_SUFFIXES):
                        yield os.path.join(root, f)
        else:
            yield p


def main(argv):
    limit = 80
    args = argv[1:]
    if args[:1] == ["--max"]:
        if len(args) < 2 or not args[1].isdigit():
            print("function_length.py: --max wants a number of lines", file=sys.stderr)
            return 2
        limit, args = int(args[1]), args[2:]
    if not args:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    found = []
    for path in sources(args):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                found += long_functions(path, f.read(), limit)
        except OSError as e:
            print(f"function_length.py: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
    for path, start, lines, head in found:
        print(f"{path}:{start}: a function of {lines} lines (at most {limit}): {head}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
