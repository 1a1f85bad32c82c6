#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/neon-qemu.sh -- the AArch64 stage: cross-compiles u8guard and its
# tests with Debian's aarch64-linux-gnu-gcc (cmake/aarch64-linux-gnu.cmake)
# and runs the kernel and library unit tests under qemu-aarch64, so the
# NEON kernel is checked against the scalar reference on every push.
# About 3 minutes on 2 cores (most of it test_embedded_pairs under qemu).
# Needs: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user.
#
#   bash ci/neon-qemu.sh [BUILD_DIR]      (default build/ci-neon)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIR=${1:-$ROOT/build/ci-neon}
JOBS=${JOBS:-2}
mkdir -p "$DIR"

for tool in aarch64-linux-gnu-gcc qemu-aarch64; do
  if ! command -v "$tool" >/dev/null; then
    echo "neon-qemu: $tool not found (apt-get install gcc-aarch64-linux-gnu qemu-user)" >&2
    exit 1
  fi
done

# The command and the oracles are host tools (ICU, iconv, Python): the
# cross build is the library and its C tests.
cmake -S "$ROOT" -B "$DIR" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/aarch64-linux-gnu.cmake" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DU8GUARD_BUILD_CLI=OFF -DU8GUARD_ORACLES=OFF \
  -DU8GUARD_FUZZ=OFF -DU8GUARD_BENCH=OFF >"$DIR/configure.log" 2>&1 \
  || { cat "$DIR/configure.log"; exit 1; }
cmake --build "$DIR" -j"$JOBS" >"$DIR/build.log" 2>&1 || { tail -n 60 "$DIR/build.log"; exit 1; }

# The library must have been built for AArch64 with the NEON kernel in it.
# (readelf of the cross binutils, which gcc-aarch64-linux-gnu depends on.)
aarch64-linux-gnu-readelf -h "$DIR/src/libu8guard.so" | grep -q 'Machine:.*AArch64' \
  || { echo "neon-qemu: $DIR/src/libu8guard.so is not an AArch64 library" >&2; exit 1; }

# Every test binary runs through CMAKE_CROSSCOMPILING_EMULATOR (qemu).
# The exhaustive and slow families take minutes natively: not here.
# The tests compare NEON with the scalar reference (U8GUARD_TEST_IMPLS):
# the word kernel is the same portable C as on x86-64, which is also
# little-endian with 64-bit words and where it runs every test natively
# (and under big-endian s390x and 32-bit i686, ci/cross.sh); repeating it
# here under emulation cost 87 of the stage's 471 s of CPU (2026-11-28).
cd "$DIR"
U8GUARD_TEST_IMPLS=scalar,neon \
  ctest --output-on-failure -j"$JOBS" -L 'kernels|unit' -LE 'slow|exhaustive|valgrind'
