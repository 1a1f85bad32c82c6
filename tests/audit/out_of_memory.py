# SPDX-License-Identifier: MIT OR Apache-2.0
"""out_of_memory.py -- `u8guard audit` when an allocation fails: for every
allocation the command makes, a run in which that one fails (oom_shim.c,
by LD_PRELOAD) must end in one of two ways:

- as if nothing had happened (the allocation was one the C library can do
  without): the same exit status, the same report, nothing on stderr;
- exit status 2 with one line on stderr, "u8guard audit: ...", and either
  no report or the whole report (only recording failed); never a partial
  or wrong report (before this test, an allocation that failed while an
  example was checked again made a deterministic decoder "nondeterministic",
  and one that failed while it was stored dropped the example silently).

Never a crash. The record directory never holds half a manifest line or a
line whose .bin is missing. (Only the auditor's own allocations fail: in a
plugin's sandbox child, an allocation that fails ends the child, which the
auditor reports as the plugin exiting. That is not tested here.) Three runs are checked so: an audit of a plugin
that accepts overlongs (a small corpus, 3 generated inputs, --record, JSON),
the --replay of that record, and --replay-one of C0 80.

    out_of_memory.py U8GUARD SHIM.so PLUGIN.so WORKDIR

With a fifth argument, the path of exec/faulty.py, one run is checked
instead: an audit of `faulty.py cp0` through --exec with --record (the line
protocol's own allocations: its request and the buffer it reads answers
into).

    out_of_memory.py U8GUARD SHIM.so PLUGIN.so WORKDIR FAULTY.py
"""
import json
import os
import shutil
import subprocess
import sys

U8G, SHIM, PLUGIN, WORK = sys.argv[1:5]
FAULTY = sys.argv[5] if len(sys.argv) > 5 else None
CORPUS_LINES = (
    "plain                41 = valid\n"
    "design-c0-80         C0 80 = 0/1 overlong, 1/1 unexpected_continuation\n"
    "after-text           41 E2 82 = 1/2 truncated\n"
    # a long input to shrink: the shrinker's evaluations fail in turn too
    "every-kind           41 C0 80 42 ED A0 80 43 F4 90 80 80 44 E4 BD 41 80 F0 9F 98 80 FF "
    "F0 9F 98 = 1/1 overlong, 2/1 unexpected_continuation, 4/1 surrogate, "
    "5/1 unexpected_continuation, 6/1 unexpected_continuation, 8/1 too_large, "
    "9/1 unexpected_continuation, 10/1 unexpected_continuation, 11/1 unexpected_continuation, "
    "13/2 bad_continuation, 16/1 unexpected_continuation, 21/1 too_large, 22/3 truncated\n")
failures = 0


def run(args, fail_at=0, count_file=None):
    env = dict(os.environ, LD_PRELOAD=SHIM, U8G_OOM_AT=str(fail_at))
    if count_file:
        env["U8G_OOM_COUNT"] = count_file
    return subprocess.run([U8G, "audit"] + args, capture_output=True, text=True, env=env,
                          timeout=120)


def record_is_whole(rec):
    """None when every manifest line of rec is whole JSON with its .bin;
    else what is wrong."""
    path = os.path.join(rec, "manifest.jsonl")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text and not text.endswith("\n"):
        return "a manifest line without its end"
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            return "a manifest line that is not JSON: %r" % line[:80]
        if not os.path.exists(os.path.join(rec, entry["sha256"] + ".bin")):
            return "an entry without its .bin: %s" % entry["sha256"]
    return None


