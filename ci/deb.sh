#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/deb.sh -- the Debian packages, built and used as a user would:
#
#   1. dpkg-buildpackage -us -uc -b on a copy of the sources (debian/):
#      libu8guard0, libu8guard-dev, u8guard, u8guard-audit;
#   2. lintian on the result: no error (warnings are printed);
#   3. libu8guard0, libu8guard-dev and u8guard installed by dpkg into a
#      scratch root that holds only what they depend on (downloaded from
#      the Debian archive): u8guard's dependency closure must be the C
#      library's;
#   4. in that root (chroot): `u8guard check` on bundled samples, valid and
#      not, with the exact exit statuses; `ldd` of the command;
#   5. an outside program built against the installed -dev package, once
#      with pkg-config and once with find_package(u8guard) (the compiler
#      runs on this machine, pointed into the root), run in the root;
#   6. u8guard-audit's contents: the audit program, its corpus and scripts.
#
#   bash ci/deb.sh [--check] [--no-build]
#     --check     also run the packaged tests (dh_auto_test; without it
#                 DEB_BUILD_OPTIONS has nocheck: the ctest stages run them)
#     --no-build  reuse the packages of the last run (build/deb/src)
# Needs: dpkg-dev, debhelper, lintian, fakeroot, apt (to download the
# dependencies into the root), root (dpkg --root, chroot), the build
# dependencies of debian/control.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
W=$ROOT/build/deb
CHECK=0 BUILD=1
for a in "$@"; do
  case $a in
    --check) CHECK=1 ;;
    --no-build) BUILD=0 ;; # reuse the packages of the last run
    *) echo "usage: $0 [--check] [--no-build]" >&2; exit 2 ;;
  esac
done
failures=0
bad() { echo "deb: FAILED: $*"; failures=$((failures + 1)); }
step() { echo "deb: [$(($(date +%s) - T0)) s] $*"; }
T0=$(date +%s)

VERSION=$(dpkg-parsechangelog -l debian/changelog -S Version)
ARCH=$(dpkg --print-architecture)
MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
if [ $BUILD -eq 1 ]; then
  rm -rf "$W"
  mkdir -p "$W/src/u8guard-$VERSION"
  # 1. Build, from the files git knows (a fresh clone's), or the whole tree
  # without build output when this is not a git work tree.
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard \
      | xargs -0 cp --parents -t "$W/src/u8guard-$VERSION"
  else
    tar --exclude='./build*' --exclude=./.git --exclude='./obj-*' -cf - . \
      | (cd "$W/src/u8guard-$VERSION" && tar -xf -)
  fi
  step "building the packages (dpkg-buildpackage -us -uc -b$([ $CHECK -eq 1 ] || echo ', nocheck'))"
  # nocheck both as an option (dh_auto_test) and as a build profile (the
  # test-only build dependencies, python3 and nodejs, are then not needed).
  opts="parallel=2" profile=""
  [ $CHECK -eq 1 ] || { opts="nocheck $opts"; profile=-Pnocheck; }
  (cd "$W/src/u8guard-$VERSION" && DEB_BUILD_OPTIONS=$opts dpkg-buildpackage -us -uc -b $profile) \
    >"$W/build.log" 2>&1 || { tail -n 60 "$W/build.log"; echo "deb: dpkg-buildpackage failed (log: $W/build.log)"; exit 1; }
else
  step "reusing the packages in $W/src (--no-build)"
  rm -rf "$W/root" "$W/deps" "$W/cmake-consumer"
fi
ls "$W"/src/*.deb | sed 's|.*/|deb: built |'
for p in libu8guard0 libu8guard-dev u8guard u8guard-audit; do
  [ -f "$W/src/${p}_${VERSION}_${ARCH}.deb" ] || bad "no package $p"
done
deb() { echo "$W/src/${1}_${VERSION}_${ARCH}.deb"; }

