#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/check-hardening.sh -- checks that the BUILT u8guard command and
# libu8guard.so carry the hardening cmake/Warnings.cmake asks for, by
# reading their ELF headers with readelf (binutils):
#
#   PIE          the command is a position-independent executable
#                (ELF type DYN and DT_FLAGS_1 has PIE)
#   full RELRO   a GNU_RELRO segment and BIND_NOW (-z relro -z now), so the
#                GOT is read-only after start-up
#   NX stack     the GNU_STACK segment is not executable (-z noexecstack)
#   no TEXTREL   no relocations in the text segment (all code is PIC)
#   no RPATH     no DT_RPATH/DT_RUNPATH pointing into the build tree
#   stack protector   __stack_chk_fail is imported (-fstack-protector-strong
#                instruments the functions that have local arrays; both
#                files have some)
#   FORTIFY      the command imports __*_chk functions (_FORTIFY_SOURCE);
#                the library imports __memcpy_chk. Fortifiable libc calls
#                left unchecked are listed for information: the compiler
#                keeps the plain call when it cannot know the buffer size.
#   FORTIFY level  the level the library's and the command's objects were
#                compiled with (their -D_FORTIFY_SOURCE=N in the build
#                files; nothing in the ELF file records it) is 3 when the
#                compiler and C library support it (the configure check
#                U8GUARD_HAVE_FORTIFY3 of cmake/Warnings.cmake), else 2.
#   exports      the library exports only u8guard_ names (doc/ARCHITECTURE.md)
#   no allocator the library imports no malloc/free/mmap... (SECURITY.md,
#                guarantee 3: the decoding path never allocates)
#
# Usage: ci/check-hardening.sh [BUILD_DIR]
# BUILD_DIR defaults to build/ci-default (what ci/test.sh builds first); when
# it holds no build, a RelWithDebInfo build is made in build/check-hardening.
# Exit status 0 when every check passes, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${1:-$ROOT/build/ci-default}

if [ ! -x "$BUILD/cli/u8guard" ] || [ ! -f "$BUILD/src/libu8guard.so" ]; then
  BUILD=$ROOT/build/check-hardening
  echo "check-hardening: building RelWithDebInfo in $BUILD"
  mkdir -p "$ROOT/build"
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
    -DU8GUARD_ORACLES=OFF >"$BUILD.configure.log" 2>&1 || { cat "$BUILD.configure.log"; exit 1; }
  cmake --build "$BUILD" -j2 --target u8guard u8guard_cli >"$BUILD.build.log" 2>&1 ||
    cmake --build "$BUILD" -j2 >>"$BUILD.build.log" 2>&1 || { tail -n 40 "$BUILD.build.log"; exit 1; }
fi
CLI=$BUILD/cli/u8guard
LIB=$(readlink -f "$BUILD/src/libu8guard.so")
command -v readelf >/dev/null || { echo "check-hardening: readelf not found (binutils)"; exit 1; }

fails=0
pass() { echo "  ok    $1"; }
fail() { echo "  FAIL  $1"; fails=$((fails + 1)); }
info() { echo "  info  $1"; }

# Functions glibc has a __*_chk variant of (the ones _FORTIFY_SOURCE=2/3
# can redirect).
FORTIFIABLE='memcpy|memmove|mempcpy|memset|strcpy|stpcpy|strncpy|stpncpy|strcat|strncat|sprintf|snprintf|vsprintf|vsnprintf|printf|fprintf|vprintf|vfprintf|dprintf|vdprintf|read|pread|pread64|readlink|getcwd|realpath|fgets|fread|gets|wcscpy|wmemcpy|poll|ppoll|recv|recvfrom|ttyname_r|confstr|getgroups|mbstowcs|wcstombs'

check_common() { # check_common FILE: RELRO, BIND_NOW, NX stack, TEXTREL, RPATH, SSP
  local f=$1 ph dyn syms
  ph=$(readelf -lW "$f")
  dyn=$(readelf -dW "$f")
  syms=$(readelf --dyn-syms -W "$f")
  grep -q 'GNU_RELRO' <<<"$ph" && pass "GNU_RELRO segment" || fail "no GNU_RELRO segment (-z relro)"
  if grep -Eq '\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' <<<"$dyn"; then
    pass "BIND_NOW (full RELRO)"
  else
    fail "no BIND_NOW: partial RELRO only (-z now)"
  fi
  if grep -E 'GNU_STACK' <<<"$ph" | grep -Eq 'RWE|  E '; then
    fail "executable stack (GNU_STACK has E)"
  elif grep -q 'GNU_STACK' <<<"$ph"; then
    pass "NX stack (GNU_STACK RW)"
  else
    fail "no GNU_STACK segment: the stack may be executable"
  fi
  grep -q 'TEXTREL' <<<"$dyn" && fail "TEXTREL: relocations in text" || pass "no TEXTREL"
  if grep -Eq '\((RPATH|RUNPATH)\)' <<<"$dyn"; then
    info "$(grep -E '\((RPATH|RUNPATH)\)' <<<"$dyn" | sed 's/^ *//') (build tree only; install strips it)"
  else
    pass "no RPATH/RUNPATH"
  fi
  grep -q ' UND __stack_chk_fail' <<<"$syms" && pass "stack protector (__stack_chk_fail)" \
    || fail "no __stack_chk_fail: -fstack-protector-strong missing"
}

