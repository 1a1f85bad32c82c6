# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_robustness.py -- the command tried as a new user would: a file size
limit (ulimit -f), a reader that goes away (| head), file names that hold
terminal controls, -o onto a dangling symbolic link, a U8GUARD_IMPL that
cannot be used, and the small things (--version extra, "1 byte", numbers
too large)."""
import os
import platform
import resource
import signal
import subprocess

from clitest import BIN, run, check, equal, finish, tmpdir, write


def fsize_limit(nbytes):
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE,
                           (nbytes, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return limit


def file_size_limit(d):
    big = write(os.path.join(d, "big"), b"abc\n" * (1 << 18))  # 1 MiB
    out = os.path.join(d, "out.txt")
    p = subprocess.run([BIN, "sanitize", "-o", out, big], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, preexec_fn=fsize_limit(100 * 1024))
    equal((p.returncode, p.stderr), (2, b"u8guard: %s: write error: File too large\n" % out.encode()),
          "ulimit -f 100, sanitize -o: exit 2 with a message (not killed by SIGXFSZ)")
    equal(sorted(os.listdir(d)), ["big"], "ulimit -f 100, sanitize -o: no OUT, no temporary file")
    with open(os.path.join(d, "stdout"), "wb") as f:
        p = subprocess.run([BIN, "sanitize", big], stdout=f, stderr=subprocess.PIPE,
                           preexec_fn=fsize_limit(100 * 1024))
    equal((p.returncode, p.stderr), (2, b"u8guard: standard output: write error: File too large\n"),
          "ulimit -f 100, sanitize > file: exit 2 with a message")
    os.unlink(os.path.join(d, "stdout"))
    os.unlink(big)


def broken_pipe(d):
    big = write(os.path.join(d, "pipe-in"), b"\xff\n" * (1 << 19))
    for args in (["sanitize", big], ["check", "--max-errors=0", big],
                 ["check", "--json", "--max-errors=0", big]):
        for ignored in (False, True):
            pre = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignored else None
            p = subprocess.Popen([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 preexec_fn=pre)
            head = p.stdout.read(10)
            p.stdout.close()
            err = p.stderr.read()
            p.wait(timeout=60)
            equal((len(head), p.returncode, err), (10, 2, b""),
                  "%s | head -c 10 (SIGPIPE %s): quiet, exit 2"
                  % (" ".join(args[:-1]), "ignored" if ignored else "default"))
    os.unlink(big)


def names(d):
    cases = ((b"a\x1b", b"a\\x1B"), (b"a\\x1B", b"a\\\\x1B"), (b"csi\xc2\x9b2J", b"csi\\xC2\\x9B2J"),
             (b"c1\xc2\x80\xc2\x9f\xc2\xa0", b"c1\\xC2\\x80\\xC2\\x9F\xc2\xa0"),
             (b"back\\slash", b"back\\\\slash"))
    for raw, shown in cases:
        write(os.path.join(os.fsencode(d), raw), b"\xc3")
        rc, out, err = run(["check", raw], cwd=d)
        equal(out, shown + b":1:1: offset 0: truncated (C3): C3 is cut off: the input ends "
              b"1 byte short of a 2-byte sequence\n" + shown + b": 1 error in 1 byte\n",
              "check: the name %r is shown as %r" % (raw, shown))
        os.unlink(os.path.join(os.fsencode(d), raw))


def dangling(d):
    src = write(os.path.join(d, "src"), b"x\xc0y")
    want = b"x\xef\xbf\xbdy"
    sub = os.path.join(d, "sub")
    os.mkdir(sub)
    os.symlink("target", os.path.join(sub, "link"))          # relative to sub/
    os.symlink("sub/link", os.path.join(d, "chain"))        # a link to the link
    os.symlink(os.path.join(d, "abs-target"), os.path.join(d, "abs"))
    for link, target in ((os.path.join(sub, "link"), os.path.join(sub, "target")),
                         (os.path.join(d, "chain"), os.path.join(sub, "target")),
                         (os.path.join(d, "abs"), os.path.join(d, "abs-target"))):
        if os.path.exists(target):
            os.unlink(target)
        rc, out, err = run(["sanitize", "-o", link, src])
        equal((rc, err), (1, ""), "sanitize -o %s (dangling): exit 1" % os.path.basename(link))
        check(os.path.islink(link), "sanitize -o dangling link: the link stays a link")
        with open(target, "rb") as f:
            equal(f.read(), want, "sanitize -o dangling link: the target is created, as cp does")
    # The same links named relative to the working directory, without a
    # '/': a relative target is read from the link's directory, an
    # absolute one as it is.
    for link, target in (("abs", os.path.join(d, "abs-target")), ("chain", "sub/target")):
        os.unlink(os.path.join(d, target))
        rc, out, err = run(["sanitize", "-o", link, src], cwd=d)
        equal((rc, err), (1, ""), "sanitize -o %s (dangling, relative name): exit 1" % link)
        with open(os.path.join(d, target), "rb") as f:
            equal(f.read(), want, "sanitize -o %s (relative name): the target is created" % link)
    loop = os.path.join(d, "loop")
    os.symlink("loop", loop)
    equal(run(["sanitize", "-o", loop, src]),
          (2, b"", "u8guard: %s: Too many levels of symbolic links\n" % loop),
          "sanitize -o a link to itself: ELOOP")
    # Chains of links, each relative to its directory: 40 links to a
    # missing file are followed as the kernel follows them (the file is
    # created at the end); 41 are refused with ELOOP, as stat refuses them.
    for hops in (40, 41):
        c = os.path.join(d, "chain%d" % hops)
        os.mkdir(c)
        for i in range(hops):
            os.symlink("l%d" % (i + 1) if i + 1 < hops else "end", os.path.join(c, "l%d" % i))
        rc, out, err = run(["sanitize", "-o", os.path.join(c, "l0"), src])
        if hops == 40:
            equal((rc, out, err), (1, b"", ""), "sanitize -o a chain of 40 links: exit 1")
            with open(os.path.join(c, "end"), "rb") as f:
                equal(f.read(), want, "sanitize -o a chain of 40 links: the end is created")
        else:
            equal((rc, out, err), (2, b"", "u8guard: %s: Too many levels of symbolic links\n"
                                   % os.path.join(c, "l0")),
                  "sanitize -o a chain of 41 links: ELOOP")
            equal(sorted(os.listdir(c)), sorted("l%d" % i for i in range(41)),
                  "sanitize -o a chain of 41 links: nothing created")
    # A link whose target is exactly 4095 bytes, the longest Linux stores
    # (PATH_MAX less the NUL): readlink must be given room for all of it.
    # The long absolute target is padded with "./" and names another link,
    # hop, that points at a short absolute name, so the file is created
    # through a short path; a target cut by one byte would end in "ho",
    # which does not exist (and whose temporary file name is too long).
    final = os.path.join(d, "final")
    os.symlink(final, os.path.join(d, "hop"))
    pad = 4095 - len(d) - len("/hop")
    long_target = d + "/" + "./" * (pad // 2) + "/" * (pad % 2) + "hop"
    equal(len(long_target), 4095, "the long link target is 4095 bytes")
    os.symlink(long_target, os.path.join(d, "long"))
    rc, out, err = run(["sanitize", "-o", os.path.join(d, "long"), src])
    equal((rc, out, err), (1, b"", ""), "sanitize -o a link with a 4095-byte target: exit 1")
    check(os.path.islink(os.path.join(d, "long")) and os.path.islink(os.path.join(d, "hop")),
          "sanitize -o a link with a 4095-byte target: both links stay links")
    with open(final, "rb") as f:
        equal(f.read(), want, "sanitize -o a link with a 4095-byte target: its end is created")
    missing_dir = os.path.join(d, "to-nowhere")
    os.symlink("no/such/dir/file", missing_dir)
    rc, out, err = run(["sanitize", "-o", missing_dir, src])
    check(rc == 2 and "No such file or directory" in err and os.path.islink(missing_dir),
          "sanitize -o a link into a missing directory: exit 2, link kept", None, (rc, err))


def implementation(d):
    good = write(os.path.join(d, "good"), b"ok\n")
    rc, out, err = run(["--version"], env={})
    lines = out.decode().splitlines()
    check(rc == 0 and len(lines) == 2 and lines[0] == "u8guard 0.1.0" and
          lines[1].startswith("implementation: "), "--version: version and implementation",
          None, out)
    active = lines[1][len("implementation: "):]
    for name in ("scalar", "word"):
        equal(run(["--version"], env={"U8GUARD_IMPL": name}),
              (0, b"u8guard 0.1.0\nimplementation: " + name.encode() + b"\n", ""),
              "U8GUARD_IMPL=%s: --version shows it" % name)
    equal(run(["check", good], env={"U8GUARD_IMPL": "auto"})[2], "", "U8GUARD_IMPL=auto: quiet")
    unknown = ("u8guard: U8GUARD_IMPL='%s' is not used: it is not one of auto, scalar, word, "
               "sse42, avx2, avx512, neon (lower case, nothing around it); using %s\n")
    foreign = "neon" if platform.machine() in ("x86_64", "AMD64", "i686") else "avx2"
    for value, msg in (("bogus", unknown), ("SCALAR", unknown), (" avx2", unknown),
                       (foreign, "u8guard: U8GUARD_IMPL='%s' is not used: this build or CPU "
                                 "does not support it; using %s\n")):
        equal(run(["check", good], env={"U8GUARD_IMPL": value}),
              (0, good.encode() + b": valid UTF-8, 3 bytes\n", msg % (value, active)),
              "U8GUARD_IMPL=%r: warned on stderr, result unchanged" % value)


def small_ones(d):
    one = write(os.path.join(d, "one"), b"a")
    equal(run(["check", one]), (0, one.encode() + b": valid UTF-8, 1 byte\n", ""), "1 byte")
    equal(run(["--version", "extra"]),
          (2, b"", "u8guard: --version takes no argument, got 'extra' (try 'u8guard --help')\n"),
          "--version extra: usage error")
    for cmd in ("check", "sanitize"):
        for v in ("18446744073709551616", "99999999999999999999999", "18446744073709551615K"):
            equal(run([cmd, "--buffer-size", v, one]),
                  (2, b"", "u8guard %s: --buffer-size '%s' is too large: the limit is 64M "
                           "(67108864 bytes) (try 'u8guard %s --help')\n" % (cmd, v, cmd)),
                  "%s --buffer-size %s: too large" % (cmd, v))
    equal(run(["check", "--max-errors", "18446744073709551616", one])[2],
          "u8guard check: bad --max-errors '18446744073709551616': too large (the limit is "
          "18446744073709551615; 0: no limit) (try 'u8guard check --help')\n",
          "--max-errors 2^64: too large")
    many = write(os.path.join(d, "many"), b"\x80" * 3000)
    rc, out, err = run(["check", "--max-errors", "2K", "--count", many])
    lines = out.splitlines()
    equal((rc, len(lines), lines[-1]), (1, 2049, many.encode() + b": 3000 errors in 3000 bytes "
                                        b"(first 2048 shown)"), "--max-errors 2K lists 2048")
    rc, out, err = run(["check", "--help"])
    check(b"K, M and G suffixes" in out.split(b"  --max-errors N", 1)[1].split(b"  --buffer", 1)[0],
          "check --help documents the suffixes of --max-errors", None, out)


def stdin_closed(d):
    """With descriptor 0 closed, open() hands the file descriptor 0: it is a
    good descriptor (cli/input.c tests fd < 0, not fd <= 0)."""
    good = write(os.path.join(d, "good.txt"), b"h\xc3\xa9llo\n")
    bad = write(os.path.join(d, "bad.txt"), b"ab\xc0\xafcd")
    for path, want_rc, want in ((good, 0, good.encode() + b": valid UTF-8, 7 bytes\n"),
                                (bad, 1, None)):
        p = subprocess.run([BIN, "check", path], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           preexec_fn=lambda: os.close(0))
        ref = subprocess.run([BIN, "check", path], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        equal((p.returncode, p.stdout, p.stderr), (want_rc, want or ref.stdout, b""),
              "check %s with standard input closed: as with it open" % os.path.basename(path))
        equal(ref.returncode, want_rc, "check %s: exit status" % os.path.basename(path))
    # The file on descriptor 0 must still be looked at (fstat): explain
    # --file needs a regular file, and sanitize refuses to write over its
    # own input, which it knows by the input's device and inode.
    p = subprocess.run([BIN, "explain", "--file", bad], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       preexec_fn=lambda: os.close(0))
    ref = subprocess.run([BIN, "explain", "--file", bad], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    equal((p.returncode, p.stdout, p.stderr), (ref.returncode, ref.stdout, ref.stderr),
          "explain --file with standard input closed: as with it open")
    equal((ref.returncode, ref.stderr), (1, b""), "explain --file bad.txt: exit 1, no diagnostic")
    p = subprocess.run([BIN, "sanitize", "-o", bad, bad], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       preexec_fn=lambda: os.close(0))
    equal((p.returncode, p.stdout, p.stderr),
          (2, b"", b"u8guard: %s: the output file is the input file; write to another file\n"
           % bad.encode()), "sanitize -o INPUT INPUT with standard input closed: refused")
    with open(bad, "rb") as f:
        equal(f.read(), b"ab\xc0\xafcd", "sanitize -o INPUT INPUT: the input is unchanged")
    # One /dev/null for each closed descriptor and no more (cli/main.c
    # tests fcntl() < 0, and errno is left at EBADF by descriptor 0's test):
    # with descriptor 0 closed and room for 4 descriptors, the file gets
    # descriptor 3, the last one.
    def closed_and_four():
        os.close(0)
        resource.setrlimit(resource.RLIMIT_NOFILE, (4, 4))

    p = subprocess.run([BIN, "check", good], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, preexec_fn=closed_and_four)
    equal((p.returncode, p.stdout, p.stderr), (0, good.encode() + b": valid UTF-8, 7 bytes\n", b""),
          "check with standard input closed and 4 descriptors allowed: the file is read")
    # The command fills closed descriptors 0..2 with /dev/null first
    # (cli/main.c), so the file gets descriptor 0 only where /dev/null
    # cannot be opened: a mount namespace with an empty /dev (root and
    # unshare(1) needed, else skipped and said so).
    probe = ["unshare", "-m", "sh", "-c", "mount -t tmpfs none /dev && test ! -e /dev/null"]
    try:
        usable = subprocess.run(probe, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode == 0
    except OSError:
        usable = False
    if not usable:
        print("skipped: check with no /dev/null and standard input closed (needs root "
              "and unshare -m to mount an empty /dev)")
        return
    p = subprocess.run(["unshare", "-m", "sh", "-c",
                        'mount -t tmpfs none /dev && exec "$0" check "$1" 0<&-', BIN, good],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    equal((p.returncode, p.stdout, p.stderr), (0, good.encode() + b": valid UTF-8, 7 bytes\n", b""),
          "check with no /dev/null and standard input closed: the file on descriptor 0 is read")


def std_fds_closed(d):
    """cli/main.c puts /dev/null on each of descriptors 0, 1 and 2 that is
    closed (write-only on 0, read-only on 1 and 2, so any use of it fails),
    so that no file the command opens takes one of them. One case for each
    descriptor, each one that tells the two apart."""
    bad = write(os.path.join(d, "bad.txt"), b"ab\xffcd")

    def closed(fd):
        return lambda: os.close(fd)

    # 0: standard input reads as a read error (a write-only descriptor),
    # not as a descriptor that is not open (fstat failing).
    p = subprocess.run([BIN, "check", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       preexec_fn=closed(0))
    equal((p.returncode, p.stdout, p.stderr), (2, b"", b"u8guard: -: read error: Bad file "
          b"descriptor\n"), "check - with standard input closed: a read error")
    # 1: the input file would take descriptor 1 and be taken for standard
    # output; the write to standard output fails instead.
    p = subprocess.run([BIN, "sanitize", bad], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       preexec_fn=closed(1))
    equal((p.returncode, p.stderr), (2, b"u8guard: standard output: write error: Bad file "
          b"descriptor\n"), "sanitize with standard output closed: a write error")
    # 2: the input file would take descriptor 2, and -o /dev/stderr
    # (/proc/self/fd/2) would name the input; it names /dev/null instead,
    # so the output goes there and the exit status is the input's (1).
    if os.path.exists("/proc/self/fd/2"):
        p = subprocess.run([BIN, "sanitize", "-o", "/dev/stderr", bad],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           preexec_fn=closed(2))
        equal((p.returncode, p.stdout), (1, b""),
              "sanitize -o /dev/stderr with standard error closed: written to /dev/null")
    else:
        print("skipped: sanitize -o /dev/stderr with standard error closed (no /proc/self/fd)")
    with open(bad, "rb") as f:
        equal(f.read(), b"ab\xffcd", "the input is unchanged")


def main():
    d = tmpdir()
    for part in (file_size_limit, broken_pipe, names, dangling, implementation, small_ones,
                 stdin_closed, std_fds_closed):
        sub = os.path.join(d, part.__name__)
        os.mkdir(sub)
        part(sub)
    finish()


main()
