#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/world.sh -- the CI stage `world` (doc/audit-world.md): installs the
# world's toolchains and libraries (ci/deps.sh --world), builds u8guard
# with the world's plugins and --exec helpers, runs
#   u8guard audit --world --seconds 0 --timeout-ms 10000 --format markdown --record DIR
# and fails when the report differs from doc/FINDINGS.md (the diff is
# printed: regenerate with `bash ci/world.sh --update`; a difference in
# decoders' versions alone is printed as a note), when a finding is
# not yet recorded in corpus/regressions/, or when a registry decoder
# cannot run here (`u8guard audit --list` is printed first), or when a
# recorded finding replays differently (`audit --replay corpus/regressions --world`).
#
#   bash ci/world.sh            check
#   bash ci/world.sh --update   write doc/FINDINGS.md and record the findings
set -uo pipefail
cd "$(dirname "$0")/.."
UPDATE=0
[ "${1:-}" = "--update" ] && UPDATE=1
# The RelWithDebInfo build of the ctest stage is reused when it exists
# (configuring it again finds the world's packages; only the world's
# plugins and helpers are then built), else a build of its own.
B=build/ci-world
[ -f build/ci-default/CMakeCache.txt ] && B=build/ci-default
t0=$(date +%s)
bash ci/deps.sh --world || exit 2
echo "world: deps $(($(date +%s) - t0)) s"
mkdir -p build
cmake -S . -B $B -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=ON >$B.configure.log 2>&1 \
  || { cat $B.configure.log; exit 2; }
grep -E '^-- oracle/world' $B.configure.log || true
cmake --build $B -j"$(nproc)" --target u8guard_cli world_plugins >$B.build.log 2>&1 \
  || { tail -n 60 $B.build.log; exit 2; }
echo "world: built at $(($(date +%s) - t0)) s"
(cd $B && ctest --output-on-failure -L world) || exit 1
U8G=./$B/cli/u8guard
$U8G audit --list | tee $B.list.txt || exit 2
if grep -q ' missing: ' $B.list.txt; then
  echo "world: some decoders cannot run here (above): the report would not be the committed one"
  exit 1
fi
rec=$B/regressions
rm -rf "$rec" && cp -r corpus/regressions "$rec"
# A generous timeout: on a loaded machine a JVM's first answer must not be
# taken for a hang (which would change the report).
$U8G audit --world --seconds 0 --timeout-ms 10000 --format markdown --record "$rec" >$B/FINDINGS.md
rc=$?
[ $rc -le 1 ] || { echo "world: u8guard audit failed (exit status $rc)"; exit 2; }
echo "world: audited at $(($(date +%s) - t0)) s"
new=$(cd "$rec" && ls) ; old=$(cd corpus/regressions && ls)
if [ $UPDATE -eq 1 ]; then
  cp $B/FINDINGS.md doc/FINDINGS.md
  cp "$rec"/* corpus/regressions/
  echo "world: doc/FINDINGS.md and corpus/regressions/ updated"
  exit 0
fi
# Decoders' versions move with Debian's point releases (security updates
# of OpenSSL, the JDK, Mono...), and a new version string alone says
# nothing about behaviour: version differences are printed as a note, and
# every other line of the report must be the committed one.
unversioned() { # the report with each decoder's version replaced by "(version)"
  sed -E -e 's/^- Version: .*/- Version: (version)/' \
         -e 's/^(\| [^|]+ \| [^|]+ \| )[^|]+( \|.*)$/\1(version)\2/' "$1"
}
status=0
if ! cmp -s doc/FINDINGS.md $B/FINDINGS.md; then
  if diff -u <(unversioned doc/FINDINGS.md) <(unversioned $B/FINDINGS.md); then
    echo "world: note: only decoders' versions differ from doc/FINDINGS.md (their behaviour is the same):"
    diff <(grep '^| ' doc/FINDINGS.md) <(grep '^| ' $B/FINDINGS.md) | sed -n 's/^[<>] /  /p'
  else
    echo "world: the report differs from doc/FINDINGS.md (diff above, versions left out; bash ci/world.sh --update writes it)"
    status=1
  fi
fi
if [ "$new" != "$old" ] || ! cmp -s "$rec/manifest.jsonl" corpus/regressions/manifest.jsonl; then
  echo "world: findings not recorded in corpus/regressions/:"
  diff <(echo "$old") <(echo "$new") | sed -n 's/^> /  /p'
  status=1
fi
# Every recorded finding, the world's included, replayed: a decoder whose
# answer on a recorded input changed is reported with both answers.
if ! $U8G audit --replay corpus/regressions --world >$B/replay.txt 2>&1; then
  cat $B/replay.txt
  echo "world: a recorded finding replays differently (above)"
  status=1
fi
tail -n 1 $B/replay.txt
[ $status -eq 0 ] && echo "world: doc/FINDINGS.md is up to date ($(($(date +%s) - t0)) s)"
exit $status
