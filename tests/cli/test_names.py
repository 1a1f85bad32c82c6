# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_names.py -- file names in the output: JSON stays valid JSON (and
valid UTF-8) whatever bytes a name holds, and a human line stays one line."""
import json
import os

from clitest import run, check, equal, finish, tmpdir, write


def main():
    d = tmpdir()
    odd = 'q"b\\c\nd\te\x01f\x7fg\u00e9.txt'
    write(os.path.join(d, odd), b"\x80")
    rc, out, err = run(["check", "--json", odd], cwd=d)
    equal(rc, 1, "odd name: exit 1")
    lines = out.split(b"\n")
    equal(len(lines), 2, "odd name: one JSON line (newline escaped)")
    obj = json.loads(out.decode("utf-8"))
    equal(obj["file"], odd, "odd name: JSON 'file' round-trips")
    check("file_hex" not in obj, "odd but valid UTF-8 name: no file_hex")
    check(b'\\"' in out and b"\\\\" in out and b"\\n" in out and b"\\t" in out and
          b"\\u0001" in out and b"\\u007f" in out,
          "odd name: quote, backslash, LF, TAB, 01 and 7F escaped", None, out)
    rc, out, err = run(["check", odd], cwd=d)
    equal(out.decode("utf-8").splitlines()[0],
          'q"b\\\\c\\x0Ad\\x09e\\x01f\\x7Fg\u00e9.txt:1:1: offset 0: unexpected_continuation '
          "(80): 80 is a continuation byte where a character should start",
          "odd name: human line escapes control bytes")

    # The first byte, a space (kept), 1F (the last C0 control), U+00A0
    # (kept: C2 A0 is the first C2 pair that is no C1 control) and a C1
    # control (U+009B, CSI to a terminal) as the very last character.
    edge = "\x1b[1m x\x1fy\u00a0\u009b"
    write(os.path.join(d, edge), b"ok")
    rc, out, err = run(["check", edge], cwd=d)
    equal(out, b"\\x1B[1m x\\x1Fy\xc2\xa0\\xC2\\x9B: valid UTF-8, 2 bytes\n",
          "name starting with ESC, ending with U+009B: every control escaped, the space kept")

    raw = b"bad\xff\xc0\xaf\xe4\xbd.txt"
    write(os.path.join(os.fsencode(d), raw), b"ok")
    rc, out, err = run(["check", "--json", raw], cwd=d)
    equal(rc, 0, "non-UTF-8 name: exit 0 (the content is valid)")
    out.decode("utf-8")  # the output itself must be valid UTF-8
    obj = json.loads(out)
    equal(obj["file"], "bad\ufffd\ufffd\ufffd\ufffd.txt", "non-UTF-8 name: U+FFFD per error")
    equal(obj["file_hex"], raw.hex().upper(), "non-UTF-8 name: file_hex holds every byte")
    equal(bytes.fromhex(obj["file_hex"]), raw, "non-UTF-8 name: file_hex round-trips")
    equal(list(obj)[:2], ["file", "file_hex"], "file_hex follows file")
    rc, out, err = run(["check", raw], cwd=d)
    equal(out, b"bad\\xFF\\xC0\\xAF\\xE4\\xBD.txt: valid UTF-8, 2 bytes\n",
          "non-UTF-8 name: human output shows \\xHH")
    rc, out, err = run(["check", b"missing\xff"], cwd=d)
    check(rc == 2 and "No such file or directory" in err, "a missing non-UTF-8 name: exit 2")
    finish()


main()
