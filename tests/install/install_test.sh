#!/bin/sh
# install_test.sh -- installs a build of u8guard into a temporary prefix
# and uses it from outside, as a user would:
#   1. a CMake project: find_package(u8guard) + u8guard::u8guard (shared)
#      and u8guard::u8guard_static;
#   2. plain cc with $(pkg-config --cflags --libs u8guard);
#   each program's output is compared exactly;
#   3. only u8guard_ symbols are exported by libu8guard.so and .a;
#   4. bin/u8guard and its man page, when the command was built.
#
#   install_test.sh CMAKE BUILD_DIR CONSUMER_DIR CC [SANITIZE]
set -eu
CMAKE=$1 BUILD=$2 CONSUMER=$3 CC=$4 SANITIZE=${5:-}
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
LEAKS=$(nm -D --defined-only "$SO" | awk 'NF == 3 && $3 !~ /^u8guard_/ { print $3 }')
[ -z "$LEAKS" ] || bad "libu8guard.so exports non-u8guard_ symbols: $LEAKS"
LEAKS=$(nm -g --defined-only "$AR" | awk 'NF == 3 && $3 !~ /^u8guard_/ { print $3 }')
[ -z "$LEAKS" ] || bad "libu8guard.a defines global non-u8guard_ symbols: $LEAKS"
echo "symbols: libu8guard.so exports $(nm -D --defined-only "$SO" | awk 'NF == 3' | wc -l), \
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
[ "$FAILURES" -eq 0 ] || fail "$FAILURES check(s) failed"
echo "install_test: passed"
