#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# valgrind.sh U8GUARD SANITIZE COMPILER_ID PLUGIN... -- `u8guard audit` with the
# in-process oracles and the given plugins under valgrind's memcheck: no
# error and no definite leak in the auditor (exit status 99 otherwise),
# and the audit still reports what it reports without valgrind. Skipped
# (77) without valgrind, in a sanitizer build (the two clash), and when
# not built by GCC (valgrind 3.19 cannot read clang 14's DWARF 5). Then the
# text report (the table, which --json does not print) of iconv and glib
# on table-corpus.txt: again no error, and the table's glib row.
set -u
u8guard=$1 sanitize=$2 compiler=$3
shift 3
if [ -n "$sanitize" ]; then
    echo "SKIP: sanitizer build ($sanitize): valgrind and the sanitizers clash"
    exit 77
fi
if [ "$compiler" != "GNU" ]; then
    echo "SKIP: built by $compiler, not GCC: Debian 12's valgrind 3.19 cannot read clang 14's DWARF 5"
    exit 77
fi
command -v valgrind >/dev/null || { echo "SKIP: valgrind not installed"; exit 77; }
plugins=""
for p in "$@"; do plugins="$plugins --plugin $p"; done
out=$(mktemp) && err=$(mktemp) || exit 1
trap 'rm -f "$out" "$err"' EXIT
# shellcheck disable=SC2086
valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$u8guard" audit --only icu-ucnv --only iconv --only glib --only libunistring \
    $plugins --cases 200 --timeout-ms 10000 --json >"$out" 2>"$err"
rc=$?
if [ "$rc" -ne 1 ]; then
    echo "FAIL: exit status $rc under valgrind, expected 1 (99: memcheck found errors)"
    cat "$err"
    exit 1
fi
if [ -s "$err" ]; then
    echo "FAIL: valgrind or the audit wrote to standard error:"
    cat "$err"
    exit 1
fi
for want in '"decoder": "icu-ucnv", ' '"status": "out-of-bounds read"' '"status": "crashed"'; do
    grep -qF -- "$want" "$out" || { echo "FAIL: the report lacks $want"; cat "$out"; exit 1; }
done
valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$u8guard" audit --only iconv --only glib --corpus "$(dirname "$0")/table-corpus.txt" \
    --cases 0 >"$out" 2>"$err"
rc=$?
if [ "$rc" -ne 0 ] || [ -s "$err" ]; then
    echo "FAIL: the text report: exit status $rc under valgrind, expected 0 (99: memcheck found errors), or a word on standard error:"
    cat "$err"
    exit 1
fi
want='glib    2/0/0   0/0/0    0/0/0     1/0/0     0/0/0      0/0/0    0/0/0     0/0/1  0/0/0    0/0/0 0/0/0  conformant'
grep -qF -- "$want" "$out" || { echo "FAIL: the table lacks the row: $want"; cat "$out"; exit 1; }
echo "ok: memcheck clean, the JSON and the text report"
