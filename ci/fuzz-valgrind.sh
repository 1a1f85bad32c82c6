#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-valgrind.sh -- the harnesses and libu8guard under valgrind memcheck:
# a build without sanitizers or coverage instrumentation (libFuzzer only as
# the driver, DWARF 4 because Debian 12's valgrind cannot read clang 14's
# DWARF 5), each target run once over its seeds (every SEED_STRIDE-th
# file, default 1 = all) with --error-exitcode.
#
#   ci/fuzz-valgrind.sh [TARGET...]    (default: the targets without ICU/iconv)
#
# Environment: FUZZ_BUILD_DIR (build in $FUZZ_BUILD_DIR/valgrind), JOBS (2),
# SEED_STRIDE. Exit status 0 when memcheck is clean, 1 otherwise.
# Duration on 2 cores: ~30 s build + ~1-2 min with every seed.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}/valgrind
JOBS=${JOBS:-2}
STRIDE=${SEED_STRIDE:-1}
TARGETS=${*:-fuzz_validate fuzz_errors_sanitize fuzz_decode fuzz_stream fuzz_roundtrip}
command -v valgrind >/dev/null || { echo "fuzz-valgrind: valgrind not found (apt-get install valgrind)" >&2; exit 2; }

CC=clang cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS=-gdwarf-4 \
    -DU8GUARD_SANITIZE= -DU8GUARD_FUZZ=ON -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF \
    -DU8GUARD_ORACLES=OFF -DU8GUARD_BUILD_CLI=OFF -DBUILD_TESTING=OFF >"$B.configure.log" 2>&1 || {
    cat "$B.configure.log" >&2
    exit 2
}
# shellcheck disable=SC2086 # one word per target
cmake --build "$B" -j "$JOBS" --target $TARGETS >"$B.build.log" 2>&1 || { tail -40 "$B.build.log" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-valgrind.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
failed=""
for t in $TARGETS; do
    mkdir -p "$WORK/$t"
    ls "$ROOT/corpus/seeds/$t" | awk -v s="$STRIDE" '(NR - 1) % s == 0' |
        while read -r f; do cp "$ROOT/corpus/seeds/$t/$f" "$WORK/$t/"; done
    if valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$B/fuzz/$t" -runs=0 "$WORK/$t" >"$WORK/$t.log" 2>&1; then
        echo "fuzz-valgrind: $t clean over $(ls "$WORK/$t" | wc -l) seeds"
    else
        failed="$failed $t"
        grep -E '^==[0-9]+==|U8GUARD-' "$WORK/$t.log" | head -40
        echo "fuzz-valgrind: $t FAILED"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz-valgrind: FAILED:$failed"
    exit 1
fi
echo "fuzz-valgrind: memcheck clean"
