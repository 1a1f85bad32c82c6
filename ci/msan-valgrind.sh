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

# guard_pages DIR MAX_LEN [WRAPPER...]: the guard-page test per implementation
guard_pages() {
  local dir=$1 max=$2 impl rc=0 r
  shift 2
  for impl in "${IMPLS[@]}"; do
    "$@" "$dir/tests/hardening/test_guard_pages" --impl "$impl" "$max" >"$dir/guard_$impl.log" 2>&1
    r=$?
    case $r in
      0) echo "  guard pages, $impl, lengths 0..$max: passed" ;;
      77) echo "  guard pages, $impl: skipped (not supported here)" ;;
      *) echo "  guard pages, $impl: FAILED (status $r)"; tail -n 30 "$dir/guard_$impl.log"; rc=1 ;;
    esac
  done
  return $rc
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
  guard_pages "$dir" 96 || rc=1
  return $rc
}

# vg PROGRAM ARGS...: one program under memcheck; 99 means memcheck errors.
vg() {
  local rc
  valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --track-origins=yes -q "$@" >/dev/null
  rc=$?
  case $rc in
    0) echo "valgrind: clean: ${*#"$ROOT"/}" ;;
    77) echo "valgrind: skipped (not supported here): ${*#"$ROOT"/}"; rc=0 ;;
    *) echo "valgrind: FAILED (status $rc): ${*#"$ROOT"/}" ;;
  esac
  return $rc
}

run_valgrind() {
  local dir=$ROOT/build/valgrind rc=0 impl
  command -v valgrind >/dev/null || { echo "valgrind: not found"; return 1; }
  echo "valgrind: building RelWithDebInfo in $dir"
  build "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo || return 1
  vg "$dir/tests/lib/test_unit" || rc=1
  vg "$dir/tests/hardening/test_limits" || rc=1
  vg "$dir/tests/hardening/test_saturation" || rc=1
  vg "$dir/tests/hardening/test_windows" || rc=1
  vg "$dir/tests/hardening/test_stream_pending" || rc=1
  # valgrind emulates a CPU without AVX-512: that implementation is skipped.
  guard_pages "$dir" 64 valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect -q || rc=1
  return $rc
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
