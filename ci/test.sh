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
cpu_of() { # cpu_of FILE: the CPU seconds (user + system) on the second line of `times`'s output
  [ -f "$1" ] || { printf '?'; return; }
  awk 'FNR == 2 { for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] } }
       END { printf "%d", n + 0.5 }' "$1"
}

stage() { # stage NAME COMMAND...: runs COMMAND, records and prints the outcome
  # Wall and CPU time are both printed: a stage whose CPU time is near its
  # wall time uses one of the two cores, and could share the machine.
  # COMMAND runs in a subshell that writes `times` when it is done: its
  # second line is the CPU time of that subshell's children alone. (This
  # shell's own children's times would also take in a background stage
  # that ended meanwhile, once reaped.)
  local name=$1 t0 rc took
  shift
  echo
  echo "==== stage: $name"
  t0=$(date +%s)
  rm -f "$ROOT/build/.ci-cpu-$name"
  ( "$@"; rc=$?; times >"$ROOT/build/.ci-cpu-$name"; exit $rc )
  rc=$?
  took="$(($(date +%s) - t0)) s, CPU $(cpu_of "$ROOT/build/.ci-cpu-$name") s"
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1))
    echo "==== stage $name: passed ($took)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "==== stage $name: FAILED with status $rc ($took)"
  fi
}

