# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_explain.py -- `u8guard explain`: exact output for the cases the
assignment names, the lax readings of the other classic attacks, the hex
syntaxes it accepts, and bad hex (exit 2)."""
from clitest import run, check, equal, finish

CONT = "is a continuation byte where a character should start (part of the sequence at offset 0)"

EXACT = {
    "C0 AF": (1, """offset 0: C0: error overlong (length 1)
    C0 AF is an overlong encoding of U+002F '/'
    a lax decoder would read these 2 bytes as U+002F '/', which needs only 1 byte
offset 1: AF: error unexpected_continuation (length 1)
    AF %s
not valid UTF-8: 2 bytes, 0 characters, 2 errors
""" % CONT),
    "ED A1 8C ED BE B4": (1, """offset 0: ED: error surrogate (length 1)
    ED A1 8C ED BE B4 is CESU-8 (surrogate pair D84C DFB4) for U+233B4 '\U000233B4'
    a lax decoder (CESU-8, Java's "modified UTF-8") would read these 6 bytes as U+233B4 '\U000233B4'
offset 1: A1: error unexpected_continuation (length 1)
    A1 {c}
offset 2: 8C: error unexpected_continuation (length 1)
    8C {c}
offset 3: ED: error surrogate (length 1)
    ED BE B4 encodes the surrogate U+DFB4, which is not a character (part of the sequence at offset 0)
    a lax decoder would read these 3 bytes as U+DFB4, a low surrogate
offset 4: BE: error unexpected_continuation (length 1)
    BE {c}
offset 5: B4: error unexpected_continuation (length 1)
    B4 {c}
not valid UTF-8: 6 bytes, 0 characters, 6 errors
""".replace("{c}", CONT)),
    "F4 90 80 80": (1, """offset 0: F4: error too_large (length 1)
    F4 90 80 80 would be U+110000, beyond U+10FFFF
    a lax decoder would read these 4 bytes as U+110000, which is not a Unicode code point
offset 1: 90: error unexpected_continuation (length 1)
    90 {c}
offset 2: 80: error unexpected_continuation (length 1)
    80 {c}
offset 3: 80: error unexpected_continuation (length 1)
    80 {c}
not valid UTF-8: 4 bytes, 0 characters, 4 errors
""".replace("{c}", CONT)),
    "E4 BD A0": (0, """offset 0: E4 BD A0: U+4F60 '\u4f60' (BMP)
valid UTF-8: 3 bytes, 1 character
"""),    # Sequences led by E0 and DF, the bytes either side of the 2/3-byte
    # boundary of the lead-length tests (explain.c char_len, describe.c's
    # "starts a N-byte sequence"): an off-by-one there changes these texts.
    "E0 A0 80": (0, """offset 0: E0 A0 80: U+0800 '\u0800' (BMP)
valid UTF-8: 3 bytes, 1 character
"""),
    "DF BF E0 A0 80": (0, """offset 0: DF BF: U+07FF '\u07ff' (BMP)
offset 2: E0 A0 80: U+0800 '\u0800' (BMP)
valid UTF-8: 5 bytes, 2 characters
"""),
    "E0 A0 41": (1, """offset 0: E0 A0: error bad_continuation (length 2)
    E0 A0 starts a 3-byte sequence, but 41 is not a continuation byte
offset 2: 41: U+0041 'A' (ASCII)
not valid UTF-8: 3 bytes, 1 character, 1 error
"""),
    "E0 A0": (1, """offset 0: E0 A0: error truncated (length 2)
    E0 A0 is cut off: the input ends 1 byte short of a 3-byte sequence
not valid UTF-8: 2 bytes, 0 characters, 1 error
"""),
    # Led by EF and F0, either side of the 3/4-byte boundary of the same
    # tests (describe.c's w[0] < 0xF0 in the bad_continuation and truncated
    # texts).
    "EF BF 41": (1, """offset 0: EF BF: error bad_continuation (length 2)
    EF BF starts a 3-byte sequence, but 41 is not a continuation byte
offset 2: 41: U+0041 'A' (ASCII)
not valid UTF-8: 3 bytes, 1 character, 1 error
"""),
    "F0 90 41": (1, """offset 0: F0 90: error bad_continuation (length 2)
    F0 90 starts a 4-byte sequence, but 41 is not a continuation byte
offset 2: 41: U+0041 'A' (ASCII)
not valid UTF-8: 3 bytes, 1 character, 1 error
"""),
    "EF BF": (1, """offset 0: EF BF: error truncated (length 2)
    EF BF is cut off: the input ends 1 byte short of a 3-byte sequence
not valid UTF-8: 2 bytes, 0 characters, 1 error
"""),
    "F0 90 80": (1, """offset 0: F0 90 80: error truncated (length 3)
    F0 90 80 is cut off: the input ends 1 byte short of a 4-byte sequence
not valid UTF-8: 3 bytes, 0 characters, 1 error
"""),
    "E0 80": (1, """offset 0: E0: error overlong (length 1)
    E0 80 can only begin an overlong encoding (of a character in U+0000..U+07FF)
offset 1: 80: error unexpected_continuation (length 1)
    80 {c}
not valid UTF-8: 2 bytes, 0 characters, 2 errors
""".replace("{c}", CONT)),
    # The overlong form of U+007F, the largest character of 1 byte: "needs
    # only 1 byte" (cli/describe.c utf8_len's cp < 0x80; with 0x7F there it
    # said 2 bytes). LAX_NEEDS below has the other bounds.
    "C1 BF": (1, """offset 0: C1: error overlong (length 1)
    C1 BF is an overlong encoding of U+007F (control)
    a lax decoder would read these 2 bytes as U+007F (control), which needs only 1 byte
offset 1: BF: error unexpected_continuation (length 1)
    BF {c}
not valid UTF-8: 2 bytes, 0 characters, 2 errors
""".replace("{c}", CONT)),
    # The surrogate pair of the largest high and the smallest low surrogate
    # (DBFF DC00), and a high one followed by the largest high one (D800
    # DBFF), which is no pair: the bounds of cli/describe.c surrogate()'s
    # l.value <= 0xDBFF and low.value >= 0xDC00 (with 0xDBFF there, D800
    # DBFF was read as CESU-8 for U+FFFF, 0x10000 - 1).
    "ED AF BF ED B0 80": (1, """offset 0: ED: error surrogate (length 1)
    ED AF BF ED B0 80 is CESU-8 (surrogate pair DBFF DC00) for U+10FC00 (private use)
    a lax decoder (CESU-8, Java's "modified UTF-8") would read these 6 bytes as U+10FC00 (private use)
offset 1: AF: error unexpected_continuation (length 1)
    AF {c}
offset 2: BF: error unexpected_continuation (length 1)
    BF {c}
offset 3: ED: error surrogate (length 1)
    ED B0 80 encodes the surrogate U+DC00, which is not a character (part of the sequence at offset 0)
    a lax decoder would read these 3 bytes as U+DC00, a low surrogate
offset 4: B0: error unexpected_continuation (length 1)
    B0 {c}
offset 5: 80: error unexpected_continuation (length 1)
    80 {c}
not valid UTF-8: 6 bytes, 0 characters, 6 errors
""".replace("{c}", CONT)),
    "ED A0 80 ED AF BF": (1, """offset 0: ED: error surrogate (length 1)
    ED A0 80 encodes the lone surrogate U+D800, which is not a character
    a lax decoder would read these 3 bytes as U+D800, a high surrogate
offset 1: A0: error unexpected_continuation (length 1)
    A0 {c0}
offset 2: 80: error unexpected_continuation (length 1)
    80 {c0}
offset 3: ED: error surrogate (length 1)
    ED AF BF encodes the lone surrogate U+DBFF, which is not a character
    a lax decoder would read these 3 bytes as U+DBFF, a high surrogate
offset 4: AF: error unexpected_continuation (length 1)
    AF {c3}
offset 5: BF: error unexpected_continuation (length 1)
    BF {c3}
not valid UTF-8: 6 bytes, 0 characters, 6 errors
""".replace("{c0}", CONT).replace("{c3}", CONT.replace("offset 0", "offset 3"))),
    # One byte, valid and not: the singular of every count in the summary
    # (with "n == 0" there, "1 bytes"). 7F, the last 1-byte character, is
    # one character of one byte (explain.c char_len's b < 0x80; with 0x7F
    # there it took 2 bytes).
    "41": (0, """offset 0: 41: U+0041 'A' (ASCII)
valid UTF-8: 1 byte, 1 character
"""),
    "7F": (0, """offset 0: 7F: U+007F (control)
valid UTF-8: 1 byte, 1 character
"""),
    "80": (1, """offset 0: 80: error unexpected_continuation (length 1)
    80 is a continuation byte where a character should start
not valid UTF-8: 1 byte, 0 characters, 1 error
"""),
    # The longest character and the longest error (a maximal subpart of 3
    # bytes), in full: explain.c's hex buffers hold exactly these, so one
    # byte less cuts the text.
    "F0 9F 98 80 F0 9F 98": (1, """offset 0: F0 9F 98 80: U+1F600 '😀' (plane 1)
offset 4: F0 9F 98: error truncated (length 3)
    F0 9F 98 is cut off: the input ends 1 byte short of a 4-byte sequence
not valid UTF-8: 7 bytes, 1 character, 1 error
"""),
}

# The lax reading (the second explanation line) of the overlong forms of
# the characters either side of the length bounds of describe.c's
# overlong_needs (0x80, 0x800) and of U+FFFF: how many bytes each needs.
LAX_NEEDS = {
    "E0 82 80": "a lax decoder would read these 3 bytes as U+0080 (control), which needs only 2 bytes",
    "E0 9F BF": "a lax decoder would read these 3 bytes as U+07FF '\u07ff', which needs only 2 bytes",
    "F0 80 A0 80": "a lax decoder would read these 4 bytes as U+0800 '\u0800', which needs only 3 bytes",
    "F0 8F BF BF": "a lax decoder would read these 4 bytes as U+FFFF (noncharacter), which needs only 3 bytes",
}

# The lax reading of the 5-byte forms either side of U+10FFFF (cli/describe.c
# too_large: only a value above it is said not to be a code point).
LAX_RFC2279 = {
    "F8 84 8F BF BF": "a lax decoder (RFC 2279) would read these 5 bytes as U+10FFFF",
    "F8 84 90 80 80": "a lax decoder (RFC 2279) would read these 5 bytes as U+110000, "
                      "which is not a Unicode code point",
}

# The first explanation line of other cases (what a lax decoder makes of them).
FIRST_EXPLANATION = {
    "C0 80": "C0 80 is an overlong encoding of U+0000 (NUL), the NUL of Java's \"modified UTF-8\"",
    "E0 80 AF": "E0 80 AF is an overlong encoding of U+002F '/'",
    "ED A0 80": "ED A0 80 encodes the lone surrogate U+D800, which is not a character",
    "ED B0 80 ED B0 80": "ED B0 80 encodes the lone surrogate U+DC00, which is not a character",
    # Overlong forms of the first and last surrogate: named without a class
    # (cli/describe.c describe_cp, the bounds D800 and DFFF).
    "F0 8D A0 80": "F0 8D A0 80 is an overlong encoding of U+D800",
    "F0 8D BF BF": "F0 8D BF BF is an overlong encoding of U+DFFF",
    "F8 88 80 80 80": "F8 88 80 80 80 is a 5-byte form (obsolete, RFC 2279) of U+200000",
    "FC 84 80 80 80 80": "FC 84 80 80 80 80 is a 6-byte form (obsolete, RFC 2279) of U+4000000",
    # Every value bit of the lead set: the lead masks of cli/describe.c's
    # lax_read (0x07, 0x03, 0x01 for 4, 5 and 6 bytes) in full.
    "F7 BF BF BF": "F7 BF BF BF would be U+1FFFFF, beyond U+10FFFF",
    "FB BF BF BF BF": "FB BF BF BF BF is a 5-byte form (obsolete, RFC 2279) of U+3FFFFFF",
    "FD BF BF BF BF BF": "FD BF BF BF BF BF is a 6-byte form (obsolete, RFC 2279) of U+7FFFFFFF",
    "FE": "FE is never used in UTF-8",
    "FF 41": "FF is never used in UTF-8",
    "F0 9F 98": "F0 9F 98 is cut off: the input ends 1 byte short of a 4-byte sequence",
    "E4": "E4 is cut off: the input ends 2 bytes short of a 3-byte sequence",
    "E4 BD 41": "E4 BD starts a 3-byte sequence, but 41 is not a continuation byte",
    # The 2-byte leads either side of announced()'s bound at E0.
    "C3 41": "C3 starts a 2-byte sequence, but 41 is not a continuation byte",
    "DF 41": "DF starts a 2-byte sequence, but 41 is not a continuation byte",
    "DF": "DF is cut off: the input ends 1 byte short of a 2-byte sequence",
    "E0 41": "E0 starts a 3-byte sequence, but 41 is not a continuation byte",
    "C1 41": "C1 can only begin an overlong encoding (of a character in U+0000..U+007F)",
    "F5 80": "F5 80 can only begin a value beyond U+10FFFF",
    # The other leads of an overlong form cut short: the range each names.
    "E0 80": "E0 80 can only begin an overlong encoding (of a character in U+0000..U+07FF)",
    "F0 80": "F0 80 can only begin an overlong encoding (of a character in U+0000..U+FFFF)",
    # An overlong form followed by one more continuation byte: the lax
    # reading stops at the length the lead announces.
    "C0 AF AF": "C0 AF is an overlong encoding of U+002F '/'",
    # How describe_cp names a value: U+0001 as a control, not as the NUL;
    # U+FFFD and U+D7FF quoted; U+E000 by its class; U+FEFF, the longest
    # text (describe.c's CP_TEXT holds it and its terminator exactly).
    "C0 81": "C0 81 is an overlong encoding of U+0001 (control)",
    "F0 8F BF BD": "F0 8F BF BD is an overlong encoding of U+FFFD '\ufffd'",
    "F0 8D 9F BF": "F0 8D 9F BF is an overlong encoding of U+D7FF '\ud7ff'",
    "F0 8E 80 80": "F0 8E 80 80 is an overlong encoding of U+E000 (private use)",
    "F0 8F BB BF": "F0 8F BB BF is an overlong encoding of U+FEFF (byte order mark)",
    "ED AF BF ED BF BF": "ED AF BF ED BF BF is CESU-8 (surrogate pair DBFF DFFF) for "
                         "U+10FFFF (noncharacter)",
    # A surrogate's first two bytes at the end of the input.
    "ED A0": "ED A0 can only begin a surrogate (U+D800..U+DFFF)",
    # The leads either side of the bounds of lax_read's length table and
    # of too_large's FE: F7 announces 4 bytes, F8 5, FB 5, FC 6, FD 6.
    "F7 80": "F7 80 can only begin a value beyond U+10FFFF",
    "F8 80": "F8 80 can only begin a 5-byte form (obsolete, RFC 2279)",
    "FB 80": "FB 80 can only begin a 5-byte form (obsolete, RFC 2279)",
    "FC 80": "FC 80 can only begin a 6-byte form (obsolete, RFC 2279)",
    "FD": "FD can only begin a 6-byte form (obsolete, RFC 2279)",
}


def main():
    for hexs, (status, text) in EXACT.items():
        rc, out, err = run(["explain"] + hexs.split())
        equal(rc, status, "explain %s: exit status" % hexs)
        equal(out.decode("utf-8"), text, "explain %s: exact output" % hexs)
        equal(err, "", "explain %s: nothing on stderr" % hexs)
    for hexs, first in FIRST_EXPLANATION.items():
        rc, out, err = run(["explain", hexs])
        lines = out.decode("utf-8").splitlines()
        equal((rc, lines[1].strip() if len(lines) > 1 else None), (1, first),
              "explain %s: what it is" % hexs)
    for hexs, lax in list(LAX_NEEDS.items()) + list(LAX_RFC2279.items()):
        rc, out, err = run(["explain", hexs])
        lines = out.decode("utf-8").splitlines()
        equal((rc, lines[2] if len(lines) > 2 else None), (1, "    " + lax),
              "explain %s: the lax reading" % hexs)

    # A CESU-8 pair followed by a stray continuation byte: the pair's text
    # names its 6 bytes, and the byte after it is no part of it.
    rc, out, err = run(["explain", "ED A1 8C ED BE B4 80"])
    lines = out.decode("utf-8").splitlines()
    equal((rc, lines[1], lines[-3:-1]), (1,
          "    ED A1 8C ED BE B4 is CESU-8 (surrogate pair D84C DFB4) for U+233B4 '\U000233B4'",
          ["offset 6: 80: error unexpected_continuation (length 1)",
           "    80 is a continuation byte where a character should start"]),
          "explain of a CESU-8 pair and a stray byte after it")

    # Character classes.
    for hexs, line in [("EF BF BE", "offset 0: EF BF BE: U+FFFE (noncharacter)"),
                       ("00", "offset 0: 00: U+0000 (control)"),
                       ("E2 80 AE", "offset 0: E2 80 AE: U+202E (format)"),
                       ("EF BB BF", "offset 0: EF BB BF: U+FEFF (byte order mark)"),
                       ("EE 80 80", "offset 0: EE 80 80: U+E000 (private use)"),
                       ("F0 9F 98 80", "offset 0: F0 9F 98 80: U+1F600 '\U0001F600' (plane 1)"),
                       ("41", "offset 0: 41: U+0041 'A' (ASCII)")]:
        rc, out, err = run(["explain", hexs])
        equal((rc, out.decode("utf-8").splitlines()[0]), (0, line), "explain %s" % hexs)

    # 64 bytes in one operand: the room explain allocates is strlen / 2 an
    # operand, exactly what the 128 digits need (a smaller share writes
    # past the block, which glibc's checking allocator of the mutation runs
    # reports).
    rc, out, err = run(["explain", "41" * 64])
    lines = out.decode().splitlines()
    equal((rc, lines[63] if len(lines) == 65 else lines, lines[-1] if lines else None),
          (0, "offset 63: 41: U+0041 'A' (ASCII)", "valid UTF-8: 64 bytes, 64 characters"),
          "explain of 64 bytes in one operand")

    # Every accepted way of writing the same bytes gives the same output.
    rc, ref, err = run(["explain", "C0", "AF"])
    for form in (["c0af"], ["C0AF"], ["0xC0", "0xAF"], ["0xc0,0xaf"], ["\\xC0\\xAF"],
                 ["  c0  ", "af "], ["--", "c0af"], ["c0\taf"]):
        rc, out, err = run(["explain"] + form)
        equal((rc, out), (1, ref), "explain %r reads as C0 AF" % form)

    # Bad hex and usage errors: exit 2 and a message saying what is wrong.
    for form, says in ((["c0a"], "odd number of hex digits"), (["zz"], "is not hex"),
                       (["0x"], "is not hex"), (["c0", "g1"], "'g1' is not hex"),
                       ([], "no bytes to explain"), (["  "], "no bytes to explain"),
                       (["--frobnicate"], "unknown option '--frobnicate'")):
        rc, out, err = run(["explain"] + form)
        equal(rc, 2, "explain %r: exit 2" % form)
        check(says in err and err.startswith("u8guard explain: "),
              "explain %r: message says %r" % (form, says), says, err)
        equal(out, b"", "explain %r: nothing on stdout" % form)
    finish()


main()
