# SPDX-License-Identifier: MIT OR Apache-2.0
"""list_versions.py -- the version `u8guard audit --list` shows for each
built-in decoder is the one its library or program has, as this machine
tells it another way (record_versions.c's decoder_version, which
--record also writes into every manifest entry); and its language is C,
but python's (Python) and node's (JavaScript). First, that --list names
every built-in decoder an audit runs, in the same order.

    list_versions.py U8GUARD

The other way, per decoder: ICU and GLib from pkg-config; glibc (iconv,
iconv-wchar, mbrtowc) from `getconf GNU_LIBC_VERSION`; libunistring and
utf8proc from the version macros of the headers the oracle is built
against (Debian's libutf8proc.pc says 2.6.0 for 2.8.0, so not pkg-config);
python and node from `python3 --version` and `node --version`. A decoder
listed "ok" must show exactly that text; one listed missing (not built,
or its program not installed) is not checked, and the script says so.
Then, with PATH naming an empty folder, python and node must be listed
missing with no version ("-"): once, the shell's "python3: not found"
was shown as Python's version. And with PATH naming a folder of stand-ins
(a python3 that prints "7", a node that prints an empty line), Python's
version is "7" and Node's none. The Markdown report's summary table shows
the same versions: iconv's as --list does, python's "-" when it is not on
PATH. Exit status 0 when every decoder checked agrees, 1 on a difference or on
an "ok" decoder whose version cannot be found the other way, 77 when no
decoder could be checked.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HEADER_DIRS = ["/usr/include", "/usr/local/include"]


def run(cmd):
    """The first line of cmd's output (stdout, else stderr), or None."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    out = (p.stdout.strip() or p.stderr.strip()).splitlines()
    return out[0].strip() if p.returncode == 0 and out else None


def pkg(module, prefix):
    v = run(["pkg-config", "--modversion", module])
    return prefix + v if v else None


def header_text(name):
    for d in HEADER_DIRS:
        path = os.path.join(d, name)
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                return f.read()
    return None


def macro(text, name):
    m = re.search(r"^#\s*define\s+%s\s+(\S+)" % name, text or "", re.M)
    return int(m.group(1), 0) if m else None


def libunistring():
    v = macro(header_text("unistring/version.h"), "_LIBUNISTRING_VERSION")
    if v is None:
        return None
    return "libunistring %d.%d.%d" % (v >> 16, (v >> 8) & 0xFF, v & 0xFF)


def utf8proc():
    text = header_text("utf8proc.h")
    parts = [macro(text, "UTF8PROC_VERSION_" + p) for p in ("MAJOR", "MINOR", "PATCH")]
    return None if None in parts else "utf8proc %d.%d.%d" % tuple(parts)


def node():
    v = run(["node", "--version"]) or run(["nodejs", "--version"])
    return "Node.js " + v if v else None


glibc = run(["getconf", "GNU_LIBC_VERSION"])
EXPECTED = {
    "icu-ucnv": lambda: pkg("icu-uc", "ICU "),
    "icu-u8next": lambda: pkg("icu-uc", "ICU "),
    "iconv": lambda: glibc,
    "iconv-wchar": lambda: glibc,
    "mbrtowc": lambda: glibc,
    "glib": lambda: pkg("glib-2.0", "GLib "),
    "libunistring": libunistring,
    "utf8proc": utf8proc,
    "python": lambda: run(["python3", "--version"]),
    "node": node,
}


def row_version(line):
    """(version, ok) of a --list row: "%-22s %-10s %-34s ok|missing: ..."."""
    rest = line[34:]
    if rest.endswith(" ok"):
        return rest[:-3].strip(), True
    return rest.split(" missing: ", 1)[0].strip(), False


