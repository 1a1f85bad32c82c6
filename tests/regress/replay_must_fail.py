#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""replay_must_fail.py -- proves that `u8guard audit --replay` can fail.

Replays temporary copies of the regression corpus, each with one thing
altered, and requires the replay to fail with the plain message that names
the change:

  an oracle's recorded answer          ORACLE BEHAVIOUR CHANGED (exit 1)
  a member removed from it             the line "n_cps: recorded (missing), now N"
  u8guard's recorded answer            U8GUARD ANSWER CHANGED (exit 1)
  u8guard's answer removed             "recorded (nothing)", "valid: recorded (missing)"
  an entry's classification            CLASSIFICATION CHANGED, the whole line (exit 1)
  an entry's .bin bytes                does not hold the bytes (exit 2)
  an entry's .bin missing              <sha256>.bin: No such file (exit 2)
  an entry's .bin over 4096 bytes      unreadable or longer than 4096 bytes (exit 2)
  an entry's sha256                    the sha256 of hex ... is (exit 2)
  an entry's input made empty          U8GUARD ANSWER CHANGED (exit 1), not malformed
  a sha256 of 65 digits, a decoder
  name of 64 bytes (longer than any),
  a classification of 128 bytes        malformed entry (exit 2)
  a classification of 127 bytes        unknown classification (exit 2)
  an empty manifest                    no entry ... was replayed (exit 2)
  only entries of absent decoders      not replayed: ... (exit 2)

and, as controls, that the unaltered copy and a copy with an entry of
decoder "u8guard" (a fixed u8guard bug) replay with exit 0.

