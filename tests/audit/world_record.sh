#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# world_record.sh U8GUARD WORLD_DIR WORKDIR -- `audit --world --record DIR`
# with the test registry (tests/audit/world: exec decoders with a
# replacing mode) records what each decoder says in both modes: py-drop's
# strict answer and its replacement output (it drops C0: 0 code points,
# not null, which a record without the replacing mode would write), and
# py-badrepl's broken replacing mode as a fault ("bad result",
# plugin-fault), and py-lax's strict code points for C0 80 (U+0000) apart
# from its replacing mode's (U+FFFD U+FFFD), each in a room of its own,
# with its one-character version;
# `--replay DIR --world` then finds every entry unchanged.
set -u
u8guard=$1 world=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot create $dir"
m=$dir/manifest.jsonl

U8GUARD_WORLD_DIR=$world "$u8guard" audit --no-builtin --world --seconds 0 --timeout-ms 10000 \
    --record "$dir" >"$dir.out" 2>&1
[ $? -eq 1 ] || fail "--world --record: exit status not 1: $(cat "$dir.out")"
grep -F '"hex": "c0", "decoder": "py-drop"' "$m" |
    grep -F '"classification": "plugin-disagreement"' |
    grep -F '"why": "replacement output differs"' |
    grep -qF '"theirs": {"status": "ok", "signal": 0, "accepted": false, "err_offset": 0, "n_cps": 0, "cps": "", "n_repl": 0, "repl": ""}' ||
    fail "py-drop's C0 entry: $(grep -F '"decoder": "py-drop"' "$m")"
grep -F '"hex": "c0", "decoder": "py-badrepl"' "$m" | grep -F '"classification": "plugin-fault"' |
    grep -F '"why": "bad result"' | grep -qF '"theirs": {"status": "failed", "signal": 0}' ||
    fail "py-badrepl's C0 entry: $(grep -F '"decoder": "py-badrepl"' "$m")"
grep -F '"hex": "c080", "decoder": "py-lax"' "$m" | grep -F '"why": "accepts ill-formed input"' |
    grep -qF '"theirs": {"status": "ok", "signal": 0, "accepted": true, "err_offset": null, "n_cps": 1, "cps": "U+0000", "n_repl": 2, "repl": "U+FFFD U+FFFD"}' ||
    fail "py-lax's C0 80 entry: $(grep -F '"decoder": "py-lax"' "$m")"
# py-lax's version is one character long, and recorded as it is.
grep -F '"hex": "c080", "decoder": "py-lax"' "$m" | grep -qF '"version": "7"' ||
    fail "py-lax's version: $(grep -F '"decoder": "py-lax"' "$m")"
n=$(wc -l <"$m")
U8GUARD_WORLD_DIR=$world "$u8guard" audit --replay "$dir" --no-builtin --world \
    --timeout-ms 10000 >"$dir.replay" 2>&1 || fail "--replay --world: $(cat "$dir.replay")"
grep -qF "$n entries, 0 changed, $n replayed, 0 not replayed" "$dir.replay" ||
    fail "replay summary: $(cat "$dir.replay")"
echo "ok: $n entries recorded with both modes' answers, replayed unchanged"
