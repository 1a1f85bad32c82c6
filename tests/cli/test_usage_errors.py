# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_usage_errors.py -- every way to hold the command wrong gets exit
status 2 and one message naming the file or option and the cause; files
that cannot be read do not stop the others; 2 wins over 1."""
import os
import shutil
import subprocess

from clitest import run, check, equal, finish, tmpdir, write, HAVE_AUDIT


def expect_trouble(args, says, label, **kw):
    rc, out, err = run(args, **kw)
    equal(rc, 2, label + ": exit status 2")
    for s in says:
        check(s in err, "%s: message says %r" % (label, s), s, err)
    check(err.startswith("u8guard"), label + ": message starts with 'u8guard'", None, err)
    return out, err


def main():
    d = tmpdir()
    good = write(os.path.join(d, "good.txt"), "h\u00e9llo\n".encode())
    bad = write(os.path.join(d, "bad.txt"), b"a\xc0\xafb\n")
    missing = os.path.join(d, "missing.txt")

    rc, out, err = run(["--version"])
    check(rc == 0 and out.startswith(b"u8guard 0.1.0\nimplementation: ") and err == "",
          "--version", None, (rc, out, err))
    for args in (["--help"], ["-h"], ["help"]):
        rc, out, err = run(args)
        check(rc == 0 and out.startswith(b"usage: u8guard COMMAND"), "%r prints the help" % args)
    for cmd in ("check", "sanitize", "explain", "audit"):
        for args in ([cmd, "--help"], [cmd, "-h"], ["help", cmd]):
            rc, out, err = run(args)
            check(rc == 0 and out.startswith(("usage: u8guard %s" % cmd).encode()),
                  "%r prints the help of %s" % (args, cmd), "usage: u8guard " + cmd, out[:40])
    expect_trouble([], ["no command given", "u8guard --help"], "no command")
    expect_trouble(["frob"], ["unknown command 'frob'"], "unknown command")
    expect_trouble(["--frob"], ["unknown option '--frob'"], "unknown global option")
    expect_trouble(["-q"], ["unknown option '-q'"], "unknown global short option")
    expect_trouble(["x-"], ["unknown command 'x-'"], "unknown command, '-' second")
    expect_trouble(["help", "frob"], ["unknown command 'frob'"], "help for an unknown command")
    if not HAVE_AUDIT:
        # The audit is the separate program u8guard-audit (cli/audit.c):
        # the message names where the command looked for it.
        out, err = expect_trouble(["audit"], [], "audit without the oracles")
        check(err.startswith("u8guard: audit: /") and
              "/libexec/u8guard/u8guard-audit: No such file or directory (the audit is a "
              "separate program: configure with -DU8GUARD_ORACLES=ON, or install the "
              "u8guard-audit package)\n" in err,
              "audit without the oracles: message", "where u8guard-audit was looked for", err)
    else:
        print("NOTE: this build has 'u8guard audit'; its own tests cover it")
    # A copy of the command with no u8guard-audit beside it, whatever this
    # build holds: `u8guard audit` then scans its own arguments for -h/--help
    # (cli/audit.c wants_help), up to argc and never past it, and stops at "--".
    # The copy is in PREFIX/bin, and looks for PREFIX/libexec/u8guard/u8guard-audit.
    prefix = tmpdir()
    os.mkdir(os.path.join(prefix, "bin"))
    alone = os.path.join(prefix, "bin", "u8guard")
    shutil.copy(os.environ["U8GUARD_BIN"], alone)
    says = ("u8guard: audit: %s/libexec/u8guard/u8guard-audit: No such file or directory (the "
            "audit is a separate program: configure with -DU8GUARD_ORACLES=ON, or install the "
            "u8guard-audit package)\n" % os.path.realpath(prefix))
    for args in (["audit"], ["audit", "x.txt"], ["audit", "--", "--help"]):
        p = subprocess.run([alone] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        err = p.stderr.decode("utf-8", "replace")
        equal((p.returncode, p.stdout, err), (2, b"", says),
              "%r with no audit installed: exit 2 and where it was looked for" % args)
    for args in (["audit", "--help"], ["audit", "x.txt", "-h"]):
        p = subprocess.run([alone] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(p.returncode == 0 and p.stdout.startswith(b"usage: u8guard audit") and
              p.stdout.endswith(b"\nThe audit is not installed here: u8guard-audit was not "
                                b"found next to this command.\n"),
              "%r with no audit installed: the help, and why it cannot run" % args,
              None, (p.returncode, p.stdout[-120:]))

    for cmd in ("check", "sanitize"):
        expect_trouble([cmd, "--frob", good], ["u8guard %s: unknown option '--frob'" % cmd],
                       cmd + " unknown option")
        expect_trouble([cmd, "-x", good], ["unknown option '-x'"], cmd + " unknown short option")
        expect_trouble([cmd, good, "--buffer-size"], ["option '--buffer-size' needs a value"],
                       cmd + " --buffer-size without a value")
        for v in ("0", "-1", "abc", "12abc", "", " 5", "1.5", "0x10", "4KK",
                  "99999999999999999999999x"):
            expect_trouble([cmd, "--buffer-size", v, good], ["bad --buffer-size '%s'" % v],
                           "%s --buffer-size %r" % (cmd, v))
        for v in ("65M", "67108865", "1G", "18446744073709551615", "99999999999999999999999"):
            expect_trouble([cmd, "--buffer-size=" + v, good], ["is too large", "64M"],
                           "%s --buffer-size=%s" % (cmd, v))
        rc, out, err = run([cmd, "--buffer-size", "64M", good])
        equal(rc, 0, cmd + " --buffer-size 64M (the limit) is accepted")
        expect_trouble([cmd, missing], [missing, "No such file or directory"], cmd + " missing file")
        expect_trouble([cmd, d], [d, "Is a directory"], cmd + " directory")
        # /proc/self/mem opens but reading offset 0 fails (EIO), even for root.
        expect_trouble([cmd, "/proc/self/mem"], ["/proc/self/mem", "read error",
                                                 "Input/output error"], cmd + " read error")
    expect_trouble(["check", "--max-errors"], ["option '--max-errors' needs a value"],
                   "--max-errors without a value")
    for v in ("-3", "x", "18446744073709551616"):
        expect_trouble(["check", "--max-errors", v, good], ["bad --max-errors '%s'" % v],
                       "--max-errors %r" % v)
    expect_trouble(["check", "--json=yes", good], ["option '--json' takes no value"], "--json=yes")
    expect_trouble(["sanitize", good, bad], ["more than one input file"], "sanitize two inputs")
    expect_trouble(["sanitize", "-o"], ["option '-o' needs a value"], "sanitize -o without a value")

    if os.geteuid() != 0:
        locked = write(os.path.join(d, "locked.txt"), b"x")
        os.chmod(locked, 0)
        expect_trouble(["check", locked], [locked, "Permission denied"], "unreadable file")
    else:
        print("NOTE: running as root, which reads any file: the unreadable-file case "
              "is covered by /proc/self/mem (read error) instead")

    # Several files: each is reported; 1 if some is invalid, 2 wins.
    rc, out, err = run(["check", good, good])
    equal(rc, 0, "two valid files: 0")
    rc, out, err = run(["check", good, bad])
    equal(rc, 1, "valid + invalid: 1")
    rc, out, err = run(["check", bad, missing, good])
    equal(rc, 2, "invalid + missing + valid: 2")
    lines = out.decode().splitlines()
    check(any(x == bad + ": 2 errors in 5 bytes" for x in lines) and
          any(x == good + ": valid UTF-8, 7 bytes" for x in lines),
          "the files around the missing one are still checked", None, lines)
    equal(err.count("\n"), 1, "one message for the missing file")
    rc, out, err = run(["check", "--json", missing, bad])
    equal(rc, 2, "--json missing + invalid: 2")
    equal(len(out.decode().splitlines()), 1, "--json: an object for the readable file only")
    rc, out, err = run(["check", "-", good], input_bytes=b"\xff")
    equal(rc, 1, "'-' reads standard input")
    check(out.decode().startswith("-:1:1: offset 0: too_large (FF)"), "'-' is named '-'", None, out)

    # Options after operands and "--" before a file named like an option.
    dash = write(os.path.join(d, "-n"), b"\x80")
    rc, out, err = run(["check", "--", "-n"], cwd=d)
    equal(rc, 1, "'--' ends the options")
    rc, out, err = run(["check", good, "--json"])
    equal((rc, out[:1]), (0, b"{"), "an option after a file still counts")
    del dash

    # Standard output closed or full.
    p = subprocess.run("exec %s check %s >&-" % (os.environ["U8GUARD_BIN"], bad), shell=True,
                       stderr=subprocess.PIPE)
    equal(p.returncode, 2, "stdout closed: exit 2")
    check(b"standard output" in p.stderr and b"Bad file descriptor" in p.stderr,
          "stdout closed: the message says so", None, p.stderr)
    with open("/dev/full", "wb") as full:
        p = subprocess.run([os.environ["U8GUARD_BIN"], "check", bad], stdout=full,
                           stderr=subprocess.PIPE)
    equal(p.returncode, 2, "check > /dev/full: exit 2")
    check(b"No space left on device" in p.stderr, "check > /dev/full: ENOSPC named", None, p.stderr)
    finish()


main()
