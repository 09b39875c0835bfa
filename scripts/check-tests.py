#!/usr/bin/env python3
"""Fails on a test that cannot fail: an @Test function that makes no check.

A function "checks" when its body uses #expect, #require or Issue.record, or calls (by name) a
function that checks and that it can see: one in its own file, a non-private one of its own
test target, or one of TestSupport. Every @Test function must check. A test that cannot
run everywhere is marked with a trait (`.enabled(if:)`, `.disabled(...)`) so that it is reported
as skipped; it must not return early and pass. Run by `make lint`.

Usage: scripts/check-tests.py [DIR...]   (default: Tests)
"""
import pathlib
import re
import sys

CHECKS = re.compile(r"#expect\b|#require\b|\bIssue\.record\b")
FUNC = re.compile(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)\s*(<[^>{]*>)?\s*\(")
CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(|\{)")


def code_only(text):
    """The source with comments and string literals blanked (same length, newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i
            i += hashes
            triple = text.startswith('"""', i)
            quote = '"""' if triple else '"'
            i += len(quote)
            close = quote + "#" * hashes
            while i < n and not text.startswith(close, i):
                if text[i] == "\\" and hashes == 0:
                    i += 1
                i += 1
            i = min(n, i + len(close))
            out.append(re.sub(r"[^\n]", " ", text[start:i]))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def body_end(code, open_brace):
    depth = 0
    for k in range(open_brace, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(code)


def functions(path):
    """(name, body, is_test, line) for every function with a body in a file."""
    code = code_only(path.read_text(encoding="utf-8"))
    found = []
    for m in FUNC.finditer(code):
        # The body's brace: the first `{` after the signature's closing parenthesis.
        depth, k = 0, m.end() - 1
        while k < len(code):
            if code[k] == "(":
                depth += 1
            elif code[k] == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        brace = code.find("{", k)
        if brace < 0 or "\n}" in code[k:brace] or re.search(r"\bfunc\b", code[k:brace]):
            continue  # a requirement without a body
        end = body_end(code, brace)
        before = code[: m.start()]
        attributes = before[before.rfind("\n}") + 1 :] if "\n}" in before else before
        # @Test belongs to this function when no other declaration stands between them.
        last_test = attributes.rfind("@Test")
        is_test = last_test >= 0 and not re.search(
            r"\b(func|var|let|struct|class|enum|init)\b", attributes[last_test:]
        )
        line_start = code.rfind("\n", 0, m.start()) + 1
        private = re.search(r"\b(private|fileprivate)\b", code[line_start : m.start()]) is not None
        found.append((m.group(1), code[brace + 1 : end], is_test, code.count("\n", 0, m.start()) + 1, private))
    return found


def target(path):
    """The test target a file belongs to: the folder under Tests/ (or the file's folder)."""
    parts = path.parts
    return parts[parts.index("Tests") + 1] if "Tests" in parts[:-1] else str(path.parent)


def main(dirs):
    everything = []
    for d in dirs:
        for path in sorted(pathlib.Path(d).rglob("*.swift")):
            for name, body, is_test, line, private in functions(path):
                everything.append((path, name, body, is_test, line, private))

    def visible(caller, callee):
        path, _, _, _, _, private = callee
        if path == caller:
            return True
        return not private and target(path) in (target(caller), "TestSupport")

    # The functions (indexes) that check, found until no more are.
    checking = {i for i, e in enumerate(everything) if CHECKS.search(e[2])}
    by_name = {}
    for i, e in enumerate(everything):
        by_name.setdefault(e[1], []).append(i)

    def calls_checking(i):
        path, _, body = everything[i][:3]
        return any(
            j in checking and visible(path, everything[j]) for c in set(CALL.findall(body)) for j in by_name.get(c, [])
        )

    while True:
        more = {i for i in range(len(everything)) if i not in checking and calls_checking(i)}
        if not more:
            break
        checking |= more
    hollow = [(e[0], e[4], e[1]) for i, e in enumerate(everything) if e[3] and i not in checking]
    tests = sum(1 for e in everything if e[3])
    for path, line, name in hollow:
        print(f"{path}:{line}: test {name} makes no check (#expect, #require, Issue.record) and calls nothing that does")
    if hollow:
        return 1
    print(f"check-tests: every one of {tests} test functions checks something")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["Tests"]))
