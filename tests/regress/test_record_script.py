#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_record_script.py -- ci/record-regression.py and
`u8guard audit --record`, into temporary directories:

- a crash file is promoted: one entry per decoder that does not agree with
  u8guard (as `audit --replay-one` says), classified from its outcome,
  found_at = the file's modification time, and the replay passes;
- recording the same input again changes no byte (script and audit);
- a U8GUARD-DIFF log is promoted; a line whose decoder now agrees is
  refused unless --u8guard-bug-fixed, which pins u8guard's answer;
- the script's entries are exactly `audit --record`'s for the same
  (input, decoder), found_by and found_at aside;
- bad input exits 2 with a message naming the problem; nothing to record
  exits 1.

usage: test_record_script.py U8GUARD SOURCE_DIR
"""

import json
import os
import subprocess
import sys
import tempfile

FAILS = []


def sanitizer_clean(out):
    """Records a failure when a sanitizer (ASan, UBSan) reported in out: its
    exit status alone could pass for an expected one."""
    if "Sanitizer" in out or "runtime error:" in out:
        print("FAIL a sanitizer reported:\n" + out)
        FAILS.append("sanitizer report")


def check(what, ok, detail=""):
    """Prints and records one check."""
    print(f"{'ok  ' if ok else 'FAIL'} {what}{'' if ok else ': ' + detail}")
    if not ok:
        FAILS.append(what)


def run(cmd):
    """Returns (exit status, stdout + stderr) of cmd."""
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    sanitizer_clean(r.stdout + r.stderr)
    return r.returncode, r.stdout + r.stderr


def manifest(directory):
    """Returns the entries of directory's manifest."""
    path = os.path.join(directory, "manifest.jsonl")
    if not os.path.exists(path):
        return []
    with open(path, encoding="ascii") as f:
        return [json.loads(l) for l in f if l.strip()]


def snapshot(directory):
    """Returns {file name: bytes} of directory."""
    out = {}
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name), "rb") as f:
            out[name] = f.read()
    return out


