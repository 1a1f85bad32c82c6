# SPDX-License-Identifier: MIT OR Apache-2.0
"""totals.py -- the totals of `u8guard audit --json` add up.

    totals.py U8GUARD PLUGIN...

Audits each proof plugin and the built-in iconv (a fixed number of
cases) and checks that every decoder was given every input (the same
"cases", "not_run" 0: the built-ins are run a batch at a time, the
plugins an input at a time) and, for every decoder line, that "disagreements" is the sum of the
classes' "disagree" counts and "agreements" the sum of their "agree"
counts, that agreements + disagreements + known divergences = cases, and
that the first plugin disagrees on valid text (class "valid"), so a total
that leaves a class out cannot pass unseen. Exit status 0 when all hold.
"""
import json
import subprocess
import sys

u8g, plugins = sys.argv[1], sys.argv[2:]
args = [u8g, "audit", "--only", "iconv", "--cases", "800", "--json"]
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
if len(seen) != len(plugins) + 1 or seen[0]["decoder"] != "iconv":
    print("FAIL: %d decoder lines for iconv and %d plugins" % (len(seen), len(plugins)))
    failures += 1
elif any(d["cases"] != seen[0]["cases"] or d["not_run"] != 0 for d in seen):
    print("FAIL: not every decoder was given every input: %s"
          % ", ".join("%s %d cases, %d not run" % (d["decoder"], d["cases"], d["not_run"])
                      for d in seen))
    failures += 1
elif seen[1]["classes"]["valid"]["disagree"] == 0:
    print("FAIL %s: no disagreement on valid text, so class \"valid\" is not tested"
          % seen[1]["decoder"])
    failures += 1
for d in seen:
    print("%s: %d cases, %d agreements, %d disagreements (valid text: %d)"
          % (d["decoder"], d["cases"], d["agreements"], d["disagreements"],
             d["classes"]["valid"]["disagree"]))
sys.exit(1 if failures else 0)
