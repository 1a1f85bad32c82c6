# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_check_modes.py -- the conventions of isutf8, grep and du that
`check` follows: -q/--quiet, -l/--files-with-errors, --max-errors that stops
reading (and --count that reads on), --files0-from, -r/--recursive and
and -R/--dereference-recursive. (`explain --file` is test_explain_file.py.)"""
import os
import subprocess

from clitest import BIN, run, check, equal, finish, tmpdir, write

U = " (try 'u8guard %s --help')\n"


def tree(d):
    """d/good, d/bad, d/sub/worse, d/sub/link-to-bad (file symlink),
    d/dirlink -> sub (directory symlink), d/sub/loop -> .. (a loop), a FIFO."""
    write(os.path.join(d, "good"), b"ok\n")
    write(os.path.join(d, "bad"), b"\xff")
    os.mkdir(os.path.join(d, "sub"))
    write(os.path.join(d, "sub", "worse"), b"a\n\xc0\xaf")
    os.symlink("../bad", os.path.join(d, "sub", "link-to-bad"))
    os.symlink("sub", os.path.join(d, "dirlink"))
    os.symlink("..", os.path.join(d, "sub", "loop"))
    os.mkfifo(os.path.join(d, "sub", "fifo"))


def stops_early(d):
    """--max-errors 1, -q and -l answer as soon as the first error is read:
    the writer (a FIFO, or a pipe on standard input) writes 2 KiB with an
    error at offset 1000 and then never writes again nor closes, so a
    command that read on to the end of the input would never return (each
    run is given 20 s). The whole output is compared, byte for byte."""
    data = b"a" * 600 + b"\n" + b"b" * 399 + b"\x80" + b"c" * 1047
    fifo = os.path.join(d, "fifo-early")
    os.mkfifo(fifo)
    line = (":2:400: offset 1000: unexpected_continuation (80): 80 is a continuation "
            "byte where a character should start\n")
    for via in ("fifo", "pipe"):
        name = fifo if via == "fifo" else "-"
        for opts, want in ((["--max-errors", "1"],
                            name + line + name + ": 1 error in the first 1001 bytes "
                            "(stopped at --max-errors 1)\n"),
                           (["-q"], ""),
                           (["-l"], name + "\n")):
            what = "check %s, %s blocked after an early error" % (" ".join(opts), via)
            if via == "fifo":
                p = subprocess.Popen([BIN, "check"] + opts + [fifo], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
                w = os.open(fifo, os.O_WRONLY)
            else:
                r, w = os.pipe()
                p = subprocess.Popen([BIN, "check"] + opts, stdin=r, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
                os.close(r)
            os.write(w, data)
            try:
                out, err = p.communicate(timeout=20)
                equal((p.returncode, out.decode(), err), (1, want, b""), what)
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
                check(False, what + ": returns without reading to the end (it kept reading)")
            os.close(w)


def main():
    d = tmpdir()
    stops_early(d)
    good = write(os.path.join(d, "good.txt"), b"fine\n")
    bad = write(os.path.join(d, "bad.txt"), b"a\x80b\xffc\n")
    missing = os.path.join(d, "missing")

    # -q: nothing printed, the status answers; the first error ends the run.
    for q in ("-q", "--quiet", "--silent", "--qu"):
        equal(run(["check", q, good]), (0, b"", ""), "check %s valid" % q)
        equal(run(["check", q, good, bad]), (1, b"", ""), "check %s with an invalid file" % q)
    equal(run(["check", "-q", bad, missing]), (1, b"", ""),
          "check -q: stops at the first invalid file (the missing one is not opened)")
    rc, out, err = run(["check", "-q", missing, bad])
    equal((rc, out), (2, b""), "check -q: an unreadable file before the answer: 2")
    # -q stops reading: a FIFO whose writer never closes still gets an answer.
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    p = subprocess.Popen([BIN, "check", "-q", fifo], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    w = os.open(fifo, os.O_WRONLY)
    os.write(w, b"valid so far \xc0 and more to come")
    try:
        out, err = p.communicate(timeout=20)
        equal((p.returncode, out, err), (1, b"", b""), "check -q returns at the first error")
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        check(False, "check -q returns at the first error (it kept reading)")
    os.close(w)
    # --max-errors stops reading too (the same FIFO trick), --count does not.
    p = subprocess.Popen([BIN, "check", "--max-errors=2", fifo], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    w = os.open(fifo, os.O_WRONLY)
    os.write(w, b"\x80\n\x80\x80 wait")
    try:
        out, err = p.communicate(timeout=20)
        name = fifo.encode()
        equal((p.returncode, out.splitlines()[-1]),
              (1, name + b": 2 errors in the first 3 bytes (stopped at --max-errors 2)"),
              "check --max-errors 2 returns after the second error")
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        check(False, "check --max-errors 2 returns after the second error (it kept reading)")
    os.close(w)
    many = write(os.path.join(d, "many"), b"\x80\n" * 10)
    rc, out, err = run(["check", "--max-errors", "3", many])
    equal(out.decode().splitlines()[2:],
          [many + ":3:1: offset 4: unexpected_continuation (80): 80 is a continuation byte "
                  "where a character should start",
           many + ": 3 errors in the first 5 bytes (stopped at --max-errors 3)"],
          "--max-errors 3: the third error, then the summary of what was read")
    equal(out.decode().splitlines()[-1],
          many + ": 3 errors in the first 5 bytes (stopped at --max-errors 3)", "stop summary")
    rc, out, err = run(["check", "--max-errors", "3", "--count", many])
    equal(out.decode().splitlines()[-1], many + ": 10 errors in 20 bytes (first 3 shown)",
          "--count: the total")
    # Stopped by --max-errors at the end of a 1-byte chunk, the error still
    # gets the bytes after it from the next reads: C0 AF is read as '/'.
    slash = write(os.path.join(d, "slash"), b"\xc0\xafxyz")
    equal(run(["check", "--buffer-size", "1", "--max-errors", "1", slash])[1].decode(),
          slash + ":1:1: offset 0: overlong (C0 AF): C0 AF is an overlong encoding of "
          "U+002F '/'\n" + slash + ": 1 error in the first 1 byte (stopped at --max-errors 1)\n",
          "--max-errors 1 with 1-byte reads: the bytes after the error")
    # ... from every read it takes, not just the first: the CESU-8 pair
    # needs the four bytes after ED A0, one per read.
    cesu = write(os.path.join(d, "cesu"), b"A\xed\xa0\x80\xed\xb0\x80z")
    equal(run(["check", "--buffer-size", "1", "--max-errors", "1", cesu])[1].decode(),
          cesu + ":1:2: offset 1: surrogate (ED A0 80 ED B0 80): ED A0 80 ED B0 80 is "
          "CESU-8 (surrogate pair D800 DC00) for U+10000 '\U00010000'\n" + cesu +
          ": 1 error in the first 2 bytes (stopped at --max-errors 1)\n",
          "--max-errors 1 with 1-byte reads: a window of six bytes")
    # The fewest errors and bytes that line can have: 2 of each.
    two = write(os.path.join(d, "two"), b"\x80\x80")
    equal(run(["check", "--max-errors", "1", "--count", two])[1].decode().splitlines()[-1],
          two + ": 2 errors in 2 bytes (first 1 shown)", "--count: 2 errors in 2 bytes")
    rc, out, err = run(["check", "--json", "--max-errors", "3", many])
    check(b'"bytes": 20, "error_count": 10' in out, "--json counts every error", None, out)
    equal(run(["check", "--max-errors", "1", write(os.path.join(d, "one"), b"\xc3")])[1]
          .decode().splitlines()[-1], d + "/one: 1 error in the first 1 byte (stopped at "
          "--max-errors 1)", "stop summary, singular")

    # Standard input that is a regular file already partly read: lines are
    # counted from where the stream starts, not from the file's start, also
    # when the first error comes after the first chunk and they are counted
    # by reading the bytes before it again (check.c's lazy counting).
    part = write(os.path.join(d, "part"), b"x\nx\nx\nab\xc0\n")
    with open(part, "rb") as f:
        f.seek(4)
        p = subprocess.run([BIN, "check", "--buffer-size", "2", "-"], stdin=f,
                           capture_output=True)
    equal((p.returncode, p.stdout.decode()),
          (1, "-:2:3: offset 4: overlong (C0): C0 can only begin an overlong encoding (of a "
              "character in U+0000..U+007F)\n-: 1 error in 6 bytes\n"),
          "check - from a file read up to byte 4: the lines of the stream")

    # -l: the names of the files with errors only.
    for l in ("-l", "--files-with-errors", "--files-w"):
        equal(run(["check", l, good, bad, many, good]),
              (1, (bad + "\n" + many + "\n").encode(), ""), "check %s" % l)
    equal(run(["check", "-l", good]), (0, b"", ""), "check -l, all valid: nothing")
    write(os.path.join(d, "esc\x1bname"), b"\x80")
    equal(run(["check", "-l", "esc\x1bname"], cwd=d), (1, b"esc\\x1Bname\n", ""),
          "check -l escapes the name as the human output does")

    # Mistakes.
    for args, msg in ((["-q", "--json"], "options '--quiet' and '--json' cannot be used together"),
                      (["-l", "-q"], "options '--quiet' and '--files-with-errors' cannot be "
                                     "used together"),
                      (["-l", "--count"], "options '--files-with-errors' and '--count' cannot "
                                          "be used together"),
                      # --count with --json is no conflict: the first two others are named.
                      (["--count", "--json", "-l"], "options '--files-with-errors' and "
                                                    "'--json' cannot be used together"),
                      (["--file", "x"], "option '--file' is ambiguous: it may be "
                                        "'--files-with-errors', '--files0-from'"),
                      (["--files0-from", "x", good], "file operand '%s' cannot be combined "
                                                     "with --files0-from" % good)):
        equal(run(["check"] + args), (2, b"", "u8guard check: " + msg + U % "check"),
              "check %r" % args)
    equal(run(["check", "--json", "--count", bad])[0], 1, "--json --count: allowed")

    # --files0-from.
    names = write(os.path.join(d, "names"), (good + "\0" + bad + "\0" + many).encode())
    rc, out, err = run(["check", "--files0-from", names, "-l"])
    equal((rc, out, err), (1, (bad + "\n" + many + "\n").encode(), ""),
          "--files0-from FILE (last name without NUL)")
    rc, out, err = run(["check", "--files0-from=-", "--quiet"],
                       input_bytes=(good + "\0").encode())
    equal((rc, out, err), (0, b"", ""), "--files0-from=- (standard input)")
    rc, out, err = run(["check", "--files0-from=-", "-l"],
                       input_bytes=(bad + "\0\0-\0" + missing + "\0" + good + "\0").encode())
    equal((rc, out), (2, (bad + "\n").encode()), "--files0-from=-: bad names are errors")
    equal(err, "u8guard: --files0-from -: name 2 is empty\n"
               "u8guard: --files0-from -: name 3 is '-', but standard input holds the names\n"
               "u8guard: %s: No such file or directory\n" % missing,
          "--files0-from=-: one message per bad name")
    equal(run(["check", "--files0-from", missing]),
          (2, b"", "u8guard: --files0-from %s: No such file or directory\n" % missing),
          "--files0-from a missing file")
    equal(run(["check", "--files0-from", write(os.path.join(d, "empty"), b"")]), (0, b"", ""),
          "--files0-from an empty list: nothing to do")
    # A list past the names buffer's first 64 KiB, which must grow: the
    # last name, the only bad file, starts past byte 100000.
    long_list = ((good + "\0") * (100000 // (len(good) + 1) + 1) + bad).encode()
    rc, out, err = run(["check", "--files0-from", write(os.path.join(d, "long"), long_list),
                        "-l"])
    equal((rc, out, err), (1, (bad + "\n").encode(), ""),
          "--files0-from a list of %d bytes" % len(long_list))

    # -r and -R.
    t = os.path.join(d, "t")
    os.mkdir(t)
    tree(t)
    equal(run(["check", "-l", "-r"], cwd=t), (1, b"bad\nsub/worse\n", ""),
          "-r, no FILE: '.', names without './', symlinks, FIFOs skipped")
    equal(run(["check", "-l", "-r", "."], cwd=t), (1, b"./bad\n./sub/worse\n", ""),
          "-r .: names under ./")
    equal(run(["check", "-l", "--recursive", t + "/"]),
          (1, (t + "/bad\n" + t + "/sub/worse\n").encode(), ""), "-r DIR/: no double slash")
    equal(run(["check", "-l", "-r", "dirlink"], cwd=t), (1, b"dirlink/worse\n", ""),
          "-r: a symlinked directory named on the command line is walked")
    rc, out, err = run(["check", "-l", "-R", "."], cwd=t)
    equal((rc, out), (1, b"./bad\n./dirlink/link-to-bad\n./dirlink/worse\n"
                         b"./sub/link-to-bad\n./sub/worse\n"),
          "-R: every symlink followed")
    equal(err, "u8guard: warning: ./dirlink/loop: recursive directory loop (skipped)\n"
               "u8guard: warning: ./sub/loop: recursive directory loop (skipped)\n",
          "-R: loops reported and skipped")
    equal(run(["check", "-r", "sub"], cwd=t)[1].decode().splitlines()[-1],
          "sub/worse: 2 errors in 4 bytes", "-r: the usual report per file")
    rc, out, err = run(["check", "sub"], cwd=t)
    equal((rc, err), (2, "u8guard: sub: Is a directory\n"), "no -r: a directory is an error")
    equal(run(["check", "-q", "-r", t])[0], 1, "-q -r")
    # -q ends a walk at the first bad file: the dangling link after it is
    # never looked at (looked at, it is an error, exit 2).
    qdir = os.path.join(d, "qdir")
    os.mkdir(qdir)
    write(os.path.join(qdir, "a"), b"\xff")
    os.symlink("nowhere", os.path.join(qdir, "b"))
    equal(run(["check", "-q", "-R", qdir]), (1, b"", ""), "-q -R: the walk ends at the first error")
    equal(run(["check", "-l", "-R", qdir])[0], 2, "-l -R: the dangling link is looked at")
    # A directory of 40 entries, more than the first 32 the walk makes room
    # for: every name, in order (the bad ones 00, 13, 31, 32 and 39).
    wide = os.path.join(d, "wide")
    os.mkdir(wide)
    for i in range(40):
        write(os.path.join(wide, "%02d" % i), b"\xff" if i in (0, 13, 31, 32, 39) else b"ok")
    equal(run(["check", "-l", "-r", "wide"], cwd=d),
          (1, b"".join(b"wide/%02d\n" % i for i in (0, 13, 31, 32, 39)), ""),
          "-r: a directory of 40 entries")

    # Without --max-errors, 1000 errors are listed (the default the help
    # states), then the file is no longer read.
    many = write(os.path.join(d, "many1001"), b"\x80" * 1001)
    rc, out, err = run(["check", many])
    lines = out.decode().splitlines()
    equal((rc, len(lines), lines[-1]), (1, 1001, many + ": 1000 errors in the first 1000 "
                                        "bytes (stopped at --max-errors 1000)"),
          "check: 1000 errors by default")

    finish()


main()