usage: replay_must_fail.py U8GUARD CORPUS_DIR
"""

import hashlib
import json
import os
import shutil
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


def replay(u8guard, directory):
    """Returns (exit status, output) of the replay of directory."""
    r = subprocess.run([u8guard, "audit", "--replay", directory], capture_output=True,
                       text=True, check=False)
    sanitizer_clean(r.stdout + r.stderr)
    return r.returncode, r.stdout + r.stderr


def expect(what, u8guard, directory, status, needle):
    """Replays directory; records a failure unless the exit status is
    status and the output contains needle."""
    rc, out = replay(u8guard, directory)
    ok = rc == status and needle in out
    print(f"{'ok  ' if ok else 'FAIL'} {what}: exit {rc} (want {status}), "
          f"{'found' if needle in out else 'MISSING'} {needle!r}")
    if not ok:
        print("     output:\n" + "".join("       " + l + "\n" for l in out.splitlines()))
        FAILS.append(what)
    return out


def names(out, want, what):
    """Records a failure (what) unless the output out holds want, the line
    that names the member that changed."""
    if want not in out:
        print(f"FAIL {what}: {want!r} missing")
        FAILS.append(what)


def copy_with(src, tmp, name, change):
    """Copies the corpus src to tmp/name, lets change(entries, dir) alter
    its entries (a list of dicts) and writes them back; returns the dir."""
    dst = os.path.join(tmp, name)
    shutil.copytree(src, dst)
    path = os.path.join(dst, "manifest.jsonl")
    with open(path, encoding="ascii") as f:
        entries = [json.loads(l) for l in f if l.strip()]
    entries = change(entries, dst)
    with open(path, "w", encoding="ascii") as f:
        f.writelines(json.dumps(e) + "\n" for e in entries)
    return dst


def main():
    """Runs every alteration; returns 0 when each failed as it must."""
    u8guard, corpus = sys.argv[1], sys.argv[2]
    rc, out = replay(u8guard, corpus)
    if rc != 0:
        print(f"FAIL: the unaltered corpus does not replay (exit {rc}):\n{out}")
        return 1
    skipped = {l.split()[3] for l in out.splitlines() if l.startswith("not replayed: decoder ")}
    with open(os.path.join(corpus, "manifest.jsonl"), encoding="ascii") as f:
        entries = [json.loads(l) for l in f if l.strip()]
    # An entry whose decoder runs here and whose decoder accepts or rejects
    # (status ok): its recorded verdict is flipped below.
    target = next((i for i, e in enumerate(entries)
                   if e["decoder"] != "u8guard" and e["decoder"] not in skipped
                   and e["theirs"]["status"] == "ok"), None)
    if target is None:
        print("FAIL: no entry of the corpus can be replayed here")
        return 1
    t = entries[target]
    print(f"altering entry {target + 1}: decoder {t['decoder']}, input {t['hex']}")

    with tempfile.TemporaryDirectory(prefix="u8guard-replay-") as tmp:
        expect("unaltered copy replays", u8guard,
               copy_with(corpus, tmp, "same", lambda es, d: es), 0, "0 changed")

        def flip_verdict(es, _):
            es[target]["theirs"]["accepted"] = not es[target]["theirs"]["accepted"]
            return es
        out = expect("an oracle's recorded verdict flipped", u8guard,
                     copy_with(corpus, tmp, "oracle", flip_verdict), 1,
                     f"ORACLE BEHAVIOUR CHANGED: decoder {t['decoder']} on input {t['hex']}: "
                     "recorded {")
        names(out, f"accepted: recorded {'false' if t['theirs']['accepted'] else 'true'}",
              "the change does not name the field")

        def more_code_points(es, _):
            es[target]["theirs"]["n_cps"] += 1
            return es
        expect("an oracle's recorded code point count altered", u8guard,
               copy_with(corpus, tmp, "ncps", more_code_points), 1,
               f"ORACLE BEHAVIOUR CHANGED: decoder {t['decoder']} on input {t['hex']}")

        # A member absent on one side is named with "(missing)" on that side
        # (the rest of the line is the other side's value, whole).
        def drop_n_cps(es, _):
            del es[target]["theirs"]["n_cps"]
            return es
        out = expect("an oracle's recorded code point count removed", u8guard,
                     copy_with(corpus, tmp, "nocps", drop_n_cps), 1,
                     f"ORACLE BEHAVIOUR CHANGED: decoder {t['decoder']} on input {t['hex']}")
        names(out, f"\n    n_cps: recorded (missing), now {t['theirs']['n_cps']}\n",
              "the change does not name the missing member")

        def drop_ours(es, _):
            del es[target]["u8guard"]
            return es
        out = expect("u8guard's recorded answer removed", u8guard,
                     copy_with(corpus, tmp, "noours", drop_ours), 1,
                     f"U8GUARD ANSWER CHANGED on input {t['hex']} (entry of decoder "
                     f"{t['decoder']}): recorded (nothing), now {{")
        names(out, f"\n    valid: recorded (missing), now {json.dumps(t['u8guard']['valid'])}\n",
              "the change does not name u8guard's missing member")

        def alter_ours(es, _):
            es[target]["u8guard"]["errors"] = "0/2 surrogate"
            return es
        expect("u8guard's recorded answer altered", u8guard,
               copy_with(corpus, tmp, "ours", alter_ours), 1,
               f"U8GUARD ANSWER CHANGED on input {t['hex']}")

        # The whole line: a disagreement's reason follows in parentheses.
        now = t["classification"]
        new = ("oracle-disagreement" if now != "oracle-disagreement"
               else "known-divergence:no-such-divergence")
        said = f" ({t['why']})" if now.endswith("-disagreement") else ""

        def reclassify(es, _):
            es[target]["classification"] = new
            return es
        expect("an entry's classification altered", u8guard,
               copy_with(corpus, tmp, "cls", reclassify), 1,
               f"CLASSIFICATION CHANGED: decoder {t['decoder']} on input {t['hex']}: "
               f"recorded {new}, now {now}{said}\n")

        def bad_bin(es, d):
            with open(os.path.join(d, es[target]["sha256"] + ".bin"), "ab") as f:
                f.write(b"\x41")
            return es
        expect("an entry's .bin file altered", u8guard,
               copy_with(corpus, tmp, "bin", bad_bin), 2, "does not hold the bytes")

        def no_bin(es, d):
            os.remove(os.path.join(d, es[target]["sha256"] + ".bin"))
            return es
        expect("an entry's .bin file removed", u8guard,
               copy_with(corpus, tmp, "nobin", no_bin), 2,
               "%s.bin: No such file or directory" % t["sha256"])

        def huge_bin(es, d):
            with open(os.path.join(d, es[target]["sha256"] + ".bin"), "wb") as f:
                f.write(b"\x41" * 5000)
            return es
        expect("an entry's .bin of 5000 bytes", u8guard,
               copy_with(corpus, tmp, "hugebin", huge_bin), 2,
               "%s.bin: unreadable or longer than 4096 bytes" % t["sha256"])

        def bad_sha(es, _):
            es[target]["sha256"] = "0" * 64
            return es
        expect("an entry's sha256 altered", u8guard,
               copy_with(corpus, tmp, "sha", bad_sha), 2, "the sha256 of hex")

        def emptied(es, d):
            """The target entry's input made empty, its sha256 and .bin too:
            the empty input is no malformed entry (its hex "" holds 0
            bytes), but u8guard's recorded answer is no longer its own."""
            es[target].update(hex="", len=0, sha256=hashlib.sha256(b"").hexdigest())
            with open(os.path.join(d, es[target]["sha256"] + ".bin"), "wb"):
                pass
            return es
        expect("an entry's input made empty", u8guard,
               copy_with(corpus, tmp, "emptied", emptied), 1,
               "U8GUARD ANSWER CHANGED on input  (entry of decoder")

        def long_sha(es, _):
            es[target]["sha256"] += "0"
            return es
        expect("an entry's sha256 one digit longer", u8guard,
               copy_with(corpus, tmp, "longsha", long_sha), 2, "malformed entry")

        def long_field(key, width):
            """The target entry alone, its key set to width letters."""
            def change(es, _):
                e = dict(es[target])
                e[key] = key[0] * width
                return [e]
            return change
        for what, key, width, said in (
                ("a decoder name", "decoder", 64, "malformed entry"),
                ("a decoder name", "decoder", 63,
                 "not replayed: decoder %s on input" % ("d" * 63)),
                ("a classification", "classification", 128, "malformed entry"),
                ("a classification", "classification", 127,
                 "unknown classification '%s'" % ("c" * 127))):
            expect("%s of %d bytes" % (what, width), u8guard,
                   copy_with(corpus, tmp, "%s%d" % (key, width), long_field(key, width)), 2,
                   said)

        expect("an empty manifest", u8guard,
               copy_with(corpus, tmp, "empty", lambda es, d: []), 2,
               "no entry of")

        def absent_decoder(es, _):
            e = dict(es[target])
            e["decoder"] = "no-such-decoder"
            return [e]
        out = expect("only entries of an absent decoder", u8guard,
                     copy_with(corpus, tmp, "absent", absent_decoder), 2,
                     f"not replayed: decoder no-such-decoder on input {t['hex']}")
        if "no entry of" not in out:
            print("FAIL a replay of nothing does not say so")
            FAILS.append("says nothing replayed")

        def fixed_bug(es, _):
            e = dict(es[target])
            e.update(decoder="u8guard", classification="u8guard-bug-fixed", theirs=None)
            return es + [e]
        expect("an entry of a fixed u8guard bug replays", u8guard,
               copy_with(corpus, tmp, "fixed", fixed_bug), 0, "0 changed")

        def fixed_bug_altered(es, _):
            e = dict(es[target])
            e.update(decoder="u8guard", classification="u8guard-bug-fixed", theirs=None)
            e["u8guard"] = dict(e["u8guard"], error_count=e["u8guard"]["error_count"] + 1)
            return [e]
        expect("a fixed u8guard bug's answer altered", u8guard,
               copy_with(corpus, tmp, "fixed2", fixed_bug_altered), 1,
               f"U8GUARD ANSWER CHANGED on input {t['hex']} (entry of decoder u8guard)")

    print(f"{'FAIL' if FAILS else 'PASS'}: {len(FAILS)} check(s) failed")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
