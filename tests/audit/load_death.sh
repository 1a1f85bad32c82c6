#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# load_death.sh U8GUARD PLUGIN WORKDIR -- a plugin whose sandbox child
# dies while loading it (plugin_misbehave.c, LOAD_DEATH) is refused with
# exit status 2, and the message names its path whole: here a path of
# about 1000 bytes (the runner's messages once went through a 512-byte
# room, which cut this one).
set -u
u8guard=$1 plugin=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
long=$dir
for k in 1 2 3 4 5; do
    long=$long/$(printf 'd%.0s' $(seq 1 190))
done
rm -rf "$dir" && mkdir -p "$long" && cp "$plugin" "$long/p.so" || fail "cannot set up $long"
"$u8guard" audit --no-builtin --plugin "$long/p.so" --seconds 0 >"$dir.out" 2>"$dir.err"
rc=$?
[ $rc -eq 2 ] || fail "exit status $rc, not 2: $(cat "$dir.err")"
[ ! -s "$dir.out" ] || fail "something on standard output: $(cat "$dir.out")"
printf 'u8guard audit: --plugin %s: %s: the sandbox child died while loading it\n' \
    "$long/p.so" "$long/p.so" | cmp -s - "$dir.err" ||
    fail "the message is not the whole one: $(cat "$dir.err")"
echo "ok: a plugin that dies while loading, at a path of ${#long} bytes, is named whole"
