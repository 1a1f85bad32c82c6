# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_policy.py -- `check --deny`, `sanitize --deny --on-error` and
`sanitize --to`: exact output for one character of each class, the JSON
members of a disallowed error, every handler, both wide encodings (equal
to CPython's codecs), and the same output for every --buffer-size."""
import json
import os
import random

from clitest import run, equal, finish, tmpdir, write

U = " (try 'u8guard %s --help')\n"

MARK = "is an invisible mark that changes how the text around it is ordered"

# One character per class, with what the human line says about it.
SAMPLES = (
    ("nul", 0x0000, "U+0000 NUL (nul) ends the text for C strings and the programs built on them"),
    ("c0", 0x001B, "U+001B (c0) is a control character, which a terminal may obey"),
    ("del", 0x007F, "U+007F (del) is a control character, which a terminal may obey"),
    ("c1", 0x009B, "U+009B (c1) is a C1 control character, which a terminal may obey "
                   "(CSI starts an escape sequence)"),
    ("bidi", 0x202E, "U+202E RIGHT-TO-LEFT OVERRIDE (bidi) reverses the display of the text "
                     "after it"),
    ("bidi", 0x2066, "U+2066 LEFT-TO-RIGHT ISOLATE (bidi) displays the text after it apart, "
                     "left to right"),
    # The other bidi controls, so that every row of cli/policy.c's table
    # is looked up by its own code point.
    ("bidi", 0x061C, "U+061C ARABIC LETTER MARK (bidi) " + MARK),
    ("bidi", 0x200E, "U+200E LEFT-TO-RIGHT MARK (bidi) " + MARK),
    ("bidi", 0x200F, "U+200F RIGHT-TO-LEFT MARK (bidi) " + MARK),
    ("bidi", 0x202A, "U+202A LEFT-TO-RIGHT EMBEDDING (bidi) displays the text after it as "
                     "embedded left-to-right text"),
    ("bidi", 0x202B, "U+202B RIGHT-TO-LEFT EMBEDDING (bidi) displays the text after it as "
                     "embedded right-to-left text"),
    ("bidi", 0x202C, "U+202C POP DIRECTIONAL FORMATTING (bidi) ends the last bidi embedding "
                     "or override"),
    ("bidi", 0x202D, "U+202D LEFT-TO-RIGHT OVERRIDE (bidi) forces the text after it to "
                     "display left to right"),
    ("bidi", 0x2067, "U+2067 RIGHT-TO-LEFT ISOLATE (bidi) displays the text after it apart, "
                     "right to left"),
    ("bidi", 0x2068, "U+2068 FIRST STRONG ISOLATE (bidi) displays the text after it apart, "
                     "in the direction of its first letter"),
    ("bidi", 0x2069, "U+2069 POP DIRECTIONAL ISOLATE (bidi) ends the last bidi isolate"),
    ("noncharacter", 0xFFFE, "U+FFFE (noncharacter) is a noncharacter, for a program's "
                             "internal use, not for interchange"),
    ("private_use", 0x10FFFD, "U+10FFFD (private_use) is a private-use character, with no "
                              "meaning outside an agreement between programs"),
    ("bom", 0xFEFF, "U+FEFF (bom) is a byte order mark, invisible in the text"),
    ("tag", 0xE0041, "U+E0041 (tag) is an invisible tag for 'A': tags can hide text from "
                     "the reader"),
    # The first and last tags that stand for an ASCII character, and the
    # one before them (U+E007F, after them, is below).
    ("tag", 0xE001F, "U+E001F (tag) is an invisible tag character: tags can hide text from "
                     "the reader"),
    ("tag", 0xE0020, "U+E0020 (tag) is an invisible tag for ' ': tags can hide text from "
                     "the reader"),
    ("tag", 0xE007E, "U+E007E (tag) is an invisible tag for '~': tags can hide text from "
                     "the reader"),
    ("tag", 0xE007F, "U+E007F (tag) is an invisible tag character: tags can hide text from "
                     "the reader"),
    ("separator", 0x2028, "U+2028 LINE SEPARATOR (separator) is an invisible line break "
                          "to editors and a line terminator in JavaScript source"),
    ("separator", 0x2029, "U+2029 PARAGRAPH SEPARATOR (separator) is an invisible line break "
                          "to editors and a line terminator in JavaScript source"),
)


def main():
    d = tmpdir()
    for cls, cp, text in SAMPLES:
        ch = chr(cp).encode()
        f = write(os.path.join(d, "s"), b"ab" + ch + b"\n")
        hexs = " ".join("%02X" % b for b in ch)
        equal(run(["check", "--deny", cls, f]),
              (1, ("%s:1:3: offset 2: disallowed (%s): %s\n%s: 1 error in %d bytes\n"
                   % (f, hexs, text, f, len(ch) + 3)).encode(), ""),
              "check --deny %s: U+%04X" % (cls, cp))
        rc, out, err = run(["check", "--json", "--deny=all", f])
        equal(json.loads(out)["errors"],
              [{"offset": 2, "length": len(ch), "kind": "disallowed", "line": 1, "column": 3,
                "class": cls, "code_point": "U+%04X" % cp}], "check --json --deny all: U+%04X" % cp)
        equal(run(["check", f])[0], 0, "U+%04X is valid when nothing is denied" % cp)
        other = "tag" if cls != "tag" else "bidi"
        equal(run(["check", "--deny", other, f])[0], 0, "U+%04X: --deny %s only" % (cp, other))

    # A mix of ill-formed bytes and denied characters.
    data = "a\u202eb\x00c".encode() + b"\xc0\xaf" + "\U000e0041\u2028z\n".encode() + b"\xed\xa0"
    src = write(os.path.join(d, "mix"), data)
    rc, out, err = run(["check", "--json", "--deny", "bidi,nul", "--deny", "tag", src])
    got = [(e["offset"], e["kind"], e.get("class")) for e in json.loads(out)["errors"]]
    equal(got, [(1, "disallowed", "bidi"), (5, "disallowed", "nul"), (7, "overlong", None),
                (8, "unexpected_continuation", None), (9, "disallowed", "tag"),
                (18, "surrogate", None), (19, "unexpected_continuation", None)],
          "check --deny bidi,nul --deny tag: the errors in order")
    deny = "bidi,nul,tag,separator"
    cases = {
        "replace": "a\ufffdb\ufffdc\ufffd\ufffd\ufffd\ufffdz\n\ufffd\ufffd".encode(),
        "drop": b"abcz\n",
        "escape": b"a\\u202eb\\u0000c\\xc0\\xaf\\U000e0041\\u2028z\n\\xed\\xa0",
    }
    for handler, want in cases.items():
        for bs in ("1", "3", "64K"):
            equal(run(["sanitize", "--deny", deny, "--on-error", handler, "--buffer-size", bs,
                       src]), (1, want, ""), "sanitize --on-error %s --buffer-size %s" % (handler, bs))
    # Nothing denied: the handlers equal CPython's error handlers.
    rnd = random.Random(13)
    for i in range(30):
        raw = bytes(rnd.choice(b"a\x80\xbf\xc2\xc3\xe0\xe1\xed\xef\xf0\xf4\xf5\xff\xa0\x9f")
                    for _ in range(rnd.randint(0, 40)))
        f = write(os.path.join(d, "r"), raw)
        for handler, py in (("replace", "replace"), ("drop", "ignore"),
                            ("escape", "backslashreplace")):
            equal(run(["sanitize", "--on-error", handler, f])[1],
                  raw.decode("utf-8", py).encode(), "random %d: --on-error %s = CPython %s"
                  % (i, handler, py))
        for enc in ("utf-16le", "utf-32le"):
            for bs in ("1", "64K"):
                equal(run(["sanitize", "--to", enc, "--buffer-size", bs, f])[1],
                      raw.decode("utf-8", "replace").encode(enc.replace("le", "-le")),
                      "random %d: --to %s --buffer-size %s = CPython" % (i, enc, bs))
    # Characters of every length, the planes' edges among them (each byte
    # of a UTF-32 unit and both halves of a surrogate pair vary).
    text = "a\u00e9\u07ff\u0800\uffef\U00010000\U0001f600\U000e0041\U0010ffff"
    f = write(os.path.join(d, "planes"), text.encode() + b"\xc0" + text.encode())
    for enc in ("utf-16le", "utf-32le"):
        equal(run(["sanitize", "--to", enc, f]),
              (1, (text + "\ufffd" + text).encode(enc.replace("le", "-le")), ""),
              "every plane --to %s = CPython" % enc)
    equal(run(["sanitize", "--to", "utf-16le", "--deny", "tag", "--on-error", "escape", src])[1],
          "a\u202eb\x00c\\xc0\\xaf\\U000e0041\u2028z\n\\xed\\xa0".encode("utf-16-le"),
          "--to utf-16le with escape: the escapes as UTF-16 text")
    equal(run(["sanitize", "--to", "utf-8", src])[1], data.decode("utf-8", "replace").encode(),
          "--to utf-8 is the default")

    for cmd, args, msg in (
            ("check", ["--deny", "bogus"], "bad --deny 'bogus': 'bogus' is not a class (nul, c0, "
             "del, c1, bidi, noncharacter, private_use, bom, tag, separator, all)"),
            ("check", ["--deny", "bidi,"], "bad --deny 'bidi,': '' is not a class (nul, c0, "
             "del, c1, bidi, noncharacter, private_use, bom, tag, separator, all)"),
            ("sanitize", ["--deny", "BIDI"], "bad --deny 'BIDI': 'BIDI' is not a class (nul, "
             "c0, del, c1, bidi, noncharacter, private_use, bom, tag, separator, all)"),
            ("sanitize", ["--on-error", "ignore"], "bad --on-error 'ignore': expected replace, "
             "drop or escape"),
            ("sanitize", ["--to", "utf-16"], "bad --to 'utf-16': expected utf-8, utf-16le or "
             "utf-32le")):
        equal(run([cmd] + args + [src]), (2, b"", "u8guard %s: %s%s" % (cmd, msg, U % cmd)),
              "%s %r" % (cmd, args))
    finish()


main()
