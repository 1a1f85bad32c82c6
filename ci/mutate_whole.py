# SPDX-License-Identifier: MIT OR Apache-2.0
"""ci/mutate_whole.py -- the whole-product mode of ci/mutate.py (--sample,
--all): mutants of every file of src/ (the library and every kernel this
machine builds, NEON in a cross build under qemu when the toolchain is
there), support/ (the helpers the command and the audit share), cli/ and
oracle/, each judged by the tests of its own file in one persistent build.

Why it is cheap per mutant (seconds, not minutes):

- One copy of the tree and one -O1 Ninja build of it, built in full once
  (two jobs; the NEON cross build only when a NEON mutant is drawn). A
  mutant is written over its file in the copy; the build then compiles
  that file only (one job), and relinks only the test programs it runs,
  just before running each one. Afterwards the original text is written
  back WITH ITS ORIGINAL MTIME and the object files compiled from it are
  put back from a saved copy, so Ninja sees the object as up to date and
  never compiles the original again (for a header, whose objects are many,
  the restored file is newer instead and Ninja recompiles what includes it
  when it is next needed). Nothing is reconfigured.
- A test map from the build: a file's tests are those of its area (labels)
  whose programs are built from the file's objects (`ninja -t inputs`, the
  link graph, libraries included; for a header, the objects of the files
  including it, `ninja -t deps`). A kernel's mutants (and those of a
  header only kernels include) run with U8GUARD_TEST_IMPLS naming those
  kernels, and the tests of other kernels are left out; cli/ runs the cli
  tests, those named after the file first; oracle/ the audit, oracle and
  regression tests that reach it; support/ its own unit tests, then the
  command's and the audit's. Within a list the tests that killed most
  mutants so far in the run come first, then broad, fast tests (ORDER),
  and a mutant stops at the first test that fails: KILLED.
- The unmutated tree runs a test only when a mutant's result needs it,
  once per test and run: when a mutant fails the test (does the original
  pass? if not, the run stops), is skipped by it (is the original too?), or
  reaches FIRST_LIMIT before the test's time is known (the original's time
  then sets the limit: 5 times it plus 5 s, and the mutant runs again if
  that is longer). A test a mutant passes needs no unmutated run, so a
  survivor costs its test list once.
- With the per-line map (ci/mutate_map.py; the default, --no-map turns it
  off): the host build has --coverage, each test is mapped (run once
  unmutated, its executed lines read with gcov) when a mutant first needs
  it, and a mutant on a line gcov records runs only the tests that execute
  that line; none: it survives unrun (a coverage gap). Mapped runs are the
  unmutated runs, so the lazy ones below apply to the other builds and
  lines only.
- A mutant no test kills is checked once more before it is called a
  survivor: everything the build still finds out of date is built, and its
  tests are run again (a test could use a program it does not name).
- A mutant that does not compile (or whose programs do not link) is
  counted apart: killed by the compiler.

The tests run as ctest describes them (command, environment, working directory, skip
code, pass/fail expressions), read from the build's CTestTestfile.cmake
files and `ctest --show-only=json-v1`.
"""
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import mutate_map as mmap

# Tests never run per mutant: hours long, other tools' run times, or not
# about results (installation, benchmarks, the world audit of other
# projects' decoders).
# A test's time limit before its unmutated time is known (seconds).
FIRST_LIMIT = 20
# With a time cap per mutant (--cap): the longest unmutated run of a test
# (seconds); a test that takes longer is left out of the run.
BASELINE_LIMIT = 150
# Jobs of the one-off full build (the mutants' builds use one).
JOBS = int(os.environ.get("U8GUARD_MUTATE_JOBS", "2"))
# glibc's checking allocator, in every run of the host build (the mapped,
# unmutated runs too): a write even one byte past a heap block aborts at
# its free(). Without it such a mutant (a loop bound off by one into
# malloc's slack) changes no result and would survive; this build has no
# sanitizer. Left out where the library is not there.
MALLOC_DEBUG = "/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"
MALLOC_ENV = {"LD_PRELOAD": MALLOC_DEBUG, "MALLOC_CHECK_": "3"} \
    if os.path.exists(MALLOC_DEBUG) else {}
SKIP_LABELS = {"slow", "long", "valgrind", "fuzz", "bench", "install", "world"}
AREA_LABELS = {"src": {"unit", "hardening", "kernels", "stream", "regress", "exhaustive"},
               "cli": {"cli"},
               "oracle": {"audit", "oracle", "regress"},
               "support": {"support", "cli", "audit", "oracle"}}
# Files whose tests carry another area's label: `u8guard audit`
# (cli/audit.c runs the audit program) is tested by the audit's tests.
FILE_LABELS = {"cli/audit.c": {"cli", "audit"}, "cli/audit_program.c": {"audit"}}
KERNELS = ["word", "sse42", "avx2", "avx512", "neon"]
IMPL_NAME = re.compile(r"(?:^|[._])(scalar|word|sse42|avx2|avx512|neon)$")


class Capped(Exception):
    """A mutant's own runs reached its time cap (Runner.cap): no verdict."""


