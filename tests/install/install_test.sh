#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# install_test.sh -- installs a build of u8guard into a temporary prefix
# and uses it from outside, as a user would:
#   1. a CMake project: find_package(u8guard) + u8guard::u8guard (shared)
#      and u8guard::u8guard_static;
#   2. plain cc with $(pkg-config --cflags --libs u8guard);
#   each program's output is compared exactly;
#   3. only u8guard_ symbols are exported by libu8guard.so and .a;
#   4. bin/u8guard and its man page, when the command was built;
#   5. an install that works anywhere (doc/install.md): a copy of the
#      source tree is built and installed into one prefix, `u8guard audit`
#      runs there; then the prefix is moved, the copied source and build
#      trees are removed, and every sub-command runs from the moved
#      prefix: the audit with the same decoders, each as able to run as
#      before; `ldd bin/u8guard` shows the C library only.
#
#   install_test.sh CMAKE BUILD_DIR CONSUMER_DIR CC [SANITIZE [SOURCE_DIR]]
set -eu
CMAKE=$1 BUILD=$2 CONSUMER=$3 CC=$4 SANITIZE=${5:-} SOURCE=${6:-}
SANFLAGS=
[ -n "$SANITIZE" ] && SANFLAGS="-fsanitize=$SANITIZE"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-install.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
PREFIX=$TMP/prefix
FAILURES=0
fail() { echo "install_test: FAILED: $*" >&2; exit 1; }
# bad: a failed check after which the remaining checks still run.
bad() { echo "install_test: FAILED: $*" >&2; FAILURES=$((FAILURES + 1)); }

"$CMAKE" --install "$BUILD" --prefix "$PREFIX" >"$TMP/install.log" 2>&1 \
  || { cat "$TMP/install.log"; fail "cmake --install"; }
SO=$(find "$PREFIX" -name 'libu8guard.so' | head -n 1)
AR=$(find "$PREFIX" -name 'libu8guard.a' | head -n 1)
PC=$(find "$PREFIX" -name 'u8guard.pc' | head -n 1)
[ -n "$SO" ] || fail "no libu8guard.so under $PREFIX"
[ -n "$AR" ] || fail "no libu8guard.a under $PREFIX"
[ -n "$PC" ] || fail "no u8guard.pc under $PREFIX"
[ -f "$PREFIX/include/u8guard.h" ] || fail "no include/u8guard.h"
LIBDIR=$(dirname "$SO")
echo "installed: $SO, $AR, $PC"

