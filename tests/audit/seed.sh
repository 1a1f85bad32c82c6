#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# seed.sh U8GUARD PLUGIN... -- `u8guard audit --seed N --cases M` prints the
# same JSON twice (built-in oracles and the given plugins), and a different
# seed gives different generated inputs (so different counts).
set -u
u8guard=$1
shift
plugins=""
for p in "$@"; do plugins="$plugins --plugin $p"; done
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
run() { # seed output
    # shellcheck disable=SC2086
    "$u8guard" audit $plugins --seed "$1" --cases 400 --timeout-ms 10000 --json >"$2"
    rc=$?
    if [ "$rc" -ne 1 ]; then
        echo "FAIL: seed $1: exit status $rc, expected 1 (the plugins are faulty)"
        exit 1
    fi
}
run 12345 "$dir/a"
run 12345 "$dir/b"
run 54321 "$dir/c"
if ! cmp -s "$dir/a" "$dir/b"; then
    echo "FAIL: two runs with --seed 12345 differ:"
    diff "$dir/a" "$dir/b" | head -20
    exit 1
fi
grep -qF '"seed": 12345,' "$dir/a" || { echo "FAIL: the seed is not in the JSON"; exit 1; }
if cmp -s "$dir/a" "$dir/c"; then
    echo "FAIL: --seed 54321 printed the same JSON as --seed 12345"
    exit 1
fi
echo "ok: --seed 12345 twice: identical JSON ($(wc -l <"$dir/a") decoders); --seed 54321 differs"
