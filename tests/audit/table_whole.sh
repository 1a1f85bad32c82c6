#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# table_whole.sh U8GUARD FAULTY_PY -- the audit's report, every line of it,
# on a run whose every answer is known: glib (a known divergence) and the
# --exec decoders FAULTY_PY surrogates and cp98 on table-corpus.txt, no
# generated input. Both exit with status 1, and
#   - the table and its notes, but the first line (which holds the time
#     taken and the corpus's path), equal table-whole-text.txt: every cell
#     of every row, the first decoder's known divergence and its example,
#     each decoder's examples, and a hex cut at 98 bytes;
#   - the JSON lines, but each "what" (which names FAULTY_PY's path),
#     equal table-whole-json.txt: the examples' and known examples'
#     lists whole, with nothing after their last member.
set -u
u8guard=$1 faulty=$2
here=$(dirname "$0")
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT

# check FORMAT EXPECTED FILTER: runs the audit with --format FORMAT and
# compares its output, through the sed script FILTER, with EXPECTED.
check() {
    "$u8guard" audit --only glib --exec "$faulty surrogates" --exec "$faulty cp98" \
        --corpus "$here/table-corpus.txt" --cases 0 --format "$1" >"$out"
    rc=$?
    [ $rc -eq 1 ] || { echo "FAIL: --format $1: exit status $rc, want 1"; cat "$out"; exit 1; }
    if sed "$3" "$out" | diff -u "$here/$2" -; then
        echo "ok: --format $1 is as $2 says"
    else
        echo "FAIL: --format $1 differs from $2 (above: - expected, + got)"
        exit 1
    fi
}
check text table-whole-text.txt 1d
check json table-whole-json.txt 's/"what": "[^"]*", //'