EXPECTED='first error: offset 2, length 1, kind overlong
errors: 2, sanitized: 13 bytes'
expect_output() { # expect_output NAME PROGRAM
  out=$(LD_LIBRARY_PATH="$LIBDIR" "$2") || { bad "$1 exited with $?"; return; }
  [ "$out" = "$EXPECTED" ] || { bad "$1 printed:
$out
expected:
$EXPECTED"; return; }
  echo "$1: output as expected"
}

# 1. CMake find_package.
"$CMAKE" -S "$CONSUMER" -B "$TMP/cmake-build" -DCMAKE_PREFIX_PATH="$PREFIX" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$SANFLAGS" \
  -DCMAKE_EXE_LINKER_FLAGS="$SANFLAGS" >"$TMP/consumer.log" 2>&1 \
  && "$CMAKE" --build "$TMP/cmake-build" >>"$TMP/consumer.log" 2>&1 \
  || { cat "$TMP/consumer.log"; fail "the find_package(u8guard) project does not build"; }
expect_output "find_package, u8guard::u8guard" "$TMP/cmake-build/consumer_shared"
expect_output "find_package, u8guard::u8guard_static" "$TMP/cmake-build/consumer_static"
# The shared one really uses the installed shared library.
LD_LIBRARY_PATH="$LIBDIR" ldd "$TMP/cmake-build/consumer_shared" | grep -q "$LIBDIR/libu8guard.so" \
  || bad "consumer_shared does not load $LIBDIR/libu8guard.so"

# 2. pkg-config. The flags must point into the prefix the files were
# installed to, wherever that is (a .pc file with a hard-coded configure-
# time prefix breaks here).
if FLAGS=$(PKG_CONFIG_PATH="$(dirname "$PC")" pkg-config --cflags --libs u8guard); then
  echo "pkg-config --cflags --libs u8guard: $FLAGS"
  # shellcheck disable=SC2086 # the flags are words
  if "$CC" $SANFLAGS -o "$TMP/consumer_pc" "$CONSUMER/main.c" $FLAGS; then
    expect_output "pkg-config" "$TMP/consumer_pc"
  else
    bad "cc \$(pkg-config --cflags --libs u8guard) does not build: u8guard.pc must point into $PREFIX"
  fi
else
  bad "pkg-config does not find u8guard in $(dirname "$PC")"
fi

# 3. Exported symbols: u8guard_* only.
# (The version node, U8GUARD_0, is an absolute symbol "A" of its own.)
LEAKS=$(nm -D --defined-only "$SO" | awk 'NF == 3 && $2 != "A" && $3 !~ /^u8guard_/ { print $3 }')
[ -z "$LEAKS" ] || bad "libu8guard.so exports non-u8guard_ symbols: $LEAKS"
LEAKS=$(nm -g --defined-only "$AR" | awk 'NF == 3 && $3 !~ /^u8guard_/ { print $3 }')
[ -z "$LEAKS" ] || bad "libu8guard.a defines global non-u8guard_ symbols: $LEAKS"
echo "symbols: libu8guard.so exports $(nm -D --defined-only "$SO" | awk 'NF == 3 && $2 != "A"' | wc -l), \
libu8guard.a $(nm -g --defined-only "$AR" | awk 'NF == 3' | wc -l), all u8guard_*"

# 4. The command and its man page.
if [ -x "$PREFIX/bin/u8guard" ]; then
  MAN=$(find "$PREFIX/share/man" -name 'u8guard.1*' 2>/dev/null | head -n 1)
  [ -n "$MAN" ] || bad "bin/u8guard is installed but share/man/man1/u8guard.1 is not"
  printf 'ok\n' >"$TMP/good.txt"
  printf 'a\300\257b\n' >"$TMP/bad.txt"
  rc=0; LD_LIBRARY_PATH="$LIBDIR" "$PREFIX/bin/u8guard" check "$TMP/good.txt" >/dev/null || rc=$?
  [ $rc -eq 0 ] || bad "installed u8guard check on valid input exited $rc, expected 0"
  rc=0; LD_LIBRARY_PATH="$LIBDIR" "$PREFIX/bin/u8guard" check "$TMP/bad.txt" >/dev/null || rc=$?
  [ $rc -eq 1 ] || bad "installed u8guard check on invalid input exited $rc, expected 1"
  echo "bin/u8guard: installed, man page ${MAN:-missing}, check exit statuses checked"
else
  echo "install_test: SKIPPED the command check: bin/u8guard was not installed (CLI not built)"
fi

# 5. Relocation, from a build of a copy of the sources (the binaries of
# BUILD name the real trees, which this test must not remove).
if [ ! -x "$PREFIX/bin/u8guard" ] || [ -z "$SOURCE" ]; then
  echo "install_test: SKIPPED the relocation check: no command built, or no SOURCE_DIR given"
elif [ ! -x "$PREFIX/libexec/u8guard/u8guard-audit" ]; then
  echo "install_test: SKIPPED the relocation check: no u8guard-audit (configured without the oracles)"
else
  mkdir "$TMP/src"
  # The sources without build output or version control.
  (cd "$SOURCE" && tar --exclude='./build*' --exclude=./.git --exclude='./obj-*' -cf - .) \
    | (cd "$TMP/src" && tar -xf -)
  t0=$(date +%s)
  # Unoptimized, and only what is installed: this build is about paths.
  "$CMAKE" -S "$TMP/src" -B "$TMP/build" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS_DEBUG=-O0 -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$TMP/first" \
    >"$TMP/reloc.log" 2>&1 \
    && "$CMAKE" --build "$TMP/build" -j2 --target u8guard u8guard_static u8guard_cli \
       >>"$TMP/reloc.log" 2>&1 \
    && "$CMAKE" --install "$TMP/build" >>"$TMP/reloc.log" 2>&1 \
    || { tail -n 40 "$TMP/reloc.log"; fail "building and installing a copy of the sources"; }
  echo "relocation: a copy of the sources built and installed into $TMP/first in $(($(date +%s) - t0)) s"
  # decoders FILE: "name status" of each decoder in an audit's table.
  decoders() { awk '/^decoder / { on = 1; next } on && NF == 0 { exit } on { print $1, $NF }' "$1"; }
  rc_first=0
  "$TMP/first/bin/u8guard" audit --seconds 0 >"$TMP/audit1.txt" 2>"$TMP/audit1.err" || rc_first=$?
  decoders "$TMP/audit1.txt" >"$TMP/decoders1.txt"
  [ -s "$TMP/decoders1.txt" ] || { cat "$TMP/audit1.txt" "$TMP/audit1.err"; fail "the first audit printed no decoder table"; }
  grep -q "conformance cases ($TMP/first/share/u8guard/conformance.txt)" "$TMP/audit1.txt" \
    || bad "the installed audit did not read its installed corpus: $(head -n 1 "$TMP/audit1.txt")"
  # Where an interpreter is on PATH its oracle must run: a script missing
  # from the install would make it unavailable in both runs alike.
  command -v python3 >/dev/null && grep -q '^python unavailable' "$TMP/decoders1.txt" \
    && bad "python3 is here but the installed audit could not run the python oracle: $(cat "$TMP/audit1.err")"
  { command -v node >/dev/null || command -v nodejs >/dev/null; } && grep -q '^node unavailable' "$TMP/decoders1.txt" \
    && bad "node is here but the installed audit could not run the node oracle: $(cat "$TMP/audit1.err")"

  mv "$TMP/first" "$TMP/moved"
  rm -rf "$TMP/src" "$TMP/build"
  M=$TMP/moved
  echo "relocation: moved the prefix to $M, removed the copied source and build trees"

  # ldd: the command needs the C library only (the vDSO and the loader
  # are not libraries it links).
  if [ -n "$SANITIZE" ]; then
    echo "install_test: SKIPPED the ldd check: a sanitizer build links its runtime"
  else
    LIBS=$(ldd "$M/bin/u8guard" | awk '$1 !~ /^linux-vdso|^\/.*ld-linux|^ld-linux/ { print $1 }' | sort -u | tr '\n' ' ')
    case $LIBS in
      "libc.so.6 ") echo "ldd bin/u8guard: libc.so.6 only" ;;
      *) bad "ldd bin/u8guard shows more than the C library: $LIBS" ;;
    esac
  fi

  # Every sub-command from the moved prefix.
  rc=0; out=$("$M/bin/u8guard" check "$TMP/good.txt") || rc=$?
  [ $rc -eq 0 ] || bad "moved: u8guard check on valid input exited $rc"
  rc=0; "$M/bin/u8guard" check "$TMP/bad.txt" >/dev/null || rc=$?
  [ $rc -eq 1 ] || bad "moved: u8guard check on invalid input exited $rc, expected 1"
  rc=0; out=$("$M/bin/u8guard" sanitize "$TMP/bad.txt" | od -An -tx1 | tr -d ' \n') || rc=$?
  [ "$out" = "61efbfbdefbfbd620a" ] || bad "moved: u8guard sanitize wrote $out, expected 61efbfbdefbfbd620a"
  rc=0; "$M/bin/u8guard" explain c0af >"$TMP/explain.txt" || rc=$?
  { [ $rc -eq 1 ] && grep -q 'error overlong' "$TMP/explain.txt"; } \
    || bad "moved: u8guard explain c0af exited $rc: $(cat "$TMP/explain.txt")"
  "$M/bin/u8guard" help audit | grep -q '^usage: u8guard audit' || bad "moved: u8guard help audit"
  "$M/bin/u8guard" --version >/dev/null || bad "moved: u8guard --version"
  rc_moved=0
  "$M/bin/u8guard" audit --seconds 0 >"$TMP/audit2.txt" 2>"$TMP/audit2.err" || rc_moved=$?
  decoders "$TMP/audit2.txt" >"$TMP/decoders2.txt"
  if cmp -s "$TMP/decoders1.txt" "$TMP/decoders2.txt" && [ $rc_first -eq $rc_moved ]; then
    echo "moved: u8guard audit ran the same decoders, status $rc_moved: $(tr '\n' ',' <"$TMP/decoders2.txt")"
  else
    bad "moved: the audit differs from the first (status $rc_first, then $rc_moved):
$(diff "$TMP/decoders1.txt" "$TMP/decoders2.txt")
$(cat "$TMP/audit2.err")"
  fi
  grep -q "conformance cases ($M/share/u8guard/conformance.txt)" "$TMP/audit2.txt" \
    || bad "moved: the audit did not read the moved corpus: $(head -n 1 "$TMP/audit2.txt")"
fi
[ "$FAILURES" -eq 0 ] || fail "$FAILURES check(s) failed"
echo "install_test: passed"
