#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# valgrind.sh U8GUARD SANITIZE COMPILER_ID PLUGIN... -- `u8guard audit` with the
# in-process oracles and the given plugins under valgrind's memcheck: no
# error and no definite leak in the auditor (exit status 99 otherwise),
# and the audit still reports what it reports without valgrind. Skipped
# (77) without valgrind, in a sanitizer build (the two clash), and when
# not built by GCC (valgrind 3.19 cannot read clang 14's DWARF 5). Then the
# text report (the table, which --json does not print) of iconv and glib
# on table-corpus.txt: again no error, and the table's glib row. Then
# --exec decoders whose answers are one code point shorter or longer. Then
# --list of a test registry (world_names): its entries freed.
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
# memcheck WANT WHAT ARG...: runs `u8guard audit ARG...` under memcheck
# into $out and $err; fails (naming WHAT) unless it exits with status WANT
# (99: memcheck found errors) and writes nothing on standard error.
memcheck() {
    want_rc=$1 what=$2
    shift 2
    # `u8guard audit` runs the audit program (exec): followed, or memcheck
    # would see only the command's few lines before it; the system's
    # programs the audit runs (sh for --exec and version commands) are not.
    valgrind -q --trace-children=yes --trace-children-skip='/bin/*,/usr/bin/*' --child-silent-after-fork=yes \
        --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$u8guard" audit "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL: $what: exit status $rc under valgrind, expected $want_rc (99: memcheck found errors)"
        cat "$err"
        exit 1
    fi
    if [ -s "$err" ]; then
        echo "FAIL: $what: valgrind or the audit wrote to standard error:"
        cat "$err"
        exit 1
    fi
}
# shellcheck disable=SC2086
memcheck 1 "the JSON report" --only icu-ucnv --only iconv --only glib --only libunistring \
    $plugins --cases 200 --timeout-ms 10000 --json
for want in '"decoder": "icu-ucnv", ' '"status": "out-of-bounds read"' '"status": "crashed"'; do
    grep -qF -- "$want" "$out" || { echo "FAIL: the report lacks $want"; cat "$out"; exit 1; }
done
memcheck 0 "the text report" --only iconv --only glib \
    --corpus "$(dirname "$0")/table-corpus.txt" --cases 0
want='glib    2/0/0   0/0/0    0/0/0     1/0/0     0/0/0      0/0/0    0/0/0     0/0/1  0/0/0    0/0/0 0/0/0  conformant'
grep -qF -- "$want" "$out" || { echo "FAIL: the table lacks the row: $want"; cat "$out"; exit 1; }
# Answers one code point shorter or longer than u8guard's (faulty.py
# short and extra): the first difference is found within both answers,
# never by reading a code point past either's end (eval.c show_difference).
faulty="python3 $(dirname "$0")/exec/faulty.py"
memcheck 1 "answers of other lengths" --no-builtin --exec "$faulty short" --exec "$faulty extra" \
    --cases 300 --timeout-ms 10000 --json
for want in '"theirs": "accepts (0 code points); code points 0..: [end]"' \
    '"theirs": "rejects at offset 1 (2 code points before): U+0051 U+0051; code points 0..: U+0051 [U+0051] end"'; do
    grep -qF -- "$want" "$out" || { echo "FAIL: the report lacks $want"; cat "$out"; exit 1; }
done
# A registry read, probed and freed (tests/audit/world_names: commands,
# plugins, version commands): no definite leak of its entries.
U8GUARD_WORLD_DIR="$(dirname "$0")/world_names" memcheck 0 "a registry's list" --list
grep -q '^mark-end ' "$out" || { echo "FAIL: the list lacks mark-end"; cat "$out"; exit 1; }
echo "ok: memcheck clean, the JSON and the text report, answers of other lengths, a registry's list"
