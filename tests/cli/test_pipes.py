# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_pipes.py -- inputs that are not plain files: a FIFO and a pipe fed
one byte per write (so each read returns one byte), and files that grow
or shrink while they are read (read until end of file, never crash)."""
import json
import os
import subprocess
import threading
import time

from clitest import BIN, check, equal, finish, tmpdir, write
import u8model

DATA = (b"C0 80:\xc0\x80\nCESU:\xed\xa1\x8c\xed\xbe\xb4\nF4:\xf4\x90\x80\x80\n"
        b"bad:\xe4\xbdA\n\xe4\xbd\xa0\xf0\x9f\x98\x80 ok\n\xf0\x9f\x98")


def trickle(fd, data):
    """Writes data one byte per write(2), pausing now and then so that the
    reader really sees one byte per read."""
    for i in range(len(data)):
        os.write(fd, data[i:i + 1])
        if i % 7 == 0:
            time.sleep(0.002)
    os.close(fd)


def main():
    d = tmpdir()
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    expected = u8model.check_json(DATA, fifo, 0)
    for args, want in ((["check", "--json", "--max-errors", "0", fifo], None),
                       (["sanitize", fifo], u8model.sanitize(DATA))):
        p = subprocess.Popen([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        t = threading.Thread(target=trickle, args=(os.open(fifo, os.O_WRONLY), DATA))
        t.start()
        out, err = p.communicate(timeout=60)
        t.join()
        equal(p.returncode, 1, "%s from a FIFO, one byte per read: exit 1" % args[0])
        if want is None:
            equal(json.loads(out), expected, "check --json from a FIFO = the model")
        else:
            equal(out, want, "sanitize from a FIFO = the model")

    # Standard input as a pipe, one byte per write.
    p = subprocess.Popen([BIN, "check", "--json", "--max-errors", "0"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t = threading.Thread(target=trickle, args=(p.stdin.fileno(), DATA))
    t.start()
    out = p.stdout.read()
    t.join()
    p.stdin = None  # trickle closed it
    p.wait(timeout=60)
    exp = dict(expected, file="-")
    equal((p.returncode, json.loads(out)), (1, exp), "check --json from a slow pipe = the model")

    # A file that grows while read: everything up to end of file is read.
    grow = write(os.path.join(d, "grow"), b"a" * (1 << 20))
    p = subprocess.Popen([BIN, "check", "--json", "--buffer-size", "7", grow],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(grow, "ab") as f:
        for _ in range(50):
            f.write(b"\xe4\xbd\xa0" * 1000)
            f.flush()
    out, err = p.communicate(timeout=60)
    obj = json.loads(out)
    check(p.returncode == 0 and (1 << 20) <= obj["bytes"] <= (1 << 20) + 150000
          and obj["bytes"] % 3 == (1 << 20) % 3,
          "a growing file: read to its end, valid", None, (p.returncode, obj["bytes"], err))

    # A file that shrinks while read: stops at the new end of file.
    shrink = write(os.path.join(d, "shrink"), b"\xc3\xa9" * (1 << 20))
    p = subprocess.Popen([BIN, "check", "--json", "--buffer-size", "1", shrink],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.05)
    os.truncate(shrink, 1001)  # cuts a character in two
    out, err = p.communicate(timeout=120)
    obj = json.loads(out)
    check(p.returncode in (0, 1) and obj["bytes"] >= 1001 and err == b"",
          "a shrinking file: no crash, read to the new end", None, (p.returncode, out[:200], err))
    if obj["bytes"] == 1001:
        equal(obj["errors"], [{"offset": 1000, "length": 1, "kind": "truncated", "line": 1,
                               "column": 1001}], "cut at 1001 bytes: the last character is truncated")
    finish()


main()
