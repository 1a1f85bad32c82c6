# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_examples.py -- the examples of doc/contract.md section 5 through
`check` (human output and every --json field, exactly), and `sanitize`
(exact bytes)."""
import json
import os

from clitest import run, equal, finish, tmpdir, write

R = "\xef\xbf\xbd".encode("latin-1")  # U+FFFD in UTF-8
CONT = "is a continuation byte where a character should start"

# hex in -> (errors as offset/length/kind, sanitize output, human lines)
EXAMPLES = [
    ("C0 80", [(0, 1, "overlong"), (1, 1, "unexpected_continuation")], R * 2, [
        "x:1:1: offset 0: overlong (C0 80): C0 80 is an overlong encoding of "
        "U+0000 (NUL), the NUL of Java's \"modified UTF-8\"",
        "x:1:2: offset 1: unexpected_continuation (80): 80 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x: 2 errors in 2 bytes"]),
    ("E0 80 AF", [(0, 1, "overlong"), (1, 1, "unexpected_continuation"),
                  (2, 1, "unexpected_continuation")], R * 3, [
        "x:1:1: offset 0: overlong (E0 80 AF): E0 80 AF is an overlong encoding "
        "of U+002F '/'",
        "x:1:2: offset 1: unexpected_continuation (80): 80 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:3: offset 2: unexpected_continuation (AF): AF %s "
        "(part of the sequence at offset 0)" % CONT,
        "x: 3 errors in 3 bytes"]),
    ("ED A1 8C ED BE B4",
     [(0, 1, "surrogate"), (1, 1, "unexpected_continuation"),
      (2, 1, "unexpected_continuation"), (3, 1, "surrogate"),
      (4, 1, "unexpected_continuation"), (5, 1, "unexpected_continuation")], R * 6, [
        "x:1:1: offset 0: surrogate (ED A1 8C ED BE B4): ED A1 8C ED BE B4 is "
        "CESU-8 (surrogate pair D84C DFB4) for U+233B4 '\U000233B4'",
        "x:1:2: offset 1: unexpected_continuation (A1): A1 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:3: offset 2: unexpected_continuation (8C): 8C %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:4: offset 3: surrogate (ED BE B4): ED BE B4 encodes the surrogate "
        "U+DFB4, which is not a character (part of the sequence at offset 0)",
        "x:1:5: offset 4: unexpected_continuation (BE): BE %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:6: offset 5: unexpected_continuation (B4): B4 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x: 6 errors in 6 bytes"]),
    ("F4 90 80 80", [(0, 1, "too_large"), (1, 1, "unexpected_continuation"),
                     (2, 1, "unexpected_continuation"),
                     (3, 1, "unexpected_continuation")], R * 4, [
        "x:1:1: offset 0: too_large (F4 90 80 80): F4 90 80 80 would be "
        "U+110000, beyond U+10FFFF",
        "x:1:2: offset 1: unexpected_continuation (90): 90 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:3: offset 2: unexpected_continuation (80): 80 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x:1:4: offset 3: unexpected_continuation (80): 80 %s "
        "(part of the sequence at offset 0)" % CONT,
        "x: 4 errors in 4 bytes"]),
    ("E4 BD 41", [(0, 2, "bad_continuation")], R + b"A", [
        "x:1:1: offset 0: bad_continuation (E4 BD 41): E4 BD starts a 3-byte "
        "sequence, but 41 is not a continuation byte",
        "x: 1 error in 3 bytes"]),
    ("F0 9F 98", [(0, 3, "truncated")], R, [
        "x:1:1: offset 0: truncated (F0 9F 98): F0 9F 98 is cut off: the input "
        "ends 1 byte short of a 4-byte sequence",
        "x: 1 error in 3 bytes"]),
    ("E4 BD A0", [], "\u4f60".encode(), ["x: valid UTF-8, 3 bytes"]),
]


def main():
    d = tmpdir()
    for hexs, errs, clean, human in EXAMPLES:
        data = bytes.fromhex(hexs)
        write(os.path.join(d, "x"), data)
        invalid = 1 if errs else 0
        rc, out, err = run(["check", "x"], cwd=d)
        equal(rc, invalid, "check %s: exit status" % hexs)
        equal(out.decode("utf-8").splitlines(), human, "check %s: human output" % hexs)
        equal(err, "", "check %s: nothing on stderr" % hexs)
        rc, out, err = run(["check", "--json", "x"], cwd=d)
        equal(rc, invalid, "check --json %s: exit status" % hexs)
        lines = out.decode("utf-8").splitlines()
        equal(len(lines), 1, "check --json %s: one line" % hexs)
        obj = json.loads(lines[0])
        expected = {"file": "x", "valid": not errs, "bytes": len(data),
                    "error_count": len(errs),
                    "errors": [{"offset": o, "length": n, "kind": k, "line": 1,
                                "column": o + 1} for o, n, k in errs]}
        equal(obj, expected, "check --json %s: every field" % hexs)
        equal(list(obj), ["file", "valid", "bytes", "error_count", "errors"],
              "check --json %s: members in doc/cli.md's order" % hexs)
        rc, out, err = run(["sanitize", "x"], cwd=d)
        equal(rc, invalid, "sanitize %s: exit status" % hexs)
        equal(out, clean, "sanitize %s: output bytes" % hexs)
        rc, out, err = run(["sanitize"], input_bytes=data)
        equal((rc, out), (invalid, clean), "sanitize %s from stdin" % hexs)

    # "E4 BD | A0 (two chunks) no error": one byte, then two, per read.
    write(os.path.join(d, "x"), bytes.fromhex("E4 BD A0"))
    for bs in ("1", "2"):
        rc, out, err = run(["check", "--json", "--buffer-size", bs, "x"], cwd=d)
        equal((rc, json.loads(out)["error_count"]), (0, 0),
              "E4 BD | A0 split by --buffer-size %s: valid" % bs)
        rc, out, err = run(["sanitize", "--buffer-size", bs, "x"], cwd=d)
        equal((rc, out), (0, "\u4f60".encode()), "sanitize E4 BD | A0, --buffer-size %s" % bs)

    # Lines and columns count LF bytes and bytes (not characters).
    data = "é\nab\u4f60\xc0".encode("utf-8")[:-2] + b"\xc0\xafz\n\n\x80"
    write(os.path.join(d, "x"), data)
    rc, out, err = run(["check", "--json", "x"], cwd=d)
    got = [(e["offset"], e["line"], e["column"]) for e in json.loads(out)["errors"]]
    equal(got, [(8, 2, 6), (9, 2, 7), (13, 4, 1)], "line/column are LF and byte counts")
    rc, out, err = run(["check", "x"], cwd=d)
    equal(out.decode().splitlines()[0],
          "x:2:6: offset 8: overlong (C0 AF): C0 AF is an overlong encoding of U+002F '/'",
          "the human line of the lead's example format")
    # An LF as the very first byte counts too (linepos starts at offset 0).
    write(os.path.join(d, "x"), b"\n\x80")
    rc, out, err = run(["check", "--json", "x"], cwd=d)
    got = [(e["offset"], e["line"], e["column"]) for e in json.loads(out)["errors"]]
    equal(got, [(1, 2, 1)], "check: an LF at offset 0 ends line 1")
    rc, out, err = run(["explain", "--file", "x"], cwd=d)
    equal(out.decode().splitlines()[0], "x:2:1: offset 1: unexpected_continuation (length 1)",
          "explain --file: an LF at offset 0 ends line 1")

    # --max-errors: the list is cut, the count is not.
    write(os.path.join(d, "x"), b"\x80" * 25)
    rc, out, err = run(["check", "--json", "--max-errors", "3", "x"], cwd=d)
    obj = json.loads(out)
    equal((obj["error_count"], len(obj["errors"]), obj["errors"][-1]["offset"]),
          (25, 3, 2), "--max-errors 3: 25 counted, 3 listed")
    rc, out, err = run(["check", "--json", "--max-errors=0", "x"], cwd=d)
    equal(len(json.loads(out)["errors"]), 25, "--max-errors=0 lists all")
    rc, out, err = run(["check", "--max-errors", "2", "x"], cwd=d)
    lines = out.decode().splitlines()
    equal((len(lines), lines[-1]), (3, "x: 2 errors in the first 2 bytes (stopped at "
                                       "--max-errors 2)"),
          "human --max-errors 2: two lines, stopped there, and a summary saying so")
    rc, out, err = run(["check", "--max-errors", "2", "--count", "x"], cwd=d)
    lines = out.decode().splitlines()
    equal((len(lines), lines[-1]), (3, "x: 25 errors in 25 bytes (first 2 shown)"),
          "human --max-errors 2 --count: two lines and the total")
    rc, out, err = run(["check", "--json"], input_bytes=b"ok")
    equal(json.loads(out)["file"], "-", "standard input is named '-'")
    finish()


main()
