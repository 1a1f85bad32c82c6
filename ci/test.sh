#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/test.sh -- the test command: installs what is missing, builds u8guard
# twice (RelWithDebInfo, and AddressSanitizer + UndefinedBehaviorSanitizer),
# runs every ctest family in both, then the fuzzing, cross-architecture and
# checking stages. Each stage's result and time is printed; the last line
# counts the stages passed and failed. `.ci/run` calls this script.
#
#   bash ci/test.sh            everything CI runs
#   bash ci/test.sh --quick    the two ctest builds only (~3 min)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
JOBS=$(nproc 2>/dev/null || echo 2)

passed=0
failed=0
failures=()
cpu_mark() { # cpu_mark FILE: this shell's children's CPU times, as `times` prints them
  # `times` must run in this shell, not in a $(...) subshell, whose own
  # children are none; its second line is "XmY.YYYs XmY.YYYs" (user, system).
  times >"$1"
}
cpu_between() { # cpu_between FILE1 FILE2: CPU seconds spent between two marks
  awk 'FNR == 2 { for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n[FILENAME] += a[1] * 60 + a[2] } }
       END { printf "%d", n[ARGV[2]] - n[ARGV[1]] }' "$1" "$2"
}

stage() { # stage NAME COMMAND...: runs COMMAND, records and prints the outcome
  # Wall and CPU time are both printed: a stage whose CPU time is near its
  # wall time uses one of the two cores, and could share the machine.
  local name=$1 t0 rc took
  shift
  echo
  echo "==== stage: $name"
  t0=$(date +%s)
  cpu_mark "$ROOT/build/.ci-cpu-$name.0"
  "$@"
  rc=$?
  cpu_mark "$ROOT/build/.ci-cpu-$name.1"
  took="$(($(date +%s) - t0)) s, CPU $(cpu_between "$ROOT/build/.ci-cpu-$name.0" "$ROOT/build/.ci-cpu-$name.1") s"
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1))
    echo "==== stage $name: passed ($took)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "==== stage $name: FAILED with status $rc ($took)"
  fi
}

