#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""spdx.py -- every source, script and build file of u8guard carries the line
`SPDX-License-Identifier: MIT OR Apache-2.0` near its top (see LICENSE).

    python3 ci/spdx.py [--root DIR]          check; exit 1 and list the files
                                             without the line
    python3 ci/spdx.py --fix [--root DIR]    insert the line where it is missing,
                                             in the comment syntax of the file

The files are git's tracked and untracked-but-not-ignored files of DIR (the
repository by default), or, outside a git work tree, every file under DIR
except build*/ folders. Each file is classified by its name:

  checked (comment syntax):
    /* */  C sources and headers (.c .h), linker version scripts (.map)
    //     JavaScript (.js .mjs); the --exec helpers' Go, Rust, Java, C#
           and PHP (.go .rs .java .cs .php; in PHP after the <?php line);
           the world plugins' C++ (.cpp)
    --     Lua (.lua)
    #      Python (.py, .pyi), TOML, shell, CMake (CMakeLists.txt, .cmake, .cmake.in), .pc.in,
           Makefile-like files (Makefile, *.mk, debian/rules), Dockerfile,
           YAML (.yml .yaml .clang-tidy), debian/control and the debhelper
           files (debian/*.install, *.links, *.manpages, *.dirs, *.docs,
           *.lintian-overrides, debian/watch), Perl, Ruby, Tcl (.pl .rb
           .tcl), the world registries and the helpers' expected answers
           (.tsv), any file with a #! line
    .\"    man pages (.1 to .9)
  not checked (data or documentation, or a format that has no comments):
    corpus/seeds/**, corpus/regressions/** (fuzzing and regression inputs),
    .txt .md .json .jsonl .bin .dict .options .abixml .xml, .gitignore,
    LICENSE*, py.typed (an empty marker), debian/changelog,
    debian/copyright, debian/source/*

A file that fits neither list fails the check as "unclassified": a new kind
of file must be added to one of the lists above (and in CLASSES/DATA below).
"""
import argparse
import os
import re
import subprocess
import sys

TAG = "SPDX-License-Identifier: MIT OR Apache-2.0"
HEAD_LINES = 5  # the line must be within the first HEAD_LINES lines

# Comment syntax: (prefix, suffix) of the inserted line.
C_BLOCK = ("/* ", " */")
SLASHES = ("// ", "")
DASHES = ("-- ", "")
HASH = ("# ", "")
ROFF = ('.\\" ', "")

DEBHELPER_SUFFIXES = (".install", ".links", ".manpages", ".dirs", ".docs",
                      ".lintian-overrides", ".examples")


def classify(rel):
    """Returns the comment syntax of the file at repository path rel, the
    string "data" for a file that is not checked, or None (unclassified)."""
    name = os.path.basename(rel)
    parts = rel.split("/")
    if rel.startswith(("corpus/seeds/", "corpus/regressions/")):
        return "data"
    if name.startswith("LICENSE") or name in (".gitignore", "py.typed"):
        return "data"
    if parts[0] == "debian":
        if rel in ("debian/changelog", "debian/copyright") or rel.startswith("debian/source/"):
            return "data"
        if rel in ("debian/rules", "debian/control", "debian/watch") \
                or name.endswith(DEBHELPER_SUFFIXES):
            return HASH
    if name == "CMakeLists.txt":  # before the data rule, which takes every .txt
        return HASH
    if re.search(r"\.(txt|md|json|jsonl|bin|dict|options|abixml|xml)$", name):
        return "data"
    if name.endswith((".c", ".h", ".map")):
        return C_BLOCK
    if name.endswith((".js", ".mjs")):
        return SLASHES
    if name.endswith((".py", ".pyi", ".sh", ".cmake", ".cmake.in", ".pc.in", ".mk",
                      ".yml", ".yaml", ".yaml.in", ".toml", ".env")) \
            or name in ("CMakeLists.txt", "Makefile", "Dockerfile", "Dockerfile.in",
                        ".clang-tidy"):
        return HASH
    if name.endswith((".go", ".rs", ".java", ".cs", ".php", ".cpp")):
        return SLASHES
    if name.endswith(".lua"):
        return DASHES
    if name.endswith((".pl", ".rb", ".tcl", ".tsv")):
        return HASH
    if re.search(r"\.[1-9]$", name):
        return ROFF
    return None


def has_shebang(path):
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def list_files(root):
    try:
        out = subprocess.run(
            ["git", "-C", root, "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"],
            check=True, capture_output=True).stdout
        files = [f for f in out.decode().split("\0") if f]
        # A file deleted from the work tree but still in the index is gone.
        return sorted(f for f in set(files) if os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith("build") and x != ".git"]
            for n in names:
                found.append(os.path.relpath(os.path.join(d, n), root))
        return sorted(found)


def insert_point(lines, syntax):
    """Index of the line before which the SPDX line goes: after a #! line,
    a Python coding line, Dockerfile parser directives, or a roff
    preprocessor line ('\\" t), which must stay first."""
    i = 0
    if lines and lines[0].startswith(("#!", "<?php")):
        i = 1
    while i < len(lines) and syntax == HASH and re.match(
            r"#\s*(-\*-\s*)?(coding[:=]|syntax=|escape=)", lines[i]):
        i += 1
    if i == 0 and lines and lines[0].startswith("'\\\""):
        i = 1
    return i


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fix", action="store_true", help="insert the missing lines")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    root = os.path.abspath(args.root)

    missing, unclassified, fixed, checked = [], [], [], 0
    for rel in list_files(root):
        path = os.path.join(root, rel)
        syntax = classify(rel)
        if syntax is None and has_shebang(path):
            syntax = HASH
        if syntax == "data":
            continue
        if syntax is None:
            unclassified.append(rel)
            continue
        checked += 1
        with open(path, "rb") as f:
            raw = f.read()
        text = raw.decode("utf-8")
        lines = text.splitlines(keepends=True)
        if any(TAG in line for line in lines[:HEAD_LINES]):
            continue
        if not args.fix:
            missing.append(rel)
            continue
        at = insert_point(lines, syntax)
        newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
        lines.insert(at, syntax[0] + TAG + syntax[1] + newline)
        mode = os.stat(path).st_mode
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("".join(lines))
        os.chmod(path, mode)
        fixed.append(rel)

    for rel in fixed:
        print("spdx: added the line to", rel)
    for rel in missing:
        print("spdx: no SPDX line in the first %d lines: %s" % (HEAD_LINES, rel))
    for rel in unclassified:
        print("spdx: unclassified file (add its kind to ci/spdx.py): %s" % rel)
    print("spdx: %d files checked, %d without the line%s, %d unclassified"
          % (checked, len(missing), " (%d fixed)" % len(fixed) if args.fix else "",
             len(unclassified)))
    return 1 if missing or unclassified else 0


if __name__ == "__main__":
    sys.exit(main())
