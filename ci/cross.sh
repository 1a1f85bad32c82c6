#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/cross.sh -- the library on targets other than this machine's: builds
# libu8guard and its C tests with one of Debian's cross compilers and runs
# them under emulation.
#
#   bash ci/cross.sh s390x    big-endian 64-bit Linux, qemu-s390x
#   bash ci/cross.sh i686     32-bit x86 Linux (32-bit size_t), qemu-i386
#   bash ci/cross.sh mingw    Windows x86-64 (PE/COFF DLL, no ELF linker
#                             tricks), wine
#
# Each runs the unit, stream, Kuhn and exhaustive-short tests, the
# implementation-selection tests and (on Linux targets) the hardening tests
# that are quick under emulation. The vector kernels are built only where
# the target's architecture has them (x86-64: the mingw build runs SSE4.2,
# AVX2 and AVX-512 under wine; s390x and i686 have the scalar and word
# implementations, and u8guard_impl_supported() says no to the others).
# About a minute each on a quiet 2-core machine. Needs the cross compilers, qemu-user
# and wine that ci/deps.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${1:?usage: ci/cross.sh s390x|i686|mingw [BUILD_DIR]}
JOBS=${JOBS:-2}

case $TARGET in
  s390x) TOOLCHAIN=cmake/s390x-linux-gnu.cmake CC_NEEDED=s390x-linux-gnu-gcc EMU=qemu-s390x
         READELF=s390x-linux-gnu-readelf WANT='Machine:.*S/390' ;;
  i686)  TOOLCHAIN=cmake/i686-linux-gnu.cmake CC_NEEDED=i686-linux-gnu-gcc EMU=qemu-i386
         READELF=i686-linux-gnu-readelf WANT='Class:.*ELF32' ;;
  mingw) TOOLCHAIN=cmake/x86_64-w64-mingw32.cmake CC_NEEDED=x86_64-w64-mingw32-gcc EMU=wine ;;
  *) echo "cross: unknown target '$TARGET' (s390x, i686 or mingw)" >&2; exit 2 ;;
esac
DIR=${2:-$ROOT/build/ci-cross-$TARGET}
for tool in "$CC_NEEDED" "$EMU"; do
  command -v "$tool" >/dev/null || { echo "cross: $tool not found (bash ci/deps.sh)" >&2; exit 1; }
done
mkdir -p "$DIR"

# The command and the oracles are host tools: the cross build is the
# library and its C tests.
cmake -S "$ROOT" -B "$DIR" -DCMAKE_TOOLCHAIN_FILE="$ROOT/$TOOLCHAIN" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DU8GUARD_BUILD_CLI=OFF -DU8GUARD_ORACLES=OFF \
  -DU8GUARD_FUZZ=OFF -DU8GUARD_BENCH=OFF >"$DIR/configure.log" 2>&1 \
  || { cat "$DIR/configure.log"; exit 1; }
grep -E '^-- u8guard' "$DIR/configure.log" || true
cmake --build "$DIR" -j"$JOBS" >"$DIR/build.log" 2>&1 || { tail -n 60 "$DIR/build.log"; exit 1; }

# The library is really for the target.
if [ "$TARGET" = mingw ]; then
  x86_64-w64-mingw32-objdump -f "$DIR/src/libu8guard.dll" | grep -q 'pei-x86-64' \
    || { echo "cross: libu8guard.dll is not a PE32+ x86-64 DLL" >&2; exit 1; }
  # Only the public API leaves the DLL, as on ELF.
  exports=$(x86_64-w64-mingw32-objdump -p "$DIR/src/libu8guard.dll" \
    | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | awk '/\]/ {print $NF}' | grep -v 'Table$')
  bad=$(printf '%s\n' "$exports" | grep -v '^u8guard_' || true)
  [ -z "$bad" ] || { echo "cross: the DLL exports non-API symbols: $bad" >&2; exit 1; }
  echo "cross: libu8guard.dll exports $(printf '%s\n' "$exports" | grep -c .) u8guard_ symbols"
  # One wine prefix for the run and a persistent server: wine starts in
  # about a second per test instead of ten.
  export WINEDEBUG=-all WINEPREFIX="$DIR/wineprefix"
  wineserver -p 2>/dev/null || true   # 'already running' is fine
  wineboot -i >/dev/null 2>&1 || true
  trap 'wineserver -k >/dev/null 2>&1 || true' EXIT
else
  "$READELF" -h "$DIR/src/libu8guard.so" | grep -Eq "$WANT" \
    || { echo "cross: $DIR/src/libu8guard.so is not a $TARGET library" >&2; exit 1; }
fi

cd "$DIR"
# hardening_limits is left out: its child that proves a chunk of
# SIZE_MAX / 3 - 3 bytes is accepted expects to fault at once on an
# unmapped address; a 32-bit address space under qemu is mapped enough that
# the child reads for many minutes first. The saturation test covers the
# 32-bit size arithmetic.
TESTS='^(unit|unit_env_impl_.*|kuhn|stream|exhaustive_short|kernels\.impl_.*|kernels\.test_sanitize_big|hardening_(saturation|stream_pending))$'
ctest --output-on-failure -j"$JOBS" --timeout 900 -R "$TESTS"
