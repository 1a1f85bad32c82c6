#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""trickle.py SCRIPT -- runs the oracle script SCRIPT (python_decode.py) with
this interpreter, its standard input this one's, and copies its standard
output to this one's a byte at a time, 2 ms apart: every read of the
parent's (subprocess.c's read_exact) then returns a single byte, so each
of its reads of a greeting, a header or a list of code points is short.
Used as the "interpreter" of test_subprocess.c's short-read check."""
import os
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, sys.argv[1]], stdout=subprocess.PIPE)
while True:
    byte = child.stdout.read(1)
    if not byte:
        break
    os.write(1, byte)
    time.sleep(0.002)
sys.exit(child.wait())