# Stages can run in the background: bg_start runs a function that calls
# `stage` (one stage or a lane of several, one after another) in a
# subshell, with its output kept aside; bg_finish waits for every one
# started, prints their output in the order they were started, and adds
# their counts and failures to this shell's.
bg_names=()
bg_pids=()
bg_start() { # bg_start NAME FUNCTION: runs FUNCTION (which calls stage) in the background
  local name=$1 fn=$2
  echo
  echo "==== $name: started in the background (its output follows when all have ended)"
  ( passed=0 failed=0 failures=()
    "$fn"
    echo "$passed $failed ${failures[*]+"${failures[*]}"}" >"$ROOT/build/.ci-bg-$name.counts" ) \
    >"$ROOT/build/.ci-bg-$name.log" 2>&1 &
  bg_names+=("$name")
  bg_pids+=($!)
}
bg_finish() { # bg_finish: waits for bg_start's functions, prints their output, counts their stages
  local i name p f names
  for i in "${!bg_pids[@]}"; do
    name=${bg_names[$i]}
    wait "${bg_pids[$i]}"
    echo
    echo "==== $name: its output"
    cat "$ROOT/build/.ci-bg-$name.log"
    if read -r p f names <"$ROOT/build/.ci-bg-$name.counts" 2>/dev/null; then
      passed=$((passed + p))
      failed=$((failed + f))
      # shellcheck disable=SC2206 # stage names are single words
      [ -z "$names" ] || failures+=($names)
    else
      failed=$((failed + 1))
      failures+=("$name (ended without counting its stages)")
    fi
  done
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
# Ninja for every build tree the stages configure (an existing tree keeps
# its generator): on this kind of machine, where starting a process costs
# several milliseconds of system time, make's recursive Makefiles spend a
# fifth of a build on bookkeeping processes (a RelWithDebInfo build: 75 s
# wall, 144 s CPU with make; 59 s, 116 s CPU with Ninja, 2026-11-28).
command -v ninja >/dev/null 2>&1 && export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
# Debian's python3 (ci/deps.sh installs it and the modules the tests use)
# for every stage, as on a fresh Debian 12 machine, also where another
# python3 comes first on PATH. On this kind of machine that other one is a
# pyenv shim: 0.34 s and 42 processes per start against 0.03 s and 2
# (`time python3 -c pass`, 2026-12-06), paid by each Python test and each
# Python decoder an audit starts; the RelWithDebInfo ctest took 360 s of
# CPU with Debian's and 412 s with the shim for the test scripts alone.
# And a fresh machine's jsonschema (4.10) is what the schema tests must
# pass with: run with pyenv's 4.26 only, CI missed that they did not.
first_python3=$(command -v python3 2>/dev/null || echo none)
if [ -x /usr/bin/python3 ] && [ "$first_python3" != /usr/bin/python3 ]; then
  mkdir -p "$ROOT/build/ci-bin"
  ln -sfn /usr/bin/python3 "$ROOT/build/ci-bin/python3"
  export PATH="$ROOT/build/ci-bin:$PATH"
  echo "ci: python3 is Debian's /usr/bin/python3 (first on PATH was $first_python3)"
fi

# prove (Frama-C) needs nothing built and reads only src/, include/ and
# ci/prove/, which no stage edits (those that plant bugs or mutants do it
# in copies). It uses 9-15 min of CPU, mostly one process at a time, so it
# starts first and runs beside the stages in front, on the CPU they leave
# idle (their CPU time is 1.6-1.9 times their wall time on 2 cores) and on
# a share of the rest, instead of adding its time at the end. Not at a low
# priority: the solvers' time limit is wall-clock time, and a starved run
# times out on goals it proves in seconds (checked: at nice 19 beside two
# busy loops, 60 of encode's 61 goals within a 2 s limit, all 61 alone).
# At nice 0 it has a third of the machine or more, and the limit is 120 s
# (60 s by default) so that a goal the solvers need 20 s for alone cannot
# time out on a busy machine. Its WP runs are over by the time
# mutate-sample (whose 30 s cap is wall time) starts.
prove_stage() {
  stage prove env PROVE_NICE=0 PROVE_TIMEOUT=120 bash ci/prove.sh  # Frama-C WP proofs, doc/proofs.md (3836 goals), two runs at a time, then Eva 0..12 bytes
}
# The stages below use about one core each (their CPU time near their
# wall time), so they run in two lanes side by side. Stages that share
# files stay in one lane: fuzz-msan, fuzz-valgrind and fuzz-afl-smoke
# build under build-fuzz/ (as fuzz-ci and fuzz-planted do, before them
# in the same foreground); deb, audit-main-job and world run dpkg or
# apt-get; check-hardening reads build/ci-default, which world rebuilds.
lane_a() {
  stage fuzz-msan         bash ci/fuzz-msan.sh          # harnesses under MemorySanitizer (~1.5 min)
  stage fuzz-valgrind     bash ci/fuzz-valgrind.sh      # harnesses under valgrind (~30 s)
  stage fuzz-afl-smoke    env AFL_SECONDS=5 bash ci/fuzz-afl-smoke.sh  # AFL++ builds, and each target runs 5 s under two afl-fuzz instances: that they build and run (~1.7 min; ci/fuzz-campaign.sh goes deep)
}
lane_b() {
  stage oss-fuzz-sim      bash ci/oss-fuzz-sim.sh       # OSS-Fuzz build.sh in a simulated image (~1 min)
  stage oss-fuzz-coverage env SANITIZER=coverage bash ci/oss-fuzz-sim.sh  # OSS-Fuzz's coverage build and report (~1 min)
  stage deb               bash ci/deb.sh                # Debian packages: build, lintian, scratch-root install, check (~4 min idle; 16 min at load 20)
  stage check-hardening   bash ci/check-hardening.sh    # FORTIFY, stack protector, PIE, RELRO on the binaries
  stage audit-main-job    bash ci/audit.sh              # the README's first command, end to end (~1.5 min)
  stage python            bash ci/python-test.sh        # python/: install into a fresh venv, pytest (~2.5-4.5 min)
  stage world             bash ci/world.sh              # deps --world, build, the world audit against doc/FINDINGS.md (~9.5 min from scratch at load 16, 7.8 of it the build; 2 min when built)
  stage cross-mingw       bash ci/cross.sh mingw        # Windows DLL and tests under wine (~1 min)
  stage spdx              python3 ci/spdx.py            # an SPDX line in every source, script and build file (~1 s)
  stage abi-check         bash ci/abi-check.sh          # SONAME, symbol versions, abidiff against abi/ (~30 s; 66 s at load 20)
}
# Lane B follows prove in the background, so that no core is idle for
# long: from prove's end (about 28 min in) lane B shares the machine with
# the foreground's last stages, lane A among them (each lane about one
# core). mutate-sample, whose 30 s cap is wall time, comes last, when
# lane B has usually ended. Lane B is the longer lane (about 7 min
# alone, lane A 4): it starts beside the foreground's stages before lane
# A, and both should end near mutate-sample's start. (Fresh clones,
# 2026-12-06: both lanes side by side after mutate-sample, 43.0 min for
# 80.5 min of CPU; lane B after prove with cross-mingw, spdx and
# abi-check still in lane A, 43.5 min for 77.8, lane B over 5 min
# before the foreground's end, and the first stage 75 s slower than
# before, beside other work.) Lane B waits for ctest-relwithdebinfo,
# whose build tree check-hardening reads and world rebuilds, even if
# prove ends early.
DEFAULT_DONE=$ROOT/build/.ci-default-done
rm -f "$DEFAULT_DONE"
prove_then_lane_b() {
  prove_stage
  while [ ! -e "$DEFAULT_DONE" ]; do sleep 5; done
  lane_b
}
[ $QUICK -eq 1 ] || bg_start prove-lane-b prove_then_lane_b

# ci-elsewhere: tests a later stage runs in the same form (valgrind_unit is
# ci/msan-valgrind.sh's valgrind step).
stage ctest-relwithdebinfo build_and_test "$ROOT/build/ci-default" 'slow|ci-elsewhere' \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
touch "$DEFAULT_DONE"
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
  stage lint              bash ci/lint.sh               # clang-tidy, cppcheck, scan-build, pyflakes3 (~1.5 min)
  stage mutate-planted    python3 ci/mutate.py --planted  # the tests catch planted memory-safety bugs (~30 s)
  lane_a
  stage mutate-sample     bash ci/mutate-sample.sh      # 20 random mutants of the whole tree, seed printed (MUTATE_SEED replays), 30 s cap each, fails above 2 unexplained survivors or 16 undecided (~6 min; tests/hardening/README.md)
fi
# Waits for prove and lane B (not started with --quick).
bg_finish

echo
echo "==== summary"
for f in "${failures[@]+"${failures[@]}"}"; do echo "failed stage: $f"; done
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