def check_every_allocation(name, make_args, want_status, want_text, fresh=None):
    """Runs make_args() once to count the allocations (it must exit with
    want_status and print want_text), then once per allocation with that
    one failing. fresh(): called before each run (a new record
    directory)."""
    global failures
    count_file = os.path.join(WORK, "count")
    if fresh:
        fresh()
    base = run(make_args(), count_file=count_file)
    if base.returncode != want_status or want_text not in base.stdout:
        print("FAIL: %s with no allocation failing: exit %d, %r" % (
            name, base.returncode, base.stdout[:300]))
        failures += 1
    with open(count_file) as f:
        total = int(f.read())
    outcomes = {"as if nothing happened": 0, "exit 2, no report": 0,
                "exit 2, whole report": 0}
    bad = 0
    for k in range(1, total + 1):
        if fresh:
            fresh()
        p = run(make_args(), fail_at=k)
        lines = p.stderr.splitlines()
        if p.returncode == base.returncode and p.stdout == base.stdout and p.stderr == "":
            outcomes["as if nothing happened"] += 1
            why = None
        elif p.returncode == 2 and len(lines) == 1 and lines[0].startswith("u8guard audit: ") \
                and p.stdout in ("", base.stdout):
            outcomes["exit 2, %s" % ("no report" if p.stdout == "" else "whole report")] += 1
            why = None
        else:
            why = "exit %d, %d line(s) on stderr %r, stdout %s" % (
                p.returncode, len(lines), p.stderr[:200],
                "empty" if p.stdout == "" else "the report" if p.stdout == base.stdout
                else "another: %r" % p.stdout[:200])
        if why is None and fresh:
            why = record_is_whole(os.path.join(WORK, "rec"))
        if why is not None:
            bad += 1
            if bad <= 5:
                print("FAIL: %s, allocation %d of %d failing: %s" % (name, k, total, why))
    print("%s %s: %d allocations, each failing once: %s" % (
        "FAIL" if bad else "ok  ", name, total,
        ", ".join("%s %d" % kv for kv in outcomes.items())))
    failures += bad


def fresh_record():
    shutil.rmtree(os.path.join(WORK, "rec"), ignore_errors=True)
    os.makedirs(os.path.join(WORK, "rec"))


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
corpus = os.path.join(WORK, "corpus.txt")
with open(corpus, "w") as f:
    f.write(CORPUS_LINES)
if FAULTY:
    # faulty.py cp0 decodes 'Q' as U+0050: a disagreement to shrink.
    with open(corpus, "a") as f:
        f.write("q                    51 = valid\n")
    exec_args = ["--no-builtin", "--exec", "%s %s cp0" % (sys.executable, FAULTY),
                 "--corpus", corpus, "--seconds", "0", "--cases", "3",
                 "--record", os.path.join(WORK, "rec"), "--json"]
    check_every_allocation("audit --exec --record", lambda: list(exec_args), 1,
                           '"status": "nonconformant"', fresh_record)
    # ... and the --replay of that record (decoder_says asks the decoder).
    kept = os.path.join(WORK, "kept")
    fresh_record()
    if run(exec_args).returncode != 1:
        print("FAIL: the --exec record to replay could not be made")
        failures += 1
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(os.path.join(WORK, "rec"), kept)
    check_every_allocation("audit --replay --exec", lambda: [
        "--replay", kept, "--no-builtin", "--exec", exec_args[2]], 0, " 0 changed")
    sys.exit(1 if failures else 0)
audit_args = ["--no-builtin", "--plugin", PLUGIN, "--corpus", corpus, "--seconds", "0",
              "--cases", "3", "--record", os.path.join(WORK, "rec"), "--json"]
check_every_allocation("audit --record --json", lambda: list(audit_args), 1,
                       '"status": "nonconformant"', fresh_record)

kept = os.path.join(WORK, "kept")
fresh_record()
shutil.rmtree(kept, ignore_errors=True)
if run(audit_args).returncode != 1:
    print("FAIL: the record to replay could not be made")
    failures += 1
shutil.copytree(os.path.join(WORK, "rec"), kept)
check_every_allocation("audit --replay", lambda: [
    "--replay", kept, "--no-builtin", "--plugin", PLUGIN], 0, " 0 changed")

one = os.path.join(WORK, "c080.bin")
with open(one, "wb") as f:
    f.write(b"\xc0\x80")
check_every_allocation("audit --replay-one", lambda: [
    "--replay-one", one, "--no-builtin", "--plugin", PLUGIN], 0, '"outcome": "disagree"')
sys.exit(1 if failures else 0)
