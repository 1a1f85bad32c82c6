#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# exec_doc_example.sh U8GUARD DOC WORKDIR [PYTHON] -- runs the Python decoder of
# doc/audit-exec.md (its first ```python block, as written there) through
# `u8guard audit --exec` and checks that it is conformant.
set -u
u8guard=$1 doc=$2 dir=$3 python=${4:-python3}
command -v "$python" >/dev/null 2>&1 || { echo "skipped: $python not found"; exit 77; }
mkdir -p "$dir" || exit 1
awk '/^```python$/ { on = 1; next } /^```$/ { if (on) exit } on' "$doc" >"$dir/decoder.py"
[ -s "$dir/decoder.py" ] || { echo "FAIL: no python block in $doc"; exit 1; }
out=$("$u8guard" audit --no-builtin --exec "$python $dir/decoder.py" --cases 2000 --timeout-ms 10000 --json)
rc=$?
echo "$out" | cut -c1-300
[ "$rc" -eq 0 ] || { echo "FAIL: exit status $rc"; exit 1; }
case $out in *'"status": "conformant"'*'"not_run": 0,'*) ;; *) echo "FAIL: not conformant"; exit 1 ;; esac
echo ok
