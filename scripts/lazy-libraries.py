#!/usr/bin/env python3
"""Writes Sources/CLazyLibraries' stubs for the C libraries that only some commands need: one stub
per function the program calls, which jumps through a table that the first call fills with dlopen
and dlsym. The libraries come in groups, each loaded whole at the first call into any of its
functions: cairo, Pango and what they stand on (only drawing needs them), SQLite (the entitlement
store) and OpenSSL's libcrypto (signature checks and digests). A command that
needs neither (--version, validate) then binds none of them: the dynamic loader binds every
function a library imports when it loads it, which was most of a start-up.

Run it when the program calls a function of these libraries it did not call before: the link
then fails with `undefined reference to cairo_...`, as nothing links the libraries themselves.
The object files of that failed build are enough:
    swift build --build-tests; scripts/lazy-libraries.py [BUILD_DIR]
BUILD_DIR is where the object files are (default .build/debug). Needs nm and ldconfig.
"""
import os
import subprocess
import sys

# The libraries by soname, in groups loaded together, each with what needs it (for the error
# when one is missing): a soname is the library's ABI, the same on Debian 12 and 13 and Ubuntu
# 24.04. The order of the groups is the order of lazy.c's loaders.
GROUPS = [
    ("drawing", [
        "libcairo.so.2",
        "libpangocairo-1.0.so.0",
        "libpangoft2-1.0.so.0",
        "libpango-1.0.so.0",
        "libgobject-2.0.so.0",
        "libglib-2.0.so.0",
        "libfontconfig.so.1",
        "libfreetype.so.6",
        "libharfbuzz.so.0",
        "libfribidi.so.0",
    ]),
    ("the entitlement store", ["libsqlite3.so.0"]),
    ("checking signatures and digests", ["libcrypto.so.3"]),
]
LIBRARIES = [soname for _, sonames in GROUPS for soname in sonames]
LIBRARY_GROUPS = [group for group, (_, sonames) in enumerate(GROUPS) for _ in sonames]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "CLazyLibraries")


def library_path(soname):
    listing = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        name, _, path = line.strip().partition(" => ")
        if name.split(" ")[0] == soname:
            return path
    sys.exit(f"lazy-libraries: {soname} not found (ldconfig -p)")


def exported_functions(path):
    out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    functions = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "W", "i"):
            functions.add(parts[2].split("@")[0])
    return functions


def used_symbols(build_dir):
    objects = []
    for directory, _, files in os.walk(build_dir):
        # The program's own objects and the tests': what any binary of the package calls.
        if "CLazyLibraries" in directory:
            continue
        objects += [os.path.join(directory, f) for f in files if f.endswith(".o")]
    if not objects:
        sys.exit(f"lazy-libraries: no object files under {build_dir} (swift build first)")
    used = set()
    for start in range(0, len(objects), 200):
        out = subprocess.run(["nm", "-u", *objects[start:start + 200]], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == "U":
                used.add(parts[1])
    return used


def main():
    build_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug")
    used = used_symbols(build_dir)
    symbols = []  # (name, library index), each name once, at the first library that has it
    seen = set()
    for index, soname in enumerate(LIBRARIES):
        for name in sorted(exported_functions(library_path(soname)) & used):
            if name not in seen:
                seen.add(name)
                symbols.append((name, index))
    symbols.sort()
    header = "/* Written by scripts/lazy-libraries.py: do not edit. */\n"
    with open(os.path.join(OUT, "symbols.c"), "w") as f:
        f.write(header)
        f.write('#include "lazy.h"\n\n')
        # The libraries in the script's order, named once there: one line here.
        f.write("const char *const ccl_libraries[CCL_LIBRARIES] = {")
        f.write(", ".join(f'"{s}"' for s in LIBRARIES))
        f.write("};\n\nconst unsigned char ccl_library_groups[CCL_LIBRARIES] = {")
        f.write(", ".join(str(g) for g in LIBRARY_GROUPS))
        f.write("};\n\nconst char *const ccl_group_needs[CCL_GROUPS] = {")
        f.write(", ".join(f'"{purpose}"' for purpose, _ in GROUPS))
        f.write("};\n\nconst struct ccl_symbol ccl_symbols[CCL_SYMBOLS] = {\n")
        f.writelines(f'    {{"{name}", {lib}}},\n' for name, lib in symbols)
        f.write("};\n")
    with open(os.path.join(OUT, "include", "lazy_count.h"), "w") as f:
        f.write(header)
        f.write(f"#define CCL_GROUPS {len(GROUPS)}\n#define CCL_LIBRARIES {len(LIBRARIES)}\n")
        f.write(f"#define CCL_SYMBOLS {len(symbols)}\n")
    with open(os.path.join(OUT, "stubs.c"), "w") as f:
        f.write(header)
        f.write('#include "stub_macros.h"\n\n__asm__(CCL_TABLE_BEGIN\n')
        f.writelines(f"        CCL_TABLE_ENTRY({i})\n" for i in range(len(symbols)))
        f.write("        CCL_TABLE_END);\n\n")
        f.writelines(f"CCL_STUB({name}, {i})\n" for i, (name, _) in enumerate(symbols))
    print(f"lazy-libraries: {len(symbols)} functions of {len(LIBRARIES)} libraries in {len(GROUPS)} groups")


main()
