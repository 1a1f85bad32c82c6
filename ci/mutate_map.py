# SPDX-License-Identifier: MIT OR Apache-2.0
"""ci/mutate_map.py -- the per-line test map of ci/mutate_whole.py: which
lines of which source file each test executes, from the mutants' own
build compiled with --coverage (gcc's gcov), so that a mutant runs only the
tests that execute its line.

One build serves both: the map's runs and the mutants' runs use the same
-O1 --coverage objects, so nothing is compiled twice. Every run sets
GCOV_PREFIX, so the .gcda files never land in the build: a test mapped
here writes into a folder of its own, read with `gcov --json-format
--stdout` and removed; a mutant's run writes into a scratch folder emptied
before each run (its object's checksum differs from the original's, and a
merge into the original's data would print a mismatch on stderr, which
tests of the command read). The folders of the data files are made
world-writable in advance, because cli_permissions runs the command as
`nobody`, whose own data must be writable too (else "profiling: ...:
Cannot open" lands on the stderr the test compares).

A test is mapped the first time a mutant needs it; that run is also its
unmutated run (it must pass or be skipped, and its time sets its limit).
Mapped tests are kept in the work folder, under a key made of the tree's
content, so a later run with the same --work and the same tree maps
nothing again.

Which lines count: gcov's executable lines (those with a line record in
the .gcno). A line with a record that no test executed is a coverage gap:
its mutants survive without running anything. A line without a record
(a table entry, a macro's body, a declaration: its code, if any, is
counted at the lines that use it) gives no answer, and the mutant falls
back to its file's whole test list.
"""
import hashlib
import json
import os
import shutil
import subprocess

COVERAGE_FLAGS = "--coverage"


# The runner's own scripts: no build step or test reads them, and a new
# equivalence claim must not cost a new map.
NOT_KEYED = {"ci/mutate.py", "ci/mutate_whole.py", "ci/mutate_map.py"}


def tree_key(tree, extra):
    """A digest of every file of tree (path and bytes) but NOT_KEYED, and of
    extra (the build's flags and run environment): the map's cache key."""
    h = hashlib.sha256(extra.encode())
    for dirpath, dirnames, names in os.walk(tree):
        # Python's caches, written there by the tests themselves.
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for n in sorted(names):
            p = os.path.join(dirpath, n)
            if os.path.relpath(p, tree) in NOT_KEYED:
                continue
            h.update(os.path.relpath(p, tree).encode() + b"\0")
            if os.path.islink(p):
                h.update(os.readlink(p).encode())
            else:
                with open(p, "rb") as fh:
                    h.update(fh.read())
    return h.hexdigest()[:24]


def gcov_json(paths, cwd):
    """The JSON documents `gcov -t -j` prints for paths (.gcda or .gcno),
    one per line."""
    if not paths:
        return []
    p = subprocess.run(["gcov", "-t", "-j"] + paths, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    return [json.loads(l) for l in p.stdout.decode("utf-8", "replace").splitlines()
            if l.startswith("{")]


class LineMap:
    """The map of one build: test name -> {source file relative to the
    tree: set of lines it executes}, with each test's unmutated result."""

    def __init__(self, build_dir, tree, work, key):
        self.dir, self.tree = os.path.realpath(build_dir), os.path.realpath(tree)
        self.scratch = os.path.join(work, "gcov-scratch")
        self.cache = os.path.join(work, "linemap-%s.json" % key)
        self.tests = {}        # name -> {"secs", "skipped", "lines": {file: set}}
        self.records = None    # file -> set of lines gcov has a record for
        self.obj_dirs = set()  # folders of the build holding .gcno files
        if os.path.exists(self.cache):
            with open(self.cache) as fh:
                for name, e in json.load(fh).items():
                    e["lines"] = {f: set(ls) for f, ls in e["lines"].items()}
                    self.tests[name] = e

    def _rel(self, path):
        """path relative to the tree, or None when it is outside it."""
        real = os.path.realpath(path)
        return os.path.relpath(real, self.tree) if real.startswith(self.tree + os.sep) else None

    def _lines(self, docs, executed):
        out = {}
        for d in docs:
            for f in d.get("files", []):
                rel = self._rel(os.path.join(d.get("current_working_directory", ""), f["file"]))
                if rel is None:
                    continue
                s = out.setdefault(rel, set())
                s.update(l["line_number"] for l in f["lines"] if l["count"] > 0 or not executed)
        return out

    def load_records(self):
        """Reads which lines have a record, from the .gcno files (gcov with
        no data counts them as never run)."""
        gcnos = []
        for dirpath, _, names in os.walk(self.dir):
            for n in names:
                if n.endswith(".gcno"):
                    gcnos.append(os.path.join(dirpath, n))
                    self.obj_dirs.add(dirpath)
        self.records = self._lines(gcov_json(sorted(gcnos), self.dir), executed=False)

    def has_record(self, f, line):
        return line in self.records.get(f, ())

    def prepare(self, prefix):
        """An empty GCOV_PREFIX folder whose object folders anyone may write
        into; returns the environment that sends the data there."""
        shutil.rmtree(prefix, ignore_errors=True)
        for d in self.obj_dirs:
            os.makedirs(prefix + d, exist_ok=True)
        for dirpath, _, _ in os.walk(prefix):
            os.chmod(dirpath, 0o1777)
        return {"GCOV_PREFIX": prefix, "GCOV_PREFIX_STRIP": "0"}

    def scratch_env(self):
        return self.prepare(self.scratch)

    def record(self, name, prefix, secs, skipped):
        """Reads the data a mapped run of test name left in prefix, keeps it
        (and writes the cache), removes prefix."""
        gcdas = []
        for dirpath, _, names in os.walk(prefix):
            for n in names:
                if n.endswith(".gcda"):
                    gcda = os.path.join(dirpath, n)
                    gcno = gcda[len(prefix):-len(".gcda")] + ".gcno"
                    if os.path.exists(gcno):
                        os.symlink(gcno, gcda[:-len(".gcda")] + ".gcno")
                        gcdas.append(gcda)
        lines = self._lines(gcov_json(sorted(gcdas), prefix), executed=True)
        shutil.rmtree(prefix, ignore_errors=True)
        self.tests[name] = {"secs": secs, "skipped": skipped, "lines": lines}
        with open(self.cache + ".tmp", "w") as fh:
            json.dump({n: dict(e, lines={f: sorted(ls) for f, ls in e["lines"].items()})
                       for n, e in self.tests.items()}, fh)
        os.replace(self.cache + ".tmp", self.cache)

    def mapped(self, name):
        return name in self.tests

    def executes(self, name, f, line):
        return line in self.tests[name]["lines"].get(f, ())