def log(msg):
    print("mutate: " + msg, flush=True)


def run(cmd, cwd, timeout, env=None):
    """Runs cmd in its own process group; returns (status, seconds, output).
    Status is "timeout" when the limit was hit (the whole group is killed)."""
    t0 = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, time.time() - t0, out.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = p.communicate()
        return "timeout", time.time() - t0, out.decode("utf-8", "replace")


def copy_tree(root, work):
    """Copies every file git knows in root (tracked, or untracked and not
    ignored) to work/tree; links work/shared to the shared folder the tests
    read as ../shared. Returns the tree."""
    tree = os.path.join(work, "tree")
    p = subprocess.run(["git", "ls-files", "-z", "-c", "-o", "--exclude-standard"], cwd=root,
                       stdout=subprocess.PIPE, check=True)
    for rel in p.stdout.decode().split("\0"):
        src = os.path.join(root, rel)
        if rel and os.path.isfile(src) and not os.path.islink(src):
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            shutil.copy2(src, os.path.join(tree, rel))
        elif rel and os.path.islink(src):
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            os.symlink(os.readlink(src), os.path.join(tree, rel))
    shared = os.path.join(os.path.dirname(root), "shared")
    if os.path.isdir(shared) and not os.path.exists(os.path.join(work, "shared")):
        os.symlink(shared, os.path.join(work, "shared"))
    return tree


class Test:
    """One ctest test, as ctest would run it."""

    def __init__(self, name, cmd, props):
        self.name, self.cmd = name, cmd
        self.labels = set(props.get("LABELS", []))
        self.cwd = props.get("WORKING_DIRECTORY")
        self.env = dict(kv.split("=", 1) for kv in props.get("ENVIRONMENT", []))
        self.skip = props.get("SKIP_RETURN_CODE")
        self.pass_re = props.get("PASS_REGULAR_EXPRESSION", [])
        self.fail_re = props.get("FAIL_REGULAR_EXPRESSION", [])
        self.will_fail = bool(props.get("WILL_FAIL"))
        self.targets = []      # build outputs it uses (relative to the build)
        self.secs = None       # on the unmutated tree
        self.skipped = False   # skipped (SKIP_RETURN_CODE) on the unmutated tree

    def impl(self):
        """The one implementation a test is about, from its name (e.g.
        hardening_guard_pages_avx2, kernels.impl_env_word), or None."""
        m = IMPL_NAME.search(self.name)
        return m.group(1) if m else None

    def judge(self, st, out):
        """"pass", "skip" or "fail" for exit status st and output out."""
        if st == "timeout":
            return "fail"
        if self.skip is not None and st == self.skip:
            return "skip"
        if any(re.search(r, out) for r in self.fail_re):
            return "fail"
        if self.pass_re:
            return "pass" if any(re.search(r, out) for r in self.pass_re) else "fail"
        ok = st == 0
        return "pass" if ok != self.will_fail else "fail"


CMAKE_ARG = re.compile(r'"((?:[^"\\]|\\.)*)"')


def read_tests(build):
    """Every test of the build: commands from its CTestTestfile.cmake files
    (ctest's JSON leaves out the command of a program not built yet),
    properties from `ctest --show-only=json-v1`."""
    cmds = {}
    for dirpath, _, names in os.walk(build):
        if "CTestTestfile.cmake" in names:
            with open(os.path.join(dirpath, "CTestTestfile.cmake")) as f:
                for line in f:
                    m = re.match(r"add_test\(\[=\[(.+?)\]=\] (.*)\)\s*$", line)
                    if m:
                        cmds[m.group(1)] = [re.sub(r"\\(.)", r"\1", a)
                                            for a in CMAKE_ARG.findall(m.group(2))]
    p = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, stdout=subprocess.PIPE,
                       check=True)
    tests = []
    for t in json.loads(p.stdout)["tests"]:
        props = {q["name"]: q["value"] for q in t.get("properties", [])}
        if t["name"] in cmds:
            tests.append(Test(t["name"], cmds[t["name"]], props))
    return tests


