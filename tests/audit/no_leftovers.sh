#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# no_leftovers.sh U8GUARD PLUGIN -- audits PLUGIN (plugin_faulty.c's FORK
# build: every call forks a process named u8g-sleeper that sleeps a
# minute) and checks that the audit ends with a report and leaves none of
# those processes running.
set -u
u8guard=$1 plugin=$2
count() { grep -lx u8g-sleeper /proc/[0-9]*/comm 2>/dev/null | wc -l; }
before=$(count)
out=$("$u8guard" audit --no-builtin --plugin "$plugin" --cases 200 --timeout-ms 10000 --json)
rc=$?
sleep 1
after=$(count)
echo "exit status $rc; u8g-sleeper processes: $before before, $after after"
case $out in *'{"decoder": "faulty-fork"'*) ;; *) echo "FAIL: no report line"; exit 1 ;; esac
[ "$rc" -le 1 ] || { echo "FAIL: exit status $rc"; exit 1; }
[ "$after" -le "$before" ] || { echo "FAIL: the audit left processes behind"; exit 1; }
echo ok
