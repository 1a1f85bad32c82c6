# SPDX-License-Identifier: MIT OR Apache-2.0
# helper.py -- a registry decoder for the --list/--world tests
# (tests/audit/world/decoders.tsv): CPython's UTF-8 decoder speaking the
# --exec protocol (doc/audit-exec.md) in one of nine modes:
#   strict   the strict decoder (conformant)
#   lax      the strict decoder, but C0 80 (Java's "modified UTF-8" NUL) is
#            taken for U+0000 where the rest is valid (a finding whose
#            strict code points differ from the replacing mode's output)
#   replace  errors="replace": U+FFFD per maximal subpart (conformant)
#   drop     errors="ignore": ill-formed bytes dropped (a finding)
#   reject   a replacing mode that rejects (outside the protocol)
#   late     the strict decoder, but code point 1 with its lowest bit
#            flipped where there are five or more (the minimal example has
#            five code points)
#   droplate "drop" where "replace" gives six code points or more, else
#            "replace" (the minimal example's replacement output has six)
#   flip     the strict decoder, but its 1st, 3rd, 5th... input holding
#            'Q' is rejected at 0 (nondeterministic)
#   rejectq  a replacing mode that rejects an input holding 'Q' and answers
#            "hello" to any other but the empty one (two faults, one after
#            the other)
import sys



def strict(data):
    """The strict decoder's answer: the text and "ok", or the valid prefix
    and "reject OFFSET"."""
    try:
        return data.decode("utf-8"), "ok"
    except UnicodeDecodeError as e:
        return data[:e.start].decode("utf-8"), "reject %d" % e.start


mode = sys.argv[1]
q_calls = 0
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    q_calls += b"Q" in data
    if mode == "rejectq" and data:
        print("reject 0" if b"Q" in data else "hello", flush=True)
        continue
    if mode == "flip" and b"Q" in data and q_calls % 2 == 1:
        print("reject 0", flush=True)
        continue
    if mode in ("replace", "drop", "droplate"):
        text = data.decode("utf-8", "replace")
        if mode == "drop" or (mode == "droplate" and len(text) >= 6):
            text = data.decode("utf-8", "ignore")
        answer = "ok"
    elif mode == "reject" and data:
        text, answer = "", "reject 0"
    elif mode == "lax":
        text, answer = strict(data.replace(b"\xc0\x80", b"\x00"))
        if answer != "ok":
            text, answer = strict(data)
    else:
        text, answer = strict(data)
        if mode == "late" and len(text) >= 5:
            text = text[0] + chr(ord(text[1]) ^ 1) + text[2:]
    print(" ".join([answer] + ["%x" % ord(c) for c in text]), flush=True)
