# SPDX-License-Identifier: MIT OR Apache-2.0
"""clitest.py -- the small harness every tests/cli/test_*.py uses.

The binary under test, the shared-data folder and what the build holds come
from CMake through the environment (see CMakeLists.txt):
  U8GUARD_BIN         path of the built `u8guard`
  U8GUARD_SHARED      the project's shared data folder (Kuhn's test file)
  U8GUARD_HAVE_AUDIT  "1" when `u8guard audit` is built in
A test script calls check() for each assertion; the first failure prints
what was expected and what came, and the script exits 1 at the end. skip()
exits 77, which ctest reports as skipped (SKIP_RETURN_CODE), with the
reason printed.
"""
import os
import subprocess
import sys
import tempfile

BIN = os.environ.get("U8GUARD_BIN", "")
SHARED = os.environ.get("U8GUARD_SHARED", "")
HAVE_AUDIT = os.environ.get("U8GUARD_HAVE_AUDIT", "0") == "1"
SKIP = 77

_failures = []
_checks = 0


def run(args, stdin=None, input_bytes=None, env=None, **kw):
    """Runs u8guard with args; returns (returncode, stdout bytes, stderr str)."""
    p = subprocess.run([BIN] + list(args), input=input_bytes,
                       stdin=stdin if input_bytes is None else None,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=kw.pop("timeout", 120), **kw)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def check(cond, what, expected=None, got=None):
    """Records one assertion: cond must hold."""
    global _checks
    _checks += 1
    if not cond:
        msg = "FAIL: " + what
        if expected is not None or got is not None:
            msg += "\n  expected: %r\n  got:      %r" % (expected, got)
        print(msg)
        _failures.append(what)


def equal(got, expected, what):
    """Records one assertion: got == expected."""
    check(got == expected, what, expected, got)


def skip(reason):
    """Skips the whole script, saying why."""
    print("SKIP: " + reason)
    sys.exit(SKIP)


def preload_shim(variable, what):
    """Returns the path of the LD_PRELOAD module named by the environment
    variable (set by CMake), or skips the script: under a sanitizer the
    sanitizer's runtime must be the first preloaded library."""
    shim = os.environ.get(variable, "")
    if os.environ.get("U8GUARD_SANITIZE"):
        skip("sanitizer build: the sanitizer runtime must be the first preloaded "
             "library, so the %s cannot be used here" % what)
    if not shim or not os.path.exists(shim):
        skip("%s does not name the built %s (%r)" % (variable, what, shim))
    return shim


def finish():
    """Prints the tally and exits 0 when every assertion held, else 1."""
    if _failures:
        print("%d of %d checks failed" % (len(_failures), _checks))
        sys.exit(1)
    print("all %d checks passed" % _checks)
    sys.exit(0)


def tmpdir():
    """A fresh temporary directory, removed at exit."""
    d = tempfile.TemporaryDirectory(prefix="u8guard-cli-")
    _keep.append(d)
    return d.name


_keep = []


def write(path, data):
    """Writes bytes data to path and returns path."""
    with open(path, "wb") as f:
        f.write(data)
    return path


def kuhn_path():
    """Kuhn's UTF-8-test.txt, or None when the shared folder lacks it."""
    p = os.path.join(SHARED, "kuhn", "UTF-8-test.txt")
    return p if SHARED and os.path.isfile(p) else None


if not BIN or not os.access(BIN, os.X_OK):
    print("FAIL: U8GUARD_BIN does not name the built u8guard (%r)" % BIN)
    sys.exit(1)
