# SPDX-License-Identifier: MIT OR Apache-2.0
"""list_closes.py -- `u8guard audit --list` closes the built-in decoders it
opened (world_open.c: each one whose open() succeeded), so the subprocess
adapters' children (python3, node) are stopped and reaped before it exits.

    list_closes.py U8GUARD

This process becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER):
a process the audit leaves behind, running or not yet reaped, is
reparented to it when the audit exits, and wait() then finds it. With an
empty registry folder only the built-in decoders are listed. Exit status
0 when python (or node) is listed "ok" and no process is left over; 77
when neither runs here (the check would be empty).
"""
import ctypes
import os
import subprocess
import sys
import tempfile

PR_SET_CHILD_SUBREAPER = 36

u8g = sys.argv[1]
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    print("SKIPPED: prctl(PR_SET_CHILD_SUBREAPER) failed: errno %d" % ctypes.get_errno())
    sys.exit(77)
with tempfile.TemporaryDirectory() as empty:
    env = dict(os.environ, U8GUARD_WORLD_DIR=empty)
    p = subprocess.run([u8g, "audit", "--list"], capture_output=True, text=True, env=env)
rows = {line.split()[0]: line for line in p.stdout.splitlines() if line.strip()}
running = [n for n in ("python", "node") if n in rows and rows[n].rstrip().endswith(" ok")]
left = []
while True:
    try:
        pid, status = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    left.append(pid)
failures = 0
if p.returncode != 0:
    print("FAIL: exit status %d, want 0; stderr: %r" % (p.returncode, p.stderr))
    failures += 1
if not running:
    print("SKIPPED: neither python nor node is listed as ok:\n" + p.stdout)
    sys.exit(77)
if left:
    print("FAIL: %d process(es) of the audit left over (pids %s), want 0; subprocess "
          "decoders listed ok: %s" % (len(left), left, ", ".join(running)))
    failures += 1
print("audit --list: %s listed ok, %d processes left over: %s"
      % (", ".join(running), len(left), "FAIL" if failures else "pass"))
sys.exit(1 if failures else 0)