# 2. lintian: errors fail, warnings are shown.
step "lintian"
# The four packages (not the generated -dbgsym ones, which take lintian
# most of its time and hold nothing written here).
lintian --fail-on error "$(deb libu8guard0)" "$(deb libu8guard-dev)" "$(deb u8guard)" \
  "$(deb u8guard-audit)" >"$W/lintian.txt" 2>&1 \
  || bad "lintian reports errors"
cat "$W/lintian.txt"
echo "deb: lintian: $(grep -c '^E:' "$W/lintian.txt" || true) errors, $(grep -c '^W:' "$W/lintian.txt" || true) warnings"

# 3. A scratch root with the packages and their dependencies only.
step "installing libu8guard0, libu8guard-dev, u8guard into an empty root"
R=$W/root
mkdir -p "$R/var/lib/dpkg/info" "$R/var/lib/dpkg/updates" "$R/var/lib/dpkg/triggers" "$W/deps"
touch "$R/var/lib/dpkg/status" "$R/var/lib/dpkg/available"
# The dependency closure, from the archive's metadata (apt-cache depends
# of what the three packages declare), downloaded as .deb files.
declared=$(for p in libu8guard0 libu8guard-dev u8guard; do dpkg-deb -f "$(deb $p)" Depends; done \
  | tr ',' '\n' | sed 's/([^)]*)//; s/|.*//; s/[[:space:]]//g' | grep -v '^$' \
  | grep -vx 'libu8guard0\|libu8guard-dev\|u8guard' | sort -u)
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances $declared | grep -v '^ \|<' | sort -u)
echo "deb: the packages depend on: $(echo $declared); closure: $(echo $closure)"
for p in $closure; do
  case $p in libc6|libgcc-s1|gcc-12-base|libcrypt1|libc-bin) ;;
    *) bad "u8guard's dependency closure holds $p (expected the C library's only)" ;; esac
done
(cd "$W/deps" && apt-get download $closure >/dev/null 2>"$W/download.log") \
  || { cat "$W/download.log"; echo "deb: cannot download $closure"; exit 1; }
# The dependencies are the root's base system: unpacked and recorded as
# installed, as a bootstrap's first stage does (their maintainer scripts
# want debconf and a shell, which an empty root has not). The packages
# under test are then installed by dpkg proper, which checks their
# dependencies against that base.
for d in "$W"/deps/*.deb; do
  dpkg-deb -x "$d" "$R"
  { dpkg-deb -f "$d"; echo "Status: install ok installed"; echo; } >>"$R/var/lib/dpkg/status"
done
dpkg --root="$R" --force-script-chrootless --force-unsafe-io -i \
  "$(deb libu8guard0)" "$(deb libu8guard-dev)" "$(deb u8guard)" >"$W/dpkg.log" 2>&1 \
  || { cat "$W/dpkg.log"; echo "deb: dpkg --root failed"; exit 1; }
dpkg --root="$R" -l | awk '/^ii/ { print "deb: root has " $2 " " $3 }'
[ ! -e "$R/usr/libexec/u8guard" ] || bad "the root has the audit without u8guard-audit installed"

# 4. The command in the root.
step "u8guard check in the root"
mkdir -p "$R/samples"
cp "$ROOT/tests/audit/ascii_only.txt" "$R/samples/ascii.txt"
printf 'gr\303\274\303\237e \342\202\254 \360\237\230\200\n' >"$R/samples/valid.txt"
printf 'a\300\257b \355\240\200 \364\220\200\200\n' >"$R/samples/invalid.txt"
rc=0; chroot "$R" /usr/bin/u8guard check /samples/ascii.txt /samples/valid.txt || rc=$?
[ $rc -eq 0 ] || bad "u8guard check of valid samples in the root exited $rc"
# The real-text samples bundled with the fuzzing seeds: text-SCRIPT is
# valid, text-SCRIPT-error is not.
n=0
for f in "$ROOT"/corpus/seeds/fuzz_validate/text-*; do
  name=${f##*/}
  cp "$f" "$R/samples/$name"
  want=0
  case $name in *-error) want=1 ;; esac
  rc=0; chroot "$R" /usr/bin/u8guard check "/samples/$name" >/dev/null || rc=$?
  [ $rc -eq $want ] || bad "u8guard check of the bundled sample $name exited $rc, expected $want"
  n=$((n + 1))