fortify_report() { # fortify_report FILE MIN: at least MIN __*_chk imports
  local f=$1 min=$2 chk plain
  chk=$(readelf --dyn-syms -W "$f" | awk '$7 == "UND" {print $8}' | sed 's/@.*//' | grep -E '^__.*_chk$' | grep -v '^__stack_chk_fail$' | sort -u)
  plain=$(readelf --dyn-syms -W "$f" | awk '$7 == "UND" {print $8}' | sed 's/@.*//' | grep -Ex "$FORTIFIABLE" | sort -u)
  if [ "$(grep -c . <<<"$chk")" -ge "$min" ] && [ -n "$chk" ]; then
    pass "FORTIFY: $(tr '\n' ' ' <<<"$chk")"
  else
    fail "FORTIFY: no __*_chk imports (is _FORTIFY_SOURCE defined with -O1 or more?)"
  fi
  [ -n "$plain" ] && info "fortifiable calls left plain (size unknown at compile time): $(tr '\n' ' ' <<<"$plain")"
  return 0
}

# fortify_level: the -D_FORTIFY_SOURCE levels the library's and the
# command's objects are compiled with (Ninja or Makefile build files).
fortify_level() {
  { grep -hoE -- '-D_FORTIFY_SOURCE=[0-9]' "$BUILD/build.ninja" 2>/dev/null
    grep -hoE -- '-D_FORTIFY_SOURCE=[0-9]' "$BUILD"/src/CMakeFiles/*/flags.make \
      "$BUILD"/cli/CMakeFiles/*/flags.make 2>/dev/null; } | sed 's/.*=//' | sort -u | tr '\n' ' '
}

echo "check-hardening: build flags in $BUILD"
levels=$(fortify_level)
if grep -q '^U8GUARD_HAVE_FORTIFY3:INTERNAL=1' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  want=3
else
  want=2
fi
if [ "$levels" = "$want " ]; then
  pass "_FORTIFY_SOURCE=$want (the highest this compiler and C library support)"
else
  fail "_FORTIFY_SOURCE levels in the build files: '${levels:-none}', expected $want only"
fi

echo "check-hardening: $CLI"
hdr=$(readelf -hW "$CLI")
dyn=$(readelf -dW "$CLI")
if grep -q 'Type:.*DYN' <<<"$hdr" && grep -Eq '\(FLAGS_1\).*PIE' <<<"$dyn"; then
  pass "PIE"
else
  fail "not a PIE (-fPIE -pie)"
fi
check_common "$CLI"
fortify_report "$CLI" 2

echo "check-hardening: $LIB"
grep -q 'Type:.*DYN' <<<"$(readelf -hW "$LIB")" && pass "shared object (PIC)" || fail "not ELF DYN"
check_common "$LIB"
fortify_report "$LIB" 1
# SECURITY.md guarantee 3: the decoding path never allocates. The library
# must not even import an allocator.
alloc=$(readelf --dyn-syms -W "$LIB" | awk '$7 == "UND" {print $8}' | sed 's/@.*//' |
  grep -Ex 'malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|strdup|strndup|mmap|mmap64|sbrk|brk' || true)
if [ -z "$alloc" ]; then
  pass "imports no allocator (no malloc/free/mmap...)"
else
  fail "imports an allocator: $(tr '\n' ' ' <<<"$alloc")"
fi
bad=$(readelf --dyn-syms -W "$LIB" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND" && $5 != "LOCAL" && NF >= 8 {print $8}' | sed 's/@.*//' | grep -Ev '^(u8guard_|U8GUARD_)' | grep -v '^$' || true)
if [ -z "$bad" ]; then
  pass "exports only u8guard_ names ($(readelf --dyn-syms -W "$LIB" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND" && $5 != "LOCAL" && NF >= 8' | wc -l) symbols)"
else
  fail "exports other names: $(tr '\n' ' ' <<<"$bad")"
fi

if [ $fails -eq 0 ]; then
  echo "check-hardening: all checks passed"
  exit 0
fi
echo "check-hardening: $fails checks FAILED"
exit 1
