#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/msan-valgrind.sh -- two checks of memory use that ASan/UBSan (the
# ci/test.sh sanitizer build) do not make:
#
#   1. MemorySanitizer: clang -fsanitize=memory
#      -fsanitize-memory-track-origins=2 build of the library, tests/lib,
#      tests/kernels and tests/hardening (no ICU or iconv: MSan needs every
#      byte of code instrumented, and the system libraries are not), then
#      their ctests (labels unit, kernels, hardening; not slow), except
#      that the guard-page test runs per implementation with MAX_LEN 96
#      and the stream test (tests/lib, every split point: ~500 s under
#      MSan) is left to the native and ASan builds. A read of an
#      uninitialized byte anywhere is an error.
#   2. valgrind memcheck over the unit and hardening test programs of a
#      normal (gcc, RelWithDebInfo) build: invalid reads/writes, uses of
#      uninitialized values and leaks, --error-exitcode=99. The guard-page
#      test runs per implementation with MAX_LEN 64 (valgrind is ~30x
#      slower; the full lengths run natively in ctest).
#
# The guard-page runs and the valgrind runs go two at a time (JOBS), each
# job's result printed in order once all have ended.
#
# Usage: ci/msan-valgrind.sh [msan|valgrind]...   (default: both)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
JOBS=2
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(msan valgrind)
failed=()
IMPLS=(scalar word sse42 avx2 avx512 neon)

build() { # build DIR CMAKE_ARGS...: configure and build the library and tests
  local dir=$1
  shift
  mkdir -p "$dir"
  cmake -S "$ROOT" -B "$dir" -DU8GUARD_ORACLES=OFF -DU8GUARD_BUILD_CLI=OFF "$@" \
    >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; return 1; }
  cmake --build "$dir" -j"$JOBS" >"$dir/build.log" 2>&1 ||
    { echo "build failed:"; tail -n 40 "$dir/build.log"; return 1; }
}

# The slow checks run as jobs, JOBS at a time (each program is single-
# threaded, and under valgrind the unit tests alone took 4 CPU minutes),
# and are reported in the order they were queued once all have ended.
# job_add NAME REPORT COMMAND...: queues COMMAND (its output to
# $JOBDIR/NAME.log); REPORT is how its result reads in the report.
# jobs_run: runs the queue, prints each job's result, returns 1 if any failed.
JOBDIR=""
queue=()
job_add() {
  queue+=("$1|$2")
  local name=$1
  shift 2
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  ("$@" >"$JOBDIR/$name.log" 2>&1; echo $? >"$JOBDIR/$name.rc") &
}

jobs_run() {
  local item name what r rc=0
  wait
  for item in "${queue[@]}"; do
    name=${item%%|*}
    what=${item#*|}
    r=$(cat "$JOBDIR/$name.rc")
    case $r in
      0) echo "  $what: passed" ;;
      77) echo "  $what: skipped (not supported here)" ;;
      *) echo "  $what: FAILED (status $r)"; tail -n 30 "$JOBDIR/$name.log"; rc=1 ;;
    esac
  done
  queue=()
  return $rc
}

# guard_pages DIR MAX_LEN [WRAPPER...]: queues the guard-page test per implementation
guard_pages() {
  local dir=$1 max=$2 impl
  shift 2
  for impl in "${IMPLS[@]}"; do
    job_add "guard_$impl" "guard pages, $impl, lengths 0..$max" \
      "$@" "$dir/tests/hardening/test_guard_pages" --impl "$impl" "$max"
  done
}

run_msan() {
  local dir=$ROOT/build/msan cc
  cc=$(command -v clang-14 || command -v clang) || { echo "msan: clang not found"; return 1; }
  echo "msan: building with $cc -fsanitize=memory in $dir"
  build "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DU8GUARD_SANITIZE=memory -DCMAKE_C_FLAGS="-fsanitize-memory-track-origins=2" || return 1
  local rc=0
  (cd "$dir" && ctest --output-on-failure -j"$JOBS" -L 'unit|kernels|hardening' \
     -LE 'slow|valgrind|install' -E 'hardening_guard_pages') || rc=1
  JOBDIR=$dir
  guard_pages "$dir" 96
  jobs_run || rc=1
  return $rc
}

# memcheck's command line; status 99 means memcheck found errors.
VG=(valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
    --track-origins=yes -q)

run_valgrind() {
  local dir=$ROOT/build/valgrind t
  command -v valgrind >/dev/null || { echo "valgrind: not found"; return 1; }
  echo "valgrind: building RelWithDebInfo in $dir"
  build "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo || return 1
  JOBDIR=$dir
  # test_unit in two parts by implementation (U8GUARD_TEST_IMPLS), so
  # that both cores share its 4 minutes; scalar alone is about half.
  job_add vg_unit_a "valgrind: tests/lib/test_unit, scalar" \
    env U8GUARD_TEST_IMPLS=scalar "${VG[@]}" "$dir/tests/lib/test_unit"
  job_add vg_unit_b "valgrind: tests/lib/test_unit, the other implementations" \
    env U8GUARD_TEST_IMPLS=word,sse42,avx2,avx512,neon "${VG[@]}" "$dir/tests/lib/test_unit"
  for t in test_limits test_saturation test_windows test_stream_pending; do
    job_add "vg_$t" "valgrind: tests/hardening/$t" "${VG[@]}" "$dir/tests/hardening/$t"
  done
  # valgrind emulates a CPU without AVX-512: that implementation is skipped.
  guard_pages "$dir" 64 valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect -q
  jobs_run
}

for s in "${steps[@]}"; do
  case $s in
    msan) run_msan || failed+=(msan) ;;
    valgrind) run_valgrind || failed+=(valgrind) ;;
    *) echo "usage: $0 [msan|valgrind]..."; exit 2 ;;
  esac
done
if [ ${#failed[@]} -eq 0 ]; then
  echo "msan-valgrind: clean"
  exit 0
fi
echo "msan-valgrind: FAILED: ${failed[*]}"
exit 1
