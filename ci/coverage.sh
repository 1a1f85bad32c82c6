#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# coverage.sh -- the coverage gate of the library: clang source-based
# coverage of src/ from the library's tests (ctest without the labels slow,
# exhaustive, valgrind, fuzz-smoke and install: the exhaustive tests walk
# every sequence up to 4 bytes, minutes under instrumentation, and add no
# line) plus every fuzz target run once over its seed corpus, then
# ci/coverage-gate.py.
#
#   ci/coverage.sh
#
# The build is the library, its tests and the fuzz targets only (no
# command, no oracles: the library's coverage must come from its own
# tests). Prints llvm-cov's report for src/, the figures per group
# (portable code, each kernel) against the minimums stated in
# ci/coverage-exemptions.txt, and every line or branch direction never
# reached. Fails (exit 1) when a test fails, when src/ outside the kernels
# misses a line or a branch direction not named and justified in
# ci/coverage-exemptions.txt, when an exemption is stale, or when a group
# is below its stated minimum. The NEON kernel is not compiled on x86-64:
# ci/neon-qemu.sh tests it under qemu. Environment: FUZZ_BUILD_DIR (build
# in $FUZZ_BUILD_DIR/coverage), JOBS (2), LLVM_SUFFIX (-14). Writes
# coverage.lcov, report.txt and show.txt in the build directory.
# Duration on 2 cores: 12 min wall at load 15-17 (3.4 min of CPU: user 2m46, sys 0m38), so ~3-4 min idle.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}/coverage
JOBS=${JOBS:-2}
SFX=${LLVM_SUFFIX:--14}
PROFDATA=$(command -v "llvm-profdata$SFX" || command -v llvm-profdata)
COV=$(command -v "llvm-cov$SFX" || command -v llvm-cov)
FLAGS="-fprofile-instr-generate -fcoverage-mapping"

mkdir -p "$B"
# No sanitizer and no fuzzer-no-link: the harnesses link libFuzzer only
# for its driver (-runs=0 over the seeds).
CC=clang cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$FLAGS" -DCMAKE_EXE_LINKER_FLAGS="$FLAGS" \
    -DCMAKE_SHARED_LINKER_FLAGS="$FLAGS" -DU8GUARD_SANITIZE= \
    -DU8GUARD_FUZZ=ON -DU8GUARD_FUZZ_INSTRUMENT_LIB=OFF \
    -DU8GUARD_FUZZ_ENGINE=-fsanitize=fuzzer -DU8GUARD_WERROR=OFF \
    -DU8GUARD_BUILD_CLI=OFF -DU8GUARD_ORACLES=OFF -DU8GUARD_BENCH=OFF \
    -DBUILD_TESTING=ON >"$B.configure.log" 2>&1 || {
    cat "$B.configure.log" >&2
    exit 2
}
cmake --build "$B" -j "$JOBS" >"$B.build.log" 2>&1 || { tail -40 "$B.build.log" >&2; exit 2; }

rm -rf "$B/prof"
mkdir -p "$B/prof"
LLVM_PROFILE_FILE="$B/prof/%m-%p.profraw"
export LLVM_PROFILE_FILE
EXCLUDE='slow|exhaustive|valgrind|fuzz-smoke|install'
echo "coverage: tests (ctest -LE '$EXCLUDE')"
(cd "$B" && ctest -LE "$EXCLUDE" -j "$JOBS" --timeout 600 >"$B/ctest.log" 2>&1) || {
    grep -E 'tests passed|Failed|\*\*\*' "$B/ctest.log"
    echo "coverage: FAILED: a test failed (see $B/ctest.log)" >&2
    exit 1
}
grep -E 'tests passed' "$B/ctest.log"
for t in $(cat "$B/fuzz/targets.txt"); do
    # -runs=0 executes every seed once; the seeds dir is not written.
    "$B/fuzz/$t" -runs=0 "$ROOT/corpus/seeds/$t" >"$B/prof/$t.log" 2>&1 ||
        { tail -5 "$B/prof/$t.log"; echo "coverage: $t failed on its seeds" >&2; exit 1; }
    echo "coverage: $t over $(ls "$ROOT/corpus/seeds/$t" | wc -l) seeds"
done
"$PROFDATA" merge -sparse "$B"/prof/*.profraw -o "$B/merged.profdata"

# Every instrumented ELF file: executables and libu8guard.so.
objs=""
for f in $(find "$B" -path "$B/CMakeFiles" -prune -o -type f \( -perm -u+x -o -name '*.so*' \) -print); do
    case $f in */CMakeFiles/*) continue ;; esac
    if head -c4 "$f" | grep -q ELF && "$COV" report -instr-profile "$B/merged.profdata" "$f" >/dev/null 2>&1; then
        objs="$objs -object $f"
    fi
done
first=$(echo "$objs" | awk '{print $2}')
rest=$(echo "$objs" | cut -d' ' -f4-)
# shellcheck disable=SC2086 # one word per -object argument
"$COV" report -instr-profile "$B/merged.profdata" "$first" $rest "$ROOT/src" | tee "$B/report.txt"
# shellcheck disable=SC2086
"$COV" export -format=lcov -instr-profile "$B/merged.profdata" "$first" $rest "$ROOT/src" >"$B/coverage.lcov"
# llvm-cov show lists a function once per binary holding a copy of it:
# coverage-gate.py counts a branch direction as taken when any copy took
# it. Line counts in the main column are already summed over the copies.
# shellcheck disable=SC2086
"$COV" show -show-branches=count -instr-profile "$B/merged.profdata" "$first" $rest \
    "$ROOT/src" 2>/dev/null >"$B/show.txt"
echo
python3 "$ROOT/ci/coverage-gate.py" "$ROOT" "$B/show.txt" "$ROOT/ci/coverage-exemptions.txt"
