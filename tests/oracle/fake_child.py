#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""fake_child.py -- a child of oracle/adapters/subprocess.h's protocol that
misbehaves as the environment variable FAKE_CHILD_MODE says, for
test_subprocess.c (its argument, the oracle script's path, is ignored):

  exit       greets, reads the start of a request, then exits 50 ms
             later without answering (end of file while the parent waits)
  many-cps   greets and answers each input of n bytes with n + 1 code
             points (more than any decoder can give: not the protocol)
  many-repl  the same for the replacement output
  badhello   greets with "U8GX" (one byte wrong), then reads to the end
  exit3      exits with status 3 at once, without a word (os._exit: the
             output closes only as the process ends, so the status is
             there when the parent sees the end)
  linger     answers as usual, and on the end of its input waits 0.3 s
             before it exits
  stubborn   the same, waiting 5 s: longer than subproc_stop waits
  fields     answers input k of n bytes with fields that vary by k (of
             3): 0: status 1 (not answered), not accepted, the offset
             n + 7 (past the input), n code points and n replacement
             ones with has_repl 0; 1: answered, not accepted, offset all
             ones (cannot say), no code point, n replacement ones; 2:
             accepted, offset n, n code points; code point j of an input
             is 0x44332211 + j (every byte of it counts)

When FAKE_CHILD_STARTS names a file, each child appends one byte to it
as it starts (the test counts the starts).
"""
import os
import struct
import sys
import time

mode = os.environ.get('FAKE_CHILD_MODE', '')
if os.environ.get('FAKE_CHILD_STARTS'):
    with open(os.environ['FAKE_CHILD_STARTS'], 'ab') as starts:
        starts.write(b'.')
inp = sys.stdin.buffer


def send(data):
    """Writes data unbuffered; a parent that has gone ends this child."""
    try:
        os.write(1, data)
    except BrokenPipeError:
        sys.exit(0)


if mode == 'exit3':
    os._exit(3)
send(b'U8GX' if mode == 'badhello' else b'U8GO')
head = inp.read(4)
if mode == 'exit' or len(head) < 4:
    time.sleep(0.05)
    sys.exit(0)
lens = []
for _ in range(struct.unpack('<I', head)[0]):
    n = struct.unpack('<I', inp.read(4))[0]
    inp.read(n)
    lens.append(n)
FIELDS = [  # status, accepted, offset, code points, has_repl, replacement ones
    lambda n: (1, 0, n + 7, n, 0, n),
    lambda n: (0, 0, 2 ** 64 - 1, 0, 1, n),
    lambda n: (0, 1, n, n, 0, 0),
]
for k, n in enumerate(lens):
    if mode == 'fields':
        status, acc, off, cps, has, repl = FIELDS[k % 3](n)
        send(struct.pack('<BBQI', status, acc, off, cps) +
             b''.join(struct.pack('<I', 0x44332211 + j) for j in range(cps)) +
             struct.pack('<BI', has, repl) +
             b''.join(struct.pack('<I', 0x44332211 + j) for j in range(repl)))
        continue
    cps = n + 1 if mode == 'many-cps' else n
    repl = n + 1 if mode == 'many-repl' else n
    send(struct.pack('<BBQI', 0, 1, n, cps) + struct.pack('<I', 0x41) * cps +
         struct.pack('<BI', 1, repl) + struct.pack('<I', 0x41) * repl)
inp.read()
if mode in ('linger', 'stubborn'):
    time.sleep(0.3 if mode == 'linger' else 5)
