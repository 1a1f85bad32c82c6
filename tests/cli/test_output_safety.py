# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_output_safety.py -- output that never lies and never clobbers:
`sanitize -o` (temporary file, fsync, rename; OUT untouched and no
temporary file left on any failure; refusing OUT = input), full disks
(/dev/full), a reader that goes away (EPIPE), and signals during -o."""
import glob
import os
import re
import signal
import stat
import subprocess
import time

from clitest import BIN, run, check, equal, finish, tmpdir, write

R = b"\xef\xbf\xbd"


def leftovers(d):
    return glob.glob(os.path.join(d, ".*.u8guard-*"))


def main():
    d = tmpdir()
    src = write(os.path.join(d, "in.txt"), b"ok \xc0\xaf end\n")
    clean = b"ok " + R + R + b" end\n"

    # A new OUT: content, status, mode 0666 & ~umask.
    out = os.path.join(d, "new.txt")
    rc, o, err = run(["sanitize", "-o", out, src], preexec_fn=lambda: os.umask(0o027))
    equal((rc, o, err), (1, b"", ""), "sanitize -o new: exit 1, nothing on stdout")
    with open(out, "rb") as f:
        equal(f.read(), clean, "sanitize -o new: content")
    equal(stat.S_IMODE(os.stat(out).st_mode), 0o640, "sanitize -o new: mode 0666 & ~umask 027")
    equal(leftovers(d), [], "sanitize -o new: no temporary file left")
    # With umask 0 the mode is 0666 itself (no execute bit, nothing kept back).
    out0 = os.path.join(d, "new0.txt")
    rc, o, err = run(["sanitize", "-o", out0, src], preexec_fn=lambda: os.umask(0))
    equal((rc, stat.S_IMODE(os.stat(out0).st_mode)), (1, 0o666), "sanitize -o new, umask 0: 0666")
    os.remove(out0)

    # An existing OUT keeps its mode; a symlink OUT stays a symlink.
    os.chmod(out, 0o600)
    rc, o, err = run(["sanitize", "--output", out, src])
    equal(stat.S_IMODE(os.stat(out).st_mode), 0o600, "sanitize -o existing: mode kept")
    link = os.path.join(d, "link.txt")
    os.symlink("new.txt", link)
    write(os.path.join(d, "valid.txt"), b"fine\n")
    rc, o, err = run(["sanitize", "-o", link, os.path.join(d, "valid.txt")])
    equal(rc, 0, "sanitize valid input: exit 0")
    check(os.path.islink(link), "sanitize -o symlink: still a symlink")
    with open(out, "rb") as f:
        equal(f.read(), b"fine\n", "sanitize -o symlink: the target got the output")

    # OUT = input, by name, symlink or hard link: refused, input unchanged.
    os.link(src, os.path.join(d, "hard.txt"))
    os.symlink("in.txt", os.path.join(d, "soft.txt"))
    for name in ("in.txt", "soft.txt", "hard.txt"):
        rc, o, err = run(["sanitize", "-o", os.path.join(d, name), src])
        equal(rc, 2, "sanitize -o %s (the input): exit 2" % name)
        check("the output file is the input file" in err and name in err,
              "sanitize -o %s: message" % name, None, err)
    with open(src, "rb") as f:
        equal(f.read(), b"ok \xc0\xaf end\n", "the input was not touched")
    with open(src, "rb") as f:
        rc, o, err = run(["sanitize", "-o", src], stdin=f)
    equal(rc, 2, "sanitize -o FILE < FILE: refused too")
    p = subprocess.run("exec %s sanitize %s >> %s" % (BIN, src, src), shell=True,
                       stderr=subprocess.PIPE)
    equal(p.returncode, 2, "sanitize FILE >> FILE: refused")
    check(b"the input file is also standard output" in p.stderr, "sanitize FILE >> FILE: message")

    # OUT in a place that cannot hold it: exit 2, named, nothing created.
    rc, o, err = run(["sanitize", "-o", "/etc/passwd/x", src])
    check(rc == 2 and "/etc/passwd/x" in err and "Not a directory" in err,
          "sanitize -o under a regular file: exit 2 and ENOTDIR named", None, err)
    rc, o, err = run(["sanitize", "-o", os.path.join(d, "nodir", "x"), src])
    check(rc == 2 and "No such file or directory" in err, "sanitize -o in a missing directory",
          None, err)
    rc, o, err = run(["sanitize", "-o", d, src])
    check(rc == 2 and "Is a directory" in err, "sanitize -o DIRECTORY", None, err)

    # OUT's temporary name is OUT's and 16 bytes more ('.' and
    # '.u8guard-XXXXXX'); the kernel takes names of at most PATH_MAX - 1 =
    # 4095 bytes. An OUT of 4079 bytes is written; one of 4080 is refused,
    # with the cause named and nothing created.
    deep = os.path.realpath(d)
    while 4079 - len(deep) > 250:  # the last name part stays under NAME_MAX
        deep = os.path.join(deep, "d" * 200)
    os.makedirs(deep)
    for size, expect in ((4079, (1, b"", "")), (4080, None)):
        out = os.path.join(deep, "o" * (size - len(deep) - 1))
        equal(len(out), size, "the long OUT's length")
        rc, o, err = run(["sanitize", "-o", out, src])
        if expect:
            equal((rc, o, err), expect, "sanitize -o a name of %d bytes: written" % size)
            with open(out, "rb") as f:
                equal(f.read(), clean, "sanitize -o a name of %d bytes: content" % size)
            os.remove(out)
        else:
            equal((rc, o, err), (2, b"", "u8guard: %s: File name too long\n" % out),
                  "sanitize -o a name of %d bytes: no room for the temporary name" % size)
        equal(os.listdir(deep), [], "sanitize -o a name of %d bytes: nothing left" % size)

    # A read error after OUT's temporary file exists: OUT untouched, no leftovers.
    keep = write(os.path.join(d, "keep.txt"), b"precious\n")
    ino = os.stat(keep).st_ino
    rc, o, err = run(["sanitize", "-o", keep, "/proc/self/mem"])
    check(rc == 2 and "Input/output error" in err, "sanitize -o after a read error: exit 2",
          None, err)
    with open(keep, "rb") as f:
        equal(f.read(), b"precious\n", "read error: OUT untouched")
    equal(os.stat(keep).st_ino, ino, "read error: OUT is the same file")
    equal(leftovers(d), [], "read error: no temporary file left")

    # Full disk: /dev/full as -o (written directly) and as stdout.
    rc, o, err = run(["sanitize", "-o", "/dev/full", src])
    check(rc == 2 and "/dev/full" in err and "No space left on device" in err,
          "sanitize -o /dev/full: exit 2, ENOSPC named", None, err)
    with open("/dev/full", "wb") as full:
        p = subprocess.run([BIN, "sanitize", src], stdout=full, stderr=subprocess.PIPE)
    check(p.returncode == 2 and b"standard output" in p.stderr and
          b"No space left on device" in p.stderr, "sanitize > /dev/full: exit 2", None, p.stderr)
    rc, o, err = run(["sanitize", "-o", "/dev/null", src])
    equal((rc, err), (1, ""), "sanitize -o /dev/null: written directly")
    rc, o, err = run(["sanitize", "-o", "-", src])
    equal((rc, o), (1, clean), "sanitize -o - is standard output")

    # EPIPE: the reader goes away after one byte.
    big = write(os.path.join(d, "big.bin"), (b"abc\xc0\xaf\xe4\xbd\xa0\n" * 4096) * 512)
    for args in (["sanitize", big], ["check", big], ["check", "--json", "--max-errors", "0", big]):
        p = subprocess.Popen([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = p.stdout.read(1)
        p.stdout.close()
        err = p.stderr.read()
        p.wait(timeout=60)
        equal((len(first), p.returncode), (1, 2), "%s | head -c1: exit 2" % args[0])
        check(err.count(b"\n") <= 1, "%s | head -c1: at most one line on stderr" % args[0],
              None, err)

    # A signal during -o removes the temporary file and leaves OUT alone:
    # SIGTERM, SIGINT and SIGHUP, each. A signal ignored when the command
    # started (nohup) stays ignored: the command goes on and writes OUT.
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    for sig, ignored in ((signal.SIGTERM, False), (signal.SIGINT, False),
                         (signal.SIGHUP, False), (signal.SIGHUP, True)):
        what = "%s%s during -o" % ("ignored " if ignored else "", sig.name)
        # The disposition the command starts with is set here either way:
        # a shell's background job (`cmd &`) starts with SIGINT ignored,
        # which the command must then keep (the ignored case below).
        pre = (lambda s=sig, ign=ignored: signal.signal(s, signal.SIG_IGN if ign
                                                         else signal.SIG_DFL))
        # SIGINT's run names OUT relative to the working directory, without
        # a '/': the temporary file is still beside it, named the same way.
        target = "keep.txt" if sig == signal.SIGINT else keep
        p = subprocess.Popen([BIN, "sanitize", "-o", target, fifo], stderr=subprocess.PIPE,
                             preexec_fn=pre, cwd=d)
        w = os.open(fifo, os.O_WRONLY)
        os.write(w, b"x" * 200000)
        deadline = time.time() + 20
        while time.time() < deadline and not any(os.path.getsize(x) > 0 for x in leftovers(d)):
            time.sleep(0.01)
        # Named after OUT, as atomic_out.c says (for anyone who finds one):
        # '.', OUT's whole base name, '.u8guard-' and mkstemp's 6 characters.
        names = [os.path.basename(x) for x in leftovers(d)]
        check(len(names) == 1 and re.fullmatch(r"\.keep\.txt\.u8guard-[A-Za-z0-9]{6}", names[0]),
              "%s: the output goes to a temporary file .keep.txt.u8guard-XXXXXX next to OUT"
              % what, ".keep.txt.u8guard-XXXXXX", names)
        p.send_signal(sig)
        if ignored:
            time.sleep(0.2)  # time for a wrongly handled signal to end it
            os.write(w, b"y\n")
        os.close(w)
        p.wait(timeout=20)
        equal(p.returncode, 0 if ignored else -sig, "%s: %s" % (
              what, "goes on, exit 0" if ignored else "killed by the signal"))
        equal(leftovers(d), [], "%s: no temporary file left" % what)
        with open(keep, "rb") as f:
            equal(f.read(), b"x" * 200000 + b"y\n" if ignored else b"precious\n",
                  "%s: OUT %s" % (what, "written" if ignored else "untouched"))
    finish()


main()
