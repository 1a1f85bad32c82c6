# SPDX-License-Identifier: MIT OR Apache-2.0
# helper.py -- a registry decoder for the --list/--world tests
# (tests/audit/world/decoders.tsv): CPython's UTF-8 decoder speaking the
# --exec protocol (doc/audit-exec.md) in one of four modes:
#   strict   the strict decoder (conformant)
#   replace  errors="replace": U+FFFD per maximal subpart (conformant)
#   drop     errors="ignore": ill-formed bytes dropped (a finding)
#   reject   a replacing mode that rejects (outside the protocol)
import sys

mode = sys.argv[1]
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    if mode in ("replace", "drop"):
        text = data.decode("utf-8", "replace" if mode == "replace" else "ignore")
        answer = "ok"
    elif mode == "reject" and data:
        text, answer = "", "reject 0"
    else:
        try:
            text, answer = data.decode("utf-8"), "ok"
        except UnicodeDecodeError as e:
            text, answer = data[:e.start].decode("utf-8"), "reject %d" % e.start
    print(" ".join([answer] + ["%x" % ord(c) for c in text]), flush=True)