# A stage that uses about one core (its CPU time near its wall time) can
# run beside others that do the same: stage_start runs it in the
# background with its output kept aside, stage_finish waits for it, prints
# that output and counts its result. Only `prove` runs so (its WP runs are
# mostly single-threaded), beside the one-core stages listed with it below.
bg_pid=
bg_name=
stage_start() { # stage_start NAME COMMAND...: stage NAME COMMAND... in the background
  bg_name=$1
  echo
  echo "==== stage $bg_name: started in the background (its output follows its end)"
  ( passed=0 failed=0 failures=(); stage "$@"; [ $failed -eq 0 ] ) \
    >"$ROOT/build/.ci-bg-$bg_name.log" 2>&1 &
  bg_pid=$!
}
stage_finish() { # stage_finish: waits for stage_start's stage, prints its output, counts it
  local rc=0
  wait "$bg_pid" || rc=$?
  cat "$ROOT/build/.ci-bg-$bg_name.log"
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$bg_name")
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

# ci-elsewhere: tests a later stage runs in the same form (valgrind_unit is
# ci/msan-valgrind.sh's valgrind step).
stage ctest-relwithdebinfo build_and_test "$ROOT/build/ci-default" 'slow|ci-elsewhere' \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
# Debug (assertions on) at -O1, as OSS-Fuzz builds its sanitizer targets: the
# instrumentation is the same as at -O0, and the tests run 2.5-5 times
# faster (exhaustive_short 302 -> 119 s, unit 130 -> 24 s, stream 127 -> 20 s
# on the 2-core Zen 3 machine at load 5-7, 2026-11-27).
stage ctest-asan-ubsan build_and_test "$ROOT/build/ci-asan" 'slow|valgrind|install' \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DU8GUARD_SANITIZE=address,undefined

# Every stage is listed here by name: a script that is missing fails its
# stage instead of being skipped. Durations are from a 2-core machine.
if [ $QUICK -eq 0 ]; then
  stage fuzz-ci           env FUZZ_SECONDS=10 bash ci/fuzz-ci.sh  # libFuzzer, 10 s per target, two at a time (~1.5 min; ci/fuzz-campaign.sh goes deep)
  stage fuzz-planted      bash ci/fuzz-planted.sh       # the fuzzers find planted bugs (~30 s)
  stage coverage          bash ci/coverage.sh           # gate: src/ at 100 % lines/branches but the named exemptions (ci/coverage-exemptions.txt), kernels at their stated minimum (~3-4 min idle; 12 min at load 16)
  stage neon-qemu         bash ci/neon-qemu.sh          # AArch64 NEON kernel under qemu (~3.7 min on 2 cores, 2026-11-27)
  stage cross-s390x       bash ci/cross.sh s390x        # big-endian s390x under qemu (~1 min)
  stage cross-i686        bash ci/cross.sh i686         # 32-bit x86 under qemu (~1 min)
  stage msan-valgrind     bash ci/msan-valgrind.sh      # library tests under MSan and valgrind (~4.5 min; valgrind runs two at a time)
  stage lint              bash ci/lint.sh               # clang-tidy, cppcheck, scan-build (~1.5 min)
  stage mutate-planted    python3 ci/mutate.py --planted  # the tests catch planted memory-safety bugs (~30 s)
  stage mutate-sample     bash ci/mutate-sample.sh      # 20 random mutants of the whole tree, seed printed (MUTATE_SEED replays), 30 s cap each, fails above 2 unexplained survivors or 16 undecided (~6 min; tests/hardening/README.md)
  # prove uses about one core for 9-10 min (CPU 651 s in 571 s wall on 2
  # cores, 2026-11-27); the stages after it until stage_finish use about one
  # core each too (their CPU time near their wall time), so they share the
  # machine with it. Nothing in them edits the tree prove reads, and
  # mutate-sample, whose 30 s cap is wall time, has finished before.
  stage_start prove       bash ci/prove.sh              # Frama-C WP proofs, doc/proofs.md (1863 goals), then Eva 0..12 bytes: 571 s wall, 651 s CPU on 2 cores otherwise idle with 1841 goals (2026-11-27)
  stage fuzz-msan         bash ci/fuzz-msan.sh          # harnesses under MemorySanitizer (~1.5 min)
  stage fuzz-valgrind     bash ci/fuzz-valgrind.sh      # harnesses under valgrind (~30 s)
  stage fuzz-afl-smoke    env AFL_SECONDS=5 bash ci/fuzz-afl-smoke.sh  # AFL++ builds, and each target runs 5 s under two afl-fuzz instances: that they build and run (~1.7 min; ci/fuzz-campaign.sh goes deep)
  stage oss-fuzz-sim      bash ci/oss-fuzz-sim.sh       # OSS-Fuzz build.sh in a simulated image (~1 min)
  stage oss-fuzz-coverage env SANITIZER=coverage bash ci/oss-fuzz-sim.sh  # OSS-Fuzz's coverage build and report (~1 min)
  stage cross-mingw       bash ci/cross.sh mingw        # Windows DLL and tests under wine (~1 min)
  stage spdx              python3 ci/spdx.py            # an SPDX line in every source, script and build file (~1 s)
  stage abi-check         bash ci/abi-check.sh          # SONAME, symbol versions, abidiff against abi/ (~30 s; 66 s at load 20)
  stage deb               bash ci/deb.sh                # Debian packages: build, lintian, scratch-root install, check (~4 min idle; 16 min at load 20)
  stage check-hardening   bash ci/check-hardening.sh    # FORTIFY, stack protector, PIE, RELRO on the binaries
  stage audit-main-job    bash ci/audit.sh              # the README's first command, end to end (~1.5 min)
  stage python            bash ci/python-test.sh        # python/: install into a fresh venv, pytest (~2.5-4.5 min)
  stage world             bash ci/world.sh              # deps --world, build, the world audit against doc/FINDINGS.md (~9.5 min from scratch at load 16, 7.8 of it the build; 2 min when built)
  stage_finish
fi

echo
echo "==== summary"
for f in "${failures[@]+"${failures[@]}"}"; do echo "failed stage: $f"; done
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
