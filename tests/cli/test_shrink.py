# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_shrink.py -- a file that shrinks while `check` reads it.

`check` counts lines only once an error needs them: the first error reads
the bytes before it again with pread. With shrink_shim.so preloaded (its
path in SHRINK_SHIM), every pread reports end of file, as it would after
another process truncated the file. The command must then finish with the
lines it could count (those of the chunk it holds, from its start: line
545 here, not 20001) and say the same about the errors; a loop that asks
pread again after end of file never ends, which the time limit turns into
a failure. The shim writes how many preads it answered, so a run in which
it was not in effect fails instead of passing for nothing.

`explain --file` reads the bytes around each error again with pread; when
that read comes back short, it must say that the file changed (not quote
a stale errno as if a read had failed) and exit 2.
"""
import os
import subprocess
import tempfile

from clitest import BIN, check, equal, finish, preload_shim

SHIM = preload_shim("SHRINK_SHIM", "shrink_shim.so")

# 20000 lines of 4 bytes, then the error at offset 80001: with 4 KiB reads
# the chunk holding it starts at 77824, 544 line ends before the error.
DATA = b"abc\n" * 20000 + b"x\xc0\xafy\n"

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "in.txt")
    with open(src, "wb") as f:
        f.write(DATA)
    log = os.path.join(tmp, "shim.log")
    env = dict(os.environ, LD_PRELOAD=SHIM, SHRINK_SHIM_LOG=log)
    try:
        p = subprocess.run([BIN, "check", "--buffer-size", "4K", src], env=env,
                           capture_output=True, timeout=60)
        rc, out = p.returncode, p.stdout.decode()
    except subprocess.TimeoutExpired:
        rc, out = None, "(no output: still running after 60 s)"
    equal(rc, 1, "check of a file that shrank: exit status")
    equal(out,
          "%s:545:2: offset 80001: overlong (C0 AF): C0 AF is an overlong encoding of "
          "U+002F '/'\n"
          "%s:545:3: offset 80002: unexpected_continuation (AF): AF is a continuation byte "
          "where a character should start (part of the sequence at offset 80001)\n"
          "%s: 2 errors in 80005 bytes\n" % (src, src, src),
          "check of a file that shrank: the lines it could count")
    answered = int(open(log).read()) if os.path.exists(log) else 0
    check(answered >= 1, "the shim answered pread", ">= 1", answered)

    # explain --file: the bytes around the error are gone.
    os.remove(log)
    p = subprocess.run([BIN, "explain", "--file", src], env=env, capture_output=True,
                       timeout=60)
    equal((p.returncode, p.stdout, p.stderr.decode()),
          (2, b"", "u8guard: %s: read error: the file changed\n" % src),
          "explain --file of a file that shrank")
    answered = int(open(log).read()) if os.path.exists(log) else 0
    check(answered >= 1, "the shim answered explain's pread", ">= 1", answered)

    # The file cut right after an error's bytes between the two reads
    # (SHRINK_SHIM_END): the byte that made E4 BD an error is gone, and
    # explain says the sequence is cut short instead of naming a byte it
    # did not read again.
    cut = os.path.join(tmp, "cut.txt")
    with open(cut, "wb") as f:
        f.write(b"ab\xe4\xbdA\n")
    os.remove(log)
    p = subprocess.run([BIN, "explain", "--file", cut], env=dict(env, SHRINK_SHIM_END="4"),
                       capture_output=True, timeout=60)
    equal((p.returncode, p.stdout.decode(), p.stderr.decode()), (1,
          "%s:1:3: offset 2: bad_continuation (length 2)\n"
          "    bytes from offset 0: 61 62 [E4 BD]\n"
          "    E4 BD starts a 3-byte sequence that is cut short\n"
          "%s: 1 error in 6 bytes\n" % (cut, cut), ""),
          "explain --file of a file cut after an error's bytes")
    answered = int(open(log).read()) if os.path.exists(log) else 0
    check(answered >= 1, "the shim cut explain's pread", ">= 1", answered)

    # A pread that fails (SHRINK_SHIM_ERRNO=5, EIO): explain says so with
    # the system's words; check counts the lines it could, as above.
    os.remove(log)
    eio = dict(env, SHRINK_SHIM_ERRNO="5")
    p = subprocess.run([BIN, "explain", "--file", src], env=eio, capture_output=True,
                       timeout=60)
    equal((p.returncode, p.stdout, p.stderr.decode()),
          (2, b"", "u8guard: %s: read error: %s\n" % (src, os.strerror(5))),
          "explain --file of a file whose pread fails")
    answered = int(open(log).read()) if os.path.exists(log) else 0
    check(answered >= 1, "the shim failed explain's pread", ">= 1", answered)
    os.remove(log)
    p = subprocess.run([BIN, "check", "--buffer-size", "4K", src], env=eio,
                       capture_output=True, timeout=60)
    equal((p.returncode, p.stdout.decode().splitlines()[0]),
          (1, "%s:545:2: offset 80001: overlong (C0 AF): C0 AF is an overlong encoding of "
              "U+002F '/'" % src), "check of a file whose pread fails: the lines it could count")
    answered = int(open(log).read()) if os.path.exists(log) else 0
    check(answered >= 1, "the shim failed check's pread", ">= 1", answered)

    # Without the shim the same file gives the true line.
    p = subprocess.run([BIN, "check", "--buffer-size", "4K", src], capture_output=True)
    check(p.stdout.decode().startswith("%s:20001:2: offset 80001" % src),
          "check without the shim: line 20001", "%s:20001:2: ..." % src, p.stdout[:80])
finish()
