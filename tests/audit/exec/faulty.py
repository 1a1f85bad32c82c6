# SPDX-License-Identifier: MIT OR Apache-2.0
# faulty.py MODE -- --exec decoders (doc/audit-exec.md) for the audit's
# tests: CPython's strict decoder with one fault, MODE:
#   correct      none
#   surrogates   accepts ED A0..BF (decodes with 'surrogatepass')
#   crash        os.abort() on an input holding 'Q'
#   hang         sleeps forever on 'Q'
#   garbage      answers "hello" to 'Q'
#   pipes        answers "a|b`c" to 'Q' (for the Markdown report's escapes)
#   longN        answers N bytes of garbage to 'Q': "h", a tab, 1F, 7F, "~ ",
#                C3 A9 ("\u00e9"), then "x" up to N (where the quoted
#                answer is cut)
#   say:TEXT     answers TEXT to 'Q', each "_" in it a space (the parser's
#                refusals)
#   stallN       on 'Q': N bytes "x", a pause of 0.2 s, then the line's end
#                (the longest answer to a 1-byte input is 76 characters)
#   twice        answers twice to 'Q'
#   exit         exits with status 3 on 'Q'
#   nondet       corrupts the first code point of every 97th answer
#   flip         on 'Q': rejects at 0 on its 1st, 3rd, 5th... input holding
#                'Q', answers right on the others (nondeterministic, but
#                the same way every run)
#   tireN        on 'Q': rejects at 0 on its first N inputs holding 'Q',
#                answers right from then on
#   swap         on 'Q': rejects at 0 on its 1st, 3rd... input holding 'Q',
#                decodes the first code point wrong on the others (wrong
#                each time, in two different ways)
#   hostile      on 'Q': kills its parent and its process group
#   padded       none, but every code point written with 8 hex digits
#                (00000041: the most the protocol allows, doc/audit-exec.md)
#   wide         on 'Q': a code point written with 9 hex digits
#   typo         on 'Q': "oK" for "ok" (the keyword is matched whole)
#   cpN          on 'Q' with more than N code points: code point N (from 0)
#                wrong (cp1, cp3: where the window of the difference starts)
#   extra        on 'Q', where there are fewer code points than bytes: one
#                more code point, U+0051, at the end
#   short        on 'Q': the last code point left out
#   rejectall    rejects every input at 0, the empty one too
#   evenq        rejects at 0 every input holding an even number of 'Q' (the
#                empty one too): "QQ" fails, "Q" does not
#   shrinkhang   rejects at 0 an input holding 'Z'; sleeps forever on one
#                holding 'Q' and no 'Z' (the shrinker's windows hang)
import os
import signal
import sys
import time

# Writing to an auditor that has gone (it exits, or stops this decoder)
# ends the decoder quietly, as SIGPIPE ends a C program, not with a
# traceback on the standard error the auditor shares.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
mode = sys.argv[1]
calls = q_calls = 0
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    calls += 1
    q = b"Q" in data
    if (mode == "rejectall" or (mode == "shrinkhang" and b"Z" in data) or
            (mode == "evenq" and data.count(b"Q") % 2 == 0)):
        print("reject 0", flush=True)
        continue
    if q and mode == "crash":
        os.abort()
    if q and mode in ("hang", "shrinkhang"):
        time.sleep(3600)
    if q and mode == "exit":
        sys.exit(3)
    if q and mode == "hostile":
        os.kill(os.getppid(), signal.SIGKILL)
        os.killpg(0, signal.SIGKILL)
    q_calls += q
    if q and ((mode == "flip" and q_calls % 2 == 1) or
              (mode.startswith("tire") and q_calls <= int(mode[4:]))):
        print("reject 0", flush=True)
        continue
    if q and mode in ("garbage", "pipes"):
        print("hello" if mode == "garbage" else "a|b`c", flush=True)
        continue
    if q and mode.startswith("say:"):
        print(mode[4:].replace("_", " "), flush=True)
        continue
    if q and mode.startswith("stall"):
        sys.stdout.buffer.write(b"x" * int(mode[5:]))
        sys.stdout.buffer.flush()
        time.sleep(0.2)
        print(flush=True)
        continue
    if q and mode.startswith("long"):
        head = b"h\t\x1f\x7f~ \xc3\xa9"
        sys.stdout.buffer.write(head + b"x" * (int(mode[4:]) - len(head)) + b"\n")
        sys.stdout.buffer.flush()
        continue
    errors = "surrogatepass" if mode == "surrogates" else "strict"
    try:
        text, answer = data.decode("utf-8", errors), "ok"
    except UnicodeDecodeError as e:
        text, answer = data[:e.start].decode("utf-8", errors), "reject %d" % e.start
    cps = [ord(c) for c in text]
    if q and mode.startswith("cp") and len(cps) > int(mode[2:]):
        cps[int(mode[2:])] ^= 1
    if q and mode == "extra" and len(cps) < len(data):
        cps.append(0x51)
    if q and mode == "short" and cps:
        cps.pop()
    if q and mode == "swap" and q_calls % 2 == 1:
        answer, cps = "reject 0", []
    elif q and mode == "swap" and cps:
        cps[0] ^= 1
    if mode == "nondet" and calls % 97 == 0 and cps:
        cps[0] ^= 1
    width = "%09x" if q and mode == "wide" else "%08x" if mode == "padded" else "%x"
    if q and mode == "typo" and answer == "ok":
        answer = "oK"
    reply = " ".join([answer] + [width % c for c in cps]) + "\n"
    if q and mode == "twice":
        # One write: the auditor reads both lines together, so the fault is
        # the answer's (a second write may arrive only after the auditor has
        # sent the next request, and is then that request's fault).
        reply += "ok\n"
    sys.stdout.write(reply)
    sys.stdout.flush()
