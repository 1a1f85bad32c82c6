#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""make-seeds.py -- generate the fuzzers' seed corpus, corpus/seeds/<target>/.

Every seed is generated here (nothing is copied from elsewhere), from the
rules of doc/contract.md: every boundary of RFC 3629's Table 3-7, every lead byte
with the second bytes around its limits, truncations of every boundary
sequence, the examples of doc/contract.md section 5, Markus Kuhn-style malformed
forms (overlongs, 5/6-byte forms, CESU-8, lone surrogates), long texts in
several scripts built from their code point ranges with a fixed random
seed, and errors (and valid multi-byte characters) straddling 16-, 32- and
64-byte block boundaries, where vector kernels change blocks.

Seed formats follow the harnesses: raw bytes for fuzz_validate,
fuzz_errors_sanitize, fuzz_decode, fuzz_diff_icu and fuzz_diff_iconv;
a chunking header + text for fuzz_stream (see fuzz/fuzz_stream.c); 32-bit
little-endian code points for fuzz_roundtrip; a policy header + text
for fuzz_policy (see fuzz/fuzz_policy.c).

The output is deterministic: running it twice gives the same files.
Usage: fuzz/make-seeds.py [OUTDIR]   (default: corpus/seeds next to fuzz/)
"""
import os
import random
import struct
import sys

RAW_TARGETS = ["fuzz_validate", "fuzz_errors_sanitize", "fuzz_decode",
               "fuzz_diff_icu", "fuzz_diff_iconv"]
STREAM = "fuzz_stream"
ROUNDTRIP = "fuzz_roundtrip"
POLICY = "fuzz_policy"

# Code points at the edges of Table 3-7's rows and of the code space.
BOUNDARY_CPS = [0x0000, 0x007F, 0x0080, 0x07FF, 0x0800, 0x0FFF, 0x1000,
                0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xFDD0, 0xFDEF, 0xFEFF,
                0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x3FFFF, 0x40000,
                0xFFFFF, 0x100000, 0x10FFFF]

# Lead bytes at the edges of each row, and the second bytes around the
# limits that Table 3-7 puts on them.
LEADS = [0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
         0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD,
         0xFE, 0xFF]
SECONDS = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0,
           0xC2, 0xE0, 0xF0, 0xFF]

# Scripts for the long texts: (name, list of (first, last) ranges).
SCRIPTS = [
    ("latin", [(0x20, 0x7E), (0xC0, 0x17F)]),
    ("greek", [(0x391, 0x3A9), (0x3B1, 0x3C9), (0x20, 0x20)]),
    ("cyrillic", [(0x410, 0x44F), (0x20, 0x20)]),
    ("hebrew-arabic", [(0x5D0, 0x5EA), (0x627, 0x64A), (0x20, 0x20)]),
    ("devanagari", [(0x905, 0x939), (0x93E, 0x94D), (0x20, 0x20)]),
    ("cjk", [(0x4E00, 0x9FFF), (0x3041, 0x3096), (0x3000, 0x3002)]),
    ("hangul", [(0xAC00, 0xD7A3), (0x20, 0x20)]),
    ("emoji-supplementary", [(0x1F300, 0x1F64F), (0x20000, 0x2A6DF),
                             (0x20, 0x20)]),
]


def enc(cp):
    """UTF-8 of a scalar value (Python refuses surrogates itself)."""
    return chr(cp).encode("utf-8")


def raw_seeds():
    """(name, bytes) pairs for the raw-input targets."""
    s = []
    s.append(("empty", b""))
    s.append(("ascii", b"Hello, world!\n"))
    s.append(("valid-boundaries", b"".join(enc(c) for c in BOUNDARY_CPS)))
    for cp in BOUNDARY_CPS:
        s.append(("cp-%04X" % cp, b"A" + enc(cp) + b"B"))
        e = enc(cp)
        for k in range(1, len(e)):  # truncated at the end of the input
            s.append(("trunc-%04X-%d" % (cp, k), b"A" + e[:k]))
            s.append(("cut-%04X-%d" % (cp, k), b"A" + e[:k] + b"B"))
    for lead in LEADS:
        parts = []
        for sec in SECONDS:
            parts.append(bytes([lead, sec, 0x80, 0x80]) + b"A")
        s.append(("lead-%02X" % lead, b"".join(parts)))
        s.append(("lead-%02X-alone" % lead, bytes([lead])))
    # doc/contract.md section 5's examples.
    s.append(("design-c0-80", bytes.fromhex("C080")))
    s.append(("design-e0-80-af", bytes.fromhex("E080AF")))
    s.append(("design-cesu8", bytes.fromhex("EDA18CEDBEB4")))
    s.append(("design-f4-90", bytes.fromhex("F4908080")))
    s.append(("design-e4-bd-41", bytes.fromhex("E4BD41")))
    s.append(("design-f0-9f-98", bytes.fromhex("F09F98")))
    s.append(("design-e4-bd-a0", bytes.fromhex("E4BDA0")))
    # Kuhn-style malformed forms.
    s.append(("overlong-slash", bytes.fromhex("C0AF E080AF F08080AF F8808080AF FC80808080AF")))
    s.append(("overlong-max", bytes.fromhex("C1BF E09FBF F08FBFBF")))
    s.append(("overlong-nul", bytes.fromhex("C080 E08080 F0808080")))
    s.append(("five-six-byte", bytes.fromhex("F888808080 FC8480808080 FBBFBFBFBF FDBFBFBFBFBF")))
    s.append(("lone-surrogates", bytes.fromhex("EDA080 EDADBF EDAE80 EDAFBF EDB080 EDBE80 EDBFBF")))
    s.append(("surrogate-pairs", bytes.fromhex("EDA080EDB080 EDADBFEDBFBF EDAFBFEDBFBF")))
    s.append(("continuations", bytes(range(0x80, 0xC0))))
    s.append(("leads-spaced", b"".join(bytes([b, 0x20]) for b in range(0xC0, 0x100))))
    s.append(("all-bytes", bytes(range(256))))
    s.append(("bom-fffd-nonchars", enc(0xFEFF) + enc(0xFFFD) + enc(0xFFFE) + enc(0x10FFFF) + b"\x00"))
    s.append(("too-large", bytes.fromhex("F4908080 F5808080 F7BFBFBF FF FE")))
    s.append(("bad-continuation-each", bytes.fromhex("C241 E0A041 E1 8041 F09041 F0908041 F1808041")))
    # Long texts, valid and with one error in the middle.
    rng = random.Random(20261122)
    mixed = []
    for name, ranges in SCRIPTS:
        cps = []
        while len("".join(chr(c) for c in cps).encode()) < 1200:
            lo, hi = rng.choice(ranges)
            cps.append(rng.randint(lo, hi))
        text = "".join(chr(c) for c in cps).encode("utf-8")
        s.append(("text-" + name, text))
        mid = len(text) // 2
        s.append(("text-" + name + "-error", text[:mid] + b"\xED\xA0\x80" + text[mid:]))
        mixed.append(text[:300].decode("utf-8", "ignore").encode("utf-8"))
    s.append(("text-mixed", b"\n".join(mixed)))
    # Block boundaries: an error, a truncated sequence or a valid multi-byte
    # character starting 3..0 bytes before a 16/32/64-byte boundary (and the
    # second such boundary), padded with ASCII or with 2-byte characters.
    probes = [("valid4", enc(0x1F600)), ("valid3", enc(0x4F60)), ("valid2", enc(0xE9)),
              ("surrogate", b"\xED\xA0\x80"), ("toolarge", b"\xF4\x90\x80\x80"),
              ("overlong", b"\xE0\x80\xAF"), ("badcont", b"\xF0\x9F\x98A"),
              ("stray", b"\x80"), ("trunc-lead", b"\xF0\x9F")]
    for block in (16, 32, 64):
        for at in (block, 2 * block):
            for back in range(0, 4):
                for pname, probe in probes:
                    pad = b"a" * (at - back)
                    s.append(("block%d-at%d-%s" % (block, at - back, pname),
                              pad + probe + b"z" * 8))
            # A 2-byte-character background, so the error sits mid-stride.
            pad2 = (enc(0x3B1) * at)[:at - 1]
            s.append(("block%d-at%d-greek-surrogate" % (block, at - 1), pad2 + b"\xED\xA0\x80xyz"))
            # The error is the last byte of the input, at the boundary.
            s.append(("block%d-end%d-lead" % (block, at), b"a" * (at - 1) + b"\xE4"))
    return s


def stream_seeds(raw):
    """Chunking header + text (see fuzz/fuzz_stream.c)."""
    headers = [("one", bytes([0x10])),
               ("bytes1", bytes([0x11, 1])),
               ("sizes23", bytes([0x12, 2, 3])),
               ("empties-smallcap", bytes([0x53, 0, 1, 7])),
               ("final-apart", bytes([0x31, 5])),
               ("blocks", bytes([0x14, 63, 1, 64, 0])),
               ("no-output", bytes([0x02, 1, 2]))]
    keep = [r for r in raw if r[0].startswith(("design-", "trunc-", "lead-E", "lead-F",
                                                "text-cjk", "text-mixed", "block64-at6",
                                                "overlong", "lone-", "surrogate-pairs"))]
    out = []
    for i, (name, text) in enumerate(keep):
        if name.startswith("design-"):  # every chunking for the examples
            for hname, head in headers:
                out.append((name + "." + hname, head + text))
        else:
            hname, head = headers[i % len(headers)]
            out.append((name + "." + hname, head + text))
    return out


def roundtrip_seeds():
    """32-bit little-endian code points."""
    def words(cps):
        return b"".join(struct.pack("<I", c) for c in cps)
    edges = BOUNDARY_CPS + [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000,
                            0x1FFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]
    out = [("edges", words(edges))]
    for cp in edges:
        out.append(("cp-%X" % cp, words([cp])))
    out.append(("around-surrogates", words(range(0xD7FE, 0xD802)) + words(range(0xDFFE, 0xE002))))
    out.append(("around-max", words(range(0x10FFFD, 0x110003))))
    return out


def policy_seeds(raw):
    """Policy header (2 bytes: deny bits, handler, chunk size; see
    fuzz/fuzz_policy.c) + text: every raw seed under three policies, and
    text holding a character of every class."""
    headers = [("all-escape", b"\xff\x0b"), ("bidi-drop", b"\x10\x04"),
               ("none-replace", b"\x00\x00")]
    classes = ("a\u202e\u2028\x00\x1b\x7f\u0085\ufeff\U000e0041\U0010fffd"
               "\ufdd0\U0001fffe\ue000\u061c\t\n\r").encode()
    out = []
    for hname, hdr in headers:
        out.append(("%s.classes" % hname, hdr + classes))
        for name, data in raw:
            out.append(("%s.%s" % (hname, name), hdr + data))
    return out


# Inputs a fuzzing campaign found to add coverage (ci/fuzz-campaign.sh,
# CAMPAIGN_ADD_SEEDS=1) are named found-<sha1>: kept, never regenerated.
FOUND_PREFIX = "found-"


def write(outdir, target, seeds):
    d = os.path.join(outdir, target)
    os.makedirs(d, exist_ok=True)
    for name in os.listdir(d):
        if not name.startswith(FOUND_PREFIX):
            os.unlink(os.path.join(d, name))
    names = set()
    for name, data in seeds:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    return len(seeds), sum(len(x) for _, x in seeds)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "corpus", "seeds")
    raw = raw_seeds()
    plan = [(t, raw) for t in RAW_TARGETS]
    plan.append((STREAM, stream_seeds(raw)))
    plan.append((ROUNDTRIP, roundtrip_seeds()))
    plan.append((POLICY, policy_seeds(raw)))
    for target, seeds in plan:
        n, size = write(outdir, target, seeds)
        print("%-22s %4d seeds %7d bytes" % (target, n, size))


if __name__ == "__main__":
    main()
