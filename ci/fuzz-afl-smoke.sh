#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-afl-smoke.sh -- the AFL++ side in CI: build every target with
# afl-clang-fast (ci/fuzz-build.sh afl, FUZZ_AFL_CC) and run a short
# parallel campaign (fuzz/afl-campaign.sh) on each, in a temporary output
# directory. Fails when a build fails, an afl-fuzz instance cannot start,
# or a crash is found.
#
#   ci/fuzz-afl-smoke.sh [TARGET...]
#
# Environment: AFL_SECONDS per target (default 10), AFL_JOBS instances
# (default 2), FUZZ_BUILD_DIR (see ci/fuzz-build.sh).
# Duration on 2 cores: ~40 s build + (AFL_SECONDS + ~3 s) per target.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECS=${AFL_SECONDS:-10}
AFL_JOBS=${AFL_JOBS:-2}
export AFL_JOBS

# afl-clang-fast: the LTO build of the eight targets took 7 min of this
# stage's 9.5 on the 2-core Zen 3 machine, the afl-clang-fast one 40 s
# (both measured 2026-11-27, machine otherwise idle), for 10 s campaigns whose
# job is to show the harnesses build and run under AFL++;
# ci/fuzz-campaign.sh's long runs keep LTO mode.
FUZZ_AFL_CC=${FUZZ_AFL_CC:-afl-clang-fast} "$ROOT/ci/fuzz-build.sh" afl >"$OUT.afl-build.log" 2>&1 || {
    tail -40 "$OUT.afl-build.log" >&2
    echo "fuzz-afl-smoke: AFL++ build failed" >&2
    exit 2
}
if [ $# -gt 0 ]; then targets="$*"; else targets=$(cat "$OUT/afl/fuzz/targets.txt"); fi
# Not under /tmp: afl-cmin refuses it, and a campaign may be inspected later.
AFL_OUT_ROOT=$OUT/afl-smoke
export AFL_OUT_ROOT
rm -rf "$AFL_OUT_ROOT"
failed=""
for t in $targets; do
    if "$ROOT/fuzz/afl-campaign.sh" "$t" "$SECS" >"$OUT/afl-smoke.$t.log" 2>&1; then
        echo "fuzz-afl-smoke: $t ok: $(grep '^afl-campaign: execs=' "$OUT/afl-smoke.$t.log")"
    else
        failed="$failed $t"
        cat "$OUT/afl-smoke.$t.log"
        echo "fuzz-afl-smoke: $t FAILED"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz-afl-smoke: FAILED:$failed"
    exit 1
fi
echo "fuzz-afl-smoke: every target ran ${SECS}s under AFL++ without a crash"
