#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/lint.sh -- static analysis of the library and the command:
#
#   1. clang-tidy (config: .clang-tidy) over src/*.c, src/kernels/*.c and
#      cli/*.c, with the compile_commands.json of a clang Debug build
#      (Debug: without _FORTIFY_SOURCE, whose inline wrappers only add
#      analyzer noise; the code analyzed is the same). The headers
#      (include/u8guard.h, src/*.h, src/kernels/*.h, cli/*.h) are
#      analyzed as part of every file that includes them: HeaderFilterRegex
#      in .clang-tidy reports findings in them;
#   2. cppcheck --enable=warning,style,performance,portability over the
#      same files and include/u8guard.h;
#   3. scan-build (Debian package clang-tools-14) of the library and the
#      command, --status-bugs;
#   4. pyflakes3 over every Python file git tracks (the tests, ci/ and the
#      package): unused imports and names, undefined names.
#
# Every finding fails the script. A finding that is wrong is suppressed in
# place (// NOLINT(check) or // cppcheck-suppress id) with a comment saying
# why; the few suppressions made here, for the whole tree, say why below.
#
# Usage: ci/lint.sh [tidy|cppcheck|scan-build|pyflakes]...   (default: all four)
# Needs: clang-14, clang-tidy-14, cppcheck, clang-tools-14 (scan-build),
# pyflakes3.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build/lint
JOBS=2
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(tidy cppcheck scan-build pyflakes)
failed=()

tool() { # tool NAME...: the first NAME found on PATH, or nothing
  local t
  for t in "$@"; do command -v "$t" 2>/dev/null && return 0; done
  return 1
}

configure() { # (re)configure: incremental, and picks up files added since
  [ -n "${configured:-}" ] && return 0
  mkdir -p "$OUT"
  cmake -S "$ROOT" -B "$OUT/build" -DCMAKE_C_COMPILER="$(tool clang-14 clang)" \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DBUILD_TESTING=OFF \
    >"$OUT/configure.log" 2>&1 || { cat "$OUT/configure.log"; return 1; }
  configured=1
}

# The C files of src/, src/kernels/ and cli/ that this build compiles
# (a kernel for another architecture, or the audit engine without its
# oracles, is not in compile_commands.json and cannot be analyzed here).
sources() {
  local f
  for f in src/*.c src/kernels/*.c cli/*.c; do
    grep -q "\"file\": \"$ROOT/$f\"" "$OUT/build/compile_commands.json" && echo "$f"
  done
}

run_tidy() {
  local tidy
  tidy=$(tool clang-tidy-14 clang-tidy) || { echo "lint: clang-tidy not found"; return 1; }
  configure || return 1
  echo "lint: $tidy over $(sources | wc -l) files"
  # xargs exits 123 when any clang-tidy run failed (a finding is an error:
  # WarningsAsErrors in .clang-tidy).
  sources | xargs -P"$JOBS" -n3 "$tidy" -p "$OUT/build" --quiet 2>"$OUT/tidy.stderr" >"$OUT/tidy.log"
  local rc=$?
  grep -E '(warning|error):' "$OUT/tidy.log" | sort -u
  [ $rc -eq 0 ] && echo "lint: clang-tidy: no findings" && return 0
  echo "lint: clang-tidy: findings above (full notes: $OUT/tidy.log)"
  return 1
}

run_cppcheck() {
  command -v cppcheck >/dev/null || { echo "lint: cppcheck not found"; return 1; }
  configure || return 1
  echo "lint: cppcheck $(cppcheck --version | cut -d' ' -f2)"
  # variableScope is off: the project declares a function's locals at its
  # top, on purpose (one place to see a function's state), which this
  # style check would flag everywhere.
  # The kernels #error out unless compiled with their -m flags; the macros
  # those flags predefine are given so that cppcheck sees their code.
  cppcheck --enable=warning,style,performance,portability --error-exitcode=1 \
    --inline-suppr --std=c11 --quiet --suppress=missingIncludeSystem \
    --suppress=variableScope -Iinclude -Isrc -D__GNUC__=12 -D__x86_64__ \
    -D__SSSE3__ -D__SSE4_1__ -D__SSE4_2__ -D__AVX2__ -D__AVX512F__ \
    -D__AVX512BW__ -D__AVX512VL__ -D__AVX512VBMI__ -D__AVX512VBMI2__ \
    -j"$JOBS" $(sources) include/u8guard.h
  local rc=$?
  [ $rc -eq 0 ] && echo "lint: cppcheck: no findings"
  return $rc
}

run_scan_build() {
  local sb cc
  sb=$(tool scan-build-14 scan-build) || { echo "lint: scan-build not found (apt-get install clang-tools-14)"; return 1; }
  cc=$(tool clang-14 clang)
  rm -rf "$OUT/scan" "$OUT/scan-report"
  mkdir -p "$OUT/scan"
  "$sb" --use-cc="$cc" cmake -S "$ROOT" -B "$OUT/scan" -DCMAKE_BUILD_TYPE=Debug \
    -DBUILD_TESTING=OFF -DU8GUARD_ORACLES=OFF >"$OUT/scan-configure.log" 2>&1 \
    || { cat "$OUT/scan-configure.log"; return 1; }
  echo "lint: $sb --status-bugs (library and command)"
  "$sb" --use-cc="$cc" --status-bugs -o "$OUT/scan-report" \
    cmake --build "$OUT/scan" -j"$JOBS" >"$OUT/scan.log" 2>&1
  local rc=$?
  grep -E 'warning:|scan-build:' "$OUT/scan.log"
  [ $rc -eq 0 ] && echo "lint: scan-build: no bugs" && return 0
  echo "lint: scan-build: bugs found (report in $OUT/scan-report)"
  return 1
}

run_pyflakes() {
  command -v pyflakes3 >/dev/null || { echo "lint: pyflakes3 not found (apt-get install pyflakes3)"; return 1; }
  local files
  mapfile -t files < <(git -C "$ROOT" ls-files '*.py')
  echo "lint: pyflakes3 over ${#files[@]} Python files"
  pyflakes3 "${files[@]}" || return 1
  echo "lint: pyflakes3: no findings"
}

for s in "${steps[@]}"; do
  case $s in
    tidy) run_tidy || failed+=(clang-tidy) ;;
    cppcheck) run_cppcheck || failed+=(cppcheck) ;;
    scan-build) run_scan_build || failed+=(scan-build) ;;
    pyflakes) run_pyflakes || failed+=(pyflakes) ;;
    *) echo "usage: $0 [tidy|cppcheck|scan-build|pyflakes]..."; exit 2 ;;
  esac
done
if [ ${#failed[@]} -eq 0 ]; then
  echo "lint: clean"
  exit 0
fi
echo "lint: FAILED: ${failed[*]}"
exit 1
