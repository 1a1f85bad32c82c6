#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""ci/record-regression.py -- keep a finding as a regression test.

Promotes an input on which some decoder disagrees with u8guard into the
regression corpus (corpus/regressions/, see its README.md): the input as
DIR/<sha256>.bin and one line of DIR/manifest.jsonl per (input, decoder)
that does not agree with u8guard, saying what u8guard and that decoder say,
how the difference is classified, and when and how it was found. The
regression replay (ctest -L regress, `u8guard audit --replay DIR`) then
checks those answers forever.

What each decoder says comes from `u8guard audit --replay-one FILE --json`
(oracle/audit/record.c), so the entries are exactly those that
`u8guard audit --record DIR` writes.

INPUT is one of
  - a libFuzzer or AFL++ crash file (the raw input bytes, at most 4096),
  - a log holding `U8GUARD-DIFF decoder=NAME hex=HEX ...` lines (what the
    differential fuzz targets print, fuzz/diff.c): each line's input is
    recorded,
and --hex HEX gives an input as hex digits.

Classification, per decoder (from the adapters and oracle/DIVERGENCES.md):
  oracle-disagreement      the decoder disagrees with doc/contract.md
  known-divergence:<id>    a documented difference of reporting style
  u8guard-bug-fixed        with --u8guard-bug-fixed: the input exposed a
                           u8guard bug, now fixed; an entry for decoder
                           "u8guard" pins u8guard's answer (and the decoder
                           of a U8GUARD-DIFF line, which now agrees, is
                           pinned too)

Recording the same input twice changes nothing. Exit status: 0 recorded
(or already there), 1 nothing to record (every decoder agrees), 2 bad
input, usage or I/O error, each with a message on stderr.

Examples:
  ci/record-regression.py --found-by fuzz_diff_iconv crash-ee3d3c2c...
  ci/record-regression.py --found-by fuzz_diff_icu fuzz.log
  ci/record-regression.py --found-by manual --hex f888808080
  ci/record-regression.py --found-by fuzz_validate --u8guard-bug-fixed crash-...