def main():
    """Runs the checks; returns 0 when all pass."""
    u8guard, src = sys.argv[1], sys.argv[2]
    script = [sys.executable, os.path.join(src, "ci", "record-regression.py"),
              "--u8guard", u8guard]
    with tempfile.TemporaryDirectory(prefix="u8guard-record-") as tmp:
        d = os.path.join(tmp, "corpus")
        os.mkdir(d)
        crash = os.path.join(tmp, "crash-0123")
        with open(crash, "wb") as f:
            f.write(b"\xf4\x90\x80\x80")
        os.utime(crash, (1795000000, 1795000000))  # 2026-11-18T11:06:40Z

        rc, out = run([u8guard, "audit", "--replay-one", crash, "--json"])
        said = json.loads(out)
        want = {x["decoder"]: x["classification"] for x in said["decoders"]
                if x["outcome"] != "agree"}
        check("some decoder here disagrees on f4908080", bool(want), out)

        rc, out = run(script + ["--dir", d, "--found-by", "fuzz_diff_iconv", crash])
        got = {e["decoder"]: e["classification"] for e in manifest(d)}
        check("crash file promoted (exit 0)", rc == 0, out)
        check("one entry per decoder that does not agree, classified", got == want,
              f"got {got}, want {want}")
        check("found_at is the crash file's time",
              all(e["found_at"] == "2026-11-18T11:06:40Z" and e["found_by"] == "fuzz_diff_iconv"
                  for e in manifest(d)), json.dumps(manifest(d)))
        check("the input is kept as <sha256>.bin",
              snapshot(d).get(said["sha256"] + ".bin") == b"\xf4\x90\x80\x80")
        rc, out = run([u8guard, "audit", "--replay", d])
        check("the promoted entries replay", rc == 0 and "0 changed" in out, out)

        before = snapshot(d)
        rc, out = run(script + ["--dir", d, "--found-by", "again", crash])
        check("recording it again changes nothing", rc == 0 and snapshot(d) == before
              and "0 entries added" in out, out)

        log = os.path.join(tmp, "fuzz.log")
        with open(log, "w", encoding="ascii") as f:
            f.write("INFO: Seed: 1\nU8GUARD-DIFF decoder=iconv-wchar hex=f888808080 "
                    "ours=reject@0:n=0:repl=5 theirs=accept:n=1 why=accepts ill-formed input\n"
                    "==1== ERROR: libFuzzer: deadly signal\n")
        rc, out = run(script + ["--dir", d, "--found-by", "fuzz_diff_iconv", log])
        added = [e for e in manifest(d) if e["hex"] == "f888808080"]
        check("a U8GUARD-DIFF log is promoted",
              rc == 0 and any(e["decoder"] == "iconv-wchar" for e in added), out)

        rc, out = run([u8guard, "audit", "--replay-one", log, "--json"])
        one = json.loads(out) if rc == 0 else {}
        check("--replay-one reads a U8GUARD-DIFF line's hex= and decoder=",
              one.get("hex") == "f888808080" and one.get("diff_decoder") == "iconv-wchar" and
              one.get("u8guard", {}).get("error_count") == 5, out)
        def replay_one(name, content):
            """Writes content (bytes) to a file name and runs --replay-one on it;
            returns its exit status, its output and the object it printed ({}
            unless it exited 0)."""
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(content)
            rc, out = run([u8guard, "audit", "--replay-one", path, "--json"])
            return rc, out, json.loads(out) if rc == 0 else {}

        # E4 BD: GLib's per-byte replacement is a documented known
        # divergence, reported as one (outcome, classification, why).
        rc, out, one = replay_one("e4bd.bin", b"\xe4\xbd")
        glib = [x for x in one.get("decoders", []) if x["decoder"] == "glib"]
        if not glib:
            print("skip --replay-one's known divergence: no glib adapter in this build")
        else:
            check("--replay-one reports glib's known divergence on E4 BD as one",
                  glib[0]["outcome"] == "known-divergence" and
                  glib[0]["classification"] == "known-divergence:glib-make-valid-per-byte" and
                  glib[0]["why"] == "glib-make-valid-per-byte", out)
        # Without python3 and node on PATH their adapters cannot run: they
        # are listed as unavailable, with why, after the decoders that ran.
        rc, out = run(["env", "PATH=" + os.path.join(tmp, "no-such-dir"), u8guard, "audit",
                       "--replay-one", os.path.join(tmp, "e4bd.bin"), "--json"])
        one = json.loads(out) if rc == 0 else {}
        check("--replay-one lists the adapters that cannot run, in order",
              one.get("unavailable") == [
                  {"decoder": "python", "why": "python3 not found on PATH"},
                  {"decoder": "node", "why": "neither node nor nodejs found on PATH"}] and
              all(x["decoder"] not in ("python", "node") for x in one["decoders"]), out)
        # A long fuzzing session's log: the line comes after 200 KB of the
        # fuzzer's own lines (the whole file is read, not a first part).
        fuzzer_lines = b"".join(b"#%d\tNEW    cov: 1234 ft: 5678 corp: 90/1Kb exec/s: 4000\n" % i
                                for i in range(4000))
        rc, out, one = replay_one("long.log", fuzzer_lines +
                                  b"U8GUARD-DIFF decoder=iconv-wchar hex=f888808080 "
                                  b"ours=reject@0:n=0:repl=5 theirs=accept:n=1 why=x\n")
        check("--replay-one finds the U8GUARD-DIFF line after %d bytes of a log"
              % len(fuzzer_lines),
              one.get("hex") == "f888808080" and one.get("diff_decoder") == "iconv-wchar", out)
        # A U8GUARD-DIFF line in a file that holds a NUL byte: the file is
        # an input of its own (raw bytes), not a report.
        rc, out, one = replay_one("nul.bin", b"U8GUARD-DIFF decoder=iconv hex=41\n\0")
        check("--replay-one takes a file with a NUL byte as the input itself",
              one.get("len") == 35 and "diff_decoder" not in one, out)
        # fuzz/diff.c writes "hex=" with nothing after it for the empty input
        rc, out, one = replay_one("empty-hex.log", b"U8GUARD-DIFF decoder=iconv hex= "
                                                   b"ours=accept:n=0 theirs=reject@0:n=0\n")
        check("--replay-one reads an empty hex= as the empty input",
              one.get("len") == 0 and one.get("diff_decoder") == "iconv", out)
        rc, out, one = replay_one("no-hex.log", b"INFO: Seed: 1\n"
                                                b"U8GUARD-DIFF decoder=iconv ours=accept:n=0\n")
        check("--replay-one refuses a U8GUARD-DIFF line without hex=", rc == 2 and
              "a U8GUARD-DIFF line without hex=" in out, out)
        rc, out, one = replay_one("bad.log", b"U8GUARD-DIFF decoder=iconv hex=f8z ours=accept\n")
        check("--replay-one refuses a malformed hex=", rc == 2 and
              "malformed or too long hex= on the U8GUARD-DIFF line" in out, out)
        agree = os.path.join(tmp, "agree.log")
        with open(agree, "w", encoding="ascii") as f:
            f.write("U8GUARD-DIFF decoder=icu-ucnv hex=41 ours=accept:n=1 theirs=reject@0:n=0 "
                    "why=rejects valid input\n")
        before = snapshot(d)
        rc, out = run(script + ["--dir", d, "--found-by", "fuzz_diff_icu", agree])
        check("a line whose decoder now agrees is refused", rc == 2 and
              "icu-ucnv now agrees with u8guard on 41" in out and snapshot(d) == before, out)
        rc, out = run(script + ["--dir", d, "--found-by", "fuzz_diff_icu",
                                "--u8guard-bug-fixed", agree])
        fixed = {e["decoder"]: e["classification"] for e in manifest(d) if e["hex"] == "41"}
        check("--u8guard-bug-fixed pins u8guard's answer and the decoder's",
              rc == 0 and fixed == {"u8guard": "u8guard-bug-fixed",
                                    "icu-ucnv": "u8guard-bug-fixed"}, f"{out} {fixed}")
        rc, out = run(script + ["--dir", d, "--found-by", "x", "--u8guard-bug-fixed", log])
        check("--u8guard-bug-fixed on a decoder that still disagrees is refused",
              rc == 2 and "still disagrees" in out, out)
        rc, out = run([u8guard, "audit", "--replay", d])
        check("everything recorded replays", rc == 0 and "0 changed" in out, out)

        rc, out = run(script + ["--dir", d, "--found-by", "x", "--hex", "41"])
        check("nothing to record exits 1", rc == 1 and "nothing to record" in out, out)

        big = os.path.join(tmp, "big")
        with open(big, "wb") as f:
            f.write(b"\xff" * 4097)
        noline = os.path.join(tmp, "noline.log")
        with open(noline, "w", encoding="ascii") as f:
            f.write("U8GUARD-DIFF decoder=iconv ours=accept\n")
        bad = [
            ([], "no input"),
            (["--hex", "f49"], "not an even number of hex digits"),
            (["--hex", "zz"], "not an even number of hex digits"),
            ([os.path.join(tmp, "missing")], "No such file or directory"),
            ([big], "longer than 4096 bytes"),
            ([noline], "without decoder= and hex="),
            (["--found-at", "yesterday", crash], "not YYYY-MM-DDTHH:MM:SSZ"),
        ]
        before = snapshot(d)
        for args, needle in bad:
            rc, out = run(script + ["--dir", d, "--found-by", "x"] + args)
            check(f"bad input {args[-1:] or '(none)'} exits 2 saying {needle!r}",
                  rc == 2 and needle in out, f"exit {rc}: {out}")
        rc, out = run(script + ["--dir", crash, "--found-by", "x", crash])
        check("--dir that is not a directory exits 2", rc == 2 and "not a directory" in out, out)
        rc, out = run([sys.executable, os.path.join(src, "ci", "record-regression.py"),
                       "--u8guard", os.path.join(tmp, "missing"), "--dir", d,
                       "--found-by", "x", crash])
        check("a missing --u8guard exits 2", rc == 2 and "not an executable" in out, out)
        check("bad input changed nothing", snapshot(d) == before)
        rc, out = run([u8guard, "audit", "--replay-one", big, "--json"])
        check("--replay-one refuses an input over 4096 bytes",
              rc == 2 and "longer than 4096 bytes" in out, out)
        missing = os.path.join(tmp, "no-such-input")
        rc, out = run([u8guard, "audit", "--replay-one", missing, "--json"])
        check("--replay-one of a missing file exits 2 naming it",
              rc == 2 and missing + ": No such file or directory" in out, out)
        rc, out, one = replay_one("empty.bin", b"")
        check("--replay-one of an empty file: the empty input",
              one.get("len") == 0 and one.get("hex") == "", out)
        broken = os.path.join(tmp, "broken")
        os.mkdir(broken)
        with open(os.path.join(broken, "manifest.jsonl"), "w", encoding="ascii") as f:
            f.write("{not json\n")
        rc, out = run(script + ["--dir", broken, "--found-by", "x", crash])
        check("a malformed manifest exits 2 naming its line",
              rc == 2 and "manifest.jsonl:1: not a manifest entry" in out, out)
        rc, out = run(script + ["--help"])
        check("--help", rc == 0 and "usage:" in out and "U8GUARD-DIFF" in out, out)

        # The audit's own recording, and the script on the same inputs.
        a = os.path.join(tmp, "audit")
        s = os.path.join(tmp, "script")
        os.mkdir(a)
        os.mkdir(s)
        # A corpus of its own, so that this test does not follow the
        # conformance corpus's changes.
        corpus = os.path.join(tmp, "conformance.txt")
        with open(corpus, "w", encoding="ascii") as f:
            f.write("f4-90-80-80 F4 90 80 80 = 0/1 too_large, 1/1 unexpected_continuation, "
                    "2/1 unexpected_continuation, 3/1 unexpected_continuation\n"
                    "nul-a 00 41 = valid\n"
                    "e4-bd-41 E4 BD 41 = 0/2 bad_continuation\n")
        audit = [u8guard, "audit", "--record", a, "--seed", "7", "--cases", "400",
                 "--corpus", corpus]
        rc, out = run(audit)
        recorded = manifest(a)
        check("audit --record records its findings", rc == 1 and recorded, out[-500:])
        classes = sorted({e["classification"] for e in recorded})
        check(f"audit --record's classifications are complete: {classes}",
              all(c in ("oracle-disagreement", "u8guard-bug-fixed") or
                  (c.startswith("known-divergence:") and len(c) > 17) for c in classes))
        before = snapshot(a)
        rc, out = run(audit)
        check("audit --record again changes nothing", snapshot(a) == before)
        rc, out = run([u8guard, "audit", "--replay", a])
        check("audit --record's entries replay", rc == 0 and "0 changed" in out, out)
        hexes = sorted({e["hex"] for e in recorded})
        rc, out = run(script + ["--dir", s, "--found-by", "x"] +
                      [a for h in hexes for a in ("--hex", h)])
        mine = {(e["sha256"], e["decoder"]): e for e in manifest(s)}
        same = True
        for e in recorded:
            m = mine.get((e["sha256"], e["decoder"]))
            strip = lambda x: {k: v for k, v in x.items() if k not in ("found_by", "found_at")}
            if m is None or strip(m) != strip(e):
                same = False
                print(f"     audit: {json.dumps(strip(e))}\n     script: "
                      f"{json.dumps(strip(m)) if m else None}")
        check(f"the script's entries equal audit --record's ({len(recorded)} entries)",
              same and rc == 0, out)

    print(f"{'FAIL' if FAILS else 'PASS'}: {len(FAILS)} check(s) failed")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
