#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# record_replay.sh U8GUARD PLUGIN WORKDIR -- `u8guard audit --record DIR`
# keeps each minimal example (DIR/<sha256>.bin and a manifest line), does
# not record it twice, and `--replay DIR` passes while the decoder still
# says the same. (The manifest's format, and a replay that catches a
# changed answer, are tested with record.c, in tests/regress.)
set -u
u8guard=$1 plugin=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot create $dir"

"$u8guard" audit --no-builtin --plugin "$plugin" --cases 200 --timeout-ms 10000 --record "$dir" >"$dir.out"
[ $? -eq 1 ] || fail "--record: exit status not 1 (the plugin accepts overlongs)"
grep -F '"hex": "c080"' "$dir/manifest.jsonl" | grep -qF '"decoder": "proof-overlong2"' ||
    fail "manifest.jsonl lacks the minimal example c080: $(cat "$dir/manifest.jsonl")"
# The example is stored under the SHA-256 of its bytes, C0 80.
sha=$(printf '\300\200' | sha256sum | cut -d' ' -f1)
[ -f "$dir/$sha.bin" ] || fail "$dir/$sha.bin missing"
printf '\300\200' | cmp -s "$dir/$sha.bin" - || fail "$sha.bin does not hold C0 80"
grep -qF "\"sha256\": \"$sha\"" "$dir/manifest.jsonl" || fail "manifest lacks sha256 $sha"
lines=$(wc -l <"$dir/manifest.jsonl")

"$u8guard" audit --no-builtin --plugin "$plugin" --cases 200 --timeout-ms 10000 --record "$dir" >/dev/null
[ "$(wc -l <"$dir/manifest.jsonl")" -eq "$lines" ] || fail "a second --record added entries"

"$u8guard" audit --replay "$dir" --no-builtin --plugin "$plugin" >"$dir.replay" ||
    fail "--replay of an unchanged record failed: $(cat "$dir.replay")"
grep -qF "$lines entries" "$dir.replay" && grep -qF " 0 changed" "$dir.replay" || fail "replay summary: $(cat "$dir.replay")"

echo "ok: recorded $lines minimal examples once each; and the replay passes"
