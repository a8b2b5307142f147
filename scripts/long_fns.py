#!/usr/bin/env python3
"""List every Rust function in src/ longer than a limit (default 120 lines).

A function's length is counted from the line holding `fn name` to the line
holding its closing brace, both included (doc comments and attributes are not
counted). Strings, chars, lifetimes and comments are skipped when matching
braces, so a `{` inside a format string does not end or open a body.

Usage: scripts/long_fns.py [--limit N] [--all] [paths...]
Exit status 1 when a function is over the limit (so CI can run it).
"""
import argparse
import os
import re
import signal
import sys

FN_RE = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def mask(src):
    """Return src with comments, strings and char literals replaced by spaces
    (newlines kept), so that braces and `fn` only match in code."""
    out = list(src)
    i, n = 0, len(src)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.match(r'b?r(#*)"', src[i:i + 300])) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            close = '"' + m.group(1)
            j = src.find(close, i + m.end())
            j = n if j < 0 else j + len(close)
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{..}', '{') or a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i:i + 12])
            if m:
                blank(i, i + m.end())
                i += m.end()
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def functions(path):
    """Yield (name, first_line, last_line) for each fn with a body in path."""
    with open(path, encoding="utf-8") as f:
        code = mask(f.read())
    line_starts = [0]
    for k, ch in enumerate(code):
        if ch == "\n":
            line_starts.append(k + 1)

    def line_of(pos):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    for m in FN_RE.finditer(code):
        # The body starts at the first `{` at bracket depth 0 after the
        # signature; a `;` first means a declaration without a body.
        j, depth, n = m.end(), 0, len(code)
        while j < n:
            ch = code[j]
            if ch in "([<":
                depth += 1
            elif ch in ")]>":
                # `->` is not a closing angle bracket.
                if not (ch == ">" and code[j - 1] == "-"):
                    depth -= 1
            elif ch == ";" and depth <= 0:
                j = n
                break
            elif ch == "{" and depth <= 0:
                break
            j += 1
        if j >= n:
            continue
        body_open, level = j, 0
        while j < n:
            if code[j] == "{":
                level += 1
            elif code[j] == "}":
                level -= 1
                if level == 0:
                    break
            j += 1
        yield m.group(1), line_of(m.start()), line_of(j)


def rust_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, files in os.walk(p):
            for name in sorted(files):
                if name.endswith(".rs"):
                    yield os.path.join(root, name)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=120)
    ap.add_argument("--all", action="store_true", help="list every function")
    ap.add_argument("paths", nargs="*", default=["src"])
    args = ap.parse_args()
    rows = []
    for path in rust_files(args.paths):
        for name, first, last in functions(path):
            rows.append((last - first + 1, path, first, name))
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    over = [r for r in rows if r[0] > args.limit]
    for length, path, first, name in rows if args.all else over:
        print(f"{length:5}  {path}:{first}  {name}")
    print(f"{len(over)} of {len(rows)} functions over {args.limit} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
