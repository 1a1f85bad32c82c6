#!/usr/bin/env bash
# ci/test.sh -- the test command: installs what is missing, builds u8guard
# twice (RelWithDebInfo, and AddressSanitizer + UndefinedBehaviorSanitizer),
# runs every ctest family in both, then the fuzzing, cross-architecture and
# checking stages. Each stage's result and time is printed; the last line
# counts the stages passed and failed. `.ci/run` calls this script.
#
#   bash ci/test.sh            everything CI runs
#   bash ci/test.sh --quick    the two ctest builds only
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
JOBS=$(nproc 2>/dev/null || echo 2)

passed=0
failed=0
failures=()
stage() { # stage NAME COMMAND...: runs COMMAND, records and prints the outcome
  local name=$1 t0 rc
  shift
  echo
  echo "==== stage: $name"
  t0=$(date +%s)
  "$@"
  rc=$?
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1))
    echo "==== stage $name: passed ($(($(date +%s) - t0)) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "==== stage $name: FAILED with status $rc ($(($(date +%s) - t0)) s)"
  fi
}

build_and_test() { # build_and_test DIR CTEST_EXCLUDE CMAKE_ARGS...
  local dir=$1 exclude=$2
  shift 2
  cmake -S "$ROOT" -B "$dir" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >"$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; return 1; }
  grep -E '^-- (u8guard|oracle|Skipping|ICU|iconv)' "$dir.configure.log" || true
  cmake --build "$dir" -j"$JOBS" >"$dir.build.log" 2>&1 || { tail -n 60 "$dir.build.log"; return 1; }
  (cd "$dir" && ctest --output-on-failure -j"$JOBS" -LE "$exclude")
}

mkdir -p "$ROOT/build"
stage deps bash ci/deps.sh || exit 1
[ $failed -eq 0 ] || { echo "deps failed"; exit 1; }

stage ctest-relwithdebinfo build_and_test "$ROOT/build/ci-default" 'slow' \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
stage ctest-asan-ubsan build_and_test "$ROOT/build/ci-asan" 'slow|valgrind|install' \
  -DCMAKE_BUILD_TYPE=Debug -DU8GUARD_SANITIZE=address,undefined

if [ $QUICK -eq 0 ]; then
  for script in ci/fuzz-ci.sh ci/fuzz-planted.sh ci/oss-fuzz-sim.sh ci/neon-qemu.sh \
                ci/msan-valgrind.sh ci/lint.sh ci/check-hardening.sh; do
    if [ -f "$script" ]; then
      stage "$(basename "$script" .sh)" bash "$script"
    fi
  done
fi

echo
echo "==== summary"
for f in "${failures[@]+"${failures[@]}"}"; do echo "failed stage: $f"; done
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
