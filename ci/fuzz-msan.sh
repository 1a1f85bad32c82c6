#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-msan.sh -- MemorySanitizer fuzzing: libu8guard built from source
# with -fsanitize=memory (origin tracking on), the fuzz targets that do not
# link ICU or iconv (MSan needs every byte of code instrumented, and the
# system's ICU is not), run over their seeds and then fuzzed briefly.
#
#   ci/fuzz-msan.sh [TARGET...]
#
# Environment: FUZZ_SECONDS per target (default 10), FUZZ_BUILD_DIR
# (default <repo>/build-fuzz; the build goes to $FUZZ_BUILD_DIR/msan), JOBS (2).
# Exit status 0 when clean, 1 on a finding, 2 on a setup error.
# Duration on 2 cores: ~30 s build + 5 x (seeds + FUZZ_SECONDS).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}/msan
SECS=${FUZZ_SECONDS:-10}
JOBS=${JOBS:-2}
TARGETS=${*:-fuzz_validate fuzz_errors_sanitize fuzz_decode fuzz_stream fuzz_roundtrip}

mkdir -p "$OUT"
CC=clang cmake -S "$ROOT" -B "$OUT" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="-fsanitize-memory-track-origins=2" \
    -DU8GUARD_FUZZ=ON -DU8GUARD_SANITIZE=memory -DU8GUARD_ORACLES=OFF \
    -DU8GUARD_BUILD_CLI=OFF -DBUILD_TESTING=OFF >"$OUT.configure.log" 2>&1 || {
    cat "$OUT.configure.log" >&2
    exit 2
}
# shellcheck disable=SC2086 # one word per target
cmake --build "$OUT" -j "$JOBS" --target $TARGETS >"$OUT.build.log" 2>&1 || {
    tail -40 "$OUT.build.log" >&2
    exit 2
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-msan.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
failed=""
for t in $TARGETS; do
    mkdir -p "$WORK/$t/corpus"
    cp -R "$ROOT/corpus/seeds/$t/." "$WORK/$t/corpus/"
    if "$OUT/fuzz/$t" -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 \
        -dict="$ROOT/fuzz/u8guard.dict" -print_final_stats=1 \
        -artifact_prefix="$WORK/$t/" "$WORK/$t/corpus" >"$WORK/$t/log" 2>&1; then
        echo "fuzz-msan: $t ok ($(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/$t/log") runs)"
    else
        failed="$failed $t"
        echo "fuzz-msan: $t FAILED"
        grep -E '^(U8GUARD-|==[0-9]+==|SUMMARY|    #[0-9])' "$WORK/$t/log" | head -40
        for a in "$WORK/$t"/crash-* "$WORK/$t"/timeout-* "$WORK/$t"/oom-*; do
            [ -f "$a" ] && echo "reproducer hex: $(od -An -v -tx1 "$a" | tr -d ' \n')"
        done
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz-msan: FAILED:$failed"
    exit 1
fi
echo "fuzz-msan: clean"