def audit_list(path=None):
    """{name: row} of `u8guard audit --list` with an empty registry (the
    built-in decoders only), PATH replaced when path is given."""
    with tempfile.TemporaryDirectory() as empty:
        env = dict(os.environ, U8GUARD_WORLD_DIR=empty)
        if path is not None:
            env["PATH"] = path
        p = subprocess.run([sys.argv[1], "audit", "--list"], capture_output=True,
                           text=True, env=env)
    if p.returncode != 0:
        print("FAIL: audit --list exited %d: %s" % (p.returncode, p.stderr.strip()))
        sys.exit(1)
    return {line.split()[0]: line for line in p.stdout.splitlines() if line.strip()}


rows = audit_list()
failures = checked = 0
# Every built-in decoder is listed, in the order an audit runs them: the
# decoders of its JSON report (opened by decoders.c; --list has its own
# loop, in world_open.c).
with tempfile.TemporaryDirectory() as empty:
    report = subprocess.run([sys.argv[1], "audit", "--cases", "1", "--json"],
                            capture_output=True, text=True,
                            env=dict(os.environ, U8GUARD_WORLD_DIR=empty)).stdout
audited = [json.loads(line)["decoder"] for line in report.splitlines()
           if line.startswith('{"decoder": ')]
checked += 1
if list(rows) != audited:
    print("FAIL: audit --list names %s; an audit runs %s" % (list(rows), audited))
    failures += 1
else:
    print("ok: audit --list names the %d decoders an audit runs, in its order" % len(audited))
for name, expect in EXPECTED.items():
    if name not in rows:
        print("not checked: %s is not listed" % name)
        continue
    language = rows[name][23:34].strip()
    want_language = {"python": "Python", "node": "JavaScript"}.get(name, "C")
    if language != want_language:
        print("FAIL: %s's language is %r, not %r" % (name, language, want_language))
        failures += 1
    shown, ok = row_version(rows[name])
    if not ok:
        print("not checked: %s is missing here: %s" % (name, rows[name].strip()))
        continue
    want = expect()
    checked += 1
    if want is None:
        print("FAIL: %s shows %r, and its version cannot be found another way" % (name, shown))
        failures += 1
    elif shown != want:
        print("FAIL: %s shows %r, expected %r" % (name, shown, want))
        failures += 1
    else:
        print("ok: %s %s" % (name, shown))
with tempfile.TemporaryDirectory() as nothing:
    rows = audit_list(path=nothing)
with tempfile.TemporaryDirectory() as standins:
    for prog, says in (("python3", "echo 7"), ("node", "echo")):
        with open(os.path.join(standins, prog), "w") as f:
            f.write("#!/bin/sh\n%s\n" % says)
        os.chmod(os.path.join(standins, prog), 0o755)
    fake = audit_list(path=standins)
for name, listed, want in (("python", rows, "-"), ("node", rows, "-"),
                           ("python", fake, "7"), ("node", fake, "-")):
    shown, ok = row_version(listed.get(name, ""))
    how = "no program" if listed is rows else "a stand-in"
    checked += 1
    if ok or shown != want:
        print("FAIL: with %s on PATH, %s is listed as %r" % (how, name, listed.get(name)))
        failures += 1
    else:
        print("ok: with %s on PATH, %s is missing, version %s" % (how, name, want))
with tempfile.TemporaryDirectory() as nothing:
    md = subprocess.run([sys.argv[1], "audit", "--only", "iconv", "--only", "python",
                         "--seconds", "0", "--format", "markdown"], capture_output=True,
                        text=True, env=dict(os.environ, PATH=nothing)).stdout
iconv_version = row_version(audit_list().get("iconv", ""))[0]
for name, language, version in (("iconv", "C", iconv_version), ("python", "Python", "-")):
    want = "| %s | %s | %s | " % (name, language, version)
    checked += 1
    if not any(line.startswith(want) for line in md.splitlines()):
        print("FAIL: the Markdown summary has no row starting %r" % want)
        failures += 1
    else:
        print("ok: the Markdown summary's row for %s shows version %s" % (name, version))
if checked == 7:
    print("SKIPPED: none of the built-in decoders runs here")
    sys.exit(77)
sys.exit(1 if failures else 0)
