# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_memory.py -- bounded memory and 64-bit offsets. A long stream of
valid multi-byte text (with LF every 16 bytes, or no LF at all) followed
by an overlong '/' is piped through `check --json` and `sanitize`; the
error's offset, line and column must be exact and the peak resident set
(GNU time's %M) must stay under 16 MiB. By default 64 MiB; with
--4g, 4 GiB, so the error lies past the 4 GiB mark (label "slow")."""
import json
import os
import subprocess
import sys
import tempfile
import threading

from clitest import BIN, check, equal, finish

LIMIT_KIB = 16 * 1024
TIME = "/usr/bin/time"
UNIT = "ab\u00e9\u4f60\U0001F600\ncdef".encode()  # 16 bytes, whole characters
assert len(UNIT) == 16
BLOCK = UNIT * 65536  # 1 MiB
TAIL = b"xxxxx\xc0\xaf"
SANITIZED = os.environ.get("U8GUARD_SANITIZE", "") != ""


def run_piped(args, mib, block, tail):
    """Pipes mib MiB of block, then tail, into u8guard args; returns
    (exit status, stdout (check) or its length (sanitize), max RSS in KiB
    or None). The RSS comes from GNU time (Debian package "time"): its
    child is forked from a small process, whereas a child forked from this
    Python process would count Python's pages in ru_maxrss until it execs."""
    fd, rssfile = tempfile.mkstemp(prefix="u8guard-rss-")
    os.close(fd)
    cmd = [BIN] + args
    if os.access(TIME, os.X_OK):
        cmd = [TIME, "-f", "%M", "-o", rssfile] + cmd
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    got = []

    def drain():
        total = 0
        while True:
            b = p.stdout.read(1 << 20)
            if not b:
                break
            total += len(b)
            if args[0] == "check":
                got.append(b)
        got.append(total)

    t = threading.Thread(target=drain)
    t.start()
    for _ in range(mib):
        p.stdin.write(block)
    p.stdin.write(tail)
    p.stdin.close()
    t.join()
    p.wait()
    with open(rssfile) as f:
        text = f.read().split()
    os.unlink(rssfile)
    rss = int(text[-1]) if text and text[-1].isdigit() else None
    out = b"".join(got[:-1]) if args[0] == "check" else got[-1]
    return p.returncode, out, rss


def check_rss(rss, label):
    if rss is None:
        print("NOTE: %s not available: %s peak RSS not measured" % (TIME, label))
        return
    if SANITIZED:
        print("NOTE: sanitizer build (U8GUARD_SANITIZE=%s): %s peak RSS %d KiB not compared "
              "with the limit (shadow memory)" % (os.environ["U8GUARD_SANITIZE"], label, rss))
        return
    check(rss < LIMIT_KIB, "%s: peak RSS %d KiB < %d KiB" % (label, rss, LIMIT_KIB))
    print("%s: peak RSS %d KiB" % (label, rss))


def main():
    mib = 4096 if "--4g" in sys.argv else 64
    size = mib << 20
    rc, out, rss = run_piped(["check", "--json"], mib, BLOCK, TAIL)
    obj = json.loads(out)
    lf = size // 16
    equal(rc, 1, "%d MiB + overlong: exit 1" % mib)
    equal((obj["bytes"], obj["error_count"]), (size + 7, 2), "%d MiB: bytes and count" % mib)
    equal(obj["errors"][0], {"offset": size + 5, "length": 1, "kind": "overlong",
                             "line": lf + 1, "column": 4 + 5 + 1},
          "%d MiB: the overlong '/' at its exact 64-bit offset, line and column" % mib)
    equal(obj["errors"][1]["offset"], size + 6, "%d MiB: the continuation after it" % mib)
    check_rss(rss, "check --json of %d MiB" % mib)

    rc, out, rss = run_piped(["sanitize"], mib, BLOCK, TAIL)
    equal(rc, 1, "sanitize of %d MiB: exit 1" % mib)
    check_rss(rss, "sanitize of %d MiB" % mib)

    # One line of 64 MiB (no LF at all): the column is still exact.
    rc, out, rss = run_piped(["check", "--json"], 64, b"\xc3\xa9" * (1 << 19), b"\xff")
    equal(json.loads(out)["errors"], [{"offset": 64 << 20, "length": 1, "kind": "too_large",
                                       "line": 1, "column": (64 << 20) + 1}],
          "a 64 MiB line without LF: exact column")
    check_rss(rss, "check --json of one 64 MiB line")
    finish()


main()
