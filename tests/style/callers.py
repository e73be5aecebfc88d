#!/usr/bin/env python3
"""Lists every function defined in the given sources that nothing calls or names, and exits 1 if
there is one; exits 2 on bad usage. Usage: callers.py [--allow FILE] [--refs DIR]... SOURCE_DIR...

A function is found where function_length.py finds one (a body outside any function) and named
by the identifier before its parameter list. Its callers are looked for in the same sources and
in every --refs folder: each other place its name stands as a word (a call, a pointer taken, a
virtual called through its base) counts; its own definitions and declarations do not. A name
declared `override` is exempt (its base's caller calls it), as are constructors, destructors,
operators and lambdas. The allow-list holds the names of true entry points, one a line, each
with a comment saying who calls it; `#` starts a comment."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from function_length import ACCESS, LAMBDA, TRAILER, _strip_initializers, blank, scan, sources  # noqa: E402

WORD = re.compile(r"[A-Za-z_]\w*")
KEYWORDS = {"if", "for", "while", "switch", "catch", "return", "sizeof", "alignof", "decltype", "static_assert",
            "Q_OBJECT", "Q_PROPERTY", "Q_DECLARE_METATYPE", "Q_ENUM", "defined"}


def declared_name(head):
    """The function a head declares or defines, or None (a constructor, operator, lambda, variable)."""
    h = ACCESS.sub("", head.strip())
    if LAMBDA.search(h) and "(" not in h.split("[")[0]:
        return None
    h = _strip_initializers(h).rstrip()
    h = re.sub(r"\s*=\s*(0|default|delete)\s*$", "", h)
    h = TRAILER.sub("", h) if TRAILER.search(h) else h
    if not h.endswith(")") or "(" not in h:
        return None
    before = h.split("(")[0].rstrip()
    if "=" in before or re.search(r"\boperator\b", before) or before.endswith(("~", ">")):
        return None
    m = re.search(r"(?:(\w+)\s*::\s*)?(~?)(\w+)$", before)
    if not m or m.group(2) or m.group(3) in KEYWORDS:
        return None
    name = m.group(3)
    words = WORD.findall(before)
    if m.group(1) == name or len(words) < 2:  # a constructor, or a call/macro with no return type
        return None
    return name


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def uncalled(definition_dirs, reference_dirs, allowed):
    counts = {}  # every word in every source
    named = {}  # a name -> times it is declared or defined
    defined = {}  # a name -> its first definition, "path:line"
    exempt = set(allowed)
    for path in sources(definition_dirs + reference_dirs):
        text = read(path)
        code = blank(text)
        # A macro's body calls too: counted with its `#define` kept as code.
        for w in WORD.findall(blank(re.sub(r"^(\s*)#(\s*define\b)", r"\1 \2", text, flags=re.M))):
            counts[w] = counts.get(w, 0) + 1
        for kind, start, _, head in scan(code):
            name = declared_name(head)
            if not name:
                continue
            named[name] = named.get(name, 0) + 1
            if re.search(r"\boverride\b", head):
                exempt.add(name)
            if kind == "body" and path.startswith(tuple(definition_dirs)):
                defined.setdefault(name, f"{path}:{start}")
    return sorted((where, name) for name, where in defined.items()
                  if name not in exempt and counts.get(name, 0) <= named[name])


def allow_list(path):
    names = set()
    for line in read(path).splitlines():
        line = line.split("#")[0].strip()
        if line:
            names.add(line)
    return names


def main(argv):
    args, allowed, refs = argv[1:], set(), []
    while args[:1] in (["--allow"], ["--refs"]):
        if len(args) < 2:
            print(f"callers.py: {args[0]} wants a path", file=sys.stderr)
            return 2
        try:
            allowed |= allow_list(args[1]) if args[0] == "--allow" else set()
        except OSError as e:
            print(f"callers.py: cannot read {args[1]}: {e.strerror}", file=sys.stderr)
            return 2
        refs += [args[1]] if args[0] == "--refs" else []
        args = args[2:]
    if not args or any(not os.path.isdir(p) for p in args + refs):
        print(__doc__.splitlines()[0] if not args else "callers.py: not a folder: " +
              " ".join(p for p in args + refs if not os.path.isdir(p)), file=sys.stderr)
        return 2
    found = uncalled(args, refs, allowed)
    for where, name in found:
        print(f"{where}: {name} is defined but nothing calls it")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
