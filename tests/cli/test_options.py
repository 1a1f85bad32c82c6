# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_options.py -- the option syntax of every sub-command (getopt_long):
values attached ("-oFILE", "--max-errors=3") or separate, long options
abbreviated to an unambiguous prefix, short options grouped, options after
operands, "--" to end the options, and one exact message for each mistake."""
import os

from clitest import run, equal, finish, tmpdir, write

USAGE = " (try 'u8guard %s --help')\n"


def main():
    d = tmpdir()
    bad = write(os.path.join(d, "bad.txt"), b"a\xc0\xafb\n\xff\n")
    first = bad + ":1:2: offset 1: overlong (C0 AF): C0 AF is an overlong encoding of U+002F '/'\n"
    summary1 = bad + ": 3 errors in 7 bytes (first 1 shown)\n"
    json1 = ('{"file": "%s", "valid": false, "bytes": 7, "error_count": 3, "errors": '
             '[{"offset": 1, "length": 1, "kind": "overlong", "line": 1, "column": 2}]}\n' % bad)

    # Every spelling of the same request gives the same output.
    for args in (["--max-errors", "1"], ["--max-errors=1"], ["--max-e=1"], ["--max", "1"],
                 ["--m=1"], [bad, "--max-errors", "1"]):
        argv = ["check"] + args + ([] if bad in args else [bad])
        equal(run(argv), (1, (first + summary1).encode(), ""), "check %r" % args)
    for args in (["--json", "--max-errors=1"], ["--js", "--max=1"], ["--j", "--m", "1"]):
        equal(run(["check"] + args + [bad]), (1, json1.encode(), ""), "check %r" % args)
    for args in (["--buffer-size=1"], ["--buffer-size", "1"], ["--buf=1"], ["--b", "1"]):
        equal(run(["check", "--json", "--max-errors=1"] + args + [bad]),
              (1, json1.encode(), ""), "check --buffer-size spelled %r" % args)

    want = b"a\xef\xbf\xbd\xef\xbf\xbdb\n\xef\xbf\xbd\n"
    for spell in (["-o{}"], ["-o", "{}"], ["--output={}"], ["--output", "{}"], ["--out={}"],
                  ["--o", "{}"], ["--buffer-size=2", "-o{}"], ["-h"]):
        out = os.path.join(d, "out-%d.txt" % len(os.listdir(d)))
        args = [a.format(out) for a in spell]
        rc, so, se = run(["sanitize"] + args + [bad])
        if spell == ["-h"]:
            equal((rc, so[:24], se), (0, b"usage: u8guard sanitize ", ""), "sanitize -h")
            continue
        with open(out, "rb") as f:
            equal((rc, so, se, f.read()), (1, b"", "", want), "sanitize %r" % spell)

    # "--" ends the options: a file named like an option.
    write(os.path.join(d, "--json"), b"\x80")
    write(os.path.join(d, "-o"), b"ok")
    equal(run(["check", "--", "--json"], cwd=d),
          (1, b"--json:1:1: offset 0: unexpected_continuation (80): 80 is a continuation "
              b"byte where a character should start\n--json: 1 error in 1 byte\n", ""),
          "check -- --json: a file")
    equal(run(["check", "--max-errors=0", "--", "-o", "--json"], cwd=d)[0], 1,
          "check -- -o --json: two files")
    equal(run(["sanitize", "--", "-o"], cwd=d), (0, b"ok", ""), "sanitize -- -o: a file")
    equal(run(["explain", "--", "c0"])[0], 1, "explain -- c0")
    equal(run(["explain", "c3", "--", "a9"])[1].splitlines()[-1],
          b"valid UTF-8: 2 bytes, 1 character", "explain c3 -- a9")
    # "-" is standard input, not an option.
    equal(run(["check", "--json", "-"], input_bytes=b"\xff")[1][:13], b'{"file": "-",',
          "check - reads standard input")

    # Mistakes: one message each, exit 2.
    for cmd, args, msg in (
            ("check", ["--jsonx"], "unknown option '--jsonx'"),
            ("check", ["--json=yes"], "option '--json' takes no value"),
            ("check", ["--js=yes"], "option '--json' takes no value"),
            ("check", ["--max"], "option '--max-errors' needs a value"),
            ("check", ["--frob=3"], "unknown option '--frob'"),
            ("check", ["-x"], "unknown option '-x'"),
            ("check", ["-hx"], None),
            ("sanitize", ["-o"], "option '-o' needs a value"),
            ("sanitize", ["--output"], "option '--output' needs a value"),
            ("sanitize", ["--out"], "option '--output' needs a value"),
            ("sanitize", ["--help=1"], "option '--help' takes no value"),
            ("explain", ["-q", "c0"], "unknown option '-q'"),
            ("explain", ["--hex", "c0"], "unknown option '--hex'")):
        rc, so, se = run([cmd] + args)
        if msg is None:  # -h comes first: the help, exit 0
            equal((rc, so[:21]), (0, b"usage: u8guard check "), "%s %r" % (cmd, args))
            continue
        equal((rc, so, se), (2, b"", "u8guard %s: %s%s" % (cmd, msg, USAGE % cmd)),
              "%s %r" % (cmd, args))
    finish()


main()
