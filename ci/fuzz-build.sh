#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# fuzz-build.sh -- build every fuzz target, for libFuzzer and for AFL++.
#
#   ci/fuzz-build.sh [libfuzzer|afl|all]      (default: all)
#
# Environment: FUZZ_BUILD_DIR (default <repo>/build-fuzz), JOBS (default 2),
# FUZZ_AFL_CC (afl-clang-lto by default; afl-clang-fast compiles each object
# once and links plainly, where LTO mode re-optimizes the whole library at
# each target's link: CI's short smoke campaign uses it).
# Results:
#   $FUZZ_BUILD_DIR/libfuzzer/fuzz/<target>   clang -fsanitize=fuzzer,address,undefined
#                                             (libu8guard: fuzzer-no-link,address,undefined)
#   $FUZZ_BUILD_DIR/afl/fuzz/<target>         afl-clang-lto (or afl-clang-fast when LTO
#                                             mode does not work), ASan+UBSan, AFL++'s
#                                             libFuzzer-compatible driver (-fsanitize=fuzzer)
#   $FUZZ_BUILD_DIR/<kind>/fuzz/targets.txt   the list of targets built
# The differential targets (fuzz_diff_icu, fuzz_diff_iconv) are built when
# the oracle adapters (oracle/CMakeLists.txt, target u8guard_oracles) exist.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
JOBS=${JOBS:-2}
WHAT=${1:-all}

# configure DIR CC [cmake args...]; then build only the fuzz targets.
build() {
    dir=$1 cc=$2
    shift 2
    CC=$cc cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DU8GUARD_FUZZ=ON -DU8GUARD_SANITIZE=address,undefined \
        -DU8GUARD_BUILD_CLI=OFF -DBUILD_TESTING=ON "$@" >"$dir.configure.log" 2>&1 || {
        cat "$dir.configure.log" >&2
        return 1
    }
    targets=$(cat "$dir/fuzz/targets.txt")
    # shellcheck disable=SC2086 # one word per target
    cmake --build "$dir" -j "$JOBS" --target $targets
    echo "fuzz-build: built in $dir/fuzz:" $targets
}

mkdir -p "$OUT"
case $WHAT in libfuzzer|all)
    build "$OUT/libfuzzer" clang ;;
esac
case $WHAT in afl|all)
    command -v afl-clang-fast >/dev/null || {
        echo "fuzz-build: afl-clang-fast not found (apt-get install afl++)" >&2
        exit 1
    }
    # AFL++ instruments every object itself; -fsanitize=fuzzer makes
    # afl-cc link its libAFLDriver (main() that runs LLVMFuzzerTestOneInput
    # in persistent mode).
    export AFL_QUIET=1
    # Files AFL++ miscompiles when it instruments them (each with the why).
    export AFL_LLVM_DENYLIST="$ROOT/fuzz/afl-denylist.txt"
    if [ "${FUZZ_AFL_CC:-afl-clang-lto}" = afl-clang-fast ]; then
        build "$OUT/afl" afl-clang-fast -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF
    elif ! build "$OUT/afl" afl-clang-lto -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF 2>"$OUT/afl-lto.err"; then
        echo "fuzz-build: afl-clang-lto failed (see $OUT/afl-lto.err), using afl-clang-fast" >&2
        rm -rf "$OUT/afl"
        build "$OUT/afl" afl-clang-fast -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF
    fi ;;
esac
case $WHAT in libfuzzer|afl|all) ;;
*) echo "usage: $0 [libfuzzer|afl|all]" >&2; exit 2 ;;
esac
