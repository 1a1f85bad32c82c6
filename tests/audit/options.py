# SPDX-License-Identifier: MIT OR Apache-2.0
"""options.py -- the command line of `u8guard audit` (options.c): each
option's accepted range up to both ends, each refusal with its exact
message and exit status 2, both spellings ("--name VALUE", "--name=VALUE"),
and what the format options leave in force.

    options.py U8GUARD PLUGIN.so

A value is accepted when `audit OPTION VALUE --help` prints the usage and
exits 0 (options are parsed in full before --help is acted on, so a
refused value still fails there); the values that reach the run (--seed,
--cases, the output format) are checked in a run of PLUGIN.so (a correct
decoder) on the conformance cases. Exit status 0 when every check holds.
"""
import os
import subprocess
import sys
import tempfile

U8G, PLUGIN = sys.argv[1], sys.argv[2]
TRY = "Try 'u8guard audit --help'.\n"
failures = 0


def audit(args):
    try:
        p = subprocess.run([U8G, "audit"] + args, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "", "still running after 60 s"
    return p.returncode, p.stdout, p.stderr


def check(ok, what, got):
    global failures
    if not ok:
        failures += 1
        print("FAIL: %s\n  got: %r" % (what, got))


def accepted(args):
    rc, out, err = audit(args + ["--help"])
    check(rc == 0 and out.startswith("usage: u8guard audit") and err == "",
          "%r is accepted" % args, (rc, out[:40], err))


def refused(args, message, then=("--help",)):
    """args fail with message (then: what follows them, so that a value
    taken by mistake shows at once instead of starting an audit)."""
    rc, out, err = audit(args + list(then))
    check(rc == 2 and out == "" and err == "u8guard audit: %s\n%s" % (message, TRY),
          "%r is refused: %s" % (args, message), (rc, out[:40], err))


def header(args):
    """The first line of a text run of PLUGIN with args."""
    rc, out, err = audit(["--no-builtin", "--plugin", PLUGIN, "--seconds", "0"] + args)
    check(rc == 0, "%r runs" % args, (rc, err))
    return out.split("\n", 1)[0]


# Numbers: both ends of each range, and one past them.
for v in ("0", "0.5", "86400"):
    accepted(["--seconds", v])
for v in ("86400.01", "-1", "-0.5", "nan", "soon", "", "1s", "1e999"):
    refused(["--seconds", v], "bad --seconds '%s' (0 to 86400)" % v)
refused(["--seconds"], "--seconds needs a number of seconds", then=())
for v in ("0", "9", "100000000"):
    accepted(["--cases", v])
for v in ("100000001", "-1", "+1", " 1", "1x", "", "x", "99999999999999999999"):
    refused(["--cases", v], "bad --cases '%s' (0 to 100000000)" % v)
refused(["--cases"], "bad --cases '' (0 to 100000000)", then=())
for v in ("0", "18446744073709551615"):
    accepted(["--seed", v])
for v in ("18446744073709551616", "-1", "0x10", ""):
    refused(["--seed", v], "bad --seed '%s' (a decimal number)" % v)
for v in ("1", "600000"):
    accepted(["--timeout-ms", v])
for v in ("0", "600001", "-5", "1.5"):
    refused(["--timeout-ms", v], "bad --timeout-ms '%s' (1 to 600000)" % v)

# "--name=VALUE" is the same option; "--nameX" is not.
accepted(["--seconds=86400", "--cases=100000000", "--timeout-ms=1", "--format=json"])
refused(["--seconds=86401"], "bad --seconds '86401' (0 to 86400)")
refused(["--cases=1", "--casesx"], "unknown option '--casesx'")
refused(["--format=", "--list"], "bad --format '' (text, json or markdown)")
refused(["--format"], "bad --format '' (text, json or markdown)", then=())
refused(["--format", "yaml"], "bad --format 'yaml' (text, json or markdown)")
for flag in ("-h", "--help"):
    rc, out, err = audit([flag])
    check(rc == 0 and out.startswith("usage: u8guard audit") and err == "",
          "%s prints the usage" % flag, (rc, out[:40], err))
for near in ("-i", "-g", "--helq", "--jsoo"):
    refused([near], "unknown option '%s'" % near, then=())
refused(["stray"], "unexpected argument 'stray'")
refused(["-x"], "unknown option '-x'")

# Options that need a value refuse an empty one, and one at the end.
for opt, what in (("--plugin", "a file"), ("--exec", "a command"),
                  ("--only", "a decoder name"), ("--record", "a directory"),
                  ("--replay-one", "a file"), ("--replay", "a directory"),
                  ("--corpus", "a file")):
    refused([opt], "%s needs %s" % (opt, what), then=())
    refused([opt + "="], "%s needs %s" % (opt, what))

# At most 32 of each repeated option.
for opt, noun in (("--plugin", "plugins"), ("--exec", "--exec decoders"),
                  ("--only", "--only names")):
    args = []
    for k in range(32):
        args += [opt, "v%d" % k]
    accepted(args)
    refused(args + [opt, "v32"], "too many %s (at most 32): v32" % noun)

# An --only name that is no built-in decoder: the message names them all,
# in the order `audit --list` shows them (decoders.c's check_only).
with tempfile.TemporaryDirectory() as empty:
    listed = subprocess.run([U8G, "audit", "--list"], capture_output=True, text=True,
                            env=dict(os.environ, U8GUARD_WORLD_DIR=empty)).stdout
names = " ".join(line.split()[0] for line in listed.splitlines() if line.strip())
rc, out, err = audit(["--only", "iconv", "--only", "nosuch"])
check(rc == 2 and out == "" and names != "" and
      err == "u8guard audit: --only nosuch: no built-in decoder of that name in this build; "
      "the names are: %s\n" % names, "--only nosuch names every built-in decoder", (rc, err))

# Combinations.
refused(["--replay", "d", "--replay-one", "f"],
        "--replay: choose one of --replay and --replay-one")
refused(["--no-builtin"], "--no-builtin leaves nothing to audit: add --plugin FILE.so, "
        "--exec COMMAND or --world", then=())
for extra in (["--plugin", "x.so"], ["--exec", "x"], ["--world"], ["--list"]):
    accepted(["--no-builtin"] + extra)
rc, out, err = audit(["--no-builtin", "--help"])
check(rc == 0 and out.startswith("usage: u8guard audit"), "--no-builtin --help", (rc, err))

# What reaches the run: the seed and the number of generated inputs...
line = header(["--cases", "3", "--seed", "18446744073709551615"])
check(" then 3 generated inputs (seed 18446744073709551615) in " in line,
      "--cases 3 --seed 2^64-1 reach the run", line)
line = header(["--cases=9", "--seed=0"])
check(" then 9 generated inputs (seed 0) in " in line, "--cases=9 --seed=0 reach the run", line)

# ...and the format: the last of --json and --format wins.
for args, starts in ((["--json"], "{\"decoder\": "),
                     (["--format", "markdown"], "<!-- SPDX"),
                     (["--format=json"], "{\"decoder\": "),
                     (["--json", "--format", "text"], "u8guard audit: "),
                     (["--format", "markdown", "--json"], "{\"decoder\": "),
                     (["--format", "markdown", "--format=json"], "{\"decoder\": "),
                     (["--json", "--format", "markdown"], "<!-- SPDX"),
                     (["--format", "markdown", "--format", "text"], "u8guard audit: ")):
    rc, out, err = audit(["--no-builtin", "--plugin", PLUGIN, "--seconds", "0", "--cases", "1"]
                         + args)
    check(rc == 0 and out.startswith(starts), "%r prints %r first" % (args, starts),
          (rc, out[:60], err))
sys.exit(1 if failures else 0)
