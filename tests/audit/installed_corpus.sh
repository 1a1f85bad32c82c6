#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# installed_corpus.sh AUDIT PLUGIN REL CORPUS WORKDIR -- the audit program
# reads the conformance corpus installed beside it (REL from its folder:
# U8GUARD_REL_AUDIT_TO_DATA) before the source tree's, and the source
# tree's when there is none. AUDIT is copied into WORKDIR with the one-case
# CORPUS at REL/conformance.txt; the install test (tests/install) does the
# same with a real install, and is too slow for every change.
set -u
audit=$1 plugin=$2 rel=$3 corpus=$4 dir=$5
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir/a/b" || fail "cannot create $dir"
prog=$dir/a/b/u8guard-audit
cp "$audit" "$prog" || fail "cannot copy $audit"
data=$(cd "$dir/a/b" && mkdir -p "$rel" && cd "$rel" && pwd -P) || fail "cannot create $rel"

# (stderr apart: a build with AddressSanitizer writes a note there)
"$prog" --no-builtin --plugin "$plugin" --seconds 0 >"$dir/none.out" 2>"$dir/none.err"
[ $? -eq 0 ] || fail "with no installed corpus: $(cat "$dir/none.out" "$dir/none.err")"
head -n 1 "$dir/none.out" | grep -qF " conformance cases (" || fail "no header: $(cat "$dir/none.out")"
head -n 1 "$dir/none.out" | grep -qF "($data/conformance.txt)" &&
    fail "a corpus that is not there was read: $(head -n 1 "$dir/none.out")"

cp "$corpus" "$data/conformance.txt" || fail "cannot copy $corpus"
"$prog" --no-builtin --plugin "$plugin" --seconds 0 >"$dir/one.out" 2>"$dir/one.err"
[ $? -eq 0 ] || fail "with an installed corpus: $(cat "$dir/one.out" "$dir/one.err")"
want="u8guard audit: 1 conformance cases ($data/conformance.txt), then 0 generated inputs"
head -n 1 "$dir/one.out" | grep -qF "$want" ||
    fail "the installed corpus was not read: $(head -n 1 "$dir/one.out") (want: $want)"
echo "ok: the corpus installed at $rel from the program is read; without it, the source tree's"
