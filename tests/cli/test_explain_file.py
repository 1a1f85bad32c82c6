# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_explain_file.py -- `explain --file FILE [--offset N] [--max-errors
N]`: every error of a file explained as check finds it, with its line,
column and the bytes around it, read again from the file; --offset picks
the first error there; the usage errors and unreadable files."""
import os

from clitest import run, equal, finish, tmpdir, write

U = " (try 'u8guard %s --help')\n"


def main():
    d = tmpdir()
    good = write(os.path.join(d, "good.txt"), b"fine\n")
    missing = os.path.join(d, "missing")
    ex = write(os.path.join(d, "ex"), b"hello\nwor\xc0\xafld\n\xf0\x9f")
    rc, out, err = run(["explain", "--file", ex])
    equal((rc, out.decode(), err), (1,
          ex + ":2:4: offset 9: overlong (length 1)\n"
          "    bytes from offset 1: 65 6C 6C 6F 0A 77 6F 72 [C0] AF 6C 64 0A F0 9F\n"
          "    C0 AF is an overlong encoding of U+002F '/'\n"
          "    a lax decoder would read these 2 bytes as U+002F '/', which needs only 1 byte\n" +
          ex + ":2:5: offset 10: unexpected_continuation (length 1)\n"
          "    bytes from offset 2: 6C 6C 6F 0A 77 6F 72 C0 [AF] 6C 64 0A F0 9F\n"
          "    AF is a continuation byte where a character should start (part of the "
          "sequence at offset 9)\n" +
          ex + ":3:1: offset 14: truncated (length 2)\n"
          "    bytes from offset 6: 77 6F 72 C0 AF 6C 64 0A [F0 9F]\n"
          "    F0 9F is cut off: the input ends 2 bytes short of a 4-byte sequence\n" +
          ex + ": 3 errors in 16 bytes\n", ""), "explain --file")
    # --offset: the first error there and no other (two more follow).
    equal(run(["explain", "--file=" + ex, "--offset=9"]), (1, (
          ex + ":2:4: offset 9: overlong (length 1)\n"
          "    bytes from offset 1: 65 6C 6C 6F 0A 77 6F 72 [C0] AF 6C 64 0A F0 9F\n"
          "    C0 AF is an overlong encoding of U+002F '/'\n"
          "    a lax decoder would read these 2 bytes as U+002F '/', which needs only 1 byte\n" +
          ex + ": the first error at or after offset 9\n").encode(), ""),
          "explain --file --offset 9: one error")
    rc, out, err = run(["explain", "--file=" + ex, "--offset=10"])
    equal((rc, out.decode().splitlines()[0], out.decode().splitlines()[-1]),
          (1, ex + ":2:5: offset 10: unexpected_continuation (length 1)",
           ex + ": the first error at or after offset 10"), "explain --file --offset 10")
    equal(run(["explain", "--file", ex, "--offset", "15"])[1].decode().splitlines()[0],
          ex + ":3:1: offset 14: truncated (length 2)", "--offset inside an error: that error")
    equal(run(["explain", "--file", ex, "--offset", "16"]),
          (0, (ex + ": no error at or after offset 16\n").encode(), ""), "--offset past the errors")
    equal(run(["explain", "--file", good]), (0, (good + ": valid UTF-8, 5 bytes\n").encode(), ""),
          "explain --file of a valid file")
    # The offset is echoed, so it shows parse_count's result (cli/args.c):
    # each suffix, and the largest number there is, read exactly.
    for text, value in (("1K", 1 << 10), ("1M", 1 << 20), ("1G", 1 << 30), ("3G", 3 << 30),
                        ("18446744073709551615", (1 << 64) - 1),
                        ("1844674407370955161", (1 << 64) // 10)):
        equal(run(["explain", "--file", ex, "--offset", text]),
              (0, ("%s: no error at or after offset %d\n" % (ex, value)).encode(), ""),
              "--offset %s is %d" % (text, value))
    # Whole outputs of explain --file, "{f}" standing for the file's name:
    for name, data, status, text, what in (
            # An error of one byte at offset 0: without --offset every error
            # is explained, the first byte's too (explain.c's f.from = 0;
            # with 1 there the file was called valid, exit 0).
            ("first", b"\xffhi\n", 1,
             "{f}:1:1: offset 0: too_large (length 1)\n"
             "    bytes from offset 0: [FF] 68 69 0A\n"
             "    FF is never used in UTF-8\n"
             "{f}: 1 error in 4 bytes\n", "an error at offset 0"),
            # An error that ends the file: the second read returns exactly
            # the bytes before it and the error's own, which is no short read.
            ("end", b"ok\xc3", 1,
             "{f}:1:3: offset 2: truncated (length 1)\n"
             "    bytes from offset 0: 6F 6B [C3]\n"
             "    C3 is cut off: the input ends 1 byte short of a 2-byte sequence\n"
             "{f}: 1 error in 3 bytes\n", "an error at the end"),
            # One byte, valid and not: the singular of the summary's counts,
            # and a read of one byte (the loop reading the file goes on while
            # a read gives more than 0 bytes).
            ("one", b"A", 0, "{f}: valid UTF-8, 1 byte\n", "a 1-byte file"),
            ("bad1", b"\x80", 1,
             "{f}:1:1: offset 0: unexpected_continuation (length 1)\n"
             "    bytes from offset 0: [80]\n"
             "    80 is a continuation byte where a character should start\n"
             "{f}: 1 error in 1 byte\n", "a 1-byte error"),
            # The bytes around an error: 8 before and 8 after, the longest
            # error (3 bytes) and a 1-byte one with more than 8 bytes after.
            ("ctx", b"0123456789\xf0\x9f\x98ABCDEFGHIJ\xc0KLMNOPQRSTU", 1,
             "{f}:1:11: offset 10: bad_continuation (length 3)\n"
             "    bytes from offset 2: 32 33 34 35 36 37 38 39 [F0 9F 98] 41 42 43 44 45 46 47 48\n"
             "    F0 9F 98 starts a 4-byte sequence, but 41 is not a continuation byte\n"
             "{f}:1:24: offset 23: overlong (length 1)\n"
             "    bytes from offset 15: 43 44 45 46 47 48 49 4A [C0] 4B 4C 4D 4E 4F 50 51 52\n"
             "    C0 can only begin an overlong encoding (of a character in U+0000..U+007F)\n"
             "{f}: 2 errors in 35 bytes\n", "8 bytes each side")):
        f = write(os.path.join(d, name), data)
        equal(run(["explain", "--file", f]), (status, text.replace("{f}", f).encode(), ""),
              "explain --file: " + what)
    # Without --max-errors, at most 1000 errors are explained (the default
    # the help states): 1001 stray continuation bytes give exactly 1000.
    many = write(os.path.join(d, "many"), b"\x80" * 1001)
    rc, out, err = run(["explain", "--file", many])
    lines = out.decode().splitlines()
    equal((rc, len([x for x in lines if x.startswith(many + ":1:")]), lines[-1]),
          (1, 1000, many + ": the first 1000 errors explained (--max-errors)"),
          "explain --file: 1000 errors by default")
    equal(run(["explain", "--file", ex, "--max-errors", "2"])[1].decode().splitlines()[-1],
          ex + ": the first 2 errors explained (--max-errors)", "explain --file --max-errors 2")
    rc, out, err = run(["explain", "--file", ex, "--max-errors", "1"])
    equal(out.decode().splitlines()[-1], ex + ": the first 1 error explained (--max-errors)",
          "explain --file --max-errors 1")
    for args, msg in ((["--file", ex, "c0"], "give either HEX or --file, not both"),
                      (["--offset", "3"], "--offset and --max-errors need --file"),
                      (["--max-errors", "3", "c0"], "--offset and --max-errors need --file"),
                      (["c0", "--max-errors=0"], "--offset and --max-errors need --file"),
                      (["--file", ex, "--offset", "x"], "bad --offset 'x': expected a byte offset"),
                      (["--file", ex, "--offset", "K"], "bad --offset 'K': expected a byte offset"),
                      (["--file", ex, "--offset", ""], "bad --offset '': expected a byte offset"),
                      (["--file", ex, "--offset", "18446744073709551616"],
                       "bad --offset '18446744073709551616': expected a byte offset")):
        equal(run(["explain"] + args), (2, b"", "u8guard explain: " + msg + U % "explain"),
              "explain %r" % args)
    equal(run(["explain", "--file", "-"], input_bytes=b"\xc0"),
          (2, b"", "u8guard: -: explain --file reads the file twice, so it must be a regular "
                   "file (save the input to a file first)\n"), "explain --file - from a pipe")
    equal(run(["explain", "--file", missing]),
          (2, b"", "u8guard: %s: No such file or directory\n" % missing), "explain --file missing")
    finish()


main()
