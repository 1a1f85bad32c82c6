#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""check_manifest.py -- the regression corpus is well formed and holds the
real findings with doc/contract.md's answers.

1. Every line of DIR/manifest.jsonl has the manifest's keys in order
   (corpus/regressions/README.md), a valid classification, found_at in
   UTC, len = the input's length, sha256 = the SHA-256 of hex, and
   DIR/<sha256>.bin holds exactly those bytes; every .bin is listed; no
   (sha256, decoder) pair appears twice.
2. The findings that must never be lost are there, each with the
   classification and the answers written below by hand from doc/contract.md
   section 2 (u8guard's errors and replacement output) and from
   oracle/DIVERGENCES.md (what the decoder said). The replay
   (`u8guard audit --replay`) then checks that both still hold.

usage: check_manifest.py DIR
"""

import hashlib
import json
import os
import re
import sys

KEYS = ["sha256", "hex", "decoder", "len", "classification", "class", "why",
        "u8guard", "theirs", "version", "found_by", "found_at"]
CLASSIFICATION = re.compile(r"^(u8guard-bug-fixed|oracle-disagreement|plugin-disagreement|plugin-fault|known-divergence:\S+)$")
STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
UC = "unexpected_continuation"
PER_BYTE = "known-divergence:glib-make-valid-per-byte"
WHOLE_SEQ = "known-divergence:unistring-mbtouc-whole-sequence"

# (hex, decoder, classification, u8guard's errors, u8guard's replacement
# output, fields of what the decoder said)
REQUIRED = [
    ("f4908080", "iconv-wchar", "oracle-disagreement",
     f"0/1 too_large, 1/1 {UC}, 2/1 {UC}, 3/1 {UC}", "U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": True, "n_cps": 1, "cps": "U+110000"}),
    ("f4908080", "mbrtowc", "oracle-disagreement",
     f"0/1 too_large, 1/1 {UC}, 2/1 {UC}, 3/1 {UC}", "U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": True, "n_cps": 1, "cps": "U+110000"}),
    ("f4908080", "libunistring", WHOLE_SEQ,
     f"0/1 too_large, 1/1 {UC}, 2/1 {UC}, 3/1 {UC}", "U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": False, "err_offset": 0, "repl": "U+FFFD"}),
    ("f888808080", "iconv-wchar", "oracle-disagreement",
     f"0/1 too_large, 1/1 {UC}, 2/1 {UC}, 3/1 {UC}, 4/1 {UC}",
     "U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": True, "n_cps": 1, "cps": "U+200000"}),
    ("f888808080", "mbrtowc", "oracle-disagreement",
     f"0/1 too_large, 1/1 {UC}, 2/1 {UC}, 3/1 {UC}, 4/1 {UC}",
     "U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": True, "n_cps": 1, "cps": "U+200000"}),
    ("00", "glib", "oracle-disagreement", "valid", "U+0000",
     {"accepted": False, "err_offset": 0, "n_cps": 0}),
    ("e4bd41", "glib", PER_BYTE, "0/2 bad_continuation", "U+FFFD U+0041",
     {"accepted": False, "err_offset": 0, "repl": "U+FFFD U+FFFD U+0041"}),
    ("f09f98", "glib", PER_BYTE, "0/3 truncated", "U+FFFD",
     {"accepted": False, "err_offset": 0, "repl": "U+FFFD U+FFFD U+FFFD"}),
    ("41e282", "glib", PER_BYTE, "1/2 truncated", "U+0041 U+FFFD",
     {"accepted": False, "err_offset": 1, "cps": "U+0041", "repl": "U+0041 U+FFFD U+FFFD"}),
    ("eda080", "libunistring", WHOLE_SEQ, f"0/1 surrogate, 1/1 {UC}, 2/1 {UC}",
     "U+FFFD U+FFFD U+FFFD", {"accepted": False, "err_offset": 0, "repl": "U+FFFD"}),
    ("e080af", "libunistring", WHOLE_SEQ, f"0/1 overlong, 1/1 {UC}, 2/1 {UC}",
     "U+FFFD U+FFFD U+FFFD", {"accepted": False, "err_offset": 0, "repl": "U+FFFD"}),
    ("eda18cedbeb4", "libunistring", WHOLE_SEQ,
     f"0/1 surrogate, 1/1 {UC}, 2/1 {UC}, 3/1 surrogate, 4/1 {UC}, 5/1 {UC}",
     "U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD",
     {"accepted": False, "err_offset": 0, "repl": "U+FFFD U+FFFD"}),
]


def main():
    """Checks DIR; returns 0 when every check holds, else 1."""
    directory = sys.argv[1]
    fails = []
    entries = {}
    with open(os.path.join(directory, "manifest.jsonl"), encoding="ascii") as f:
        lines = [l for l in f if l.strip()]
    listed = set()
    for n, line in enumerate(lines, 1):
        where = f"manifest.jsonl:{n}"
        try:
            e = json.loads(line)
        except json.JSONDecodeError as err:
            fails.append(f"{where}: not JSON ({err})")
            continue
        if list(e) != KEYS:
            fails.append(f"{where}: keys {list(e)}, want {KEYS}")
            continue
        data = bytes.fromhex(e["hex"])
        sha = hashlib.sha256(data).hexdigest()
        if e["sha256"] != sha or e["len"] != len(data):
            fails.append(f"{where}: sha256/len do not match hex {e['hex']}")
        if not CLASSIFICATION.match(e["classification"]):
            fails.append(f"{where}: classification {e['classification']!r}")
        if not STAMP.match(e["found_at"]) or not e["found_by"]:
            fails.append(f"{where}: found_at {e['found_at']!r} / found_by {e['found_by']!r}")
        if (e["decoder"] == "u8guard") != (e["theirs"] is None):
            fails.append(f"{where}: only an entry of decoder u8guard has no 'theirs'")
        try:
            with open(os.path.join(directory, sha + ".bin"), "rb") as b:
                if b.read() != data:
                    fails.append(f"{where}: {sha}.bin holds other bytes")
        except OSError as err:
            fails.append(f"{where}: {sha}.bin: {err.strerror}")
        key = (e["hex"], e["decoder"])
        if key in entries:
            fails.append(f"{where}: {key} is recorded twice")
        entries[key] = e
        listed.add(sha + ".bin")
    for name in sorted(os.listdir(directory)):
        if name.endswith(".bin") and name not in listed:
            fails.append(f"{name}: not listed in manifest.jsonl")
    for hexs, decoder, cls, errors, repl, theirs in REQUIRED:
        e = entries.get((hexs, decoder))
        what = f"{hexs} {decoder}"
        if e is None:
            fails.append(f"{what}: not recorded")
            continue
        got = (e["classification"], e["u8guard"]["errors"], e["u8guard"]["repl"])
        if got != (cls, errors, repl):
            fails.append(f"{what}: recorded {got}, want {(cls, errors, repl)}")
        for k, v in theirs.items():
            if e["theirs"].get(k) != v:
                fails.append(f"{what}: {decoder} said {k}={e['theirs'].get(k)!r}, want {v!r}")
        if not fails or not fails[-1].startswith(what):
            print(f"ok   {what}: {cls}")
    for f in fails:
        print(f"FAIL {f}")
    print(f"{'FAIL' if fails else 'PASS'}: {len(lines)} entries, "
          f"{len(REQUIRED)} required findings, {len(fails)} problem(s)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