"""

import argparse
import datetime
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_INPUT = 4096
DIFF_TAG = b"U8GUARD-DIFF "
DIFF_LINE = re.compile(rb"U8GUARD-DIFF decoder=(\S+) hex=(\S*)")
HEX = re.compile(r"^(?:[0-9a-fA-F]{2})*$")
# The manifest's keys, in the order oracle/audit/record.c writes them.
KEYS = ("sha256", "hex", "decoder", "len", "classification", "class", "why",
        "u8guard", "theirs", "version", "found_by", "found_at")


class Bad(Exception):
    """A bad input or environment: the message says which and why."""


def find_u8guard(given):
    """Returns the u8guard command to use: --u8guard, $U8GUARD, or the
    newest build under the source tree that has the audit."""
    if given:
        if not os.access(given, os.X_OK):
            raise Bad(f"--u8guard {given}: not an executable file")
        return given
    if os.environ.get("U8GUARD"):
        return os.environ["U8GUARD"]
    found = [p for p in glob.glob(os.path.join(ROOT, "build*", "cli", "u8guard"))
             if os.access(p, os.X_OK)]
    for path in sorted(found, key=os.path.getmtime, reverse=True):
        r = subprocess.run([path, "audit", "--help"], capture_output=True, text=True,
                           check=False)
        if r.returncode == 0 and "--replay-one" in r.stdout:
            return path
    raise Bad("no u8guard with the audit found under build*/cli/: build one "
              "(cmake -S . -B build && cmake --build build) or pass --u8guard PATH")


def utc_stamp(t):
    """Returns the time t (seconds since the epoch) as the manifest writes it."""
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ")


def inputs_of_file(path):
    """Returns [(bytes, diff_decoder or None, source)] for one INPUT file."""
    try:
        with open(path, "rb") as f:
            data = f.read(4 * MAX_INPUT + 4096 + 1)
            rest = f.read(1)
    except OSError as e:
        raise Bad(f"{path}: {e.strerror}") from e
    if DIFF_TAG in data and b"\0" not in data:
        if rest:
            raise Bad(f"{path}: a log longer than {len(data)} bytes: pass the "
                      "U8GUARD-DIFF lines only (grep U8GUARD-DIFF LOG > lines.txt)")
        found = []
        for n, line in enumerate(data.splitlines(), 1):
            if DIFF_TAG not in line:
                continue
            m = DIFF_LINE.search(line)
            if m is None:
                raise Bad(f"{path}:{n}: a U8GUARD-DIFF line without decoder= and hex=")
            hexdigits = m.group(2).decode("ascii", "replace")
            if not HEX.match(hexdigits):
                raise Bad(f"{path}:{n}: hex={hexdigits!r} is not an even number of hex digits")
            if len(hexdigits) > 2 * MAX_INPUT:
                raise Bad(f"{path}:{n}: the input is longer than {MAX_INPUT} bytes; "
                          "minimise it first (fuzz/README.md)")
            found.append((bytes.fromhex(hexdigits), m.group(1).decode("ascii", "replace"),
                          f"{path}:{n}"))
        return found
    if len(data) > MAX_INPUT or rest:
        raise Bad(f"{path}: longer than {MAX_INPUT} bytes; minimise it first "
                  "(-minimize_crash=1 or fuzz/afl-tmin.sh, fuzz/README.md)")
    return [(data, None, path)]


def what_decoders_say(u8guard, data):
    """Returns the JSON object `u8guard audit --replay-one` prints for data."""
    with tempfile.NamedTemporaryFile(prefix="u8guard-input-", suffix=".bin") as tmp:
        tmp.write(data)
        tmp.flush()
        r = subprocess.run([u8guard, "audit", "--replay-one", tmp.name, "--json"],
                           capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise Bad(f"{u8guard} audit --replay-one failed (exit {r.returncode}): "
                  f"{r.stderr.strip()}")
    try:
        said = json.loads(r.stdout)
    except json.JSONDecodeError as e:
        raise Bad(f"{u8guard} audit --replay-one printed no JSON ({e}): "
                  f"{r.stdout[:200]!r}") from e
    if said.get("sha256") != hashlib.sha256(data).hexdigest():
        raise Bad(f"{u8guard} audit --replay-one answered about other bytes "
                  f"(sha256 {said.get('sha256')}): is it the build of this tree?")
    return said


def entries_for(said, diff_decoder, fixed, source):
    """Returns the manifest entries (without found_by/found_at) for one
    input, per decoder, and the warnings to print."""
    hexs = said["hex"] or "(empty)"
    decoders = {d["decoder"]: d for d in said["decoders"]}
    unavailable = {d["decoder"]: d["why"] for d in said["unavailable"]}
    warnings = [f"{source}: decoder {name} is unavailable here ({why}): not recorded for it"
                for name, why in unavailable.items()]
    chosen = []
    if diff_decoder is not None and diff_decoder not in decoders:
        why = unavailable.get(diff_decoder, "not compiled into this build")
        warnings.append(f"{source}: the U8GUARD-DIFF line's decoder {diff_decoder} cannot "
                        f"be run here ({why})")
    elif diff_decoder is not None:
        d = decoders[diff_decoder]
        if d["outcome"] == "agree" and not fixed:
            raise Bad(f"{source}: {diff_decoder} now agrees with u8guard on {hexs}: if "
                      "u8guard was fixed, pass --u8guard-bug-fixed")
        if d["outcome"] != "agree" and fixed:
            raise Bad(f"{source}: {diff_decoder} still disagrees with u8guard on {hexs} "
                      f"({d['why']}): the u8guard bug is not fixed, or it is the "
                      "decoder's: drop --u8guard-bug-fixed")
    for d in said["decoders"]:
        if d["outcome"] != "agree":
            chosen.append((d, d["classification"]))
        elif fixed and d["decoder"] == diff_decoder:
            chosen.append((d, "u8guard-bug-fixed"))
    entries = []
    if fixed:
        entries.append({"decoder": "u8guard", "classification": "u8guard-bug-fixed",
                        "why": "a u8guard bug, now fixed", "theirs": None,
                        "version": "u8guard (this tree)"})
    for d, classification in chosen:
        entries.append({"decoder": d["decoder"], "classification": classification,
                        "why": d["why"], "theirs": d["theirs"], "version": d["version"]})
    if not entries:
        raise Bad(f"{source}: nothing to record: every decoder available here agrees "
                  f"with u8guard on {hexs} (if it exposed a u8guard bug, now fixed, "
                  "pass --u8guard-bug-fixed)")
    full = []
    for e in entries:
        entry = {"sha256": said["sha256"], "hex": said["hex"], "len": said["len"],
                 "class": said["class"], "u8guard": said["u8guard"]}
        entry.update(e)
        full.append(entry)
    return full, warnings


def load_manifest(path):
    """Returns the set of (sha256, decoder) already in the manifest at path."""
    seen = set()
    if not os.path.exists(path):
        return seen
    with open(path, encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                e = json.loads(line)
                seen.add((e["sha256"], e["decoder"]))
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                raise Bad(f"{path}:{n}: not a manifest entry ({err})") from err
    return seen


def write_bin(directory, sha, data):
    """Writes DIR/<sha>.bin unless it already holds data."""
    path = os.path.join(directory, sha + ".bin")
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return
            raise Bad(f"{path} exists and holds other bytes than its name's sha256 says")
    with open(path, "wb") as f:
        f.write(data)


def main():
    """Parses the arguments, records every input; returns the exit status."""
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[1].split("\nExamples:")[0],
        epilog="Examples:" + __doc__.split("\nExamples:", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s --found-by HOW [options] [INPUT ...] [--hex HEX ...]")
    ap.add_argument("inputs", nargs="*", metavar="INPUT",
                    help="a crash file, or a log with U8GUARD-DIFF lines")
    ap.add_argument("--hex", action="append", default=[],
                    help="an input as hex digits (repeatable)")
    ap.add_argument("--found-by", required=True,
                    help='how it was found: "fuzz_diff_iconv", "audit --seed N", '
                         '"manual (...)"')
    ap.add_argument("--found-at",
                    help="when (UTC, YYYY-MM-DDTHH:MM:SSZ); default: the file's "
                         "modification time, or now for --hex")
    ap.add_argument("--u8guard-bug-fixed", action="store_true",
                    help="the input exposed a u8guard bug that is now fixed")
    ap.add_argument("--dir", default=os.path.join(ROOT, "corpus", "regressions"),
                    help="the regression corpus (default: corpus/regressions)")
    ap.add_argument("--u8guard", help="the u8guard command (default: $U8GUARD, or "
                                      "the newest build*/cli/u8guard with the audit)")
    args = ap.parse_args()

    try:
        if not args.inputs and not args.hex:
            raise Bad("no input: give a crash file, a log with U8GUARD-DIFF lines, "
                      "or --hex HEX")
        if args.found_at and not re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$",
                                          args.found_at):
            raise Bad(f"--found-at {args.found_at!r}: not YYYY-MM-DDTHH:MM:SSZ")
        if not os.path.isdir(args.dir):
            raise Bad(f"--dir {args.dir}: not a directory")
        items = []
        for h in args.hex:
            h = h.replace(" ", "")
            if not HEX.match(h) or len(h) > 2 * MAX_INPUT:
                raise Bad(f"--hex {h!r}: not an even number of hex digits (at most "
                          f"{MAX_INPUT} bytes)")
            items.append((bytes.fromhex(h), None, f"--hex {h}",
                          args.found_at or utc_stamp(datetime.datetime.now().timestamp())))
        for path in args.inputs:
            found = inputs_of_file(path)
            if not found:
                raise Bad(f"{path}: a log without any U8GUARD-DIFF line")
            when = args.found_at or utc_stamp(os.path.getmtime(path))
            items.extend((data, dec, src, when) for data, dec, src in found)
        u8guard = find_u8guard(args.u8guard)
        manifest = os.path.join(args.dir, "manifest.jsonl")
        seen = load_manifest(manifest)
        added = kept = 0
        status = 0
        for data, diff_decoder, source, when in items:
            said = what_decoders_say(u8guard, data)
            try:
                entries, warnings = entries_for(said, diff_decoder,
                                                args.u8guard_bug_fixed, source)
            except Bad as e:
                # One input's problem does not stop the others of a log.
                print(f"record-regression: {e}", file=sys.stderr)
                status = max(status, 1 if "nothing to record" in str(e) else 2)
                continue
            for w in warnings:
                print(f"record-regression: note: {w}", file=sys.stderr)
            lines = []
            for e in entries:
                key = (e["sha256"], e["decoder"])
                if key in seen:
                    kept += 1
                    print(f"already recorded: {e['hex'] or '(empty)'} {e['decoder']}")
                    continue
                seen.add(key)
                e["found_by"] = args.found_by
                e["found_at"] = when
                lines.append(json.dumps({k: e[k] for k in KEYS}) + "\n")
                print(f"recorded: {e['hex'] or '(empty)'} {e['decoder']} "
                      f"{e['classification']} ({e['why']})")
            if lines:
                write_bin(args.dir, said["sha256"], data)
                with open(manifest, "a", encoding="ascii") as f:
                    f.write("".join(lines))
                added += len(lines)
        print(f"record-regression: {added} entries added, {kept} already recorded, "
              f"in {manifest}")
        return status
    except Bad as e:
        print(f"record-regression: {e}", file=sys.stderr)
        return 1 if "nothing to record" in str(e) else 2
    except OSError as e:
        print(f"record-regression: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
