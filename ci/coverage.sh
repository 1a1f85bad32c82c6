#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# coverage.sh -- clang source-based coverage of src/ from the tests
# (ctest -LE 'slow|exhaustive|valgrind|fuzz-smoke': the exhaustive tests
# walk every sequence up to 4 bytes, minutes under instrumentation, and add
# no line) plus every fuzz target run once over its seed corpus.
#
#   ci/coverage.sh
#
# Prints llvm-cov's report for src/ (lines, branches, functions, regions),
# then every unreached line and every branch direction never taken, per
# file. Environment: FUZZ_BUILD_DIR (build in $FUZZ_BUILD_DIR/coverage),
# JOBS (2), LLVM_SUFFIX (-14). Writes coverage.lcov and report.txt in the
# build directory. Duration on 2 cores: ~2-3 min.
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
    -DBUILD_TESTING=ON >"$B.configure.log" 2>&1 || {
    cat "$B.configure.log" >&2
    exit 2
}
cmake --build "$B" -j "$JOBS" >"$B.build.log" 2>&1 || { tail -40 "$B.build.log" >&2; exit 2; }

rm -rf "$B/prof"
mkdir -p "$B/prof"
LLVM_PROFILE_FILE="$B/prof/%m-%p.profraw"
export LLVM_PROFILE_FILE
echo "coverage: tests (ctest -LE 'slow|exhaustive|valgrind|fuzz-smoke')"
(cd "$B" && ctest -LE 'slow|exhaustive|valgrind|fuzz-smoke' -j "$JOBS" --timeout 600 >"$B/ctest.log" 2>&1) ||
    echo "coverage: WARNING: some tests failed (see $B/ctest.log):" \
        "$(grep -E 'tests passed|tests failed' "$B/ctest.log")"
grep -E 'tests passed' "$B/ctest.log" || true
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
echo
echo "Unreached lines (L<line>) and branch directions never taken (B<line>:<column>), src/:"
# llvm-cov show lists a function once per binary holding a copy of it: a
# branch direction counts as taken when any copy took it. Line counts in
# the main column are already summed over the copies.
# shellcheck disable=SC2086
"$COV" show -show-branches=count -instr-profile "$B/merged.profdata" "$first" $rest \
    "$ROOT/src" 2>/dev/null >"$B/show.txt"
awk -v root="$ROOT/" '
    /^\/.*:$/ { file = substr($0, 1, length($0) - 1); sub(root, "", file); next }
    /^ *[0-9]+\| *0\|/ { split($0, a, "|"); n = a[1] + 0
                          if (!((file, n) in seen)) { seen[file, n] = 1; miss[file] = miss[file] " L" n } }
    /Branch \(/ { match($0, /\([0-9]+:[0-9]+\)/); at = substr($0, RSTART + 1, RLENGTH - 2)
                  t = $0; sub(/.*True: /, "", t); sub(/,.*/, "", t)
                  f = $0; sub(/.*False: /, "", f); sub(/\].*/, "", f)
                  k = file SUBSEP at; br[k] = 1
                  if (t != "0") tk[k] = 1
                  if (f != "0") fk[k] = 1 }
    END {
        for (k in br) { split(k, p, SUBSEP)
            if (!(k in tk)) miss[p[1]] = miss[p[1]] " B" p[2] ":never-true"
            if (!(k in fk)) miss[p[1]] = miss[p[1]] " B" p[2] ":never-false" }
        for (f in miss) print "  " f ":" miss[f]
    }' "$B/show.txt" | sort
