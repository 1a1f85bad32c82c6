# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_ioerr.py -- a write that fails only at its end: close() or fsync()
of the output reports EIO (ioerr_shim.so preloaded, its path in
IOERR_SHIM_SO). `sanitize -o` must then say so, exit 2, leave OUT as it
was and no temporary file behind; a file written directly (/dev/null)
is reported the same way. And `check --json` whose list of errors
outgrows memory when tmpfile() fails."""
import glob
import os

from clitest import check, equal, finish, preload_shim, run, tmpdir, write

SHIM = preload_shim("IOERR_SHIM_SO", "ioerr_shim.so")


def main():
    d = tmpdir()
    src = write(os.path.join(d, "in.txt"), b"ok \xc0 end\n")
    out = write(os.path.join(d, "out.txt"), b"precious\n")

    def shimmed(call):
        return dict(os.environ, LD_PRELOAD=SHIM, IOERR_SHIM=call)

    for call, what in (("fsync", "sync"), ("close", "close")):
        rc, o, err = run(["sanitize", "-o", out, src], env=shimmed(call))
        tmp = os.path.join(d, ".out.txt.u8guard-")
        check(rc == 2 and err.startswith("u8guard: %s: cannot %s '%s" % (out, what, tmp)) and
              err.endswith("': Input/output error\n") and err.count("\n") == 1,
              "sanitize -o, %s fails: exit 2, one message" % call,
              "2, u8guard: OUT: cannot %s 'TMP': Input/output error" % what, (rc, err))
        with open(out, "rb") as f:
            equal(f.read(), b"precious\n", "sanitize -o, %s fails: OUT untouched" % call)
        equal(glob.glob(os.path.join(d, ".*")), [], "sanitize -o, %s fails: nothing left" % call)

    equal(run(["sanitize", "-o", "/dev/null", src], env=shimmed("close")),
          (2, b"", "u8guard: /dev/null: Input/output error\n"),
          "sanitize -o /dev/null (written directly), close fails: exit 2")
    equal(run(["sanitize", "-o", "/dev/null", src], env=shimmed("fsync")), (1, b"", ""),
          "sanitize -o /dev/null: no fsync of a file written directly")
    # The shim in place and idle: a normal run.
    equal(run(["sanitize", "-o", out, src], env=shimmed("none"))[0], 1,
          "sanitize -o under the idle shim: exit 1")
    with open(out, "rb") as f:
        equal(f.read(), b"ok \xef\xbf\xbd end\n", "sanitize -o under the idle shim: OUT written")

    # check --json holds a file's list of errors back until its counts are
    # printed: in memory up to 1 MiB (cli/spool.h's SPOOL_MEMORY), then in
    # a tmpfile(), which the shim makes fail. 11000 errors make a list of
    # about 1,023,000 bytes, 12000 one of about 1,118,000 (95 bytes an
    # error, and the file's name): the first needs no temporary file, the
    # second does, and says it could not keep the list.
    for n in (11000, 12000):
        many = write(os.path.join(d, "e%d" % n), b"\x80" * n)
        rc, o, err = run(["check", "--json", "--max-errors", "0", many])
        below = n == 11000
        equal((rc, len(o) < 1 << 20), (1, below),
              "check --json of %d errors: a list %s 1 MiB" % (n, "below" if below else "above"))
        if below:
            equal(run(["check", "--json", "--max-errors", "0", many], env=shimmed("tmpfile")),
                  (1, o, ""), "check --json, a list under 1 MiB: no temporary file needed")
        else:
            equal(run(["check", "--json", "--max-errors", "0", many], env=shimmed("tmpfile")),
                  (2, b"", "u8guard: %s: cannot keep the list of errors: Input/output error\n"
                   % many), "check --json, a list over 1 MiB: the temporary file fails")
    finish()


main()
