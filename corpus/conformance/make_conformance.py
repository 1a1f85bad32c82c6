#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""make_conformance.py -- writes conformance.txt, the conformance corpus of
`u8guard audit`, to standard output.

The expected errors of each case are computed here by an implementation of
doc/contract.md section 2 that shares no code with u8guard (expected_errors
below, written from the section's table), and the hand-written cases carry
their expectation as written in doc/contract.md; the script checks the two agree.
The audit then checks every expectation against u8guard when it loads the
file, so a mistake in either implementation stops the audit instead of
being absorbed.

    python3 corpus/conformance/make_conformance.py > corpus/conformance/conformance.txt
"""
import sys

UC, OL, SG, TL, BC, TR = ("unexpected_continuation", "overlong", "surrogate",
                          "too_large", "bad_continuation", "truncated")


def expected_errors(b):
    """doc/contract.md section 2: the (offset, length, kind) of each error."""
    out, i, n = [], 0, len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if c <= 0xBF:
            out.append((i, 1, UC)); i += 1; continue
        if c in (0xC0, 0xC1):
            out.append((i, 1, OL)); i += 1; continue
        if c >= 0xF5:
            out.append((i, 1, TL)); i += 1; continue
        # need: continuation bytes; (lo, hi): the allowed second byte;
        # special: the kind of a second byte 80..BF outside (lo, hi).
        if c <= 0xDF:
            need, lo, hi, special = 1, 0x80, 0xBF, None
        elif c == 0xE0:
            need, lo, hi, special = 2, 0xA0, 0xBF, OL
        elif c == 0xED:
            need, lo, hi, special = 2, 0x80, 0x9F, SG
        elif c <= 0xEF:
            need, lo, hi, special = 2, 0x80, 0xBF, None
        elif c == 0xF0:
            need, lo, hi, special = 3, 0x90, 0xBF, OL
        elif c == 0xF4:
            need, lo, hi, special = 3, 0x80, 0x8F, TL
        else:
            need, lo, hi, special = 3, 0x80, 0xBF, None
        j, err = 1, None
        while j <= need:
            if i + j >= n:
                err = (i, j, TR)
                break
            x = b[i + j]
            if j == 1 and not lo <= x <= hi:
                err = (i, 1, special if special and 0x80 <= x <= 0xBF else BC)
                break
            if j > 1 and not 0x80 <= x <= 0xBF:
                err = (i, j, BC)
                break
            j += 1
        if err:
            out.append(err)
            i += err[1]
        else:
            i += need + 1
    return out


def notation(errs):
    return "valid" if not errs else ", ".join("%d/%d %s" % e for e in errs)


def enc(cp):
    return chr(cp).encode("utf-8", "surrogatepass")


CASES = []
NAMES = set()


def case(name, data, written=None):
    """Adds a case; written is the expectation as a person wrote it."""
    assert name not in NAMES and len(name) < 64, name
    NAMES.add(name)
    exp = notation(expected_errors(bytes(data)))
    if written is not None and written != exp:
        sys.exit("make_conformance.py: case %s: written %r, model says %r"
                 % (name, written, exp))
    CASES.append((name, bytes(data), exp))


def h(s):
    return bytes.fromhex(s)


def section(title):
    CASES.append((None, title, None))


section("doc/contract.md section 5: its examples, as written there")
case("design-c0-80", h("C080"), "0/1 overlong, 1/1 unexpected_continuation")
case("design-e0-80-af", h("E080AF"), "0/1 overlong, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("design-cesu8-u233b4", h("EDA18CEDBEB4"), "0/1 surrogate, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 surrogate, 4/1 unexpected_continuation, 5/1 unexpected_continuation")
case("design-f4-90-80-80", h("F4908080"), "0/1 too_large, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("design-e4-bd-41", h("E4BD41"), "0/2 bad_continuation")
case("design-f0-9f-98", h("F09F98"), "0/3 truncated")
case("design-e4-bd-a0", h("E4BDA0"), "valid")
case("design-c0-af-slash", h("C0AF"), "0/1 overlong, 1/1 unexpected_continuation")
case("empty", b"", "valid")

section("doc/contract.md section 2.2: each row of the table of kinds")
case("unexpected-80", h("80"), "0/1 unexpected_continuation")
case("unexpected-bf", h("BF"), "0/1 unexpected_continuation")
case("unexpected-after-ascii", h("4180"), "1/1 unexpected_continuation")
case("unexpected-after-2byte", h("C3A9A9"), "2/1 unexpected_continuation")
case("overlong-c1-bf", h("C1BF"), "0/1 overlong, 1/1 unexpected_continuation")
case("overlong-e0-80-80", h("E08080"), "0/1 overlong, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("overlong-e0-9f-bf", h("E09FBF"), "0/1 overlong, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("overlong-f0-80-80-80", h("F0808080"), "0/1 overlong, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("overlong-f0-8f-bf-bf", h("F08FBFBF"), "0/1 overlong, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("overlong-c0-alone", h("C0"), "0/1 overlong")
case("overlong-e0-80-alone", h("E080"), "0/1 overlong, 1/1 unexpected_continuation")
case("surrogate-ed-a0-80", h("EDA080"), "0/1 surrogate, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("surrogate-ed-bf-bf", h("EDBFBF"), "0/1 surrogate, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("surrogate-ed-b0-80-low", h("EDB080"), "0/1 surrogate, 1/1 unexpected_continuation, 2/1 unexpected_continuation")
case("too-large-f5", h("F5808080"), "0/1 too_large, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("too-large-f7-bf-bf-bf", h("F7BFBFBF"), "0/1 too_large, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("too-large-f4-bf-bf-bf", h("F4BFBFBF"), "0/1 too_large, 1/1 unexpected_continuation, 2/1 unexpected_continuation, 3/1 unexpected_continuation")
case("too-large-fe", h("FE"), "0/1 too_large")
case("too-large-ff", h("FF"), "0/1 too_large")
case("bad-cont-c2-41", h("C241"), "0/1 bad_continuation")
case("bad-cont-e1-80-41", h("E18041"), "0/2 bad_continuation")
case("bad-cont-f1-80-80-41", h("F1808041"), "0/3 bad_continuation")
case("bad-cont-e0-41", h("E041"), "0/1 bad_continuation")
case("bad-cont-ed-41", h("ED41"), "0/1 bad_continuation")
case("bad-cont-f0-c0", h("F0C0"), "0/1 bad_continuation, 1/1 overlong")
case("bad-cont-f4-41", h("F441"), "0/1 bad_continuation")
case("bad-cont-lead-lead", h("C2C3A9"), "0/1 bad_continuation")
case("bad-cont-e0-a0-c3-a9", h("E0A0C3A9"), "0/2 bad_continuation")
case("bad-cont-f0-9f-98-28", h("F09F9828"), "0/3 bad_continuation")
case("truncated-c2", h("C2"), "0/1 truncated")
case("truncated-e1", h("E1"), "0/1 truncated")
case("truncated-e1-80", h("E180"), "0/2 truncated")
case("truncated-f1-80-80", h("F18080"), "0/3 truncated")
case("truncated-e0-a0", h("E0A0"), "0/2 truncated")
case("truncated-ed-9f", h("ED9F"), "0/2 truncated")
case("truncated-f4-8f-bf", h("F48FBF"), "0/3 truncated")
case("truncated-after-text", h("41E282"), "1/2 truncated")
case("truncated-not-mid-input", h("E282E282AC"), "0/2 bad_continuation")

section("Valid boundaries: the smallest and largest of each length and range")
for cp in (0x0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xCFFF, 0xD000,
           0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x3FFFF, 0x40000,
           0xFFFFF, 0x100000, 0x10FFFF):
    case("valid-u+%04x" % cp, enc(cp), "valid")
case("valid-bom-then-a", h("EFBBBF41"), "valid")
case("valid-nul-in-text", b"a\x00b", "valid")
case("valid-ascii-all", bytes(range(0x80)), "valid")
case("valid-u+4f60-u+597d", enc(0x4F60) + enc(0x597D), "valid")
case("valid-u+233b4", enc(0x233B4), "valid")

section("Noncharacters, U+0000 and U+10FFFF: valid scalar values, accepted")
for cp in (0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF):
    case("nonchar-u+%04x" % cp, enc(cp), "valid")
case("nonchar-u+0000", h("00"), "valid")
case("nonchar-in-text", b"x" + enc(0xFFFE) + b"y" + enc(0x10FFFF) + b"z", "valid")

section("CESU-8 (UTF-16 surrogate pairs each encoded as 3 bytes)")
def cesu(cp):
    v = cp - 0x10000
    return enc(0xD800 + (v >> 10)) + enc(0xDC00 + (v & 0x3FF))
for cp in (0x10000, 0x1F600, 0x233B4, 0x10FFFF):
    case("cesu8-u+%04x" % cp, cesu(cp))
case("cesu8-pair-in-text", b"ab" + cesu(0x1F600) + b"cd")
case("cesu8-high-alone", enc(0xD83D))
case("cesu8-low-alone", enc(0xDE00))
case("cesu8-low-then-high", enc(0xDE00) + enc(0xD83D))

section("Values above U+10FFFF and the old 5- and 6-byte forms")
case("above-f4-90-80-80-u+110000", h("F4908080"))
case("above-f5-80-80-80-u+140000", h("F5808080"))
case("above-f7-bf-bf-bf-u+1fffff", h("F7BFBFBF"))
case("five-f8-88-80-80-80-u+200000", h("F888808080"))
case("five-fb-bf-bf-bf-bf", h("FBBFBFBFBF"))
case("six-fc-84-80-80-80-80-u+4000000", h("FC8480808080"))
case("six-fd-bf-bf-bf-bf-bf-u+7fffffff", h("FDBFBFBFBFBF"))
case("five-overlong-f8-80-80-80-af", h("F8808080AF"))
case("six-overlong-fc-80-80-80-80-af", h("FC80808080AF"))
case("five-then-text", h("F888808080") + b"ok")

section("Every byte alone")
for b in range(256):
    case("byte-%02x" % b, bytes([b]))

section("Each kind of lead byte followed by each kind of second byte (then two 80s)")
LEADS = (0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0,
         0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF)
SECONDS = (0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2,
           0xE0, 0xF0, 0xFF)
for a in LEADS:
    for b in SECONDS:
        case("pair-%02x-%02x" % (a, b), bytes([a, b, 0x80, 0x80]))

section("Truncations: each valid sequence cut short, at the end and before text")
for cp in (0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF):
    s = enc(cp)
    for k in range(1, len(s)):
        case("cut-u+%04x-%d-of-%d" % (cp, k, len(s)), s[:k])
        case("cut-u+%04x-%d-of-%d-then-a" % (cp, k, len(s)), s[:k] + b"A")
        case("cut-u+%04x-%d-of-%d-after-text" % (cp, k, len(s)), b"xyz" + s[:k])

section("Errors at and across the 16/32/64-byte block boundaries of vector kernels")
BAD = (("c0-80", h("C080")), ("ed-a0-80", h("EDA080")), ("f4-90-80-80", h("F4908080")),
       ("e4-bd-41", h("E4BD41")), ("80", h("80")), ("f0-9f-98-end", h("F09F98")),
       ("ff", h("FF")), ("e0-80", h("E080")))
for off in (15, 16, 31, 32, 63, 64):
    for name, seq in BAD:
        case("at-%d-%s" % (off, name), b"a" * off + seq)
    # a valid character straddling the boundary, and one cut by it
    for cp in (0x7FF, 0x4F60, 0x1F600):
        s = enc(cp)
        for back in range(1, len(s)):
            case("across-%d-u+%04x-minus-%d" % (off, cp, back),
                 b"a" * (off - back) + s + b"z", "valid")
            case("across-%d-u+%04x-cut-%d" % (off, cp, back),
                 b"a" * (off - back) + s[:back])
            case("across-%d-u+%04x-broken-%d" % (off, cp, back),
                 b"a" * (off - back) + s[:back] + b"z")
    # multi-byte text up to the boundary, then an error
    prefix = (enc(0xE9) * 40)[:off]
    if len(prefix) % 2:
        prefix = prefix[:-1] + b"e"
    case("after-2byte-text-%d-c0-af" % off, prefix + h("C0AF"))
    case("after-2byte-text-%d-truncated" % off, prefix + h("E282"))

section("Longer mixtures")
case("mixed-every-kind", b"A" + h("C080") + b"B" + h("EDA080") + b"C" + h("F4908080")
     + b"D" + h("E4BD41") + h("80") + enc(0x1F600) + h("FF") + h("F09F98"))
case("mixed-valid-scripts", "Grüße, Καλημέρα, こんにちは, 😀, \u0000, \ufffe".encode())
case("mixed-many-errors", h("80") * 20 + h("C0") * 20 + h("FF") * 20)
case("mixed-kuhn-3.5", h("FEFF") + h("FEFEFFFF"))

out = sys.stdout
out.write("""# conformance.txt -- the conformance corpus of `u8guard audit`, written
# by make_conformance.py (edit that, then regenerate this file).
#
# One case per line: NAME  HEX BYTES  = EXPECTED, where EXPECTED is "valid"
# or the errors doc/contract.md section 2 gives, as "offset/length/kind, ...".
# The expectations come from the script's own model of section 2 (and the
# doc/contract.md examples as written there); the audit checks every one against
# u8guard when it loads this file, and stops with the line of any that
# differs.
""")
n = 0
for name, data, exp in CASES:
    if name is None:
        out.write("\n# %s\n" % data)
        continue
    out.write("%-40s %s = %s\n" % (name, " ".join("%02X" % x for x in data), exp))
    n += 1
out.write("\n# %d cases\n" % n)
