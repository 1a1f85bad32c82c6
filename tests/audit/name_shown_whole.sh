#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# name_shown_whole.sh U8GUARD PYTHON3 FAULTY_PY WORKDIR -- a decoder's name of the
# most bytes a name holds (63), each shown as \xFF, is shown whole in the
# table (AUDIT_NAME_HUMAN_ROOM: 4 * 63 + 1) and in JSON's decoder_hex. The
# decoder is an --exec one whose command is a file named by 63 bytes FF
# (its name is the command's file name), running PYTHON3 FAULTY_PY correct.
set -u
u8guard=$1 python=$2 faulty=$3 dir=$4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot create $dir"
name=$(printf '\377%.0s' $(seq 1 63))
cmd=$dir/$name
printf '#!/bin/sh\nexec %s %s correct\n' "$python" "$faulty" >"$cmd" && chmod +x "$cmd" ||
    fail "cannot write the command"
shown=$(printf '\\xFF%.0s' $(seq 1 63))
hex=$(printf 'FF%.0s' $(seq 1 63))

"$u8guard" audit --no-builtin --exec "$cmd" --cases 20 --timeout-ms 10000 >"$dir.txt" 2>&1
[ $? -eq 0 ] || fail "the audit: $(cat "$dir.txt")"
grep -qF "$shown " "$dir.txt" || fail "the table lacks the name whole ($shown): $(cat "$dir.txt")"
grep -qF "$shown\\x" "$dir.txt" && fail "the name is shown with more than 63 bytes: $(cat "$dir.txt")"

"$u8guard" audit --no-builtin --exec "$cmd" --cases 20 --timeout-ms 10000 --json >"$dir.json" 2>&1
[ $? -eq 0 ] || fail "the audit --json: $(cat "$dir.json")"
grep -qF "\"decoder_hex\": \"$hex\"" "$dir.json" || fail "JSON lacks decoder_hex $hex: $(cat "$dir.json")"
echo "ok: a name of 63 bytes FF shown whole (252 characters) in the table and in JSON"
