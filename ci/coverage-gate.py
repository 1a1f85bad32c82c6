#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""coverage-gate.py -- the coverage gate over src/ (ci/coverage.sh runs it).

    ci/coverage-gate.py ROOT SHOW_TXT EXEMPTIONS

SHOW_TXT is `llvm-cov show -show-branches=count` of src/ (one view per
file; a line's count is summed over every binary holding a copy, a branch
direction counts as taken when any copy took it). EXEMPTIONS is
ci/coverage-exemptions.txt, which holds two kinds of lines:

    minimum GROUP LINES% BRANCHES%
    [[!]KERNEL] FILE:LINE[:COL] KIND `SOURCE TEXT` -- REASON

KIND is `line` (never executed) or `never-true` / `never-false` (a branch
direction, COL the column of the condition). An exemption matches a missed
line or direction by file, kind, column and the line's source text
(stripped), so it survives lines moving; LINE only says where it was.
An entry that starts with `[avx512]` holds only on a CPU that runs that
kernel, one with `[!avx512]` only on a CPU that does not (what the CPU
runs is read from /proc/cpuinfo's flags, KERNEL_FLAGS below); an entry
whose condition does not hold is neither used nor judged stale.

Groups: `portable` is src/ outside src/kernels/ (scalar.c is also shown on
its own as `scalar`); a kernel is its files in src/kernels/ (word.c;
sse42.c and find_lead_sse42.c; ...); `kernels-shared` the headers every
kernel includes.

The gate fails (exit 1) when a missed line or direction is not exempted,
when an exemption matches nothing (remove it: the code is covered or
gone), or when a group's figure without its exempted items is below its
stated minimum (100 % / 100 % for the portable code). The figure with the
exempted items counted as missed is printed beside it. A kernel this CPU
cannot run is compiled but never executed here (its tests skip): the gate
says so, checks no minimum for it and does not list its lines; its
minimum is checked on a CPU that runs it.
Exit 2 on a malformed input.
"""
import os
import re
import sys

LINE_RE = re.compile(r"^\s*(\d+)\|\s*([^|]*?)\s*\|")
BRANCH_RE = re.compile(r"Branch \((\d+):(\d+)\): \[True: ([^,]+), False: ([^\]]+)\]")
ENTRY_RE = re.compile(r"^(?:\[(!?)(\w+)\] )?(src/\S+?):(\d+)(?::(\d+))? (line|never-true|never-false) `(.*)` -- (.+)$")
MIN_RE = re.compile(r"^minimum (\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$")
# The /proc/cpuinfo flags an x86-64 kernel needs (src/cpu.c asks CPUID for
# the same features, and Linux clears a flag whose register state the OS
# does not save); word and the kernel-shared headers run everywhere.
KERNEL_FLAGS = {
    "sse42": {"ssse3", "sse4_1", "sse4_2"},
    "avx2": {"ssse3", "sse4_1", "sse4_2", "avx", "avx2"},
    "avx512": {"avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vbmi2"},
}


def cpu_flags():
    """The flags of the first processor in /proc/cpuinfo (empty if none)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for raw in f:
                if raw.startswith(("flags", "Features")):
                    return set(raw.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def runnable_kernels():
    flags = cpu_flags()
    return {k for k, need in KERNEL_FLAGS.items() if need <= flags}


def group_of(path):
    """The figure group of src/ file PATH (relative to the root)."""
    if not path.startswith("src/kernels/"):
        return "portable"
    base = os.path.basename(path)
    m = re.match(r"^(?:find_lead_)?(word|sse42|avx2|avx512|neon)\.c$", base)
    return m.group(1) if m else "kernels-shared"


def parse_show(root, show):
    """Per file: the executable lines {line: count>0} and the branch
    directions {(line, col): [true_taken, false_taken]}."""
    lines, branches = {}, {}
    cur = None
    prefix = root.rstrip("/") + "/"
    with open(show, encoding="utf-8", errors="replace") as f:
        for raw in f:
            raw = raw.rstrip("\n")
            if raw.startswith("/") and raw.endswith(":"):
                path = raw[:-1]
                cur = path[len(prefix):] if path.startswith(prefix) else None
                if cur is not None and not cur.startswith("src/"):
                    cur = None
                if cur is not None:
                    lines.setdefault(cur, {})
                    branches.setdefault(cur, {})
                continue
            if cur is None:
                continue
            m = LINE_RE.match(raw)
            if m and m.group(2) != "":
                n = int(m.group(1))
                lines[cur][n] = lines[cur].get(n, False) or m.group(2) != "0"
                continue
            m = BRANCH_RE.search(raw)
            if m:
                key = (int(m.group(1)), int(m.group(2)))
                d = branches[cur].setdefault(key, [False, False])
                d[0] = d[0] or m.group(3).strip() != "0"
                d[1] = d[1] or m.group(4).strip() != "0"
    return lines, branches


def source_line(root, path, n, cache={}):
    if path not in cache:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            cache[path] = f.read().split("\n")
    text = cache[path]
    return text[n - 1].strip() if 0 < n <= len(text) else ""


def pct(a, b):
    return "%6.2f %%" % (100.0 * a / b) if b else "     - "


def main():
    if len(sys.argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root, show, exfile = sys.argv[1:]
    lines, branches = parse_show(root, show)
    if not lines:
        print("coverage-gate: no src/ file in %s" % show, file=sys.stderr)
        return 2

    # Every missed item: (file, line, col, kind).
    missed = []
    for path in sorted(lines):
        missed += [(path, n, 0, "line") for n, hit in sorted(lines[path].items()) if not hit]
        for (n, col), (t, f) in sorted(branches[path].items()):
            if not t:
                missed.append((path, n, col, "never-true"))
            if not f:
                missed.append((path, n, col, "never-false"))

    runs = runnable_kernels()
    not_run = set(KERNEL_FLAGS) - runs
    print("coverage-gate: this CPU runs the kernels: word %s; not: %s" % (
        " ".join(sorted(runs)), " ".join(sorted(not_run)) or "(none)"))
    minimum, entries = {}, []
    with open(exfile, encoding="utf-8") as f:
        for i, raw in enumerate(f, 1):
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            m = MIN_RE.match(s)
            if m:
                minimum[m.group(1)] = (float(m.group(2)), float(m.group(3)))
                continue
            m = ENTRY_RE.match(s)
            if not m:
                print("coverage-gate: %s:%d: not an exemption or a minimum: %s" % (exfile, i, s),
                      file=sys.stderr)
                return 2
            neg, cond = m.group(1), m.group(2)
            if cond is not None:
                if cond not in KERNEL_FLAGS:
                    print("coverage-gate: %s:%d: unknown kernel condition [%s%s]" % (exfile, i, neg, cond),
                          file=sys.stderr)
                    return 2
                if (cond in runs) == (neg == "!"):
                    continue  # does not hold on this CPU
            entries.append({"file": m.group(3), "line": int(m.group(4)), "col": int(m.group(5) or 0),
                            "kind": m.group(6), "text": m.group(7).strip(), "at": i, "used": 0})

    fail = False
    exempted = set()
    unexempted = []
    for item in missed:
        path, n, col, kind = item
        if group_of(path) in not_run:
            continue  # a kernel this CPU cannot run: reported as a group below
        text = source_line(root, path, n)
        cands = [e for e in entries if (e["file"], e["col"], e["kind"], e["text"]) == (path, col, kind, text)]
        if not cands:
            unexempted.append((item, text))
            continue
        # Several identical lines in one file: prefer the entry at this line.
        e = next((c for c in cands if c["line"] == n), cands[0])
        e["used"] += 1
        exempted.add(item)
        print("coverage-gate: exempted: %s:%d%s %s `%s`" % (path, n, ":%d" % col if col else "", kind, text))
        if e["line"] != n:
            print("coverage-gate: note: exemption %s:%d now matches line %d" % (exfile, e["at"], n))

    # The figures, per group (and scalar.c alone): measured, and without
    # the exempted lines and directions (the figure the minimum applies to).
    groups = {}
    for path in lines:
        exl = sum(1 for it in exempted if it[0] == path and it[3] == "line")
        exb = sum(1 for it in exempted if it[0] == path and it[3] != "line")
        for g in (group_of(path),) + (("scalar",) if path == "src/scalar.c" else ()):
            acc = groups.setdefault(g, [0, 0, 0, 0, 0, 0])
            acc[0] += len(lines[path])
            acc[1] += sum(1 for hit in lines[path].values() if hit)
            acc[2] += 2 * len(branches[path])
            acc[3] += sum(int(t) + int(f) for t, f in branches[path].values())
            acc[4] += exl
            acc[5] += exb
    order = ["portable", "scalar", "word", "sse42", "avx2", "avx512", "neon", "kernels-shared"]
    print("coverage-gate: figures on this machine; 'lines' and 'branches' leave the exempted")
    print("items out (the stated minimum applies to them), 'measured' counts them as missed:")
    print("  %-15s %-19s %-19s %-10s %-22s %s" % ("group", "lines", "branches", "exempted",
                                                  "measured lines/br.", "stated minimum"))
    for g in order + sorted(set(groups) - set(order)):
        if g not in groups:
            if g in minimum:
                print("  %-15s not compiled on this machine (minimum stated: %s)" % (g, minimum[g]))
            continue
        ln, hit, dirs, taken, exl, exb = groups[g]
        mn = minimum.get(g)
        if g in not_run:
            print("  %-15s compiled, not run: this CPU lacks %s; %d lines, %d branch directions "
                  "unmeasured here (minimum %s checked on a CPU with it)" % (
                      g, " ".join(sorted(KERNEL_FLAGS[g] - cpu_flags())), ln, dirs,
                      "%.2f %% / %.2f %%" % mn if mn else "none stated"))
            continue
        print("  %-15s %4d/%-4d %s  %4d/%-4d %s  %3d + %-4d %s %s    %s" % (
            g, hit, ln - exl, pct(hit, ln - exl), taken, dirs - exb, pct(taken, dirs - exb),
            exl, exb, pct(hit, ln), pct(taken, dirs),
            "%.2f %% / %.2f %%" % mn if mn else "none stated"))
        if mn is None:
            print("coverage-gate: FAIL: no minimum stated for group %s in %s" % (g, exfile))
            fail = True
            continue
        if (ln - exl and 100.0 * hit / (ln - exl) < mn[0]) or \
                (dirs - exb and 100.0 * taken / (dirs - exb) < mn[1]):
            print("coverage-gate: FAIL: %s is below its stated minimum" % g)
            fail = True

    for (path, n, col, kind), text in unexempted:
        where = "%s:%d" % (path, n) + (":%d" % col if col else "")
        print("coverage-gate: FAIL: not covered, not exempted: %s %s `%s`" % (where, kind, text))
        fail = True
    for e in entries:
        if not e["used"]:
            print("coverage-gate: FAIL: %s:%d: exemption %s:%d %s matches nothing missed (covered or gone): remove it"
                  % (exfile, e["at"], e["file"], e["line"], e["kind"]))
            fail = True
    unrun = sum(1 for it in missed if group_of(it[0]) in not_run)
    print("coverage-gate: %d missed lines/directions in src/: %d in kernels this CPU cannot run, "
          "%d exempted (%s), %d not exempted"
          % (len(missed), unrun, len(exempted), exfile, len(unexempted)))
    if fail:
        print("coverage-gate: FAILED")
        return 1
    print("coverage-gate: passed (portable code: 100 % of non-exempted lines and branches)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