done
echo "deb: u8guard check in the root: $n bundled samples of corpus/seeds, exit statuses as expected"
rc=0; out=$(chroot "$R" /usr/bin/u8guard check /samples/invalid.txt) || rc=$?
echo "$out"
[ $rc -eq 1 ] || bad "u8guard check of the invalid sample exited $rc, expected 1"
for kind in overlong surrogate too_large; do
  grep -q "$kind" <<<"$out" || bad "u8guard check did not report $kind"
done
rc=0; chroot "$R" /usr/bin/u8guard audit --seconds 0 >/dev/null 2>"$W/audit.err" || rc=$?
{ [ $rc -eq 2 ] && grep -q 'u8guard-audit' "$W/audit.err"; } \
  || bad "u8guard audit without u8guard-audit: status $rc, $(cat "$W/audit.err")"
libs=$(ldd "$R/usr/bin/u8guard" | awk '$1 !~ /^linux-vdso|ld-linux/ { print $1 }' | tr '\n' ' ')
[ "$libs" = "libc.so.6 " ] || bad "the packaged u8guard links more than libc: $libs"
echo "deb: u8guard links: $libs"

# 5. An outside program against the installed -dev package.
step "an outside program against libu8guard-dev"
CONSUMER=$ROOT/tests/install/consumer
EXPECTED='first error: offset 2, length 1, kind overlong
errors: 2, sanitized: 13 bytes'
mkdir -p "$R/consumer"
flags=$(PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_LIBDIR="$R/usr/lib/$MULTIARCH/pkgconfig" \
  pkg-config --cflags --libs u8guard)
echo "deb: pkg-config --cflags --libs u8guard (in the root): $flags"
# shellcheck disable=SC2086 # the flags are words
cc -o "$R/consumer/pc" "$CONSUMER/main.c" $flags || bad "cc with the packaged u8guard.pc"
cmake -S "$CONSUMER" -B "$W/cmake-consumer" -DCMAKE_PREFIX_PATH="$R/usr" \
  -DCMAKE_FIND_ROOT_PATH="$R" >"$W/cmake-consumer.log" 2>&1 \
  && cmake --build "$W/cmake-consumer" >>"$W/cmake-consumer.log" 2>&1 \
  && cp "$W/cmake-consumer/consumer_shared" "$W/cmake-consumer/consumer_static" "$R/consumer/" \
  || { cat "$W/cmake-consumer.log"; bad "find_package(u8guard) against the packaged CMake files"; }
for prog in pc consumer_shared consumer_static; do
  [ -x "$R/consumer/$prog" ] || continue
  out=$(chroot "$R" "/consumer/$prog") || { bad "$prog exited $? in the root"; continue; }
  [ "$out" = "$EXPECTED" ] && echo "deb: $prog (run in the root): output as expected" \
    || bad "$prog printed: $out"
done
# grep reads all of ldd's output: with pipefail, grep -q's early exit can end ldd by
# SIGPIPE and fail the pipeline although the line was found.
ldd "$R/consumer/pc" | grep 'libu8guard.so.0' >/dev/null || bad "the pkg-config program does not link libu8guard.so.0"

# 6. u8guard-audit: the rest, kept out of the minimal install.
step "u8guard-audit's contents"
contents=$(dpkg-deb -c "$(deb u8guard-audit)")
for f in ./usr/libexec/u8guard/u8guard-audit ./usr/share/u8guard/conformance.txt \
         ./usr/share/u8guard/oracle/python_decode.py ./usr/share/u8guard/oracle/node_decode.js; do
  grep -q " $f\$" <<<"$contents" || bad "u8guard-audit lacks $f"
done
echo "deb: u8guard-audit depends on: $(dpkg-deb -f "$(deb u8guard-audit)" Depends)"

step "done"
[ $failures -eq 0 ] || { echo "deb: $failures failure(s)"; exit 1; }
echo "deb: passed"
