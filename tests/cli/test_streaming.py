# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_streaming.py -- `--buffer-size N` changes how the input is cut into
reads (and so into chunks fed to the streaming decoder), never the result:
for N = 1..7 and a few larger sizes, `sanitize` output and `check` output
(human and --json) are byte-identical to the default's, on inputs whose
errors and characters straddle every possible chunk boundary. The human
output matters here too: its explanations look a few bytes ahead, across
chunks."""
import os
import random

from clitest import run, equal, finish, tmpdir, write, kuhn_path

SIZES = ["1", "2", "3", "4", "5", "6", "7", "13", "64", "4096", "64K"]

DESIGN_EXAMPLES = ["C0 80", "E0 80 AF", "ED A1 8C ED BE B4", "F4 90 80 80",
                   "E4 BD 41", "E4 BD A0", "F0 9F 98"]  # truncated one last


def tricky_inputs(d):
    files = {}
    files["examples"] = write(os.path.join(d, "examples"),
                              b"".join(bytes.fromhex(h) for h in DESIGN_EXAMPLES))
    rnd = random.Random(20261122)
    alphabet = [0x0A, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                0xDF, 0xE0, 0xE4, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF]
    files["random"] = write(os.path.join(d, "random"),
                            bytes(rnd.choice(alphabet) for _ in range(3000)))
    # Valid multi-byte text with attacks sprinkled in, no newline at all.
    parts = ["a", "é", "\u4f60", "\U0001F600", "\uFFFE"]
    attacks = [b"\xc0\xaf", b"\xed\xa1\x8c\xed\xbe\xb4", b"\xf8\x88\x80\x80\x80",
               b"\xfc\x84\x80\x80\x80\x80", b"\xe4\xbd", b"\xf0\x9f\x98"]
    blob = bytearray()
    for _ in range(400):
        blob += rnd.choice(parts).encode()
        if rnd.random() < 0.3:
            blob += rnd.choice(attacks)
    files["mixed"] = write(os.path.join(d, "mixed"), bytes(blob) + b"\xf0\x9f")
    files["empty"] = write(os.path.join(d, "empty"), b"")
    k = kuhn_path()
    if k:
        files["kuhn"] = k
    else:
        print("NOTE: Kuhn's UTF-8-test.txt not found under U8GUARD_SHARED=%r; "
              "streaming checked on the other inputs only" % os.environ.get("U8GUARD_SHARED"))
    return files


def main():
    d = tmpdir()
    for label, path in tricky_inputs(d).items():
        ref = {
            "sanitize": run(["sanitize", path]),
            "json": run(["check", "--json", "--max-errors", "0", path]),
            "human": run(["check", "--max-errors", "0", path]),
        }
        for size in SIZES:
            for what, args in (("sanitize", ["sanitize", "--buffer-size", size, path]),
                               ("json", ["check", "--json", "--max-errors", "0",
                                         "--buffer-size=" + size, path]),
                               ("human", ["check", "--max-errors", "0",
                                          "--buffer-size", size, path])):
                rc, out, err = run(args)
                equal((rc, out), ref[what][:2],
                      "%s of %s with --buffer-size %s equals the default's" % (what, label, size))
        # Standard input (a pipe) as well as a file.
        with open(path, "rb") as f:
            rc, out, err = run(["sanitize", "--buffer-size", "3"], stdin=f)
        equal((rc, out), ref["sanitize"][:2], "sanitize of %s from a pipe, 3-byte reads" % label)
    lazy_lines(d)
    finish()


def lazy_lines(d):
    """check counts lines only once an error needs them, reading the bytes
    before the error's chunk again in 16 KiB pieces: with 16385-byte reads
    the last piece is the one byte at 16384, here a line end, which must be
    counted (line 4098, not 4097)."""
    path = write(os.path.join(d, "lazy"), b"abc\n" * 4096 + b"\n" + b"x\xc0\xaf\n")
    want = ("%s:4098:2: offset 16386: overlong (C0 AF): C0 AF is an overlong encoding of "
            "U+002F '/'\n" % path).encode()
    for args in (["check", "--max-errors", "1", path],
                 ["check", "--max-errors", "1", "--buffer-size", "16385", path]):
        rc, out, err = run(args)
        equal((rc, out.splitlines(True)[0] if out else out), (1, want),
              "the first error's line after a lazily counted stretch: " + " ".join(args[1:-1]))


main()
