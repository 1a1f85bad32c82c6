# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_eintr.py -- interrupted and short system calls lose nothing.

The command runs with eintr_shim.so preloaded (its path in EINTR_SHIM):
every other read(), write() and open() fails with EINTR and every write
is cut to at most 7 bytes. `check`, `check --json` and `sanitize` (to standard
output, to a pipe, and with -o) must print exactly what they print without
the shim, and exit with the same status. The shim reports how many calls it
interrupted, so a run in which it was not in effect fails instead of
passing for nothing.
"""
import os
import tempfile

from clitest import check, equal, finish, preload_shim, run

SHIM = preload_shim("EINTR_SHIM", "eintr_shim.so")

DATA = (b"line one\n" + b"caf\xc3\xa9 \xc0\xaf \xed\xa1\x8c\xed\xbe\xb4\n" * 300 +
        b"\xf0\x9f\x98\x80 " * 5000 + b"tail \xf0\x9f\x98")

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "in.txt")
    with open(src, "wb") as f:
        f.write(DATA)
    log = os.path.join(tmp, "shim.log")

    def shimmed():
        env = dict(os.environ)
        env["LD_PRELOAD"] = SHIM
        env["EINTR_SHIM_LOG"] = log
        return env

    def interrupted_calls():
        with open(log) as f:
            return int(f.read())

    cases = [
        ("check FILE", ["check", src], None),
        ("check --json FILE", ["check", "--json", src], None),
        ("check --buffer-size 5 FILE", ["check", "--buffer-size", "5", src], None),
        ("check - (pipe)", ["check", "-"], DATA),
        # explain --file reads the bytes around each error again with
        # pread, which the shim interrupts and cuts short too (as it does
        # check's pread of the lines before its first error).
        ("explain --file FILE", ["explain", "--file", src, "--max-errors", "0"], None),
        ("sanitize FILE", ["sanitize", src], None),
        ("sanitize - (pipe)", ["sanitize", "--buffer-size", "3"], DATA),
        # OUT that is not a regular file is opened, not made with mkstemp:
        # an open that failed with EINTR is asked again, and only then.
        ("sanitize -o /dev/null FILE", ["sanitize", "-o", "/dev/null", src], None),
    ]
    for name, args, stdin in cases:
        want = run(args, input_bytes=stdin)
        # A retry loop that never ends is a failure within seconds (each
        # case takes well under one).
        got = run(args, input_bytes=stdin, env=shimmed(), timeout=20)
        equal(got[0], want[0], name + ": exit status")
        equal(got[1], want[1], name + ": standard output, byte for byte")
        check(interrupted_calls() > 10, name + ": the shim interrupted calls",
              "> 10", interrupted_calls())

    # -o: the output file is written through interrupted, short writes.
    out_plain = os.path.join(tmp, "plain.out")
    out_shim = os.path.join(tmp, "shim.out")
    rc_plain = run(["sanitize", "-o", out_plain, src])[0]
    rc_shim, _, err = run(["sanitize", "-o", out_shim, src], env=shimmed())
    equal(rc_shim, rc_plain, "sanitize -o: exit status (stderr: %s)" % err.strip())
    with open(out_plain, "rb") as a, open(out_shim, "rb") as b:
        equal(b.read(), a.read(), "sanitize -o: the file, byte for byte")
    check(interrupted_calls() > 10, "sanitize -o: the shim interrupted calls",
          "> 10", interrupted_calls())
    check(not [n for n in os.listdir(tmp) if n.startswith(".")],
          "sanitize -o: no temporary file left behind", "none", os.listdir(tmp))

finish()
