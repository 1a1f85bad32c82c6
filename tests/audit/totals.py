# SPDX-License-Identifier: MIT OR Apache-2.0
"""totals.py -- the totals of `u8guard audit --json` add up.

    totals.py U8GUARD PLUGIN...

Audits each proof plugin (no built-in decoders, a fixed number of cases)
and checks, for every decoder line, that "disagreements" is the sum of the
classes' "disagree" counts and "agreements" the sum of their "agree"
counts, that agreements + disagreements + known divergences = cases, and
that the first plugin disagrees on valid text (class "valid"), so a total
that leaves a class out cannot pass unseen. Exit status 0 when all hold.
"""
import json
import subprocess
import sys

u8g, plugins = sys.argv[1], sys.argv[2:]
args = [u8g, "audit", "--no-builtin", "--cases", "800", "--json"]
for p in plugins:
    args += ["--plugin", p]
out = subprocess.run(args, capture_output=True, text=True).stdout
failures = 0
seen = []
for line in out.splitlines():
    if not line.startswith("{\"decoder\""):
        continue
    d = json.loads(line)
    seen.append(d)
    cls = d["classes"]
    want = {
        "disagreements": sum(c["disagree"] for c in cls.values()),
        "agreements": sum(c["agree"] for c in cls.values()),
        "cases": d["agreements"] + d["disagreements"] +
                 sum(c["known"] for c in cls.values()),
    }
    for key, value in want.items():
        if d[key] != value:
            print("FAIL %s: \"%s\" is %d, the classes give %d" % (d["decoder"], key, d[key], value))
            failures += 1
if len(seen) != len(plugins):
    print("FAIL: %d decoder lines for %d plugins" % (len(seen), len(plugins)))
    failures += 1
elif seen[0]["classes"]["valid"]["disagree"] == 0:
    print("FAIL %s: no disagreement on valid text, so class \"valid\" is not tested"
          % seen[0]["decoder"])
    failures += 1
for d in seen:
    print("%s: %d cases, %d agreements, %d disagreements (valid text: %d)"
          % (d["decoder"], d["cases"], d["agreements"], d["disagreements"],
             d["classes"]["valid"]["disagree"]))
sys.exit(1 if failures else 0)