class Build:
    """One persistent Ninja build of the copied tree."""

    def __init__(self, work, tree, name, cmake_args, coverage=False, malloc_check=False):
        self.work, self.tree, self.name = work, tree, name
        self.coverage = coverage  # built with --coverage: a per-line map (self.map)
        self.malloc_check = malloc_check  # its tests run with MALLOC_ENV
        self.map = None
        self.dir = os.path.join(work, name)
        self.cmake_args = cmake_args
        self.tests = []
        self.outputs = set()
        self.objects = {}      # source path (relative to the tree) -> [object outputs]
        self.built = set()     # targets built since the last mutant started
        self.deps = None       # header -> sources including it (includers())
        self.input_cache = {}  # target -> objects it is built from (inputs())
        self.full = False      # full_build() done
        self.deadline = None   # when the current mutant's time cap ends (Runner.cap)

    def flags(self):
        """-O1 for every build; --coverage (compile and link) for the mapped one."""
        cov = " " + mmap.COVERAGE_FLAGS if self.coverage else ""
        return ["-DCMAKE_C_FLAGS=-O1" + cov, "-DCMAKE_CXX_FLAGS=-O1" + cov] + (
            ["-DCMAKE_%s_LINKER_FLAGS=%s" % (k, mmap.COVERAGE_FLAGS)
             for k in ("EXE", "SHARED", "MODULE")] if self.coverage else [])

    def configure(self):
        if not os.path.exists(os.path.join(self.dir, "build.ninja")):
            st, secs, out = run(["cmake", "-G", "Ninja", "-S", self.tree, "-B", self.dir,
                                 "-DCMAKE_BUILD_TYPE=None"] + self.flags() +
                                ["-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                                 "-DU8GUARD_WORLD=OFF", "-DU8GUARD_FUZZ=OFF",
                                 "-DU8GUARD_BENCH=OFF"] + self.cmake_args, self.work, 900)
            if st != 0:
                sys.exit("mutate: configure of %s failed:\n%s" % (self.name, out[-3000:]))
            log("%s configured in %.0f s" % (self.name, secs))
        else:
            # A build kept from an earlier run (--work): CMake runs again
            # first if its files changed since, or a test added since would
            # be missing from the list read below.
            st, secs, out = run(["ninja", "-C", self.dir, "build.ninja"], self.work, 900)
            if st != 0:
                sys.exit("mutate: regenerating %s failed:\n%s" % (self.name, out[-3000:]))
        p = subprocess.run(["ninja", "-C", self.dir, "-t", "targets", "all"],
                           stdout=subprocess.PIPE, check=True)
        self.outputs = {l.split(":", 1)[0] for l in p.stdout.decode().splitlines()}
        real_tree = os.path.realpath(self.tree)
        with open(os.path.join(self.dir, "compile_commands.json")) as f:
            for e in json.load(f):
                src = os.path.relpath(os.path.realpath(os.path.join(e["directory"], e["file"])),
                                      real_tree)
                out = e.get("output") or re.search(r"-o (\S+)", e["command"]).group(1)
                out = os.path.relpath(os.path.join(e["directory"], out), self.dir)
                self.objects.setdefault(src, []).append(out)
        audit = [o for o in self.outputs if os.path.basename(o) == "u8guard-audit"]
        self.tests = read_tests(self.dir)
        prefix = os.path.realpath(self.dir) + os.sep
        for t in self.tests:
            words = t.cmd + list(t.env.values())
            paths = {os.path.relpath(os.path.realpath(w), os.path.realpath(self.dir))
                     for w in words if os.path.realpath(w).startswith(prefix)}
            t.targets = sorted(p for p in paths if p in self.outputs)
            # `u8guard audit` runs the audit program it finds beside itself.
            if any(os.path.basename(x) == "u8guard" for x in t.targets):
                t.targets += audit

    def full_build(self):
        """One full build, JOBS jobs, before the first mutant of this build
        (the cross build is made only when a NEON mutant is drawn): every
        object then has its header dependencies recorded (includers() reads
        them), and the mutants rebuild only what their file feeds."""
        if self.full:
            return
        st, secs, out = run(["ninja", "-C", self.dir, "-j%d" % JOBS], self.work, 3600)
        if st != 0:
            sys.exit("mutate: the build of %s failed:\n%s" % (self.name, out[-3000:]))
        log("%s built in %.0f s (%d jobs)" % (self.name, secs, JOBS))
        self.full = True
        if self.coverage:
            key = mmap.tree_key(self.tree, " ".join(self.flags() + sorted(MALLOC_ENV.values())))
            self.map = mmap.LineMap(self.dir, self.tree, self.work, key)
            self.map.load_records()
            log("%s: line map %s, %d tests mapped already" % (
                self.name, os.path.basename(self.map.cache), len(self.map.tests)))
            for t in self.tests:
                e = self.map.tests.get(t.name)
                if e:
                    t.secs, t.skipped = e["secs"], e["skipped"]

    def includers(self, header):
        """The source files (relative to the tree) whose objects include
        header, from Ninja's record of the last build's dependencies."""
        if self.deps is None:
            self.deps = {}
            p = subprocess.run(["ninja", "-C", self.dir, "-t", "deps"],
                               stdout=subprocess.PIPE, check=True)
            obj_src = {o: src for src, objs in self.objects.items() for o in objs}
            real_tree, obj = os.path.realpath(self.tree), None
            for line in p.stdout.decode().splitlines():
                if line and not line[0].isspace():
                    obj = obj_src.get(line.split(":", 1)[0])
                elif line.strip() and obj:
                    dep = os.path.relpath(os.path.realpath(os.path.join(self.dir, line.strip())),
                                          real_tree)
                    self.deps.setdefault(dep, set()).add(obj)
        return self.deps.get(header, set())

    def inputs(self, target):
        """The object files target is built from, transitively (libraries
        included), from Ninja's build graph; cached."""
        if target not in self.input_cache:
            p = subprocess.run(["ninja", "-C", self.dir, "-t", "inputs", target],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            self.input_cache[target] = {l for l in p.stdout.decode().splitlines()
                                        if l.endswith(".o")}
        return self.input_cache[target]

    def seeing(self, f, tests):
        """The tests among tests whose programs are built from an object of
        f (or, for a header, of a file including it): the test map, from
        the build's link graph. All of tests when no test names such a
        program (f's code is then reached some other way, e.g. a plugin
        the audit loads by name), and tests naming no program are kept."""
        objs = set(self.objects.get(f, []))
        for src in (self.includers(f) if f.endswith(".h") else ()):
            objs |= set(self.objects.get(src, []))
        if not objs:
            return tests
        sees = [t for t in tests if not t.targets or
                any(objs & (self.inputs(x) | {x}) for x in t.targets)]
        if not any(t.targets for t in sees):
            return tests
        return sees

    def within_cap(self, seconds):
        """(seconds, capped): seconds, or what is left of the mutant's time
        cap (self.deadline) when that is less, with capped True. Raises
        Capped when none is left."""
        if self.deadline is None:
            return seconds, False
        left = self.deadline - time.time()
        if left <= 0:
            raise Capped()
        return (left, True) if left < seconds else (seconds, False)

    def ninja(self, targets, timeout=1800):
        """Builds targets (all when empty) with one job; returns (status, output).
        Under a mutant's time cap (self.deadline) the build gets what is
        left of it, and reaching it raises Capped."""
        timeout, capped = self.within_cap(timeout)
        st, _, out = run(["ninja", "-C", self.dir, "-j1"] + list(targets), self.dir, timeout)
        if st == "timeout" and capped:
            raise Capped()
        return st, out

    def ensure(self, targets):
        """Builds the targets not built yet for this mutant. True when it
        built (or nothing was to be built)."""
        need = [t for t in targets if t not in self.built]
        if not need:
            return True
        st, _ = self.ninja(need)
        if st == 0:
            self.built.update(need)
        return st == 0

    def ensure_all(self, targets):
        """ensure() with JOBS jobs, for a batch of programs."""
        need = sorted(set(t for t in targets if t not in self.built))
        if not need:
            return True
        st, _, _ = run(["ninja", "-C", self.dir, "-j%d" % JOBS] + need, self.dir, 1800)
        if st == 0:
            self.built.update(need)
        return st == 0

    def dirty(self):
        """True when the build finds anything out of date."""
        st, _, out = run(["ninja", "-C", self.dir, "-n"], self.dir, 600)
        return st != 0 or "no work to do" not in out

    def run_test(self, t, extra_env, limit, gcov_env=None):
        """Runs t; with coverage, its data goes to gcov_env's folder (a
        mapped run) or to the scratch folder (emptied first)."""
        env = dict(os.environ)
        env.update(t.env)
        env.update(extra_env)
        if self.map:
            env.update(gcov_env or self.map.scratch_env())
        if self.malloc_check:
            for k, v in MALLOC_ENV.items():
                # a module the test preloads itself (a shim) stays, first
                env[k] = env[k] + " " + v if k == "LD_PRELOAD" and env.get(k) else v
        st, secs, out = run(t.cmd, t.cwd or self.dir, limit, env)
        return t.judge(st, out), st, secs, out


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def included_headers(root, sources):
    """The headers of the tree (relative paths) that the files sources
    (relative paths, as compiled) include, directly or through other
    headers: `#include "NAME"` read as text (every branch of an #if
    counts, so this may keep too many, never too few), NAME found beside
    the including file or as the end of a header's path anywhere in the
    tree."""
    by_name = {}
    for d in ("src", "cli", "oracle", "include", "tests", "support", "fuzz"):
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for n in names:
                if n.endswith(".h"):
                    rel = os.path.relpath(os.path.join(dirpath, n), root)
                    by_name.setdefault(n, []).append(rel)
    seen, todo = set(), [s for s in sources if os.path.isfile(os.path.join(root, s))]
    while todo:
        f = todo.pop()
        with open(os.path.join(root, f), errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            beside = os.path.normpath(os.path.join(os.path.dirname(f), name))
            if os.path.isfile(os.path.join(root, beside)):
                hits = [beside]
            else:
                hits = [h for h in by_name.get(os.path.basename(name), ())
                        if h == name or h.endswith("/" + name)]
            for h in hits:
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
    return seen


def kernel_of(f):
    """The kernel a source file belongs to alone (src/kernels/avx2.c ->
    "avx2"), or None (headers shared by kernels, and everything else)."""
    m = re.match(r"src/kernels/(\w+)\.c$", f)
    return m.group(1) if m and m.group(1) in KERNELS else None


# The order a file's tests run in (first pattern matched; earlier is sooner):
# broad and fast tests first, so that most mutants die in the first one.
ORDER = {
    "src": [r"^unit$", r"^hardening_limits$", r"^stream$", r"^hardening_(saturation|windows)",
            r"^exhaustive_short$", r"^kernels\.test_(short|false_alarm|random_text)$",
            r"^hardening_stream_pending$", r"^kernels\.", r"^hardening_", r"^unit_", r"^kuhn$",
            r"^cpython_", r"^exhaustive_", r"^regress_"],
    "kernel": [r"^kernels\.test_(short|false_alarm|decode_tables)$", r"^kernels\.test_random_text$",
               r"^unit$", r"^hardening_guard_pages_", r"^kernels\.test_(hostile|decode_windows)$",
               r"^kernels\.", r"^hardening_", r"^stream$", r"^exhaustive_short$", r"^cpython_",
               r"^unit_", r"^kuhn$", r"^exhaustive_", r"^regress_"],
    "cli": [r"^cli_(explain|explain_file|examples|usage_errors|options|check_modes|policy|names)$",
            r"^audit_(help|usage_)",
            r"^cli_(streaming|output_safety|differential|pipes|robustness)$", r"^cli_"],
    "support": [r"^support_", r"^cli_(explain|examples|usage_errors|options|check_modes)$",
                r"^cli_(streaming|output_safety|pipes|robustness)$", r"^audit_engine_",
                r"^cli_", r"^audit_", r"^oracle_"],
    "oracle": [r"^audit_(help|usage_)", r"^audit_engine_", r"^audit_corpus_reader$",
               r"^oracle_compare$", r"^audit_proof_",
               r"^audit_(builtin|corpus_|fault_|misbehave_)", r"^audit_", r"^oracle_",
               r"^regress_"],
}


# The regression corpus is recorded and replayed by the same helpers
# (record*.c, replay*.c): record_answers.c's answers are checked by
# regress_replay, which its own words do not name.
RELATED_WORDS = {"record": ("replay",), "replay": ("record",),
                 # decoders.c opens the plugins (audit_plugin_thrice: names
                 # "#2", "#3") and checks --only; main.c acts on the options
                 "decoders": ("plugin", "only", "options"),
                 # (and judges the run: unavailable decoders, exit status 2)
                 "main": ("usage", "options", "nothing", "corpus", "unavailable",
                          "installed", "stdout"),
                 # report.c prints the table (audit_table_whole: every line)
                 "report": ("table",)}


def rank(order, name):
    return next((i for i, r in enumerate(order) if re.search(r, name)), len(order))


def tests_for(f, tests, includers=(), kills=None):
    """The ordered tests that judge mutants of file f, and the environment
    they run with. includers: for a header, the sources that include it
    (from the build's dependencies): a header of src/kernels/ included by
    kernel sources only is judged like those kernels."""
    area = f.split("/", 1)[0]
    labels = FILE_LABELS.get(f, AREA_LABELS[area])
    kernels = [kernel_of(f)] if kernel_of(f) else []
    # (A white-box test that includes the header, e.g.
    # tests/kernels/test_decode_tables.c, is not an includer here.)
    includers = [x for x in includers if x.startswith("src/")]
    if f.startswith("src/kernels/") and f.endswith(".h") and includers:
        ks = {kernel_of(x) for x in includers}
        if None not in ks:
            kernels = sorted(ks)
    chosen = [t for t in tests if t.labels & labels and not t.labels & SKIP_LABELS
              and not t.skipped]
    env = {}
    if kernels:
        # The tests of other kernels cannot see these.
        chosen = [t for t in chosen if t.impl() in [None] + kernels]
        env = {"U8GUARD_TEST_IMPLS": ",".join(kernels)}
    order = ORDER["kernel" if f.startswith("src/kernels/") else area]
    # A kernel's name is in every test of that kernel (cpython_avx2 is
    # slow, kernels.test_short fast): the file-name preference is for cli/
    # and oracle/ files.
    # (Nor for a file of FILE_LABELS: cli/audit.c's name is in all 76
    # tests of the audit, which ORDER ranks after the command's own.)
    stem = "" if kernels or f in FILE_LABELS else \
        os.path.splitext(os.path.basename(f))[0].replace("_", "-")
    # Tests that killed more mutants earlier in this run come sooner
    # (within the tests named after the file, and within the rest).
    kills = kills or {}
    # Then those that share a word of 4 letters or more with the file's
    # name (record_answers.c: audit_record_replay, regress_record;
    # world_open.c: audit_world_*; plugin_runner.c: audit_*plugin*): under
    # a time cap (--cap) an oracle/ file's list of up to 76 audit tests is
    # reached only that far.
    words = [w for w in stem.split("-") if len(w) >= 4]
    words += [r for w in list(words) for r in RELATED_WORDS.get(w, ())]

    def affinity(t):
        name = t.name.replace("_", "-")
        if not stem:
            return 0
        return 0 if stem in name else 1 if any(w in name for w in words) else 2

    chosen.sort(key=lambda t: (affinity(t), -kills.get(t.name, 0),
                               rank(order, t.name), t.name))
    return chosen, env


class State:
    """The two states of a mutated file in the tree: its original and its
    mutant, each with the object files compiled from it. Switching puts back
    the text, its mtime and the objects, so Ninja compiles neither again
    (a header has no objects of its own: switching it makes Ninja recompile
    the files that include it)."""

    def __init__(self, b, f, original, mutated):
        self.b, self.path = b, os.path.join(b.tree, f)
        self.objs = b.objects.get(f, [])
        self.text = {"original": original, "mutant": mutated}
        st = os.stat(self.path)
        self.mtime = {"original": (st.st_atime_ns, st.st_mtime_ns), "mutant": None}
        self.saved = {"original": None, "mutant": None}
        self.now = "original"

    def save(self):
        """Keeps the current state's objects (just built)."""
        if self.objs:
            data = {}
            for o in self.objs:
                with open(os.path.join(self.b.dir, o), "rb") as fh:
                    data[o] = fh.read()
            self.saved[self.now] = data

    def switch(self, to):
        with open(self.path, "w") as fh:
            fh.write(self.text[to])
        if self.objs and self.mtime[to] is not None and self.saved[to] is not None:
            os.utime(self.path, ns=self.mtime[to])
            for o, data in self.saved[to].items():
                with open(os.path.join(self.b.dir, o), "wb") as fh:
                    fh.write(data)
        elif self.mtime[to] is None:
            st = os.stat(self.path)
            self.mtime[to] = (st.st_atime_ns, st.st_mtime_ns)
        self.now = to
        self.b.built = set()


class Runner:
    """Judges mutants in the builds."""

    def __init__(self, root, work, timeout, cross, line_map=True, cap=None):
        self.root, self.work, self.timeout = root, work, timeout
        # A mutant's time cap in seconds (None: none): its own builds and
        # test runs stop there and it gets no verdict ("undecided"); the
        # unmutated tree's runs do not count against it. The unmutated run
        # of a test is limited to BASELINE_LIMIT then (else 1800 s).
        self.cap = cap
        self.tree = copy_tree(root, work)
        self.builds = {"host": Build(work, self.tree, "host", [], coverage=line_map,
                                         malloc_check=True)}
        if cross:
            self.builds["neon"] = Build(work, self.tree, "neon", [
                "-DCMAKE_TOOLCHAIN_FILE=" + os.path.join(self.tree, "cmake/aarch64-linux-gnu.cmake"),
                "-DU8GUARD_BUILD_CLI=OFF", "-DU8GUARD_ORACLES=OFF"])
        for b in self.builds.values():
            b.configure()
        self.baselined = set()
        self.kills = {}        # test name -> mutants it killed in this run
        self.baseline_secs = 0.0

    def build_of(self, f):
        return self.builds["neon"] if f == "src/kernels/neon.c" else self.builds["host"]

    def not_runnable(self, files):
        """The files among files whose code this CPU cannot run: a kernel
        whose test kernels.impl_env_NAME the host build skips (e.g. avx512
        on a CPU without AVX-512 VBMI2), and a kernel header only such
        kernels include. Every test would pass over their mutants (a map
        finds their lines never executed), so they are not drawn here."""
        b = self.builds["host"]
        b.full_build()
        missing = set()
        for t in b.tests:
            m = re.match(r"kernels\.impl_env_(\w+)$", t.name)
            if m and m.group(1) in KERNELS and m.group(1) != "neon":
                b.ensure(t.targets)
                if b.run_test(t, {}, 60)[0] == "skip":
                    missing.add(m.group(1))
        out = []
        for f in files:
            ks = {kernel_of(x) for x in b.includers(f) if x.startswith("src/")} \
                if f.startswith("src/kernels/") and f.endswith(".h") else {kernel_of(f)}
            if ks and ks <= missing:
                out.append(f)
        return out, sorted(missing)

    def compiled(self):
        """The .c files of src/, support/, cli/ and oracle/ some build compiles, and
        the headers one of them includes (directly or through other
        headers); and the ones none does (e.g. the world plugins and
        world_plugin.h, which only they include: -DU8GUARD_WORLD=OFF)."""
        built = set()
        for b in self.builds.values():
            built |= set(b.objects)
        headers = included_headers(self.root, built)
        out, left = [], []
        for d in ("src", "support", "cli", "oracle"):
            for dirpath, dirnames, names in os.walk(os.path.join(self.root, d)):
                dirnames.sort()
                for n in sorted(names):
                    rel = os.path.relpath(os.path.join(dirpath, n), self.root)
                    if n.endswith(".h") and rel in headers or (n.endswith(".c") and rel in built):
                        out.append(rel)
                    elif n.endswith((".c", ".h")):
                        left.append(rel)
        return out, left

    def baseline(self, b, s, t):
        """Runs test t once on the unmutated tree (State s is switched to
        the original for it and back to the mutant after): it must pass, or
        be skipped (it is then left out); its time sets its limit. A failure
        stops the run: no mutant can be judged by it. Returns False when the
        mutant no longer builds afterwards (it did before: not expected)."""
        t0, deadline, b.deadline = time.time(), b.deadline, None
        s.switch("original")
        if not b.ensure(t.targets):
            sys.exit("mutate: the unmutated tree does not build %s (%s)" % (t.targets, b.name))
        limit = BASELINE_LIMIT if self.cap else 1800
        if b.map:
            prefix = os.path.join(self.work, "gcov-map")
            res, st, secs, out = b.run_test(t, {}, limit, b.map.prepare(prefix))
        else:
            res, st, secs, out = b.run_test(t, {}, limit)
        self.baselined.add((b.name, t.name))
        if st == "timeout" and self.cap:
            # Too long to learn here: no mutant is judged by it in this run.
            t.skipped = True
            s.switch("mutant")
            self.baseline_secs += time.time() - t0
            b.deadline = deadline + (time.time() - t0) if deadline is not None else None
            log("%s: unmutated, %s takes over %d s: left out of this run" % (
                b.name, t.name, limit))
            if not s.objs or b.ensure(s.objs):
                raise Capped()
            return False
        if res == "fail":
            sys.exit("mutate: the unmutated tree fails %s (%s, status %s):\n%s"
                     % (t.name, b.name, st, out[-3000:]))
        t.secs = secs
        t.skipped = res == "skip"
        if b.map:
            b.map.record(t.name, prefix, secs, t.skipped)
        s.switch("mutant")
        self.baseline_secs += time.time() - t0
        log("%s: unmutated, %s %s in %.1f s" % (b.name, t.name,
                                                "is skipped" if t.skipped else "passes", secs))
        ok = not s.objs or b.ensure(s.objs)
        # The unmutated runs (and the mutant's rebuild after them) are not
        # the mutant's time.
        b.deadline = deadline + (time.time() - t0) if deadline is not None else None
        return ok

    def map_tests(self, b, s, tests):
        """Maps tests (JOBS at a time) on the unmutated tree, State s
        switched to the original for them and back to the mutant after:
        their unmutated runs, as baseline() does for one. Returns False when
        the mutant no longer builds afterwards."""
        t0, deadline, b.deadline = time.time(), b.deadline, None
        s.switch("original")
        if not b.ensure_all([x for t in tests for x in t.targets]):
            sys.exit("mutate: the unmutated tree does not build the programs of %s (%s)"
                     % ([t.name for t in tests], b.name))

        def one(i_t):
            i, t = i_t
            prefix = os.path.join(self.work, "gcov-map-%d" % i)
            return (t, prefix) + tuple(b.run_test(t, {}, 1800, b.map.prepare(prefix)))

        with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
            results = list(pool.map(one, enumerate(tests)))
        for t, prefix, res, st, secs, out in results:
            self.baselined.add((b.name, t.name))
            if res == "fail":
                sys.exit("mutate: the unmutated tree fails %s (%s, status %s):\n%s"
                         % (t.name, b.name, st, out[-3000:]))
            t.secs, t.skipped = secs, res == "skip"
            b.map.record(t.name, prefix, secs, t.skipped)
            log("%s: mapped, %s %s in %.1f s" % (b.name, t.name,
                                                  "is skipped" if t.skipped else "passes", secs))
        s.switch("mutant")
        self.baseline_secs += time.time() - t0
        ok = not s.objs or b.ensure(s.objs)
        b.deadline = deadline + (time.time() - t0) if deadline is not None else None
        return ok

    def limit(self, t):
        """A test's time limit: 5 times its unmutated time plus 5 s; before
        that time is known, FIRST_LIMIT (a test that reaches it is then run
        unmutated to learn its time, and again mutated when its own limit
        is longer)."""
        if t.secs is None:
            return max(self.timeout, FIRST_LIMIT)
        return max(self.timeout, 5 * t.secs + 5)

    def judge(self, f, original, mutated, line=None, last=None):
        """("killed", test) / ("survived", None or why) / ("stillborn", None)
        for file f of the tree holding mutated at line; f holds original
        afterwards. last: a test of a label the runs leave out
        (ci/mutate.py LAST_TESTS), run when f's own tests pass."""
        b = self.build_of(f)
        b.full_build()
        s = State(b, f, original, mutated)
        if s.objs:
            if b.ninja(s.objs)[0] != 0:
                sys.exit("mutate: the unmutated %s does not compile (%s)" % (f, b.name))
            s.save()
        s.switch("mutant")
        if self.cap:
            b.deadline = time.time() + self.cap
        try:
            if b.map and line and b.map.has_record(f, line):
                verdict = self._judge_mapped(b, f, s, line)
            else:
                verdict = self._judge(b, f, s)
            if verdict[0] == "survived" and last:
                verdict = self.judge_last(b, s, last) or verdict
            return verdict
        except Capped:
            return "undecided", "not killed within its cap of %.0f s" % self.cap
        finally:
            b.deadline = None
            s.switch("original")

    def _judge_mapped(self, b, f, s, line):
        """_judge with the line map, for a line gcov has a record of: only
        the tests that execute it run, those already mapped first (fastest
        first), the others mapped one at a time in the file's order (each
        mapped run is also the test's unmutated run). No such test: the
        line is a coverage gap, and the mutant survives unrun."""
        prepared = self.prepare(b, f, s)
        if prepared is None:
            return "stillborn", None
        chosen, env = prepared
        ran, left, batch = [], list(chosen), JOBS
        while left:
            known = [t for t in left if b.map.mapped(t.name)]
            cover = [t for t in known if not t.skipped and b.map.executes(t.name, f, line)]
            if not cover and len(known) < len(left):
                # Mapped in growing batches, JOBS at a time: one switch to
                # the original (and its relinks) serves the whole batch.
                if not self.map_tests(b, s, [t for t in left if not b.map.mapped(t.name)][:batch]):
                    return "stillborn", None
                batch *= 2
                continue
            left = [t for t in left if t not in known]
            order = sorted(cover, key=lambda t: t.secs)
            ran.extend(order)
            verdict = self.first_kill(b, s, order, env)
            if verdict is not None:
                return verdict
        if not ran:
            if not any(b.map.tests[t.name]["lines"].get(f) for t in chosen):
                # No mapped test executed any line of f: its code runs
                # where gcov writes no data (a plugin in a sandboxed child
                # that ends with _exit or a signal), so the map cannot
                # tell; f's whole list judges it, as without a map.
                return self._judge(b, f, s)
            return "survived", "no test executes line %d" % line
        return self.recheck(b, s, ran, env)

    def run_judged(self, b, s, t, env):
        """Runs test t on the mutant: "fail" (with how), "pass", "skip" or
        "stillborn". The unmutated tree runs a test only when the mutant's
        run alone cannot be trusted (lazily, once per test and run): when
        the mutant fails it (does the original pass?), is skipped by it (is
        the original too?) or reaches FIRST_LIMIT before the test's own
        time is known. A test the mutant passes needs no unmutated run."""
        if t.skipped:
            return "skip", ""
        if not b.ensure(t.targets):
            # The file compiled, so the failure is in a program using it
            # (a -Werror warning only the whole program shows).
            return "stillborn", ""
        while True:
            known = (b.name, t.name) in self.baselined or bool(b.map and b.map.mapped(t.name))
            limit, capped = b.within_cap(self.limit(t))
            res, st, _, _ = b.run_test(t, env, limit)
            if st == "timeout" and capped:
                raise Capped()
            if t.skipped:  # left out meanwhile (BASELINE_LIMIT)
                return "skip", ""
            if res == "pass" or known:
                break
            if not self.baseline(b, s, t) or not b.ensure(t.targets):
                return "stillborn", ""
            if t.skipped:
                return "skip", ""
            if st == "timeout" and self.limit(t) > max(self.timeout, FIRST_LIMIT):
                continue  # its own limit is longer: run the mutant again
            break
        if res == "skip" and not t.skipped:
            return "fail", " (skipped, but the unmutated tree runs it)"
        how = " (time limit)" if st == "timeout" else \
              " (signal %d)" % -st if isinstance(st, int) and st < 0 else ""
        return res, how

    def _judge(self, b, f, s):
        prepared = self.prepare(b, f, s)
        if prepared is None:
            return "stillborn", None
        chosen, env = prepared
        verdict = self.first_kill(b, s, chosen, env)
        if verdict is not None:
            return verdict
        return self.recheck(b, s, chosen, env)

    def first_kill(self, b, s, tests, env):
        """Runs tests on the mutant in order until one fails: ("killed",
        how), counted for the test's rank, or ("stillborn", None) when a
        program does not build; None when every test passed or skipped."""
        for t in tests:
            res, how = self.run_judged(b, s, t, env)
            if res == "stillborn":
                return "stillborn", None
            if res == "fail":
                self.kills[t.name] = self.kills.get(t.name, 0) + 1
                return "killed", t.name + how
        return None

    def judge_last(self, b, s, name):
        """Runs the test named name (any label) on a mutant its file's
        tests let pass: ("killed", how) when it fails, else None."""
        t = next((t for t in b.tests if t.name == name), None)
        if t is None:
            sys.exit("mutate: the last test %s is not a test of this build (%s)" % (name, b.name))
        res, how = self.run_judged(b, s, t, {})
        if res == "fail":
            self.kills[t.name] = self.kills.get(t.name, 0) + 1
            return "killed", t.name + how + " (its last test)"
        return None

    def prepare(self, b, f, s):
        """Compiles the mutant's objects (saving the originals') and picks
        the tests of file f with their environment, those that killed most
        so far first. Returns (tests, env), or None when it does not
        compile."""
        if s.objs:
            if not b.ensure(s.objs):
                return None
            s.save()
        return tests_for(f, b.seeing(f, b.tests),
                         b.includers(f) if f.endswith(".h") else (), self.kills)

    def recheck(self, b, s, tests, env):
        """Before a mutant is called a survivor: builds everything still
        out of date (a test may use a program it does not name) and runs
        tests again. Returns the verdict as _judge does."""
        if b.dirty():
            if b.ninja([])[0] != 0:
                return "stillborn", None
            for t in tests:
                res, how = self.run_judged(b, s, t, env)
                if res == "fail":
                    return "killed", t.name + how + " (after a full build)"
        return "survived", None


if __name__ == "__main__":
    # `python3 ci/mutate_whole.py --sample N --seed S` (or --all): the same
    # as ci/mutate.py with those options, which reads the mutants' list,
    # the equivalent ones and the report format from ci/mutate.py.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import mutate  # noqa: E402 (mutate imports this module back as mutate_whole)
    if not any(a in ("--sample", "--all") or a.startswith("--sample=") for a in sys.argv[1:]):
        sys.exit("usage: ci/mutate_whole.py (--sample N [--seed S] | --all) [--match RE] "
                 "[--work DIR] [--no-map] [--list] [--timeout S] [--report PATH]")
    sys.exit(mutate.main())
